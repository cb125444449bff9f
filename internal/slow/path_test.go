package slow

import (
	"encoding/json"
	"os"
	"testing"
)

// TestStartsWithWindowsDriveLetterExamples: the standard's examples, and
// the third byte that ends a drive letter.
func TestStartsWithWindowsDriveLetterExamples(t *testing.T) {
	data, err := os.ReadFile("../../testdata/spec-examples.json")
	if err != nil {
		t.Fatal(err)
	}
	var ex struct {
		StartsWithWindowsDriveLetter []struct {
			Input  string `json:"input"`
			Output bool   `json:"output"`
		} `json:"starts_with_windows_drive_letter"`
	}
	if err := json.Unmarshal(data, &ex); err != nil {
		t.Fatal(err)
	}
	for _, tc := range ex.StartsWithWindowsDriveLetter {
		if got := startsWithWindowsDriveLetter([]byte(tc.Input)); got != tc.Output {
			t.Errorf("%q: %v, want %v", tc.Input, got, tc.Output)
		}
	}
	for _, s := range []string{"C|", "c:\\", "z:?", "a:#"} {
		if !startsWithWindowsDriveLetter([]byte(s)) {
			t.Errorf("%q should start with a Windows drive letter", s)
		}
	}
	for _, s := range []string{"", "c", "1:", "::", "cc:"} {
		if startsWithWindowsDriveLetter([]byte(s)) {
			t.Errorf("%q should not start with a Windows drive letter", s)
		}
	}
}
