package span_test

import (
	"strings"
	"testing"

	"github.com/spanurl/spanurl/span"
)

// TestFastCredentials: the fast path takes a special URL's credentials when
// the input already is their serialization, with the slow path's result
// (compareFast), and declines every form the serializer would change or the
// host parser would see differently.
func TestFastCredentials(t *testing.T) {
	long := strings.Repeat("u", 70) // credentials across the first block
	base := mustParse(t, "https://example.org/dir/")
	for _, tc := range []struct {
		input      string
		accept     bool
		user, pass string
	}{
		{"http://user:pass@example.com/", true, "user", "pass"},
		{"https://user@example.com:8443/p?q#f", true, "user", ""},
		{"http://:pass@example.com/", true, "", "pass"},
		{"ws://Us.er-_~!$&'()*+,:P4ss@h/", true, "Us.er-_~!$&'()*+,", "P4ss"},
		{"http://" + long + ":" + long + "@" + long + ".com/" + long, true, long, long},
		{"http://u@1.2.3.4/", true, "u", ""},
		{"http://u:p@h", false, "", ""},                  // no path: the serializer adds "/"
		{"http://u:p@H/", false, "", ""},                 // uppercase host
		{"HTTP://u:p@h/", false, "", ""},                 // uppercase scheme
		{"http://u:p@h:80/", false, "", ""},              // default port
		{"http://u:p@h/a b", false, "", ""},              // a space to encode
		{"http://u:p@h/./a", false, "", ""},              // a dot segment
		{"http://@h/", false, "", ""},                    // empty credentials: "@" dropped
		{"http://u:@h/", false, "", ""},                  // empty password: ":" dropped
		{"http://:@h/", false, "", ""},                   //
		{"http://u:p:q@h/", false, "", ""},               // a second ":" is encoded
		{"http://u;v@h/", false, "", ""},                 // userinfo set
		{"http://u=v@h/", false, "", ""},                 //
		{"http://u|v@h/", false, "", ""},                 //
		{"http://u%41@h/", false, "", ""},                // "%": kept, but the fast path leaves it
		{"http://a@b@h/", false, "", ""},                 // a second "@": the first is encoded
		{"http://u@/", false, "", ""},                    // no host: failure
		{"http://u@h:x/", false, "", ""},                 // a bad port: failure
		{"http://u\\v@h/", false, "", ""},                // "\" ends the authority
		{"http://u v@h/", false, "", ""},                 // a space
		{"http://u@h@/", false, "", ""},                  //
		{"http://u:p@[::1]/", false, "", ""},             // IPv6 goes to the slow path anyway
		{"http://u:p@xn--nxasmq6b.com/", true, "u", "p"}, // an ASCII host that is already punycode
	} {
		accepted := compareFast(t, tc.input, nil)
		if accepted != tc.accept {
			t.Errorf("fast path on %q: accepted %v, want %v", tc.input, accepted, tc.accept)
			continue
		}
		u, err := span.Parse(tc.input)
		if accepted && (err != nil || u.Href() != tc.input || u.Username() != tc.user || u.Password() != tc.pass) {
			t.Errorf("Parse(%q) = %q (user %q, password %q), %v; want itself (%q, %q)", tc.input, u.Href(), u.Username(), u.Password(), err, tc.user, tc.pass)
		}
		sameWithErrors(t, tc.input, span.URL{}, u, err)
		ref := strings.TrimPrefix(tc.input, "http:")
		if ref != tc.input {
			compareFast(t, ref, &base)
		}
	}
}

// BenchmarkParseCredentials parses a URL with credentials in their
// serialized form (which the fast path accepts) beside the same URL
// without them.
func BenchmarkParseCredentials(b *testing.B) {
	benchParseEach(b, []struct{ name, input string }{
		{"with", "https://user:pass@example.com/path?q"},
		{"without", "https://example.com/path?q"},
	})
}
