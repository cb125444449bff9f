//go:build unix

package main

import (
	"bytes"
	"fmt"
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

// childHWM, in the environment, makes the child write its peak resident
// memory as /proc/self/status has it (the VmHWM line) to stderr at the
// end. Unlike getrusage's, that peak is the child's own: a child that Go
// starts with vfork counts the parent's peak in its rusage.
const childHWM = "SPANURL_TEST_CHILD_HWM"

// TestMain also runs the command when the test binary is started under
// the name spanurl (through a symbolic link), so that the manual's
// examples run as written in a shell (manual_test.go).
func TestMain(m *testing.M) {
	if args, ok := os.LookupEnv(childArgs); ok {
		var list []string
		if args != "" {
			list = strings.Split(args, "\x1f")
		}
		status := run(list, os.Stdin, os.Stdout, os.Stderr)
		if _, ok := os.LookupEnv(childHWM); ok {
			if b, err := os.ReadFile("/proc/self/status"); err == nil {
				if m := regexp.MustCompile(`(?m)^VmHWM:.*$`).Find(b); m != nil {
					fmt.Fprintf(os.Stderr, "%s\n", m)
				}
			}
		}
		os.Exit(status)
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
	maxRSS  int64 // KiB: VmHWM where /proc has it, else getrusage's
	elapsed time.Duration
}

// runChild streams size bytes of synthetic URL lines through a pipe to
// the command in a child process and returns its peak resident memory.
func runChild(t *testing.T, size int64, args ...string) memRun {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childArgs+"="+strings.Join(args, "\x1f"), childHWM+"=1")
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
	peak := int64(rusage.Maxrss)
	if kib, ok := hwm(stderr.String()); ok {
		peak = kib
	}
	return memRun{size: size, lines: lines, maxRSS: peak, elapsed: elapsed}
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

// runLine runs the command in a child process on the text of r and
// returns its peak resident memory in KiB (VmHWM), or skips t where the
// system does not tell it.
func runLine(t *testing.T, r io.Reader, args ...string) int64 {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childArgs+"="+strings.Join(args, "\x1f"), childHWM+"=1")
	cmd.Stdin = r
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run() // stdout goes to the null device
	if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != exitFailure) {
		t.Fatalf("%v: %v; stderr:\n%s", args, err, stderr.String())
	}
	kib, ok := hwm(stderr.String())
	if !ok {
		t.Skip("no VmHWM in /proc/self/status on this system")
	}
	return kib
}

// hwm returns the VmHWM a child wrote to its stderr, in KiB.
func hwm(stderr string) (int64, bool) {
	m := regexp.MustCompile(`(?m)^VmHWM:\s+(\d+) kB$`).FindStringSubmatch(stderr)
	if m == nil {
		return 0, false
	}
	kib, err := strconv.ParseInt(m[1], 10, 64)
	return kib, err == nil
}

// repeatReader reads as n bytes of c.
type repeatReader struct {
	c byte
	n int
}

func (r *repeatReader) Read(b []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	k := min(len(b), r.n)
	for i := range b[:k] {
		b[i] = r.c
	}
	r.n -= k
	return k, nil
}

// TestLongLineMemory checks that one long line costs memory in proportion
// to its length, in every mode: the peak resident memory of a run on a
// 16 MiB line, above that of a run on a short line of the same shape, is
// at most twice the line (plus 16 MiB for the blocks the line is read in
// and the runtime's slack), with -validate too. The line is of "%", a
// validation error at every byte, in a path, a query, a fragment or an
// opaque path.
func TestLongLineMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("runs on a 16 MiB line: skipped with -short")
	}
	if testvectors.RaceEnabled {
		t.Skip("runs on a 16 MiB line: too slow with the race detector")
	}
	const size = 16 << 20
	// Each line is a prefix, n bytes of "%" and a suffix, made as the
	// child reads it.
	frames := map[string][2]string{
		"url":      {"http://h/", "\n"},
		"query":    {"http://h/?", "\n"},
		"fragment": {"http://h/#", "\n"},
		"opaque":   {"mailto:", "\n"},
		"column":   {"x\thttp://h/", "\ty\n"},
		"combined": {`127.0.0.1 - - [10/Oct/2000:13:55:36 -0700] "GET /`, ` HTTP/1.1" 200 2326 "-" "-"` + "\n"},
	}
	line := func(shape string, n int) io.Reader {
		f := frames[shape]
		return io.MultiReader(strings.NewReader(f[0]), &repeatReader{'%', n}, strings.NewReader(f[1]))
	}
	modes := []struct {
		line string
		args []string
	}{
		{"url", nil},
		{"url", []string{"-json"}},
		{"url", []string{"-stats"}},
		{"url", []string{"-fields", allFields}},
		{"url", []string{"-json", "-fields", allFields}},
		{"column", []string{"-col", "2"}},
		{"combined", []string{"-format", "combined", "-json"}},
		{"url", []string{"-validate"}},
		{"url", []string{"-validate", "-json"}},
		{"query", []string{"-validate", "-json"}},
		{"fragment", []string{"-validate", "-json"}},
		{"opaque", []string{"-validate", "-json"}},
		{"column", []string{"-col", "2", "-validate", "-fields", "status,errors,input,href"}},
		{"combined", []string{"-format", "combined", "-validate"}},
		{"combined", []string{"-format", "combined", "-validate", "-json"}},
	}
	for _, m := range modes {
		base := runLine(t, line(m.line, 100), m.args...)
		peak := runLine(t, line(m.line, size), m.args...)
		limit := base + (2*size+16<<20)>>10
		t.Logf("%s %v: %d KiB over %d KiB for a short line (%.1fx the line); limit %d KiB",
			m.line, m.args, peak, base, float64(peak-base)/float64(size>>10), limit)
		if peak > limit {
			t.Errorf("%s %v: peak %d KiB on a %d MiB line, over %d KiB", m.line, m.args, peak, size>>20, limit)
		}
	}
}
