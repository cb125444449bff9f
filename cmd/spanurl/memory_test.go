//go:build unix

package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/spanurl/spanurl/accesslog"
	"github.com/spanurl/spanurl/internal/testvectors"
	"github.com/spanurl/spanurl/span"
	"github.com/spanurl/spanurl/urlkey"
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
// system does not tell it. A child still running after lineDeadline
// fails t.
func runLine(t *testing.T, r io.Reader, args ...string) int64 {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), lineDeadline)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childArgs+"="+strings.Join(args, "\x1f"), childHWM+"=1")
	cmd.Stdin = r
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run() // stdout goes to the null device
	if ctx.Err() != nil {
		t.Fatalf("%v: still running after %v", args, lineDeadline)
	}
	if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != exitFailure) {
		t.Fatalf("%v: %v; stderr:\n%s", args, err, stderr.String())
	}
	kib, ok := hwm(stderr.String())
	if !ok {
		t.Skip("no VmHWM in /proc/self/status on this system")
	}
	return kib
}

// lineDeadline is how long runLine lets a child run.
const lineDeadline = 2 * time.Minute

// hwm returns the VmHWM a child wrote to its stderr, in KiB.
func hwm(stderr string) (int64, bool) {
	m := regexp.MustCompile(`(?m)^VmHWM:\s+(\d+) kB$`).FindStringSubmatch(stderr)
	if m == nil {
		return 0, false
	}
	kib, err := strconv.ParseInt(m[1], 10, 64)
	return kib, err == nil
}

// repeatReader reads as n copies of unit.
type repeatReader struct {
	unit string
	n    int
	at   int // the offset in unit of the next byte
}

func (r *repeatReader) Read(b []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	k := 0
	for k < len(b) && r.n > 0 {
		c := copy(b[k:], r.unit[r.at:])
		k += c
		r.at += c
		if r.at == len(r.unit) {
			r.at = 0
			r.n--
		}
	}
	return k, nil
}

// longLineShapes are the long lines of TestLongLineMemory: n copies of a
// unit, in a URL (url) and in the request of a combined log line (log,
// as the log writes the same text, with a backslash escaped). Each
// provokes its own work: a URL the parser takes as it is, tabs it
// removes, backslashes it makes slashes (a segment each), spaces and
// bytes that are not UTF-8 it percent-encodes (a byte not UTF-8 becomes
// U+FFFD, nine bytes, in a URL, and %FF in a request target), the \xHH
// escapes of a log, and "%", a validation error at every byte.
var longLineShapes = []struct {
	name, url, log string
}{
	{"canonical", "a", "a"},
	{"tabs", "a\t", "a\t"},
	{"backslashes", `\`, `\\`},
	{"spaces", " ", " "},
	{"bytes-ff", "\xff", "\xff"},
	{"escapes-xff", `\xff`, `\xff`},
	{"percent", "%", "%"},
}

// The frames of TestLongLineMemory's lines, around the repeated unit.
var longLineFrames = map[string][2]string{
	"url":      {"http://h/", "x\n"},
	"query":    {"http://h/?", "x\n"},
	"fragment": {"http://h/#", "x\n"},
	"opaque":   {"mailto:", "x\n"},
	"column":   {"x\thttp://h/", "x\ty\n"},
	"combined": {`127.0.0.1 - - [10/Oct/2000:13:55:36 -0700] "GET /`, `x HTTP/1.1" 200 2326 "-" "-"` + "\n"},
}

// lineOf returns the line of frame around n copies of unit, as a reader
// that makes it as it is read, and its length.
func lineOf(frame, unit string, n int) (io.Reader, int) {
	f := longLineFrames[frame]
	return io.MultiReader(strings.NewReader(f[0]), &repeatReader{unit: unit, n: n}, strings.NewReader(f[1])),
		len(f[0]) + n*len(unit) + len(f[1])
}

// hrefLen returns the length of the href that the command makes of the
// line of frame around n copies of unit, 0 when the line fails, and with
// validate the longer of that and the href of the URL text that
// -validate parses (for a log line, "http://localhost" and the target),
// which the validating parser builds too.
// surtLen returns the length of the SURT key of the URL line of n units.
func surtLen(t *testing.T, frame, unit string, n int) int {
	t.Helper()
	r, _ := lineOf(frame, unit, n)
	line, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	u, err := span.Parse(string(bytes.TrimSuffix(line, []byte("\n"))))
	if err != nil {
		return 0
	}
	return len(urlkey.SURT(u))
}

func hrefLen(t *testing.T, frame, unit string, n int, validate bool) int {
	t.Helper()
	r, _ := lineOf(frame, unit, n)
	line, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	line = bytes.TrimSuffix(line, []byte("\n"))
	switch frame {
	case "combined":
		p := accesslog.Parser{Format: accesslog.Combined}
		var l accesslog.Line
		if err := p.Parse(line, &l); err != nil {
			t.Fatalf("%s line of %q: %v", frame, unit, err)
		}
		href := 0
		if u, err := l.URL("localhost", "http"); err == nil {
			href = len(u.Href())
		}
		if validate {
			if u, err := span.Parse("http://localhost" + string(l.Target)); err == nil {
				href = max(href, len(u.Href()))
			}
		}
		return href
	case "column":
		line = bytes.Split(line, []byte("\t"))[1]
	}
	if u, err := span.Parse(string(line)); err == nil {
		return len(u.Href())
	}
	return 0
}

// TestLongLineMemory checks that one long line costs memory in proportion
// to what the command reads and builds, in every mode and for every shape
// of line: the peak resident memory of a run on a line of 16 MiB of one
// of longLineShapes, above that of a run on a short line of the same
// shape, is at most twice the line and its href (the URL the command
// makes of it, hrefLen) plus 16 MiB, for the blocks the line is read in
// and the runtime's slack. That is the manual's bound (STREAMING): the
// line and the href held once, and the collector's room of as much again
// for garbage; a copy of either, or an encoding of the input that the
// output holds, goes over it.
func TestLongLineMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("runs on 16 MiB lines: skipped with -short")
	}
	if testvectors.RaceEnabled {
		t.Skip("runs on 16 MiB lines: too slow with the race detector")
	}
	const size = 16 << 20
	type mode struct {
		name, frame string
		args        []string
	}
	keys := "href,cachekey,sitekey,displayhost,rawquery,param:a"
	modes := []mode{
		{"plain", "url", nil},
		{"json", "url", []string{"-json"}},
		{"stats", "url", []string{"-stats"}},
		{"fields", "url", []string{"-fields", allFields}},
		{"json-fields", "url", []string{"-json", "-fields", allFields}},
		{"keys", "url", []string{"-fields", keys}},
		{"json-keys", "url", []string{"-json", "-fields", keys}},
		// SURT's key is a string of its own, as long as the href on a
		// path of escapes (three times the href on a path of "%"): the
		// manual's bound adds it.
		{"surt", "url", []string{"-fields", "surt,cachekey"}},
		{"match", "url", []string{"-match", "http://h/*", "-match", "/:x"}},
		{"validate", "url", []string{"-validate"}},
		{"validate-json", "url", []string{"-validate", "-json"}},
		{"combined", "combined", []string{"-format", "combined"}},
		{"combined-json", "combined", []string{"-format", "combined", "-json"}},
		{"combined-validate", "combined", []string{"-format", "combined", "-validate"}},
		{"combined-validate-json", "combined", []string{"-format", "combined", "-validate", "-json"}},
	}
	type run struct {
		shape string
		mode  mode
	}
	var runs []run
	for _, s := range longLineShapes {
		for _, m := range modes {
			runs = append(runs, run{s.name, m})
		}
	}
	// And the frames of the other components, with "%".
	for _, m := range []mode{
		{"query-validate-json", "query", []string{"-validate", "-json"}},
		{"fragment-validate-json", "fragment", []string{"-validate", "-json"}},
		{"opaque-validate-json", "opaque", []string{"-validate", "-json"}},
		{"column", "column", []string{"-col", "2"}},
		{"column-validate", "column", []string{"-col", "2", "-validate", "-fields", "status,errors,input,href"}},
	} {
		runs = append(runs, run{"percent", m})
	}
	for _, r := range runs {
		t.Run(r.shape+"/"+r.mode.name, func(t *testing.T) {
			unit := ""
			for _, s := range longLineShapes {
				if s.name == r.shape {
					unit = s.url
					if r.mode.frame == "combined" {
						unit = s.log
					}
				}
			}
			n := size / len(unit)
			short, _ := lineOf(r.mode.frame, unit, 100)
			base := runLine(t, short, r.mode.args...)
			line, lineLen := lineOf(r.mode.frame, unit, n)
			validate := slices.Contains(r.mode.args, "-validate")
			href := hrefLen(t, r.mode.frame, unit, n, validate)
			peak := runLine(t, line, r.mode.args...)
			limit := base + int64(2*(lineLen+href)+16<<20)>>10
			if r.mode.name == "surt" {
				// The SURT key is a string of its own, which the
				// manual's bound adds.
				limit += int64(surtLen(t, r.mode.frame, unit, n)) >> 10
			}
			t.Logf("%v: %d KiB over %d KiB for a short line (%.1fx the line, href %.1fx); limit %d KiB",
				r.mode.args, peak, base, float64(peak-base)/float64(lineLen>>10), float64(href)/float64(lineLen), limit)
			if peak > limit {
				t.Errorf("%v: peak %d KiB on a %d MiB line with a %d MiB href, over %d KiB",
					r.mode.args, peak, lineLen>>20, href>>20, limit)
			}
		})
	}
}
