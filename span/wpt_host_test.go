package span_test

import (
	"testing"

	"github.com/spanurl/spanurl/internal/testvectors"
	"github.com/spanurl/spanurl/span"
)

type toASCIITest struct {
	Comment string  `json:"comment"`
	Input   string  `json:"input"`
	Output  *string `json:"output"`
}

// checkHostThroughURL runs a toascii-style case the way WPT's toascii.window.js
// does: parse "https://" + input + "/x" and compare host, hostname, pathname
// and href, or expect failure.
func checkHostThroughURL(t *testing.T, file string, tc toASCIITest) bool {
	t.Helper()
	u, err := span.Parse("https://" + tc.Input + "/x")
	if tc.Output == nil {
		if err == nil {
			t.Errorf("%s: %q: got host %q, want failure (%s)", file, tc.Input, u.Host(), tc.Comment)
			return false
		}
		return true
	}
	if err != nil {
		t.Errorf("%s: %q: failed (%v), want %q (%s)", file, tc.Input, err, *tc.Output, tc.Comment)
		return false
	}
	want := *tc.Output
	if u.Host() != want || u.Hostname() != want || u.Pathname() != "/x" || u.Href() != "https://"+want+"/x" {
		t.Errorf("%s: %q: got host %q hostname %q pathname %q href %q, want %q (%s)",
			file, tc.Input, u.Host(), u.Hostname(), u.Pathname(), u.Href(), want, tc.Comment)
		return false
	}
	return true
}

func TestWPTToASCII(t *testing.T) {
	tests := testvectors.LoadJSON[toASCIITest](t, "toascii.json")
	pass := 0
	for _, tc := range tests {
		if checkHostThroughURL(t, "toascii.json", tc) {
			pass++
		}
	}
	t.Logf("toascii.json: %d/%d", pass, len(tests))
}

func TestWPTIdnaTestV2(t *testing.T) {
	tests := testvectors.LoadJSON[toASCIITest](t, "IdnaTestV2.json")
	pass, total := 0, 0
	for _, tc := range tests {
		if tc.Input == "" {
			continue // WPT skips the empty input: "https:///x" is another test
		}
		total++
		if checkHostThroughURL(t, "IdnaTestV2.json", tc) {
			pass++
		}
	}
	t.Logf("IdnaTestV2.json: %d/%d", pass, total)
}

type percentEncodingTest struct {
	Input  string            `json:"input"`
	Output map[string]string `json:"output"`
}

// TestWPTPercentEncoding parses "https://doesnotmatter.invalid/?INPUT#INPUT"
// in each encoding, as percent-encoding.window.js does with documents in
// those encodings: the query follows the encoding, the fragment is always
// UTF-8.
func TestWPTPercentEncoding(t *testing.T) {
	tests := testvectors.LoadJSON[percentEncodingTest](t, "percent-encoding.json")
	pass := 0
	for _, tc := range tests {
		ok := true
		for label, want := range tc.Output {
			u, err := span.ParseWithEncoding("https://doesnotmatter.invalid/?"+tc.Input+"#"+tc.Input, span.URL{}, label)
			if err != nil {
				t.Errorf("%q in %s: %v", tc.Input, label, err)
				ok = false
				continue
			}
			if q, _ := u.Query(); q != want {
				t.Errorf("%q in %s: query %q, want %q", tc.Input, label, q, want)
				ok = false
			}
			if f, _ := u.Fragment(); f != tc.Output["utf-8"] {
				t.Errorf("%q in %s: fragment %q, want %q", tc.Input, label, f, tc.Output["utf-8"])
				ok = false
			}
		}
		if ok {
			pass++
		}
	}
	t.Logf("percent-encoding.json: %d/%d", pass, len(tests))
}
