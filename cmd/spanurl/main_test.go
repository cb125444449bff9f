package main

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// spanurl runs the command in-process on stdin and returns its exit
// status, stdout and stderr.
func spanurl(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	status := run(args, strings.NewReader(stdin), &stdout, &stderr)
	return status, stdout.String(), stderr.String()
}

const goldenBase = "https://user@example.org:8443/dir/page?q#frag"

// allFields is every field of -fields but status and errors.
const allFields = "href,origin,protocol,scheme,username,password,host,hostname,port,pathname,search,hash,registrable,kind,input"

// goldenTests are the runs of TestGolden: spanurl ARGS < testdata/INPUT
// writes testdata/NAME.golden to stdout and, when not empty,
// testdata/NAME.stderr.golden to stderr.
var goldenTests = []struct {
	name, input string
	args        []string
}{
	{"plain", "input.txt", nil},
	{"json", "input.txt", []string{"-json"}},
	{"validate", "input.txt", []string{"-validate"}},
	{"json-validate", "input.txt", []string{"-json", "-validate"}},
	{"base", "input.txt", []string{"-base", goldenBase}},
	{"base-json", "input.txt", []string{"-base", goldenBase, "-json"}},
	{"fields", "input.txt", []string{"-fields", allFields}},
	{"fields-json", "input.txt", []string{"-fields", allFields, "-json"}},
	{"fields-validate", "input.txt", []string{"-validate", "-fields", "status,errors,hostname,input"}},
	{"fields-validate-json", "input.txt", []string{"-validate", "-json", "-fields", "input,status,errors,href"}},
	{"stats", "input.txt", []string{"-stats", "-fields", "hostname"}},
	{"col", "crawl.tsv", []string{"-col", "2", "-base", "https://example.com/", "-fields", "registrable,hostname,href"}},
	{"col-json", "crawl.tsv", []string{"-col", "2", "-base", "https://example.com/", "-json", "-validate", "-fields", "input,href,registrable,status,errors"}},
	{"combined", "access.log", []string{"-format", "combined", "-host", "example.com", "-fields", "href,hostname,pathname,search,input"}},
	{"combined-json", "access.log", []string{"-format", "combined", "-base", "https://example.com:8443/ignored", "-json", "-validate"}},
	{"combined-stats", "access.log", []string{"-format", "combined", "-host", "www.example.com", "-validate", "-stats", "-fields", "status,href"}},
	{"vhost", "vhost.log", []string{"-format", "vhost_combined", "-fields", "href,origin,input"}},
	{"combined-host", "host.log", []string{"-format", "combined_host", "-base", "https://default.example/", "-fields", "href,origin,input"}},
	{"keys", "keys.txt", []string{"-fields", keyFields}},
	{"keys-json", "keys.txt", []string{"-json", "-fields", keyFields}},
	{"keys-validate", "keys.txt", []string{"-validate", "-fields", "status,displayhost,param:utm_source,input"}},
	{"stats-sitekey", "keys.txt", []string{"-stats", "-stats-field", "sitekey", "-fields", "sitekey"}},
	{"stats-param", "keys.txt", []string{"-stats", "-stats-field", "param:utm_source", "-fields", "param:utm_source"}},
	{"stats-pathname", "access.log", []string{"-format", "combined", "-host", "example.com", "-stats", "-stats-field", "pathname"}},
	{"malformed-validate", "access.log", []string{"-format", "combined", "-host", "example.com", "-validate", "-fields", "status,errors,input"}},
	{"malformed-validate-col", "crawl.tsv", []string{"-col", "2", "-validate", "-fields", "status,errors,href,input"}},
	{"jsonl-request", "access.jsonl", append(jsonlRequest, "-fields", "href,hostname,input")},
	{"jsonl-request-validate", "access.jsonl", append(jsonlRequest, "-validate", "-fields", "status,errors,href,input")},
	{"jsonl-request-json", "access.jsonl", append(jsonlRequest, "-json", "-validate")},
	{"jsonl-request-stats", "access.jsonl", append(jsonlRequest, "-stats", "-stats-field", "pathname", "-fields", "pathname")},
	{"jsonl-caddy", "caddy.jsonl", []string{"-format", "jsonl", "-json-field", "request.uri", "-json-kind", "target", "-json-host", "request.host", "-base", "https://default.example/", "-fields", "href,displayhost,param:ref,input"}},
	{"jsonl-caddy-json", "caddy.jsonl", []string{"-format", "jsonl", "-json-field", "request.uri", "-json-kind", "target", "-json-host", "request.host", "-host", "default.example", "-json", "-fields", "href,input"}},
	{"jsonl-links", "links.jsonl", []string{"-format", "jsonl", "-json-field", "link", "-base", "https://example.com/", "-fields", "href,sitekey,input"}},
	{"jsonl-links-validate", "links.jsonl", []string{"-format", "jsonl", "-json-field", "link", "-validate", "-json", "-fields", "input,href,status,errors"}},
}

// jsonlRequest reads testdata/access.jsonl, a log that nginx writes as
// JSON.
var jsonlRequest = []string{"-format", "jsonl", "-json-field", "request", "-json-kind", "request", "-json-host", "host", "-host", "example.com"}

// keyFields are the fields that are not the URL object's getters.
const keyFields = "cachekey,sitekey,surt,displayhost,rawquery,param:utm_source,param:q,param:a b,param:empty,param:flag,input"

// TestGolden runs the command on inputs of testdata and compares its
// output with testdata/NAME.golden (and NAME.stderr.golden); go test
// -update rewrites them. A change to a golden file is checked by hand
// against the URL Standard.
func TestGolden(t *testing.T) {
	for _, tt := range goldenTests {
		t.Run(tt.name, func(t *testing.T) {
			input, err := os.ReadFile(filepath.Join("testdata", tt.input))
			if err != nil {
				t.Fatal(err)
			}
			status, stdout, stderr := spanurl(t, string(input), tt.args...)
			// Every input has lines that fail to parse or are
			// malformed.
			if status != exitFailure {
				t.Errorf("exit status %d, want %d", status, exitFailure)
			}
			if got, want := strings.Count(stdout, "\n"), bytes.Count(input, []byte("\n")); got != want {
				t.Errorf("%d output lines for %d input lines", got, want)
			}
			checkGolden(t, tt.name+".golden", stdout)
			if slices.Contains(tt.args, "-stats") {
				checkGolden(t, tt.name+".stderr.golden", stderr)
			} else if stderr != "" {
				t.Errorf("stderr: %s", stderr)
			}
		})
	}
}

// checkGolden compares got with testdata/name, or writes it there with
// -update.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	golden := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s:\n%s", golden, lineDiff(string(want), got))
	}
}

// lineDiff lists the lines that differ between want and got.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := 0; i < max(len(w), len(g)); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			b.WriteString("line " + strconv.Itoa(i+1) + ":\n  want " + wl + "\n  got  " + gl + "\n")
		}
	}
	return b.String()
}

// logLine returns a combined log line requesting target.
func logLine(target string) string {
	return `192.0.2.1 - - [10/Oct/2024:13:55:36 +0000] "GET ` + target + ` HTTP/1.1" 200 2326 "-" "test"` + "\n"
}

func TestExitStatus(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.txt")
	if err := os.WriteFile(good, []byte("https://example.org/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		stdin string
		args  []string
		want  int
	}{
		{"all parse", "https://example.org/\nmailto:x@example.org\n", nil, exitOK},
		{"no input", "", nil, exitOK},
		{"one fails", "https://example.org/\nnot a url\nhttps://example.org/\n", nil, exitFailure},
		{"one fails -json", "not a url\n", []string{"-json"}, exitFailure},
		{"one fails -validate", "not a url\n", []string{"-validate"}, exitFailure},
		{"validation errors only", "https://example.org/a b\n", []string{"-validate"}, exitOK},
		{"relative with base", "../x\n", []string{"-base", "https://example.org/a/b"}, exitOK},
		{"file", "", []string{good}, exitOK},
		{"file and stdin", "nope\n", []string{good, "-"}, exitFailure},
		{"missing file", "", []string{filepath.Join(dir, "missing.txt")}, exitFailure},
		{"bad base", "", []string{"-base", "/relative"}, exitUsage},
		{"empty base", "", []string{"-base", ""}, exitUsage},
		{"unknown flag", "", []string{"-nope"}, exitUsage},
		{"sample with file", "", []string{"-sample", good}, exitUsage},
		{"help", "", []string{"-h"}, exitOK},
		{"malformed column", "a\tb\n", []string{"-col", "3"}, exitFailure},
		{"malformed log line", "nope\n", []string{"-format", "combined"}, exitFailure},
		{"log line", logLine("/x"), []string{"-format", "combined"}, exitOK},
		{"stats", "https://example.org/\n", []string{"-stats"}, exitOK},
		{"fields", "https://example.org/\n", []string{"-fields", "href,registrable"}, exitOK},
		{"unknown field", "", []string{"-fields", "href,nope"}, exitUsage},
		{"empty field", "", []string{"-fields", "href,"}, exitUsage},
		{"status without -validate", "", []string{"-fields", "status"}, exitUsage},
		{"errors without -validate", "", []string{"-fields", "errors"}, exitUsage},
		{"col 0", "", []string{"-col", "0"}, exitUsage},
		{"empty sep", "", []string{"-col", "1", "-sep", ""}, exitUsage},
		{"sep without col", "", []string{"-sep", ","}, exitUsage},
		{"unknown format", "", []string{"-format", "json"}, exitUsage},
		{"col with format", "", []string{"-format", "combined", "-col", "2"}, exitUsage},
		{"host without format", "", []string{"-host", "example.com"}, exitUsage},
		{"host and base", "", []string{"-format", "combined", "-host", "a.example", "-base", "https://b.example/"}, exitUsage},
		{"bad host", "", []string{"-format", "combined", "-host", "a.example/path"}, exitUsage},
		{"host with credentials", "", []string{"-format", "combined", "-host", "u@a.example"}, exitUsage},
		{"base without host", "", []string{"-format", "combined", "-base", "mailto:x@example.org"}, exitUsage},
		{"base with credentials", "", []string{"-format", "combined", "-base", "https://u:p@example.org/"}, exitUsage},
		{"j 0", "", []string{"-j", "0"}, exitUsage},
		{"sample with format", "", []string{"-sample", "-format", "combined"}, exitUsage},
		{"wpt with args", "", []string{"wpt", "x"}, exitUsage},
		{"wpt bad lines", "nope\n", []string{"wpt"}, exitOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, _, stderr := spanurl(t, tt.stdin, tt.args...)
			if status != tt.want {
				t.Errorf("exit status %d, want %d; stderr:\n%s", status, tt.want, stderr)
			}
		})
	}
}

func TestMissingFileGoesOn(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.txt")
	if err := os.WriteFile(good, []byte("HTTP://A.example/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	status, stdout, stderr := spanurl(t, "", filepath.Join(dir, "missing.txt"), good)
	if status != exitFailure || stdout != "http://a.example/\n" || !strings.Contains(stderr, "missing.txt") {
		t.Errorf("got status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
}

func TestErrorLine(t *testing.T) {
	_, stdout, _ := spanurl(t, "https://example.org:99999/\n")
	want := "error: line 1: invalid URL \"https://example.org:99999/\": port-out-of-range at offset "
	if !strings.HasPrefix(stdout, want) || strings.Count(stdout, "\n") != 1 {
		t.Errorf("got %q, want a line starting with %q", stdout, want)
	}
}

func TestLineEndings(t *testing.T) {
	long := "https://example.org/" + strings.Repeat("a", 1<<20)
	tests := []struct {
		name, stdin, want string
	}{
		{"CRLF", "HTTP://A.example/x\r\nhttp://b.example/\r\n", "http://a.example/x\nhttp://b.example/\n"},
		{"one CR only", "http://a.example/x\r\r\n", "http://a.example/x\n"},
		{"no final newline", "http://a.example/\nhttp://b.example/", "http://a.example/\nhttp://b.example/\n"},
		{"blank line kept", "http://a.example/\n\nhttp://b.example/\n", "http://a.example/\n\nhttp://b.example/\n"},
		{"long line", long + "\n" + long + "\n", long + "\n" + long + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, stdout, _ := spanurl(t, tt.stdin)
			if stdout != tt.want {
				if len(stdout) > 200 {
					stdout = stdout[:200] + "..."
				}
				t.Errorf("got %q", stdout)
			}
		})
	}
}

func TestValidateFormat(t *testing.T) {
	// The input, which may hold tabs, is everything after the second tab.
	in := "https://exa\tmple.org/a b\n"
	_, stdout, _ := spanurl(t, in, "-validate")
	fields := strings.SplitN(strings.TrimSuffix(stdout, "\n"), "\t", 3)
	if len(fields) != 3 || fields[0] != "invalid" || fields[2] != strings.TrimSuffix(in, "\n") {
		t.Fatalf("got %q", stdout)
	}
	if fields[1] != "invalid-URL-unit@11,invalid-URL-unit@22" {
		t.Errorf("errors %q, want invalid-URL-unit@11,invalid-URL-unit@22", fields[1])
	}
}

func TestSample(t *testing.T) {
	lines := strings.Count(sample, "\n")
	if lines < 50 {
		t.Errorf("the bundled sample has %d lines", lines)
	}
	for _, args := range [][]string{{"-sample"}, {"-sample", "-json"}, {"-sample", "-validate"}} {
		status, stdout, stderr := spanurl(t, "ignored\n", args...)
		if status != exitOK || stderr != "" {
			t.Errorf("%v: exit status %d, stderr %q", args, status, stderr)
		}
		if got := strings.Count(stdout, "\n"); got != lines {
			t.Errorf("%v: %d output lines for %d sample lines", args, got, lines)
		}
		if !strings.Contains(stdout, "error") && !strings.Contains(stdout, "failure") {
			t.Errorf("%v: the sample has no failing line", args)
		}
	}
}

func TestHelp(t *testing.T) {
	// The manual goes to standard output, so that spanurl -h | less works.
	status, manualText, stderr := spanurl(t, "", "-h")
	if status != exitOK || stderr != "" {
		t.Errorf("exit status %d, stderr %q", status, stderr)
	}
	stderr = manualText
	for _, s := range []string{
		"NAME", "SYNOPSIS", "DESCRIPTION", "FLAGS", "WPT PROTOCOL", "EXIT STATUS", "EXAMPLES",
		"-base URL", "-json", "-validate", "-sample", "spanurl -sample",
		"-col N", "-sep S", "-fields LIST", "-format FORMAT", "-host HOST", "-stats", "-j N",
		"-progress=false", "ACCESS LOGS", "MALFORMED LINES", "STREAMING",
		"zcat access.log", "cut -f2 crawl.tsv",
	} {
		if !strings.Contains(stderr, "\n"+s) && !strings.Contains(stderr, " "+s) {
			t.Errorf("the manual does not mention %q", s)
		}
	}
	for _, name := range fieldNames {
		if !strings.Contains(stderr, "\n          "+name+" ") {
			t.Errorf("the manual does not describe the field %s", name)
		}
	}
	for _, name := range []string{"lines", "combined", "common", "vhost_combined", "combined_host"} {
		if !strings.Contains(stderr, name) {
			t.Errorf("the manual does not mention the format %s", name)
		}
	}
	// Every flag has an entry in the manual.
	fs, _ := newFlagSet(io.Discard, new(config))
	fs.VisitAll(func(f *flag.Flag) {
		if !strings.Contains(stderr, "\n    -"+f.Name+" ") && !strings.Contains(stderr, "\n    -"+f.Name+"\n") &&
			!strings.Contains(stderr, "\n    -"+f.Name+"=") {
			t.Errorf("the manual has no entry for -%s", f.Name)
		}
	})
	for _, line := range strings.Split(stderr, "\n") {
		if n := len([]rune(line)); n > 80 {
			t.Errorf("manual line of %d characters: %q", n, line)
		}
	}
}

// TestValidateErrorsOmitted checks that a line with more validation
// errors than span.MaxValidationErrors lists the first ones and says how
// many it left out, in TSV and JSON.
func TestValidateErrorsOmitted(t *testing.T) {
	const extra = 5
	line := "http://h/" + strings.Repeat("%", 1000+extra)
	status, out, _ := spanurl(t, line+"\n", "-validate", "-fields", "status,errors")
	fields := strings.Split(strings.TrimSuffix(out, "\n"), "\t")
	if status != exitOK || len(fields) != 2 || fields[0] != "invalid" {
		t.Fatalf("status %d, output %.200q", status, out)
	}
	errs := strings.Split(fields[1], ",")
	if len(errs) != 1001 || errs[0] != "invalid-URL-unit@9" || errs[999] != "invalid-URL-unit@1008" || errs[1000] != "+5" {
		t.Errorf("errors field: %d items, first %q, last two %q", len(errs), errs[0], errs[len(errs)-2:])
	}
	status, out, _ = spanurl(t, line+"\n", "-validate", "-json", "-fields", "status,errors")
	if status != exitOK || !strings.HasSuffix(out, `{"name":"invalid-URL-unit","offset":1008}],"errorsOmitted":5}`+"\n") {
		t.Errorf("status %d, JSON ends %q", status, out[max(len(out)-100, 0):])
	}
	if n := strings.Count(out, `"name"`); n != 1000 {
		t.Errorf("JSON lists %d errors, want 1000", n)
	}
}
