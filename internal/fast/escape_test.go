package fast

import "testing"

func TestEscapable(t *testing.T) {
	for _, tc := range []struct {
		rest string
		want bool
	}{
		{"", true},
		{"/a b", true},
		{"/é?ü#ß", true},
		{"/\x7f", true},
		{" a", false},      // a reference's leading space is stripped
		{"/a ", false},     // a trailing space is stripped
		{"/a\tb", false},   // a tab is removed
		{"/a\x01b", false}, // a C0 control
		{"/\xff", false},   // invalid UTF-8 becomes U+FFFD
		{"/\xe2\x82", false},
	} {
		if got := escapable(tc.rest); got != tc.want {
			t.Errorf("escapable(%q) = %v, want %v", tc.rest, got, tc.want)
		}
	}
}

func TestAppendEscaped(t *testing.T) {
	for _, tc := range []struct {
		rest  string
		state escapeState
		want  string
		q, f  int // in the result, after the prefix "P"
	}{
		// The path set: space " < > ` { } ^ and non-ASCII; not ' or |.
		{"/a b\"<>`{}^'|", inPath, "P/a%20b%22%3C%3E%60%7B%7D%5E'|", -1, -1},
		{"/é", inPath, "P/%C3%A9", -1, -1},
		{"/\x7f", inPath, "P/%7F", -1, -1},
		// The special-query set: ' but not ` { } ^; a second '?' stays.
		{"/p?a b'`{}?", inPath, "P/p?a%20b%27`{}?", 3, -1},
		// The fragment set: ` but not '; a second '#' stays.
		{"/p#a b`'#?", inPath, "P/p#a%20b%60'#?", -1, 3},
		{"/p?q #f `", inPath, "P/p?q%20#f%20%60", 3, 8},
		{"?x y#z", inPath, "P?x%20y#z", 1, 7},
		{"?x y'#z`", inQuery, "P?x%20y%27#z%60", -1, 10},
		{"#x y'?`", inFragment, "P#x%20y'?%60", -1, -1},
	} {
		out, q, f := appendEscaped([]byte("P"), tc.rest, tc.state)
		if string(out) != tc.want || q != tc.q || f != tc.f {
			t.Errorf("appendEscaped(%q, %d) = %q, %d, %d; want %q, %d, %d", tc.rest, tc.state, out, q, f, tc.want, tc.q, tc.f)
		}
	}
}
