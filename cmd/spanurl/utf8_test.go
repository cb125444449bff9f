package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestValidateInvalidUTF8 runs -validate on URLs and on an access log
// (raw bytes and nginx's \xHH escapes) whose text holds bytes that are not
// UTF-8: each such line is "invalid" with an invalid-utf8 error at the
// offset of the first such byte in its input (the URL, or the decoded
// request target), though it parses; its href keeps the target's bytes.
func TestValidateInvalidUTF8(t *testing.T) {
	for _, tt := range []struct {
		name, input string
		args        []string
	}{
		{"utf8-validate", "utf8.txt", []string{"-validate", "-fields", "status,errors,href,input", "-base", "https://example.com/"}},
		{"utf8-validate-json", "utf8.txt", []string{"-validate", "-json", "-fields", "status,errors,href"}},
		{"utf8-log-validate", "utf8.log", []string{"-format", "combined", "-host", "example.com", "-validate", "-fields", "status,errors,href"}},
		{"utf8-log-validate-json", "utf8.log", []string{"-format", "combined", "-host", "example.com", "-validate", "-json", "-fields", "status,errors,href"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			input, err := os.ReadFile(filepath.Join("testdata", tt.input))
			if err != nil {
				t.Fatal(err)
			}
			_, stdout, stderr := spanurl(t, string(input), tt.args...)
			if got, want := strings.Count(stdout, "\n"), strings.Count(string(input), "\n"); got != want {
				t.Errorf("%d output lines for %d input lines", got, want)
			}
			if !strings.Contains(stdout, "invalid-utf8") {
				t.Errorf("no invalid-utf8 in the output:\n%s", stdout)
			}
			checkGolden(t, tt.name+".golden", stdout)
			if stderr != "" {
				t.Errorf("stderr: %s", stderr)
			}
		})
	}
}
