package form

import (
	"strings"
	"testing"
	"unsafe"
)

func TestDecodeComponent(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"abc", "abc"},
		{"a+b", "a b"},
		{"++", "  "},
		{"%20", " "},
		{"a%2Bb", "a+b"}, // an encoded "+" stays a "+"
		{"%41%42", "AB"},
		{"%4a%4A", "JJ"},
		{"%", "%"},
		{"a%4", "a%4"},   // too short to be an escape
		{"%zz", "%zz"},   // not hex
		{"%%41", "%A"},   // the first "%" is itself
		{"%2", "%2"},     // at the end
		{"100%", "100%"}, // a trailing "%"
		{"%E2%82%AC", "€"},
		{"%FF", "\uFFFD"},    // a decoded byte that is not UTF-8
		{"%E2%82", "\uFFFD"}, // a truncated sequence is one U+FFFD
		{"%C3+%A9", "\uFFFD \uFFFD"},
		{"\xff", "\uFFFD"}, // invalid input without + or %
		{"é+x", "é x"},
	} {
		got, _ := DecodeComponent(c.in, nil)
		if got != c.want {
			t.Errorf("DecodeComponent(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestDecodeComponentNoCopy: a component with nothing to decode is the
// input itself, and the scratch buffer is reused.
func TestDecodeComponentNoCopy(t *testing.T) {
	in := strings.Repeat("name", 4)
	got, _ := DecodeComponent(in, nil)
	if unsafe.StringData(got) != unsafe.StringData(in) {
		t.Error("a component with nothing to decode was copied")
	}
	scratch := make([]byte, 0, 64)
	_, out := DecodeComponent("a+b%20c", scratch)
	if unsafe.SliceData(out) != unsafe.SliceData(scratch) || string(out) != "a b c" {
		t.Errorf("scratch not reused: %q", out)
	}
}

// TestDecodeUTF8WithoutBOM: the Encoding Standard's UTF-8 decoder gives
// one U+FFFD per maximal subpart of an ill-formed sequence.
func TestDecodeUTF8WithoutBOM(t *testing.T) {
	const r = "\uFFFD"
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"abc", "abc"},
		{"\uFEFFa", "\uFEFFa"}, // "without BOM" keeps a leading U+FEFF
		{"a\u20acb", "a\u20acb"},
		{"\x80", r},
		{"\xC0\xAF", r + r},                 // overlong: C0 is no lead byte
		{"\xE2\x82", r},                     // truncated at the end
		{"\xE2\x82a", r + "a"},              // truncated before ASCII, which is kept
		{"\xE0\x80\x80", r + r + r},         // E0 needs A0-BF next
		{"\xED\xA0\x80", r + r + r},         // a surrogate: ED needs 80-9F next
		{"\xF0\x80\x80", r + r + r},         // F0 needs 90-BF next
		{"\xF4\x90\x80\x80", r + r + r + r}, // above U+10FFFF
		{"\xF0\x9F\x98", r},                 // a truncated 4-byte sequence
		{"\xF0\x9F\x98\x80", "\U0001F600"},
		{"\xF5\x80", r + r},
		{"a\xFFb\xFEc", "a" + r + "b" + r + "c"},
	} {
		if got := DecodeUTF8WithoutBOM([]byte(c.in)); got != c.want {
			t.Errorf("DecodeUTF8WithoutBOM(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestUSVString(t *testing.T) {
	valid := "ok ü"
	if got := USVString(valid); unsafe.StringData(got) != unsafe.StringData(valid) {
		t.Error("a valid string was copied")
	}
	if got, want := USVString("a\xE2\x82b"), "a\uFFFDb"; got != want {
		t.Errorf("USVString = %q, want %q", got, want)
	}
}
