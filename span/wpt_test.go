package span_test

import (
	"testing"

	"github.com/spanurl/spanurl/internal/offsets"
	"github.com/spanurl/spanurl/internal/testvectors"
	"github.com/spanurl/spanurl/span"
)

// parseAgainst runs new URL(input, base) semantics: a base that fails to
// parse is a failure.
func parseAgainst(input string, base *string) (span.URL, error) {
	if base == nil {
		return span.Parse(input)
	}
	b, err := span.Parse(*base)
	if err != nil {
		return span.URL{}, err
	}
	return b.Parse(input)
}

func TestWPTURLTestData(t *testing.T) {
	for _, file := range []string{"urltestdata.json", "urltestdata-javascript-only.json"} {
		tests := testvectors.LoadJSON[testvectors.URLTest](t, file)
		pass := 0
		for _, tc := range tests {
			if checkURLTest(t, file, tc) {
				pass++
			}
		}
		t.Logf("%s: %d/%d", file, pass, len(tests))
	}
}

func checkURLTest(t *testing.T, file string, tc testvectors.URLTest) bool {
	t.Helper()
	u, err := parseAgainst(tc.Input, tc.Base)
	base := "<nil>"
	if tc.Base != nil {
		base = *tc.Base
	}
	if tc.Failure {
		if err == nil {
			t.Errorf("%s: Parse(%q, %q) = %q, want failure", file, tc.Input, base, u.Href())
			return false
		}
		return true
	}
	if err != nil {
		t.Errorf("%s: Parse(%q, %q) failed: %v; want %q", file, tc.Input, base, err, tc.Href)
		return false
	}
	ok := true
	check := func(name, got, want string) {
		if got != want {
			t.Errorf("%s: Parse(%q, %q).%s = %q, want %q", file, tc.Input, base, name, got, want)
			ok = false
		}
	}
	check("href", u.Href(), tc.Href)
	if tc.Origin != nil {
		check("origin", u.Origin(), *tc.Origin)
	}
	check("protocol", u.Protocol(), tc.Protocol)
	check("username", u.Username(), tc.Username)
	check("password", u.Password(), tc.Password)
	check("host", u.Host(), tc.Host)
	check("hostname", u.Hostname(), tc.Hostname)
	check("port", u.Port(), tc.Port)
	check("pathname", u.Pathname(), tc.Pathname)
	check("search", u.Search(), tc.Search)
	check("hash", u.Hash(), tc.Hash)
	if msg := offsets.Check(u.Offsets(), u.Href()); msg != "" {
		t.Errorf("%s: Parse(%q, %q): offsets inconsistent: %s", file, tc.Input, base, msg)
		ok = false
	}
	// Idempotence: the serialization parses to the same URL.
	if again, err := span.Parse(u.Href()); err != nil || again != u {
		t.Errorf("%s: reparsing %q gave %q, %v", file, u.Href(), again.Href(), err)
		ok = false
	}
	return ok
}
