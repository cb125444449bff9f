package fast

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/spanurl/spanurl/internal/asm"
	"github.com/spanurl/spanurl/internal/pct"
)

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
		if _, got := escapable(scannerOf(tc.rest), 0); got != tc.want {
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
		out, q, f := appendEscaped([]byte("P"), scannerOf(tc.rest), 0, tc.state)
		if string(out) != tc.want || q != tc.q || f != tc.f {
			t.Errorf("appendEscaped(%q, %d) = %q, %d, %d; want %q, %d, %d", tc.rest, tc.state, out, q, f, tc.want, tc.q, tc.f)
		}
	}
}

// escapableBytes is escapable as a loop over every byte, the reference.
func escapableBytes(rest string) bool {
	if rest != "" && (rest[0] == ' ' || rest[len(rest)-1] == ' ') {
		return false
	}
	for i := 0; i < len(rest); i++ {
		if rest[i] < 0x20 {
			return false
		}
	}
	return utf8.ValidString(rest)
}

// appendEscapedBytes is appendEscaped as a loop over every byte: the
// reference that TestAppendEscapedRandom holds it to (the sets themselves
// are TestAppendEscaped's).
func appendEscapedBytes(dst []byte, rest string, state escapeState) (out []byte, query, fragment int) {
	query, fragment = -1, -1
	set, querySet := encodeSets(state)
	for i := 0; i < len(rest); i++ {
		c := rest[i]
		switch {
		case c == '#' && state != inFragment:
			state, set, fragment = inFragment, &pct.FragmentSet, len(dst)
		case c == '?' && (state == inPath || state == inOpaquePath || state == inNonSpecialPath):
			state, set, query = inQuery, querySet, len(dst)
		case c == ' ' && state == inOpaquePath && i+1 < len(rest) && (rest[i+1] == '?' || rest[i+1] == '#'):
			dst = append(dst, "%20"...)
			continue
		case set.Contains(c):
			dst = pct.AppendByte(dst, c)
			continue
		}
		dst = append(dst, c)
	}
	return dst, query, fragment
}

// TestEscapeClass: every byte of the percent-encode sets appendEscaped
// uses, and '?' and '#', is of classEscape, the only bytes it looks at;
// every C0 control and non-ASCII byte is of classBad, the only bytes
// escapable looks at.
func TestEscapeClass(t *testing.T) {
	sets := map[string]*pct.Set{"path": &pct.PathSet, "special-query": &pct.SpecialQuerySet,
		"query": &pct.QuerySet, "fragment": &pct.FragmentSet, "C0 control": &pct.C0ControlSet}
	for c := 0; c < 256; c++ {
		var b [1]asm.Block
		asm.Classify(b[:], string([]byte{byte(c)}))
		in := pick(&b[0], classEscape)&1 != 0
		for name, set := range sets {
			if set.Contains(byte(c)) && !in {
				t.Errorf("%#x is in the %s percent-encode set but not of classEscape", c, name)
			}
		}
		if (c == '?' || c == '#' || c == ' ') && !in {
			t.Errorf("%q is not of classEscape", rune(c))
		}
		if (c < 0x20 || c >= 0x80) && pick(&b[0], classBad)&1 == 0 {
			t.Errorf("%#x is not of classBad, the bytes escapable looks at", c)
		}
	}
}

// TestAppendEscapedRandom: appendEscaped and escapable, which visit only
// the bytes of classEscape and classBad and take runs of non-ASCII bytes
// whole, do what the loops over every byte do, on strings of up to 700
// bytes (past the scanner's window) in every state. Some runs of non-ASCII
// bytes are long (words of up to 200 bytes, valid UTF-8 or not), so that
// they cross blocks and the window and end the string.
func TestAppendEscapedRandom(t *testing.T) {
	const alphabet = "ab/?#  \"<>`{}^'|%\x7fé\x01\t\x1f\xff\xe2\x82"
	words := []string{"ж", "中", "é", "\U0001F600", "\xff", "\xe2\x82"}
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		var b strings.Builder
		n := r.IntN(700)
		for b.Len() < n {
			if r.IntN(24) == 0 {
				w := words[r.IntN(len(words))]
				if r.IntN(4) != 0 {
					w = words[r.IntN(3)] // most runs valid UTF-8, as escapable then lets them through
				}
				for range 1 + r.IntN(200/len(w)) {
					b.WriteString(w)
				}
			} else if r.IntN(8) == 0 {
				b.WriteByte(alphabet[r.IntN(len(alphabet))])
			} else {
				b.WriteByte('a' + byte(r.IntN(26)))
			}
		}
		s := b.String()
		from := 0
		if len(s) > 0 {
			from = r.IntN(len(s))
		}
		state := escapeState(r.IntN(int(inNonSpecialPath) + 1))
		growth, ok := escapable(scannerOf(s), from)
		if want := escapableBytes(s[from:]); ok != want {
			t.Fatalf("escapable(%q[%d:]) = %v, want %v", s, from, ok, want)
		}
		got, q, f := appendEscaped([]byte("P"), scannerOf(s), from, state)
		want, wq, wf := appendEscapedBytes([]byte("P"), s[from:], state)
		if string(got) != string(want) || q != wq || f != wf {
			t.Fatalf("appendEscaped(%q[%d:], %d) = %q %d %d, want %q %d %d", s, from, state, got, q, f, want, wq, wf)
		}
		if !ok {
			continue
		}
		// The growth is two bytes for each byte of a class appendEscaped
		// may encode, and bounds what it adds.
		if w := 2 * encodable(s[from:]); growth != w {
			t.Fatalf("escapable(%q[%d:]) growth %d, want %d", s, from, growth, w)
		}
		if added := len(got) - 1 - len(s[from:]); added > growth {
			t.Fatalf("appendEscaped(%q[%d:], %d) added %d bytes, escapable's growth is %d", s, from, state, added, growth)
		}
	}
}

// encodable counts the bytes of s that a percent-encode set of
// appendEscaped may hold: controls, space, '"', '<', '>', DEL and non-ASCII
// bytes (Bad), and the backtick, braces, apostrophe, caret and pipe
// (Extra), written out rather than taken from the kernels' classes.
func encodable(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c >= 0x7f || strings.IndexByte("\"<>`{}'^|", c) >= 0 {
			n++
		}
	}
	return n
}
