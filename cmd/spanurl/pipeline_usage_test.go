package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// usageGoldenTests are runs whose standard output and standard error are
// both compared with golden files (NAME.golden, NAME.stderr.golden), with
// the exit status each must have.
var usageGoldenTests = []struct {
	name, input string
	args        []string
	status      int
}{
	// A usage error is one line, with a pointer to the manual.
	{"usage-unknown-flag", "", []string{"-nope"}, exitUsage},
	{"usage-bad-value", "", []string{"-j", "x"}, exitUsage},
	// Blank lines give blank lines, in every mode, and are no failure.
	{"blank-lines", "blank.txt", nil, exitOK},
	{"blank-json", "blank.txt", []string{"-json"}, exitOK},
	{"blank-validate", "blank.txt", []string{"-validate"}, exitOK},
	{"blank-base-stats", "blank.txt", []string{"-base", "https://example.com/", "-stats"}, exitOK},
	{"blank-log", "blank.log", []string{"-format", "combined", "-host", "example.com", "-fields", "href,input"}, exitOK},
	// A log read in another format than its own: a hint, once.
	{"hint-vhost", "access.log", []string{"-format", "vhost_combined", "-fields", "href"}, exitFailure},
	{"hint-combined-host", "access.log", []string{"-format", "combined_host", "-host", "example.com"}, exitFailure},
	{"hint-to-combined-host", "host.log", []string{"-format", "vhost_combined"}, exitFailure},
	{"hint-jsonl", "access.log", []string{"-format", "jsonl", "-json-field", "request", "-json-kind", "request", "-json-host", "host"}, exitFailure},
	{"hint-to-jsonl", "caddy.jsonl", []string{"-format", "combined", "-host", "example.com"}, exitFailure},
	{"hint-json-kind-request", "access.jsonl", []string{"-format", "jsonl", "-json-field", "request", "-fields", "href"}, exitFailure},
	// Error lines on stderr, an empty line in their place on stdout.
	{"errors-stderr", "input.txt", []string{"-errors", "stderr"}, exitFailure},
	{"errors-stderr-combined", "access.log", []string{"-errors", "stderr", "-format", "combined", "-host", "example.com", "-json", "-fields", "href"}, exitFailure},
	// A format that does not name the server, without -host or -base: a
	// warning, once.
	{"warn-no-server", "blank.log", []string{"-format", "combined"}, exitOK},
	{"warn-no-server-common", "blank.log", []string{"-format", "common"}, exitOK},
	{"warn-no-server-jsonl", "caddy.jsonl", []string{"-format", "jsonl", "-json-field", "request.uri", "-json-kind", "target", "-fields", "href"}, exitFailure},
}

func TestUsageGolden(t *testing.T) {
	for _, tt := range usageGoldenTests {
		t.Run(tt.name, func(t *testing.T) {
			input := testInput(t, tt.input)
			status, stdout, stderr := spanurl(t, input, tt.args...)
			if status != tt.status {
				t.Errorf("exit status %d, want %d", status, tt.status)
			}
			if tt.status != exitUsage {
				if got, want := strings.Count(stdout, "\n"), strings.Count(input, "\n"); got != want {
					t.Errorf("%d output lines for %d input lines", got, want)
				}
			} else if strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "spanurl -h") {
				t.Errorf("a usage error must be one line that points to -h: %q", stderr)
			}
			checkGolden(t, tt.name+".golden", stdout)
			checkGolden(t, tt.name+".stderr.golden", stderr)
		})
	}
}

// TestNoWarningWithServer checks that a log format is quiet when the
// server is known: from -host, from -base, or from the log itself.
func TestNoWarningWithServer(t *testing.T) {
	line := logLine("/x")
	for _, args := range [][]string{
		{"-format", "combined", "-host", "example.com"},
		{"-format", "common", "-base", "https://example.com/"},
		{"-format", "vhost_combined"},
		{"-format", "combined_host"},
	} {
		if _, _, stderr := spanurl(t, "", args...); stderr != "" {
			t.Errorf("%v: stderr %q", args, stderr)
		}
	}
	// The hint needs malformed lines from the start: one malformed line
	// after a good one is no format mismatch.
	in := line + "not a log line\n"
	if _, _, stderr := spanurl(t, in, "-format", "combined", "-host", "example.com"); stderr != "" {
		t.Errorf("malformed line after a good one: stderr %q", stderr)
	}
}

// testInput returns the content of testdata/name, or "" for no name.
func testInput(t *testing.T, name string) string {
	t.Helper()
	if name == "" {
		return ""
	}
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
