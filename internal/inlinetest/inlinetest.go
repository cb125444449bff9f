// Package inlinetest checks that the compiler inlines the functions whose
// speed depends on it: a function that grows past the inliner's budget
// still works, so only a test that asks the compiler notices, and the cost
// shows up later as a benchmark regression with no obvious cause.
//
// Check builds a package with -gcflags=-m, which makes the compiler print
// "can inline F" for every function F it can inline, and fails for each
// listed function it does not report. A package's inline_test.go lists its
// functions with the reason each must inline.
package inlinetest

import (
	"errors"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

// canInline matches the compiler's report that it can inline a function
// or method ("can inline pack", "can inline (*scanner).cached").
var canInline = regexp.MustCompile(`: can inline (\S+)`)

// Check builds the package with import path pkg, with the build tags of
// the running test binary for its GOOS and GOARCH, and fails t for every
// name in funcs that the compiler does not report it can inline. Names are
// as the compiler writes them: "F" for a function, "T.M" for a method of a
// value receiver, "(*T).M" for a pointer receiver. It skips t, saying so,
// only when the go command cannot be run at all.
func Check(t testing.TB, pkg string, funcs ...string) {
	t.Helper()
	// The go command on $PATH picks the toolchain that go.mod asks for,
	// as it did to build the test.
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("inlinetest: no go command to build %s with (%v): its inlining is not checked", pkg, err)
	}
	args := []string{"build", "-gcflags=-m"}
	if tags := buildTags(); tags != "" {
		args = append(args, "-tags="+tags)
	}
	cmd := exec.Command(gocmd, append(args, pkg)...)
	cmd.Env = append(os.Environ(), "GOOS="+runtime.GOOS, "GOARCH="+runtime.GOARCH)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	switch {
	case err != nil && !errors.As(err, &exit):
		t.Skipf("inlinetest: cannot run %s (%v): the inlining of %s is not checked", gocmd, err, pkg)
	case err != nil:
		t.Fatalf("inlinetest: go %s: %v\n%s", strings.Join(cmd.Args[1:], " "), err, out)
	}
	inlined := make(map[string]bool)
	for _, m := range canInline.FindAllStringSubmatch(string(out), -1) {
		inlined[m[1]] = true
	}
	for _, f := range funcs {
		if !inlined[f] {
			t.Errorf("%s: %s is not inlinable (go build -gcflags=-m %s does not report it)", pkg, f, pkg)
		}
	}
}

// buildTags returns the -tags the test binary was built with, so that the
// package is checked in the build that runs (noasm, for one).
func buildTags() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	for _, s := range info.Settings {
		if s.Key == "-tags" {
			return s.Value
		}
	}
	return ""
}
