package fast

import (
	"strings"
	"testing"
)

// tierOf tells which tier of the package's doc takes s as an absolute URL:
// 1 to 4, or 0 when ParseAbsolute declines it.
func tierOf(s string) int {
	if _, _, ok := ParseAbsolute(s, nil); !ok {
		return 0
	}
	switch {
	case quick(s):
		return 1
	case windowWay(s):
		return 2
	}
	if end, _ := scanScheme(s); specialScheme(s, end) != schemeOther {
		return 3
	}
	return 4
}

// TestTiers: each tier takes the shapes the package's doc gives it, and
// ParseAbsolute declines the shapes the doc says it declines.
func TestTiers(t *testing.T) {
	long := strings.Repeat("p", 100)
	for _, c := range []struct {
		s    string
		tier int
	}{
		{"https://example.com/a/b?c=d#e", 1},
		{"http://example.com", 1},
		{"https://example.com/" + long, 2},
		{"http://example.com/" + long + "?q#f", 2},
		{"https://example.com/" + strings.Repeat(long, 3), 3}, // past the window
		{"https://example.com/a b", 3},                        // a byte to encode
		{"https://example.com/" + long + "'", 3},              // an Extra byte
		{"https://" + strings.Repeat("h", 70) + ".com/", 3},   // the host ends past byte 63
		{"HTTPS://Example.COM/", 3},
		{"https://example.com:8080/", 3},
		{"https://example.com:443/", 3},
		{"https://example.com:/", 3},
		{"https://münchen.de/", 3},
		{"http://192.168.0.1/", 1},
		{"http://192.168.0.1/" + long, 2},
		{"http://192.168.0.1:8080/", 3},
		{"http://user:pass@example.com/", 3},
		{"ws://h/", 3},
		{"wss://h/", 3},
		{"ftp://h/", 3},
		{"https://h/a/./b/../c", 3},
		{"mailto:x@example.com", 4},
		{"javascript:f( 'x' )", 4},
		{"whatsapp://send?text=a b", 4},
		{"x://h/a/../b", 4},

		{"http://[::1]/", 0},          // IPv6
		{"http://0x7f.0.0.1/", 0},     // another IPv4 form
		{"http://1.2.3.04/", 0},       //
		{"http://1.2.3/", 0},          //
		{"http://ex%41mple.com/", 0},  // percent-encoding in the host
		{"http://ex<ample.com/", 0},   // a forbidden host code point
		{"http://h\\p", 0},            // a backslash
		{"http:\\\\h/", 0},            //
		{"http://h/a\\b", 0},          //
		{"http://h/a\tb", 0},          // a tab
		{"http://h/a\nb", 0},          // a newline
		{"http://h/a\x01b", 0},        // another C0 control
		{" http://h/", 0},             // a leading space
		{"http://h/ ", 0},             // a trailing one
		{"http://h/\xff", 0},          // invalid UTF-8
		{"http://u:p@H/", 0},          // credentials with a fix-up
		{"http://u:p@h", 0},           //
		{"http:/h/", 0},               // not exactly two slashes
		{"http:///h/", 0},             //
		{"file:///etc/hosts", 0},      // file:
		{"x:/p", 0},                   // "scheme:/path"
		{"x:///p", 0},                 // "scheme:///path"
		{"x://", 0},                   // an empty host
		{"x://u@h/", 0},               // a delimiter in an opaque host
		{"x://h:1/", 0},               //
		{"no scheme", 0},              //
		{"https://münchen.de/./a", 0}, // a Unicode host and a dot segment
	} {
		if got := tierOf(c.s); got != c.tier {
			t.Errorf("%q: tier %d, want %d (0: declined)", c.s, got, c.tier)
		}
	}
}
