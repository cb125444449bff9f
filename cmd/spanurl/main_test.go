package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
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

// TestGolden runs each output format on testdata/input.txt and compares
// with testdata/NAME.golden; go test -update rewrites them. The goldens
// were checked by hand against the URL Standard.
func TestGolden(t *testing.T) {
	input, err := os.ReadFile(filepath.Join("testdata", "input.txt"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
	}{
		{"plain", nil},
		{"json", []string{"-json"}},
		{"validate", []string{"-validate"}},
		{"json-validate", []string{"-json", "-validate"}},
		{"base", []string{"-base", goldenBase}},
		{"base-json", []string{"-base", goldenBase, "-json"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, stdout, stderr := spanurl(t, string(input), tt.args...)
			// input.txt has lines that fail to parse, with or without
			// the base.
			if status != exitFailure {
				t.Errorf("exit status %d, want %d", status, exitFailure)
			}
			if stderr != "" {
				t.Errorf("stderr: %s", stderr)
			}
			if got, want := strings.Count(stdout, "\n"), bytes.Count(input, []byte("\n")); got != want {
				t.Errorf("%d output lines for %d input lines", got, want)
			}
			golden := filepath.Join("testdata", tt.name+".golden")
			if *update {
				if err := os.WriteFile(golden, []byte(stdout), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if stdout != string(want) {
				t.Errorf("output differs from %s:\n%s", golden, lineDiff(string(want), stdout))
			}
		})
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
	want := "error: invalid URL \"https://example.org:99999/\": port-out-of-range at offset "
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
		{"blank line kept", "http://a.example/\n\nhttp://b.example/\n", "http://a.example/\nerror: invalid URL \"\": missing-scheme-non-relative-URL at offset 0\nhttp://b.example/\n"},
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
	status, stdout, stderr := spanurl(t, "", "-h")
	if status != exitOK || stdout != "" {
		t.Errorf("exit status %d, stdout %q", status, stdout)
	}
	for _, s := range []string{
		"NAME", "SYNOPSIS", "DESCRIPTION", "FLAGS", "WPT PROTOCOL", "EXIT STATUS", "EXAMPLES",
		"-base URL", "-json", "-validate", "-sample", "go run ./cmd/spanurl -sample",
	} {
		if !strings.Contains(stderr, "\n"+s) && !strings.Contains(stderr, " "+s) {
			t.Errorf("the manual does not mention %q", s)
		}
	}
	for _, line := range strings.Split(stderr, "\n") {
		if n := len([]rune(line)); n > 80 {
			t.Errorf("manual line of %d characters: %q", n, line)
		}
	}
}
