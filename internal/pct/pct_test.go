package pct

import (
	"strings"
	"testing"
)

// TestEncodeSets checks each percent-encode set against the standard's
// wording, code point by code point over ASCII (every set holds all bytes
// >= 0x80).
func TestEncodeSets(t *testing.T) {
	c0 := func(c byte) bool { return c <= 0x1f || c > 0x7e }
	fragment := func(c byte) bool { return c0(c) || strings.IndexByte(" \"<>`", c) >= 0 }
	query := func(c byte) bool { return c0(c) || strings.IndexByte(" \"#<>", c) >= 0 }
	specialQuery := func(c byte) bool { return query(c) || c == '\'' }
	path := func(c byte) bool { return query(c) || strings.IndexByte("?^`{}", c) >= 0 }
	userinfo := func(c byte) bool { return path(c) || strings.IndexByte("/:;=@[\\]|", c) >= 0 }
	component := func(c byte) bool { return userinfo(c) || strings.IndexByte("$%&+,", c) >= 0 }
	form := func(c byte) bool {
		alnum := c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		return !(alnum || c == '*' || c == '-' || c == '.' || c == '_')
	}
	for _, tc := range []struct {
		name string
		set  *Set
		want func(byte) bool
	}{
		{"C0 control", &C0ControlSet, c0},
		{"fragment", &FragmentSet, fragment},
		{"query", &QuerySet, query},
		{"special-query", &SpecialQuerySet, specialQuery},
		{"path", &PathSet, path},
		{"userinfo", &UserinfoSet, userinfo},
		{"component", &ComponentSet, component},
		{"application/x-www-form-urlencoded", &FormURLEncodedSet, form},
	} {
		for c := 0; c < 256; c++ {
			if got := tc.set.Contains(byte(c)); got != tc.want(byte(c)) {
				t.Errorf("%s set: Contains(%#x) = %v", tc.name, c, got)
			}
		}
	}
}

// TestAppendAll: every byte becomes its "%XX", appended after
// what dst holds, whatever dst's spare capacity; dst's bytes are kept.
func TestAppendAll(t *testing.T) {
	for _, tc := range []struct{ dst, s, want string }{
		{"", "", ""},
		{"P", "", "P"},
		{"", "\xc3\xa9", "%C3%A9"},
		{"/a", "\xe4\xb8\xad\xff\x80", "/a%E4%B8%AD%FF%80"},
		{"", "a\x00 ", "%61%00%20"},
	} {
		for spare := range 8 {
			dst := append(make([]byte, 0, len(tc.dst)+spare), tc.dst...)
			if got := AppendAll(dst, tc.s); string(got) != tc.want {
				t.Errorf("AppendAll(%q (cap +%d), %q) = %q, want %q", tc.dst, spare, tc.s, got, tc.want)
			}
		}
	}
	var all []byte
	for c := range 256 {
		all = append(all, byte(c))
	}
	var want []byte
	for _, c := range all {
		want = AppendByte(want, c)
	}
	if got := AppendAll(nil, string(all)); string(got) != string(want) {
		t.Errorf("AppendAll of every byte = %q, want %q", got, want)
	}
}

// TestNonASCIIEnd: the end of the run of non-ASCII bytes from every start,
// with the first ASCII byte at every position (or none), for string and
// []byte, against a loop over every byte: the eight-byte steps and the
// tail agree.
func TestNonASCIIEnd(t *testing.T) {
	for n := range 40 {
		for stop := 0; stop <= n; stop++ {
			b := []byte(strings.Repeat("\x80\xff\xd0", n)[:n])
			if stop < n {
				b[stop] = 'a' + byte(stop%3)*0x3f // 'a', 0xA0 or 0xDF: only 'a' is ASCII
			}
			for i := 0; i <= n; i++ {
				want := i
				for want < n && b[want] >= 0x80 {
					want++
				}
				if got := NonASCIIEnd(string(b), i); got != want {
					t.Fatalf("NonASCIIEnd(%q, %d) = %d, want %d", b, i, got, want)
				}
				if got := NonASCIIEnd(b, i); got != want {
					t.Fatalf("NonASCIIEnd([]byte(%q), %d) = %d, want %d", b, i, got, want)
				}
			}
		}
	}
}

func TestPercentDecode(t *testing.T) {
	// The standard's examples.
	if got := string(AppendDecoded(nil, []byte("%25%s%1G"))); got != "%%s%1G" {
		t.Errorf("got %q", got)
	}
	if got := AppendDecoded(nil, []byte("‽%25%2E")); string(got) != "\xe2\x80\xbd%." {
		t.Errorf("got %q", got)
	}
	for in, want := range map[string]string{"%": "%", "%4": "%4", "%41": "A", "a%2f%2Fb": "a//b", "%%41": "%A"} {
		if got := string(AppendDecoded(nil, []byte(in))); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
	if got := string(AppendByte(nil, 0x23)) + string(AppendByte(nil, 0x7f)); got != "%23%7F" {
		t.Errorf("percent-encode: %q", got)
	}
}
