package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/spanurl/spanurl/span"
)

// setTuning sets the pipeline's sizes for the rest of the test.
func setTuning(t *testing.T, chunkSize int, parallelMin int64) {
	t.Helper()
	old := tuning
	tuning.chunkSize, tuning.parallelMin = chunkSize, parallelMin
	t.Cleanup(func() { tuning = old })
}

// mixedLines returns n lines of URLs of every kind: canonical and not,
// relative, failing, with tabs and CRLF, long, and the sample's.
func mixedLines(n int, seed uint64) []string {
	r := rand.New(rand.NewPCG(seed, 1))
	samples := strings.Split(strings.TrimSuffix(sample, "\n"), "\n")
	lines := make([]string, n)
	for i := range lines {
		var s string
		switch r.IntN(9) {
		case 0, 1:
			s = samples[r.IntN(len(samples))]
		case 2:
			s = fmt.Sprintf("https://h%d.example%d.com/p/%d?q=%d#f", r.IntN(40), r.IntN(4), i, r.IntN(100))
		case 3:
			s = fmt.Sprintf("HTTP://WWW.Example.ORG:80/a/./b/../%d", i)
		case 4:
			s = fmt.Sprintf("../x/%d?y", i)
		case 5:
			s = []string{"", "not a url", "http://[::1", "https://ex ample.org/"}[r.IntN(4)]
		case 6:
			s = fmt.Sprintf("https://exa\tmple.org/%d", i)
		case 7:
			s = fmt.Sprintf("https://example.net/%d\r", i)
		case 8:
			s = "https://example.com/" + strings.Repeat("ab", r.IntN(300))
		}
		lines[i] = s
	}
	return lines
}

// shortReader returns at most a random 1..max bytes per Read, as a pipe
// does.
type shortReader struct {
	r   io.Reader
	rnd *rand.Rand
	max int
}

func (s *shortReader) Read(p []byte) (int, error) {
	n := 1 + s.rnd.IntN(s.max)
	return s.r.Read(p[:min(n, len(p))])
}

// runWith runs the command on stdin with the tuning of the moment.
func runWith(stdin io.Reader, args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	status := run(args, stdin, &stdout, &stderr)
	return status, stdout.String(), stderr.String()
}

// TestParallelOrder checks that the output of many workers on tiny chunks
// is the output of one worker: same lines in the same order, same -stats.
func TestParallelOrder(t *testing.T) {
	urls := mixedLines(3000, 1)
	plain := strings.Join(urls, "\n") + "\n"
	var tsv, logs strings.Builder
	for i, u := range urls {
		fmt.Fprintf(&tsv, "%d\t%s\tx\n", i, strings.ReplaceAll(u, "\t", ""))
		switch {
		case i%97 == 0:
			logs.WriteString("garbage line\n")
		case strings.HasPrefix(u, "http"):
			logs.WriteString(logLine(strings.ReplaceAll(strings.TrimSuffix(u, "\r"), "\t", "")))
		default:
			logs.WriteString(logLine("/" + strconv.Itoa(i) + "?u=" + strings.ReplaceAll(u, "\t", "")))
		}
	}
	tests := []struct {
		name, input string
		args        []string
	}{
		{"href", plain, nil},
		{"base", plain, []string{"-base", "https://example.org/dir/"}},
		{"json-validate-stats", plain, []string{"-json", "-validate", "-stats"}},
		{"fields-stats", plain, []string{"-fields", "hostname,registrable,origin,input", "-stats"}},
		{"col", tsv.String(), []string{"-col", "2", "-fields", "href,input"}},
		{"combined", logs.String(), []string{"-format", "combined", "-host", "example.com", "-stats", "-fields", "href,input"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantStatus, want, wantErr := runWith(strings.NewReader(tt.input), append([]string{"-j", "1"}, tt.args...)...)
			if strings.Count(want, "\n") != strings.Count(tt.input, "\n") {
				t.Fatalf("-j 1: %d output lines for %d input lines", strings.Count(want, "\n"), strings.Count(tt.input, "\n"))
			}
			for _, chunk := range []int{1, 64, 4096} {
				for _, short := range []bool{false, true} {
					setTuning(t, chunk, 0)
					var in io.Reader = strings.NewReader(tt.input)
					if short {
						in = &shortReader{r: in, rnd: rand.New(rand.NewPCG(uint64(chunk), 2)), max: 700}
					}
					status, got, gotErr := runWith(in, append([]string{"-j", "8"}, tt.args...)...)
					if status != wantStatus || got != want || gotErr != wantErr {
						t.Errorf("-j 8, chunks of %d, short reads %v: output differs from -j 1 (status %d, want %d):\n%s%s",
							chunk, short, status, wantStatus, lineDiff(want, got), lineDiff(wantErr, gotErr))
					}
				}
			}
		})
	}
}

// TestLongLineParallel sends lines far longer than a chunk through many
// workers.
func TestLongLineParallel(t *testing.T) {
	setTuning(t, 64, 0)
	long := "https://example.org/" + strings.Repeat("x", 8<<20)
	in := "http://a.example/\n" + long + "\nhttp://b.example/\n" + long + "\n" + long
	want := "http://a.example/\n" + long + "\nhttp://b.example/\n" + long + "\n" + long + "\n"
	status, got, _ := runWith(&shortReader{r: strings.NewReader(in), rnd: rand.New(rand.NewPCG(3, 3)), max: 1 << 16}, "-j", "4")
	if status != exitOK || got != want {
		t.Errorf("status %d, %d bytes of output, want %d", status, len(got), len(want))
	}
}

// pacedReader hands out one line per Read and, before the next Read,
// waits for the line's output.
type pacedReader struct {
	lines   []string
	out     chan struct{}
	waiting bool
	t       *testing.T
}

func (p *pacedReader) Read(b []byte) (int, error) {
	if p.waiting {
		select {
		case <-p.out:
		case <-time.After(10 * time.Second):
			p.t.Error("a line's output did not come before the next read")
		}
		p.waiting = false
	}
	if len(p.lines) == 0 {
		return 0, io.EOF
	}
	n := copy(b, p.lines[0])
	p.lines[0] = p.lines[0][n:]
	if p.lines[0] == "" {
		p.lines = p.lines[1:]
		p.waiting = true
	}
	return n, nil
}

type signalWriter struct {
	buf bytes.Buffer
	out chan struct{}
}

func (s *signalWriter) Write(b []byte) (int, error) {
	s.out <- struct{}{}
	return s.buf.Write(b)
}

// TestKeepsPace checks that each line's output is written before spanurl
// waits for the next line, as tail -f needs, inline and with workers.
func TestKeepsPace(t *testing.T) {
	for _, j := range []string{"1", "4"} {
		setTuning(t, 256<<10, 0)
		out := make(chan struct{}, 1)
		in := &pacedReader{lines: []string{"HTTP://A.example/\n", "http://b.example/x\n", "c\n"}, out: out, t: t}
		w := &signalWriter{out: out}
		status := run([]string{"-j", j}, in, w, io.Discard)
		want := "http://a.example/\nhttp://b.example/x\nerror: line 3: invalid URL \"c\": missing-scheme-non-relative-URL at offset 0\n"
		if status != exitFailure || w.buf.String() != want {
			t.Errorf("-j %s: status %d, output %q", j, status, w.buf.String())
		}
	}
}

// failingWriter fails once it has taken n bytes.
type failingWriter struct{ n int }

func (f *failingWriter) Write(b []byte) (int, error) {
	if len(b) > f.n {
		return 0, errors.New("disk full")
	}
	f.n -= len(b)
	return len(b), nil
}

func TestWriteError(t *testing.T) {
	input := strings.Repeat("https://example.org/path?query\n", 200_000)
	for _, j := range []string{"1", "4"} {
		setTuning(t, 4096, 0)
		done := make(chan struct{})
		var status int
		var stderr bytes.Buffer
		go func() {
			defer close(done)
			status = run([]string{"-j", j}, strings.NewReader(input), &failingWriter{n: 100_000}, &stderr)
		}()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			t.Fatalf("-j %s: no return after a write error", j)
		}
		if status != exitFailure || !strings.Contains(stderr.String(), "writing output") || !strings.Contains(stderr.String(), "disk full") {
			t.Errorf("-j %s: status %d, stderr %q", j, status, stderr.String())
		}
		if n := strings.Count(stderr.String(), "\n"); n != 1 {
			t.Errorf("-j %s: %d lines on stderr: %q", j, n, stderr.String())
		}
	}
}

func TestSep(t *testing.T) {
	in := "1, https://a.example/ ,x\n2, /b ,y\nno separator\n3,,\n"
	_, got, _ := spanurl(t, in, "-col", "2", "-sep", ",", "-base", "https://base.example/", "-fields", "href")
	want := "https://a.example/\nhttps://base.example/b\nerror: line 3: malformed line: no column 2\nhttps://base.example/\n"
	if got != want {
		t.Errorf("-sep ,: got %q, want %q", got, want)
	}
	in = "a :: https://x.example/ :: b\n"
	if _, got, _ = spanurl(t, in, "-col", "2", "-sep", " :: "); got != "https://x.example/\n" {
		t.Errorf("-sep ' :: ': got %q", got)
	}
	in = "a\thttps://x.example/\n"
	if _, got, _ = spanurl(t, in, "-col", "2", "-sep", `\t`); got != "https://x.example/\n" {
		t.Errorf(`-sep \t: got %q`, got)
	}
	// The last column ends at the end of the line (CRLF removed).
	in = "a\thttps://x.example/last\r\n"
	if _, got, _ = spanurl(t, in, "-col", "2", "-fields", "input"); got != "https://x.example/last\n" {
		t.Errorf("last column: got %q", got)
	}
}

func TestTSVInputEscapes(t *testing.T) {
	// A request target can hold any byte once unescaped (and httpurl
	// refuses the control characters: the row has a status).
	in := logLine(`/a\tb\nc\rd`)
	_, got, _ := spanurl(t, in, "-format", "combined", "-validate", "-fields", "input,status")
	if want := "/a\\tb\\nc\\rd\tfailure\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	_, got, _ = spanurl(t, in, "-format", "combined", "-validate", "-fields", "status,input")
	if want := "failure\t/a\tb\\nc\\rd\n"; got != want {
		t.Errorf("input last: got %q, want %q", got, want)
	}
}

// TestAppendOrigin compares appendOrigin with the origin getter.
func TestAppendOrigin(t *testing.T) {
	for _, line := range append(strings.Split(sample, "\n"), "ftp://x.example:21/", "wss://x.example:444/", "blob:http://x.example/y", "blob:ftp://x/") {
		u, err := span.Parse(line)
		if err != nil {
			continue
		}
		if got, want := string(appendOrigin(nil, u)), u.Origin(); got != want {
			t.Errorf("%s: got %q, want %q", line, got, want)
		}
	}
}

func TestCombinedForms(t *testing.T) {
	tests := []struct {
		request, want string
	}{
		{"GET /a?b HTTP/1.1", "http://example.com/a?b"},
		{"GET //b/c HTTP/1.1", "http://example.com//b/c"},
		{"GET /\\\\b HTTP/1.1", "http://example.com//b"},
		{"OPTIONS * HTTP/1.1", `error: line 1: httpurl: asterisk-form request target (OPTIONS *) has no URL: target "*"`},
		{"CONNECT b.example:443 HTTP/1.1", `error: line 1: httpurl: CONNECT request: an authority-form target names no URL to route: target "b.example:443"`},
		{"CONNECT [::1]:8080 HTTP/1.1", `error: line 1: httpurl: CONNECT request: an authority-form target names no URL to route: target "[::1]:8080"`},
		{"GET ftp://f.example/x HTTP/1.1", `error: line 1: httpurl: invalid request target: target "ftp://f.example/x": not origin-form ("/path") or absolute-form ("http://host/path") at offset 0`},
		{"GET /x", "http://example.com/x"},
		{"get /lower HTTP/1.1", "http://example.com/lower"},
		{"GET /a b c HTTP/1.1", `error: line 1: httpurl: invalid request target: target "/a b c": space at offset 2`},
		{"GET /v HTTP/2.0 extra", `error: line 1: httpurl: invalid request target: target "/v HTTP/2.0 extra": space at offset 2`},
		{`GET /\x41\x4a\x4 HTTP/1.1`, "http://example.com/AJ/x4"},
		{"GET x HTTP/1.1", `error: line 1: httpurl: invalid request target: target "x": authority-form is only for CONNECT (see ParseConnectTarget) at offset 0`},
		{"CONNECT a@b:1 HTTP/1.1", `error: line 1: httpurl: CONNECT request: an authority-form target names no URL to route: target "a@b:1"`},
		{"CONNECT /x HTTP/1.1", `error: line 1: httpurl: CONNECT request: an authority-form target names no URL to route: target "/x"`},
		{"GET example.org:443 HTTP/1.1", `error: line 1: httpurl: invalid request target: target "example.org:443": authority-form is only for CONNECT (see ParseConnectTarget) at offset 0`},
		{"GET", "error: line 1: malformed log line: the request is not METHOD TARGET [HTTP/VERSION]"},
		{"GET  HTTP/1.1", "error: line 1: malformed log line: the request is not METHOD TARGET [HTTP/VERSION]"},
		{"", "error: line 1: malformed log line: the request is not METHOD TARGET [HTTP/VERSION]"},
		{"G(T / HTTP/1.1", "error: line 1: malformed log line: the request is not METHOD TARGET [HTTP/VERSION]"},
	}
	for _, tt := range tests {
		line := `192.0.2.1 - - [10/Oct/2024:13:55:36 +0000] "` + tt.request + `" 200 2326` + "\n"
		_, got, _ := spanurl(t, line, "-format", "combined", "-host", "EXAMPLE.com")
		if got != tt.want+"\n" {
			t.Errorf("%q: got %q, want %q", tt.request, got, tt.want)
		}
	}
}

func TestAccessLineFields(t *testing.T) {
	const date = `[10/Oct/2024:13:55:36 +0000]`
	tests := []struct {
		format, line, want string
	}{
		{"combined", `h - - ` + date + ` "GET /a HTTP/1.1" 200 -`, "http://localhost/a"},
		{"combined", `h - - ` + date + ` "GET /a HTTP/1.1" 200 12 "-"`, "http://localhost/a"},
		{"combined", `h - - ` + date + ` "GET /a HTTP/1.1" 200 12x`, "error: line 1: malformed log line: no status and size after the request"},
		{"combined", `h - - ` + date + ` "GET /a HTTP/1.1" 2000 1`, "error: line 1: malformed log line: no status and size after the request"},
		{"combined", `h - - ` + date + ` "GET /a HTTP/1.1" 200`, "error: line 1: malformed log line: no status and size after the request"},
		{"combined", `h - - ` + date + `"GET /a HTTP/1.1" 200 1`, `error: line 1: malformed log line: no "request" field after the date`},
		{"combined", `h - - [no end "GET /a HTTP/1.1" 200 1`, "error: line 1: malformed log line: no [date] field"},
		{"combined", `[` + date + ` "GET /a HTTP/1.1" 200 1`, "error: line 1: malformed log line: no [date] field"},
		{"common", `h - - ` + date + ` "GET /a\" HTTP/1.1" 200 1`, "http://localhost/a%22"},
		{"vhost_combined", `v.example:80 h - - ` + date + ` "GET /a HTTP/1.1" 200 1`, "http://v.example/a"},
		{"vhost_combined", `v.example:443 h - - ` + date + ` "GET /a HTTP/1.1" 200 1`, "https://v.example/a"},
		{"vhost_combined", `h - - ` + date + ` "GET /a HTTP/1.1" 200 1`, "error: line 1: malformed log line: no VHOST:PORT field"},
		{"vhost_combined", `v.example: h - - ` + date + ` "GET /a HTTP/1.1" 200 1`, "error: line 1: malformed log line: no VHOST:PORT field"},
		{"combined_host", `h - - ` + date + ` "GET /a HTTP/1.1" 200 1 "-" "ua" "H.example:81"`, "http://h.example:81/a"},
		{"combined_host", `h - - ` + date + ` "GET /a HTTP/1.1" 200 1 "-" "ua" "-" "extra"`, "http://localhost/a"},
		{"combined_host", `h - - ` + date + ` "GET /a HTTP/1.1" 200 1 "-" "ua"`, `error: line 1: malformed log line: no "host" field after the user agent`},
		{"combined_host", `h - - ` + date + ` "GET /a HTTP/1.1" 200 1 "-" "ua" "h.example#x"`, `error: line 1: httpurl: invalid host: host "h.example#x": fragment at offset 9`},
	}
	for _, tt := range tests {
		_, got, _ := spanurl(t, tt.line+"\n", "-format", tt.format)
		if got != tt.want+"\n" {
			t.Errorf("%s %q: got %q, want %q", tt.format, tt.line, got, tt.want)
		}
	}
}

func TestTopHostsExact(t *testing.T) {
	a, b := newTopHosts(100), newTopHosts(100)
	for i := range 50 {
		for range i + 1 {
			a.add(fmt.Sprintf("h%02d", i))
			if i%2 == 0 {
				b.add(fmt.Sprintf("h%02d", i))
			}
		}
	}
	got := topOf([]*topHosts{a, b}, 3)
	want := []hostCount{{"h48", 98, 0}, {"h46", 94, 0}, {"h44", 90, 0}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// TestTopHostsApproximate checks the Space-Saving bounds: with far more
// distinct hosts than the capacity, the heavy hosts are found, each count
// is an upper bound, count - err a lower bound, and err at most
// additions / capacity per table.
func TestTopHostsApproximate(t *testing.T) {
	const capacity = 64
	tables := []*topHosts{newTopHosts(capacity), newTopHosts(capacity)}
	truth := map[string]int64{}
	r := rand.New(rand.NewPCG(5, 5))
	n := int64(0)
	for i := range 100_000 {
		var h string
		switch x := r.IntN(100); {
		case x < 10:
			h = "heavy1"
		case x < 16:
			h = "heavy2"
		case x < 20:
			h = "heavy3"
		default:
			h = "rare" + strconv.Itoa(i)
		}
		truth[h]++
		tables[r.IntN(2)].add(h)
		n++
	}
	top := topOf(tables, 3)
	for i, name := range []string{"heavy1", "heavy2", "heavy3"} {
		h := top[i]
		if h.host != name {
			t.Fatalf("top %d is %v, want %s", i, h, name)
		}
		if h.count < truth[name] || h.count-h.err > truth[name] || h.err > n/capacity {
			t.Errorf("%s: count %d err %d, true count %d, %d additions", name, h.count, h.err, truth[name], n)
		}
	}
	for _, tab := range tables {
		if len(tab.index) != capacity || len(tab.heap) != capacity {
			t.Errorf("table of %d entries, %d indexed, capacity %d", len(tab.heap), len(tab.index), capacity)
		}
	}
}

// TestProgress checks that progress shows on a terminal for a regular
// file, and not otherwise.
func TestProgress(t *testing.T) {
	file := filepath.Join(t.TempDir(), "urls.txt")
	if err := os.WriteFile(file, []byte(strings.Repeat("https://example.org/some/path?q=1\n", 300_000)), 0o644); err != nil {
		t.Fatal(err)
	}
	oldTerm, oldEvery := isTerminalWriter, progressEvery
	t.Cleanup(func() { isTerminalWriter, progressEvery = oldTerm, oldEvery })
	isTerminalWriter = func(io.Writer) bool { return true }
	progressEvery = time.Millisecond

	var stderr bytes.Buffer
	if status := run([]string{file}, nil, io.Discard, &stderr); status != exitOK {
		t.Fatalf("status %d, stderr %q", status, stderr.String())
	}
	got := stderr.String()
	if !strings.Contains(got, "\rspanurl: ") || !strings.Contains(got, " lines/s") || !strings.Contains(got, "of 9.7 MiB") {
		t.Errorf("no progress line in %q", got[:min(len(got), 200)])
	}
	if !strings.HasSuffix(got, "\r\x1b[K") {
		t.Errorf("the progress line is not erased at the end: %q", got[max(0, len(got)-100):])
	}

	for _, tt := range []struct {
		name  string
		args  []string
		stdin io.Reader
	}{
		{"not a file", nil, strings.NewReader("https://example.org/\n")},
		{"-progress=false", []string{"-progress=false", file}, nil},
		{"-errors stderr", []string{"-errors", "stderr", file}, nil},
	} {
		stderr.Reset()
		run(tt.args, tt.stdin, io.Discard, &stderr)
		if stderr.Len() > 0 {
			t.Errorf("%s: progress shown: %q", tt.name, stderr.String()[:min(stderr.Len(), 200)])
		}
	}
	isTerminalWriter = oldTerm
	stderr.Reset()
	run([]string{file}, nil, io.Discard, &stderr)
	if stderr.Len() > 0 {
		t.Errorf("progress shown on a stderr that is no terminal: %q", stderr.String()[:min(stderr.Len(), 200)])
	}
}

func TestProgressFormat(t *testing.T) {
	for n, want := range map[int64]string{0: "0 B", 1023: "1023 B", 1536: "1.5 KiB", 10 << 20: "10.0 MiB", 3 << 30: "3.0 GiB"} {
		if got := byteSize(n); got != want {
			t.Errorf("byteSize(%d) = %q, want %q", n, got, want)
		}
	}
	for v, want := range map[float64]string{12: "12", 12_300: "12.3k", 1_500_000: "1.5M", 2e9: "2.0G"} {
		if got := siCount(v); got != want {
			t.Errorf("siCount(%v) = %q, want %q", v, got, want)
		}
	}
}
