package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// errorsModes are the modes of the alignment test: each reads its input
// with -errors stderr.
var errorsModes = []struct {
	name, input string
	args        []string
}{
	{"lines", "input.txt", nil},
	{"json", "input.txt", []string{"-json"}},
	{"base", "input.txt", []string{"-base", goldenBase}},
	{"validate", "input.txt", []string{"-validate", "-fields", "href"}},
	{"json-validate", "input.txt", []string{"-json", "-validate", "-fields", "input,href"}},
	{"col", "crawl.tsv", []string{"-col", "2", "-base", "https://example.com/"}},
	{"col-json", "crawl.tsv", []string{"-col", "2", "-json"}},
	{"combined", "access.log", []string{"-format", "combined", "-host", "example.com", "-fields", "hostname,pathname"}},
	{"combined-json", "access.log", []string{"-format", "combined", "-host", "example.com", "-json"}},
	{"common", "access.log", []string{"-format", "common", "-host", "example.com"}},
	{"vhost", "vhost.log", []string{"-format", "vhost_combined"}},
	{"combined-host", "host.log", []string{"-format", "combined_host", "-host", "example.com"}},
	{"jsonl-request", "access.jsonl", append(jsonlRequest, "-fields", "href,sitekey")},
	{"jsonl-request-json", "access.jsonl", append(jsonlRequest, "-json", "-fields", "href,param:q")},
	{"jsonl-target", "caddy.jsonl", []string{"-format", "jsonl", "-json-field", "request.uri", "-json-kind", "target", "-json-host", "request.host", "-host", "example.com"}},
	{"jsonl-url", "links.jsonl", []string{"-format", "jsonl", "-json-field", "link", "-fields", "cachekey,surt,displayhost,rawquery"}},
	{"jsonl-url-json", "links.jsonl", []string{"-format", "jsonl", "-json-field", "link", "-base", "https://example.com/", "-json"}},
	{"keys", "keys.txt", []string{"-fields", "cachekey,sitekey,surt,displayhost,rawquery,param:utm_source"}},
}

// TestErrorsStderrAligned checks, in every mode, that -errors stderr
// leaves exactly one stdout line per input line, an empty one for each
// error line, and that the error lines on stderr name those input lines,
// in order: what -errors stdout writes, moved.
func TestErrorsStderrAligned(t *testing.T) {
	for _, m := range errorsModes {
		t.Run(m.name, func(t *testing.T) {
			input, err := os.ReadFile(filepath.Join("testdata", m.input))
			if err != nil {
				t.Fatal(err)
			}
			_, all, _ := spanurl(t, string(input), m.args...)
			status, stdout, stderr := spanurl(t, string(input), append([]string{"-errors", "stderr"}, m.args...)...)
			if status != exitFailure {
				t.Errorf("exit status %d, want %d", status, exitFailure)
			}
			checkErrorsMoved(t, string(input), all, stdout, stderr, m.args)
		})
	}
}

// checkErrorsMoved checks that stdout and stderr of -errors stderr are
// all (the output of -errors stdout) with its error lines moved.
func checkErrorsMoved(t *testing.T, input, all, stdout, stderr string, args []string) {
	t.Helper()
	inLines := strings.Count(input, "\n")
	allLines := strings.Split(strings.TrimSuffix(all, "\n"), "\n")
	outLines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(outLines) != inLines || len(allLines) != inLines {
		t.Fatalf("%d stdout lines, %d with -errors stdout, for %d input lines", len(outLines), len(allLines), inLines)
	}
	var moved []string
	for i, line := range allLines {
		isErr := strings.HasPrefix(line, "error: ") || strings.HasPrefix(line, `{"line":`)
		switch {
		case isErr && outLines[i] != "":
			t.Errorf("line %d: error line %q left %q on stdout", i+1, line, outLines[i])
		case isErr:
			moved = append(moved, line)
			n := "line " + strconv.Itoa(i+1) + ": "
			if !strings.Contains(line, n) && !strings.Contains(line, `"line":`+strconv.Itoa(i+1)+",") {
				t.Errorf("line %d: the error line %q does not name its line", i+1, line)
			}
		case outLines[i] != line:
			t.Errorf("line %d: got %q on stdout, want %q", i+1, outLines[i], line)
		}
	}
	if len(moved) == 0 {
		t.Errorf("%v: the input has no error line", args)
	}
	if got, want := stderr, strings.Join(moved, "\n")+"\n"; got != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", got, want)
	}
}

// TestErrorLinesParallel checks the line numbers of error lines when many
// workers format tiny chunks, with and without -errors stderr; when one
// formats them all (its chunks' lines are counted as it formats them);
// and when the workers start after the first chunks.
func TestErrorLinesParallel(t *testing.T) {
	var b strings.Builder
	for i := 1; i <= 500; i++ {
		if i%7 == 0 {
			b.WriteString("bad " + strconv.Itoa(i) + "\n")
		} else {
			b.WriteString("https://example.org/" + strconv.Itoa(i) + "\n")
		}
	}
	in := b.String()
	for _, run := range []struct {
		jobs        string
		parallelMin int64
	}{{"4", 0}, {"1", 0}, {"4", 1000}} {
		setTuning(t, 64, run.parallelMin)
		_, all, _ := spanurl(t, in, "-j", run.jobs)
		for i, line := range strings.Split(strings.TrimSuffix(all, "\n"), "\n") {
			if want := "error: line " + strconv.Itoa(i+1) + ": invalid URL \"bad " + strconv.Itoa(i+1) + "\""; strings.HasPrefix(line, "error: ") && !strings.HasPrefix(line, want) {
				t.Fatalf("-j %s, workers from byte %d: line %d: %q, want it to start with %q", run.jobs, run.parallelMin, i+1, line, want)
			}
		}
		_, stdout, stderr := spanurl(t, in, "-j", run.jobs, "-errors", "stderr")
		checkErrorsMoved(t, in, all, stdout, stderr, nil)
	}
}

// TestErrorLinesFiles checks that with several FILEs an error line names
// the file and the line in it.
func TestErrorLinesFiles(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	if err := os.WriteFile(a, []byte("https://a.example/\nbad\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(b, []byte("bad\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stdout, _ := spanurl(t, "", a, b)
	want := "https://a.example/\n" +
		"error: " + a + `:2: invalid URL "bad": missing-scheme-non-relative-URL at offset 0` + "\n" +
		"error: " + b + `:1: invalid URL "bad": missing-scheme-non-relative-URL at offset 0` + "\n"
	if stdout != want {
		t.Errorf("got\n%s\nwant\n%s", stdout, want)
	}
	_, stdout, _ = spanurl(t, "", "-json", "-fields", "href", a, b)
	if want := `{"file":` + strconv.Quote(b) + `,"line":1,"error":`; !strings.Contains(stdout, want) {
		t.Errorf("-json: %q does not contain %q", stdout, want)
	}
	// One file: the line alone.
	_, stdout, _ = spanurl(t, "", b)
	if want := `error: line 1: invalid URL "bad"`; !strings.HasPrefix(stdout, want) {
		t.Errorf("one file: got %q, want %q", stdout, want)
	}
	if status, _, _ := spanurl(t, "", "-errors", "stdin", b); status != exitUsage {
		t.Errorf("-errors stdin: exit status %d, want %d", status, exitUsage)
	}
}
