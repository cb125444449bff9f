//go:build unix

package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/spanurl/spanurl/internal/testvectors"
)

// childArgs, in the environment, makes the test binary run the command
// with these arguments (separated by US, 0x1f) instead of the tests, so
// that a test can measure a run in a process of its own.
const childArgs = "SPANURL_TEST_CHILD_ARGS"

// TestMain also runs the command when the test binary is started under
// the name spanurl (through a symbolic link), so that the manual's
// examples run as written in a shell (manual_test.go).
func TestMain(m *testing.M) {
	if args, ok := os.LookupEnv(childArgs); ok {
		os.Exit(run(strings.Split(args, "\x1f"), os.Stdin, os.Stdout, os.Stderr))
	}
	if filepath.Base(os.Args[0]) == "spanurl" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// memRun is one measured run of the command.
type memRun struct {
	size    int64
	lines   int64
	maxRSS  int64 // as getrusage reports it (KiB on Linux)
	elapsed time.Duration
}

// runChild streams size bytes of synthetic URL lines through a pipe to
// the command in a child process and returns its peak resident memory.
func runChild(t *testing.T, size int64, args ...string) memRun {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childArgs+"="+strings.Join(args, "\x1f"))
	devNull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer devNull.Close()
	cmd.Stdout = devNull
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	synth := newSynthReader(size)
	copied := make(chan error, 1)
	go func() {
		_, err := io.CopyBuffer(stdin, synth, make([]byte, 64<<10))
		stdin.Close()
		copied <- err
	}()
	err = cmd.Wait()
	elapsed := time.Since(start)
	if err := <-copied; err != nil {
		t.Fatalf("feeding the child: %v", err)
	}
	// The input has failing lines: exit status 1.
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitFailure {
		t.Fatalf("child: %v; stderr:\n%s", err, stderr.String())
	}
	m := regexp.MustCompile(`(?m)^lines +(\d+)$`).FindStringSubmatch(stderr.String())
	if m == nil {
		t.Fatalf("no line count in the child's -stats:\n%s", stderr.String())
	}
	lines, _ := strconv.ParseInt(m[1], 10, 64)
	if lines != synth.lines {
		t.Fatalf("the child read %d lines of %d", lines, synth.lines)
	}
	rusage, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		t.Skip("no rusage on this system")
	}
	return memRun{size: size, lines: lines, maxRSS: int64(rusage.Maxrss), elapsed: elapsed}
}

// TestStreamingMemory proves that memory is constant in the input's size:
// the peak RSS of a run on a large stream (1 GiB by default, made up as it
// is read and sent through a pipe, never held) is within 1.5 times that of
// a run on 48 MiB, on every core and with -stats counting hosts on a
// million distinct ones. SPANURL_MEMTEST_BYTES sets the large size.
func TestStreamingMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("streams a large input: skipped with -short")
	}
	if testvectors.RaceEnabled {
		t.Skip("streams a large input: too slow with the race detector")
	}
	large := int64(1 << 30)
	if s := os.Getenv("SPANURL_MEMTEST_BYTES"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			t.Fatalf("SPANURL_MEMTEST_BYTES: %v", err)
		}
		large = n
	}
	args := []string{"-base", "https://base.example/", "-fields", "href,hostname,registrable,origin", "-stats"}
	small := runChild(t, 48<<20, args...)
	big := runChild(t, large, args...)
	for _, r := range []memRun{small, big} {
		t.Logf("%5d MiB, %9d lines: max RSS %6d KiB, %6.1fs, %.2fM lines/s",
			r.size>>20, r.lines, r.maxRSS, r.elapsed.Seconds(), float64(r.lines)/r.elapsed.Seconds()/1e6)
	}
	ratio := float64(big.maxRSS) / float64(small.maxRSS)
	t.Logf("peak memory ratio %.2f for %.0fx the input", ratio, float64(big.size)/float64(small.size))
	if ratio > 1.5 {
		t.Errorf("peak memory grows with the input: %d KiB for %d MiB, %d KiB for %d MiB (ratio %.2f)",
			small.maxRSS, small.size>>20, big.maxRSS, big.size>>20, ratio)
	}
}
