package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// matchGoldenTests are the runs of TestMatchGolden, as those of
// TestGolden (NAME.golden, and NAME.stderr.golden when not empty), with
// the exit status each must have. routes.txt has a pattern of each
// kind: pathnames alone, fixed text more specific than a named group, a
// regexp group, a wildcard host, a scheme with an opaque path.
var matchGoldenTests = []struct {
	name, input string
	args        []string
	status      int
}{
	{"match", "match-urls.txt", []string{"-match-file", "testdata/routes.txt"}, exitFailure},
	{"match-json", "match-urls.txt", []string{"-json", "-match-file", "testdata/routes.txt"}, exitFailure},
	// -base resolves the lines and the patterns that do not start with
	// "/"; a pattern with a scheme is more specific than a pathname
	// alone. -stats counts the URLs each pattern matched.
	{"match-base-stats", "match-urls.txt", []string{"-base", "https://shop.example.com/", "-match", "books/:id", "-match-file", "testdata/routes.txt", "-fields", "href,match,groups", "-stats"}, exitOK},
	// -match /index.html repeats a pattern of the file, which, given
	// first, wins.
	{"match-combined", "access.log", []string{"-format", "combined", "-host", "shop.example.com", "-match-file", "testdata/routes.txt", "-match", "/index.html", "-match", "/:page", "-stats"}, exitFailure},
	{"match-combined-json", "access.log", []string{"-format", "combined", "-host", "shop.example.com", "-json", "-validate", "-match-file", "testdata/routes.txt", "-match", "/:page"}, exitFailure},
	{"match-validate", "match-urls.txt", []string{"-validate", "-match-file", "testdata/routes.txt"}, exitFailure},
	{"match-errors-stderr", "match-urls.txt", []string{"-errors", "stderr", "-match", "/books/:id", "-fields", "match"}, exitFailure},
	// A pattern that does not compile, a missing file: usage errors.
	{"usage-match-bad-pattern", "", []string{"-match", "/books/:id", "-match", "/items/:id("}, exitUsage},
	{"usage-match-relative", "", []string{"-match", "books/:id"}, exitUsage},
	{"usage-match-file-missing", "", []string{"-match-file", "testdata/no-such-routes.txt"}, exitUsage},
	{"usage-match-field", "", []string{"-fields", "href,groups"}, exitUsage},
}

func TestMatchGolden(t *testing.T) {
	for _, tt := range matchGoldenTests {
		t.Run(tt.name, func(t *testing.T) {
			input := testInput(t, tt.input)
			status, stdout, stderr := spanurl(t, input, tt.args...)
			if status != tt.status {
				t.Errorf("exit status %d, want %d; stderr %q", status, tt.status, stderr)
			}
			if tt.status == exitUsage {
				if stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "spanurl -h") {
					t.Errorf("a usage error must be one line on stderr that points to -h: stdout %q, stderr %q", stdout, stderr)
				}
				checkGolden(t, tt.name+".stderr.golden", stderr)
				return
			}
			if got, want := strings.Count(stdout, "\n"), strings.Count(input, "\n"); got != want {
				t.Errorf("%d output lines for %d input lines", got, want)
			}
			checkGolden(t, tt.name+".golden", stdout)
			if slices.Contains(tt.args, "-stats") || slices.Contains(tt.args, "-errors") {
				checkGolden(t, tt.name+".stderr.golden", stderr)
			} else if stderr != "" {
				t.Errorf("stderr: %s", stderr)
			}
		})
	}
}

// TestMatchFile checks the lines of -match-file: blank lines and
// comments are skipped, spaces around a pattern and a CR before the line
// feed trimmed, and a pattern that does not compile is named with its
// line.
func TestMatchFile(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.txt")
	if err := os.WriteFile(good, []byte("# routes\r\n\r\n  /a/:x  \r\n\t#/b\n/b/*\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	status, stdout, stderr := spanurl(t, "https://h.example/a/1\nhttps://h.example/b/c\nhttps://h.example/#/b\n", "-match-file", good, "-fields", "match,groups")
	if want := "/a/:x\tpathname.x=1\n/b/*\tpathname.0=c\n-\t\n"; status != exitOK || stdout != want || stderr != "" {
		t.Errorf("status %d, stdout %q (want %q), stderr %q", status, stdout, want, stderr)
	}
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("/a\n\n/b/:(\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	status, stdout, stderr = spanurl(t, "", "-match-file", bad)
	if want := "spanurl: -match-file " + bad + ":3: \"/b/:(\": "; status != exitUsage || stdout != "" || !strings.HasPrefix(stderr, want) {
		t.Errorf("status %d, stdout %q, stderr %q (want it to start with %q)", status, stdout, stderr, want)
	}
}

// TestMatchOrder checks the router's rule as spanurl applies it: the
// most specific pattern wins, and of equally specific ones the first
// given, whether on the command line or in a file.
func TestMatchOrder(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "routes.txt")
	if err := os.WriteFile(file, []byte("/:page\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-match", "/*", "-match", "/:x", "-match", "/about"}, "/about\n"},
		{[]string{"-match", "/:x", "-match-file", file}, "/:x\n"},
		{[]string{"-match-file", file, "-match", "/:x"}, "/:page\n"},
	}
	for _, tt := range tests {
		args := append(tt.args, "-fields", "match")
		_, stdout, stderr := spanurl(t, "https://h.example/about\n", args...)
		if stdout != tt.want {
			t.Errorf("%v: got %q, want %q; stderr %q", tt.args, stdout, tt.want, stderr)
		}
	}
}

// TestMatchFieldAllocs checks that the field match alone costs no
// allocation per line: the router's Test runs, without a result, when
// the fields have no groups.
func TestMatchFieldAllocs(t *testing.T) {
	rt, err := loadRoutes([]matchSource{{pattern: "/books/:id"}, {pattern: "/*"}, {pattern: "https://*.example.net/:p*"}}, "")
	if err != nil {
		t.Fatal(err)
	}
	cfg := &config{routes: rt}
	if err := cfg.setFields("match,href", true); err != nil {
		t.Fatal(err)
	}
	w := newWorker(cfg)
	line := []byte("https://shop.example.com/books/42?x=1")
	out := w.line(nil, line)
	if want := "/books/:id\thttps://shop.example.com/books/42?x=1\n"; string(out) != want {
		t.Fatalf("got %q, want %q", out, want)
	}
	if poisonBuild {
		return // the spanurl_poison build lets go of the Parser's memory on every call
	}
	if n := testing.AllocsPerRun(100, func() { out = w.line(out[:0], line) }); n != 0 {
		t.Errorf("%v allocations per line", n)
	}
}
