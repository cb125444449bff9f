//go:build unix

package main

import (
	"bytes"
	"compress/gzip"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// A manual example is one of two kinds. A stated example is a line
// "$ COMMAND" followed by the output the manual promises, indented alike,
// up to a blank line ("<TAB>" there stands for a tab). The examples of
// the EXAMPLES section are commands (the lines indented by eight spaces or
// more after each description) whose output is in
// testdata/manual-examples.golden.
type example struct {
	command string
	output  string // a stated example's promised output
}

// statedExamples returns the manual's "$ " examples.
func statedExamples(manual string) []example {
	var out []example
	lines := strings.Split(manual, "\n")
	for i := 0; i < len(lines); i++ {
		trimmed := strings.TrimLeft(lines[i], " ")
		command, ok := strings.CutPrefix(trimmed, "$ ")
		if !ok {
			continue
		}
		indent := len(lines[i]) - len(trimmed)
		var want strings.Builder
		for i+1 < len(lines) && strings.TrimSpace(lines[i+1]) != "" && strings.HasPrefix(lines[i+1], strings.Repeat(" ", indent)) {
			i++
			want.WriteString(strings.ReplaceAll(lines[i][indent:], "<TAB>", "\t") + "\n")
		}
		out = append(out, example{command: command, output: want.String()})
	}
	return out
}

// sectionExamples returns the commands of the manual's EXAMPLES section,
// each with its lines as the manual writes them: a line that ends with
// "\" or "|" goes on in the next, as a shell reads it.
func sectionExamples(manual string) []string {
	_, section, ok := strings.Cut(manual, "\nEXAMPLES\n")
	if !ok {
		return nil
	}
	var out []string
	continued := false
	for _, line := range strings.Split(section, "\n") {
		command, ok := strings.CutPrefix(line, "        ")
		if !ok {
			continued = false
			continue
		}
		if continued {
			out[len(out)-1] += "\n" + command
		} else {
			out = append(out, command)
		}
		continued = strings.HasSuffix(command, "\\") || strings.HasSuffix(command, "|")
	}
	return out
}

// notOffline tells the examples that cannot run on bundled files, and why.
var notOffline = []struct {
	re     *regexp.Regexp
	reason string
}{
	{regexp.MustCompile(`\btail -[fF]\b`), "follows a live log: it never ends"},
}

// exampleFiles are the files the examples name, made from testdata.
var exampleFiles = map[string]string{
	"urls.txt":                "input.txt",
	"access.log":              "access.log",
	"crawl.tsv":               "crawl.tsv",
	"other_vhosts_access.log": "vhost.log",
	"routes.txt":              "routes.txt",
	"access.jsonl":            "access.jsonl",
}

// exampleDir makes a directory holding the files the examples read (and
// access.log.1.gz, for zcat access.log.*.gz), and another holding a
// "spanurl" that runs the command: a link to the test binary, which
// TestMain turns into the command under that name. It returns both.
func exampleDir(t *testing.T) (work, bin string) {
	t.Helper()
	work, bin = t.TempDir(), t.TempDir()
	for name, src := range exampleFiles {
		data, err := os.ReadFile(filepath.Join("testdata", src))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(work, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		if name == "access.log" {
			var gz bytes.Buffer
			w := gzip.NewWriter(&gz)
			w.Write(data)
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(work, "access.log.1.gz"), gz.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(self, filepath.Join(bin, "spanurl")); err != nil {
		t.Fatal(err)
	}
	return work, bin
}

// shellRun runs command with sh in dir, with bin first in PATH, the C
// locale (so that sort orders bytes, the same everywhere) and an empty
// standard input, and returns its standard output and, after a "stderr:"
// line when there is any, its standard error.
func shellRun(t *testing.T, dir, bin, command string) string {
	t.Helper()
	cmd := exec.Command("sh", "-c", command)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "LC_ALL=C")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			t.Fatalf("%s: %v", command, err)
		}
	}
	out := stdout.String()
	if stderr.Len() > 0 {
		out += "stderr:\n" + stderr.String()
	}
	return out
}

// missingTools returns the programs of command's pipeline, other than
// spanurl, that are not installed.
func missingTools(command string) []string {
	var missing []string
	for _, stage := range strings.Split(command, "|") {
		f := strings.Fields(strings.TrimSpace(stage))
		if len(f) == 0 || f[0] == "spanurl" || f[0] == "echo" {
			continue
		}
		if _, err := exec.LookPath(f[0]); err != nil {
			missing = append(missing, f[0])
		}
	}
	return missing
}

// TestManualStatedExamples runs each "$ " example of the manual and
// compares its output with the one the manual states.
func TestManualStatedExamples(t *testing.T) {
	examples := statedExamples(manual)
	if len(examples) < 3 {
		t.Fatalf("found %d stated examples in the manual; it has at least 3", len(examples))
	}
	work, bin := exampleDir(t)
	for _, ex := range examples {
		if got := shellRun(t, work, bin, ex.command); got != ex.output {
			t.Errorf("$ %s\ngives\n%s\nthe manual says\n%s", ex.command, got, ex.output)
		}
	}
}

// TestManualExamples runs every command of the manual's EXAMPLES section
// that can run offline, in a shell, on files made from testdata under the
// names the commands use, and compares the output with
// testdata/manual-examples.golden; go test -update rewrites it. An
// example that needs a program this machine lacks is skipped, and one
// that cannot run offline is listed in the golden file with the reason.
func TestManualExamples(t *testing.T) {
	commands := sectionExamples(manual)
	if len(commands) < 10 {
		t.Fatalf("found %d commands in the manual's EXAMPLES; it has at least 10", len(commands))
	}
	work, bin := exampleDir(t)
	golden := filepath.Join("testdata", "manual-examples.golden")
	want := map[string]string{}
	if !*update {
		data, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run go test -update to create it)", err)
		}
		want = parseExamplesGolden(string(data))
	}
	var all strings.Builder
	for _, command := range commands {
		got := ""
		for _, n := range notOffline {
			if n.re.MatchString(command) {
				got = "(not run: " + n.reason + ")\n"
			}
		}
		if got == "" {
			if missing := missingTools(command); len(missing) > 0 {
				if *update {
					t.Fatalf("-update needs %s, for\n%s", strings.Join(missing, ", "), command)
				}
				t.Logf("skipped, for want of %s:\n%s", strings.Join(missing, ", "), command)
				continue
			}
			got = shellRun(t, work, bin, command)
		}
		all.WriteString("$ " + strings.ReplaceAll(command, "\n", "\n> ") + "\n" + got + "\n")
		if *update {
			continue
		}
		if w, ok := want[command]; !ok {
			t.Errorf("%s has no output for\n%s\n(run go test -update, and check what it writes)", golden, command)
		} else if got != w {
			t.Errorf("$ %s\n%s", command, lineDiff(w, got))
		}
	}
	if *update {
		if err := os.WriteFile(golden, []byte(all.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	for command := range want {
		if !slices.Contains(commands, command) {
			t.Errorf("%s has output for a command the manual does not have (run go test -update):\n%s", golden, command)
		}
	}
}

// parseExamplesGolden reads manual-examples.golden: each example is its
// command after "$ " (continuation lines after "> "), then its output, then
// a blank line.
func parseExamplesGolden(data string) map[string]string {
	m := map[string]string{}
	// Every example but the last ends where "\n$ " begins the next; the
	// last ends with the blank line, which the trim removes.
	for _, block := range strings.Split(strings.TrimSuffix(data, "\n"), "\n$ ") {
		block = strings.TrimPrefix(block, "$ ")
		lines := strings.SplitAfter(block, "\n")
		command := strings.TrimSuffix(lines[0], "\n")
		i := 1
		for ; i < len(lines) && strings.HasPrefix(lines[i], "> "); i++ {
			command += "\n" + strings.TrimSuffix(strings.TrimPrefix(lines[i], "> "), "\n")
		}
		m[command] = strings.Join(lines[i:], "")
	}
	return m
}
