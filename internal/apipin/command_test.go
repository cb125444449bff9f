package apipin

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestRegenerateCommand: the command in the package doc that regenerates
// the pins names every package that has a pin in testdata/api at the
// module root, and no other.
func TestRegenerateCommand(t *testing.T) {
	src, err := os.ReadFile("apipin.go")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^//\tUPDATE_API=1 go test -run TestAPI (.*)$`).FindSubmatch(src)
	if m == nil {
		t.Fatal("apipin.go's doc has no UPDATE_API=1 command")
	}
	listed := map[string]bool{}
	for _, p := range strings.Fields(string(m[1])) {
		listed[strings.TrimPrefix(p, "./")] = true
	}
	pins, err := filepath.Glob("../../testdata/api/*.txt")
	if err != nil || len(pins) == 0 {
		t.Fatalf("no pins in testdata/api (%v)", err)
	}
	for _, pin := range pins {
		pkg := strings.TrimSuffix(filepath.Base(pin), ".txt")
		if !listed[pkg] {
			t.Errorf("the command does not regenerate %s's pin", pkg)
		}
		delete(listed, pkg)
	}
	for pkg := range listed {
		t.Errorf("the command names %s, which has no pin", pkg)
	}
}
