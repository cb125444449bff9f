package api

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// encodeSetASCII lists, for each set, the printable ASCII and DEL bytes in
// it, transcribed from the standard's definitions (the C0 controls are in
// every set). Each line adds the standard's additions to the set it is
// built on.
var encodeSetASCII = func() map[EncodeSet]string {
	c0 := "\x7f"
	fragment := c0 + " \"<>`"
	query := c0 + " \"#<>"
	specialQuery := query + "'"
	path := query + "?^`{}"
	userinfo := path + "/:;=@[\\]|"
	component := userinfo + "$%&+,"
	form := component + "!'()~"
	return map[EncodeSet]string{
		C0Control: c0, Fragment: fragment, Query: query, SpecialQuery: specialQuery,
		Path: path, Userinfo: userinfo, Component: component, FormURLEncoded: form,
	}
}()

func TestEncodeSetMembership(t *testing.T) {
	for set, extra := range encodeSetASCII {
		for c := rune(0); c < 0x80; c++ {
			want := c < 0x20 || strings.ContainsRune(extra, c)
			if got := set.Contains(c); got != want {
				t.Errorf("%v.Contains(%q) = %v, want %v", set, c, got, want)
			}
			enc := PercentEncode(string(c), set)
			wantEnc := string(c)
			if want {
				wantEnc = fmt.Sprintf("%%%02X", c)
			}
			if enc != wantEnc {
				t.Errorf("PercentEncode(%q, %v) = %q, want %q", c, set, enc, wantEnc)
			}
		}
		for _, r := range []rune{0x80, 0xFF, 0x7FF, 0xFFFF, 0x10FFFF} {
			if !set.Contains(r) {
				t.Errorf("%v.Contains(%U) = false", set, r)
			}
		}
	}
}

// encodeURIComponent is ECMA-262's encodeURIComponent for a string without
// lone surrogates: Encode(string, extraUnescaped ""), which leaves the
// uriUnreserved code points (uriAlpha, DecimalDigit, uriMark) as they are
// and writes every UTF-8 byte of the others as "%" and two upper-case hex
// digits.
func encodeURIComponent(s string) string {
	const uriUnreserved = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789" + "-_.!~*'()"
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(uriUnreserved, r) {
			b.WriteRune(r)
			continue
		}
		var buf [4]byte
		for _, c := range buf[:utf8.EncodeRune(buf[:], r)] {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

func TestComponentIsEncodeURIComponent(t *testing.T) {
	var all strings.Builder
	for c := rune(0); c < 0x80; c++ {
		all.WriteRune(c)
	}
	inputs := []string{all.String(), "é", "☕", "\U0001F600", "\uFEFF", "\uE000", "\u0080", "a b+c&d=e/f?g#h%i", ""}
	for _, in := range inputs {
		if got, want := PercentEncode(in, Component), encodeURIComponent(in); got != want {
			t.Errorf("PercentEncode(%q, Component) = %q, encodeURIComponent gives %q", in, got, want)
		}
	}
}

func TestPercentEncode(t *testing.T) {
	tests := []struct {
		in   string
		set  EncodeSet
		want string
	}{
		{"", Path, ""},
		{"plain", Path, "plain"},
		{"a b", FormURLEncoded, "a%20b"},
		{"a b?c#d", Path, "a%20b%3Fc%23d"},
		{"a b?c#d", Query, "a%20b?c%23d"},
		{"a'b", Query, "a'b"},
		{"a'b", SpecialQuery, "a%27b"},
		{"`", Fragment, "%60"},
		{"`", Query, "`"},
		{"é", C0Control, "%C3%A9"},
		{"%41", Path, "%41"},
		{"%41", Component, "%2541"},
		// Invalid UTF-8: each maximal subpart is U+FFFD.
		{"a\xE2\x82b\xff", Path, "a%EF%BF%BDb%EF%BF%BD"},
	}
	for _, tc := range tests {
		if got := PercentEncode(tc.in, tc.set); got != tc.want {
			t.Errorf("PercentEncode(%q, %v) = %q, want %q", tc.in, tc.set, got, tc.want)
		}
		if got := string(AppendPercentEncode([]byte("x"), tc.in, tc.set)); got != "x"+tc.want {
			t.Errorf("AppendPercentEncode(%q, %v) = %q, want %q", tc.in, tc.set, got, "x"+tc.want)
		}
	}
}

func TestPercentDecode(t *testing.T) {
	tests := []struct {
		in      string
		bytes   string
		decoded string
	}{
		{"", "", ""},
		{"abc", "abc", "abc"},
		{"%41%42", "AB", "AB"},
		{"%4a%4A", "JJ", "JJ"},
		{"%", "%", "%"},
		{"%4", "%4", "%4"},
		{"%%41", "%A", "%A"},
		{"%G1%1G", "%G1%1G", "%G1%1G"},
		{"%2541", "%41", "%41"},
		{"+", "+", "+"},
		{"%C3%A9", "\xC3\xA9", "é"},
		{"%E2%82", "\xE2\x82", "\uFFFD"},
		{"%FF%FE", "\xFF\xFE", "\uFFFD\uFFFD"},
		{"\xff", "\xff", "\uFFFD"},
	}
	for _, tc := range tests {
		if got := string(PercentDecode(tc.in)); got != tc.bytes {
			t.Errorf("PercentDecode(%q) = %q, want %q", tc.in, got, tc.bytes)
		}
		if got := PercentDecodeString(tc.in); got != tc.decoded {
			t.Errorf("PercentDecodeString(%q) = %q, want %q", tc.in, got, tc.decoded)
		}
	}
}

func TestEncodeSetString(t *testing.T) {
	if got := SpecialQuery.String(); got != "special-query" {
		t.Errorf("SpecialQuery.String() = %q", got)
	}
	if got := EncodeSet(99).String(); got != "EncodeSet(99)" {
		t.Errorf("EncodeSet(99).String() = %q", got)
	}
}
