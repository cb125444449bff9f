package api

import (
	"errors"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/internal/testvectors"
	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

func TestDomainToASCII(t *testing.T) {
	tests := []struct {
		in     string
		strict bool
		want   string
		err    error
	}{
		{"example.com", false, "example.com", nil},
		{"EXAMPLE.com", false, "example.com", nil},
		{"☕.example", false, "xn--53h.example", nil},
		{"☕.example", true, "xn--53h.example", nil},
		{"Bücher.example", false, "xn--bcher-kva.example", nil},
		{"faß.de", false, "xn--fa-hia.de", nil}, // nontransitional
		{"a_b.example", false, "a_b.example", nil},
		{"a_b.example", true, "", record.DomainToASCII}, // UseSTD3ASCIIRules
		{"", false, "", record.DomainToASCII},
		{"a b", false, "", record.DomainInvalidCodePoint},
		{"a%b", false, "", record.DomainInvalidCodePoint},
		{"a\u00ADb", false, "ab", nil}, // soft hyphen is mapped out
		{"\u00AD", false, "", record.DomainToASCII},
		{"xn--a.com", true, "", record.DomainToASCII},
	}
	for _, tc := range tests {
		got, err := DomainToASCII(tc.in, tc.strict)
		if got != tc.want || !errors.Is(err, tc.err) || (tc.err == nil) != (err == nil) {
			t.Errorf("DomainToASCII(%q, %v) = %q, %v, want %q, %v", tc.in, tc.strict, got, err, tc.want, tc.err)
		}
	}
	for _, ex := range loadSpecExamplesAPI(t).DomainToASCII {
		got, err := DomainToASCII(ex.Domain, ex.BeStrict)
		if ex.Output == nil && err == nil || ex.Output != nil && (err != nil || got != *ex.Output) {
			t.Errorf("spec example: DomainToASCII(%q, %v) = %q, %v, want %v", ex.Domain, ex.BeStrict, got, err, ex.Output)
		}
	}
}

func TestDomainToUnicode(t *testing.T) {
	tests := []struct {
		in, want string
		err      bool
	}{
		{"example.com", "example.com", false},
		{"EXAMPLE.com", "example.com", false},
		{"xn--53h.example", "☕.example", false},
		{"xn--bcher-kva.example", "bücher.example", false},
		{"Bücher.example", "bücher.example", false},
		{"xn--zz.com", "xn--zz.com", true}, // invalid Punycode is kept, with an error
	}
	for _, tc := range tests {
		got, err := DomainToUnicode(tc.in)
		if got != tc.want || (err != nil) != tc.err {
			t.Errorf("DomainToUnicode(%q) = %q, %v, want %q (error %v)", tc.in, got, err, tc.want, tc.err)
		}
		if err != nil && !errors.Is(err, record.DomainToUnicode) {
			t.Errorf("DomainToUnicode(%q): error %v is not record.DomainToUnicode", tc.in, err)
		}
	}
}

func TestLegacyDomainTo(t *testing.T) {
	tests := []struct{ in, ascii, unicode string }{
		{"", "", ""},
		{"example.com", "example.com", "example.com"},
		{"Example.COM.", "example.com.", "example.com."},
		{"☕.example", "xn--53h.example", "☕.example"},
		{"xn--53h.example", "xn--53h.example", "☕.example"},
		{"exa%6Dple.com", "example.com", "example.com"},
		{"%E2%98%95.example", "xn--53h.example", "☕.example"},
		// IP addresses are returned serialized.
		{"0x7f.1", "127.0.0.1", "127.0.0.1"},
		{"1.2.3.4.", "1.2.3.4", "1.2.3.4"},
		{"[0::1]", "[::1]", "[::1]"},
		{"[::1.2.3.4]", "[::102:304]", "[::102:304]"},
		// Failures are "".
		{"1.2.3.4.5", "", ""},
		{"0x100000000", "", ""},
		{"[::1", "", ""},
		{"[::1]x", "", ""},
		{"[::g]", "", ""},
		{"[%3A%3A1]", "", ""},
		{"a b", "", ""},
		{"a/b", "", ""},
		{"a%2Fb", "", ""},
		{"a:80", "", ""},
		{"user@host", "", ""},
		{"a?b", "", ""},
		{"a#b", "", ""},
		{"a\\b", "", ""},
		{"\texample.com", "", ""},
		{"exam\nple.com", "", ""},
		{" example.com", "", ""},
		{"example.com\x00", "", ""},
		{"\xffexample.com", "", ""},
		{"%zz", "", ""},
		{"xn--a.com", "xn--a.com", "xn--a.com"},
		// "<" and ">" reach domain to ASCII, where U+0338 composes with them.
		{"<\u0338", "xn--gdh", "≮"},
		{"a<b", "", ""},
	}
	for _, tc := range tests {
		if got := LegacyDomainToASCII(tc.in); got != tc.ascii {
			t.Errorf("LegacyDomainToASCII(%q) = %q, want %q", tc.in, got, tc.ascii)
		}
		if got := LegacyDomainToUnicode(tc.in); got != tc.unicode && !(tc.in == "xn--a.com") {
			t.Errorf("LegacyDomainToUnicode(%q) = %q, want %q", tc.in, got, tc.unicode)
		}
	}
}

// TestRunHostParserPrecheck checks the premise of runHostParser's
// shortcut: the host parser fails on every input that has a byte it
// rejects without asking the URL parser, because domain to ASCII fails on
// each of them, also next to a combining mark.
func TestRunHostParserPrecheck(t *testing.T) {
	n := 0
	for c := 0; c < 0x80; c++ {
		if !isURLParserHostByte(byte(c)) {
			continue
		}
		n++
		s := string(rune(c))
		for _, in := range []string{s, "a" + s + "b", "a." + s, s + "\u0338", s + "\u0301x", "\u0338" + s} {
			if _, err := DomainToASCII(in, false); err == nil {
				t.Errorf("domain to ASCII accepts %+q, which runHostParser rejects", in)
			}
		}
	}
	if n != 11 {
		t.Errorf("%d bytes rejected, want 11", n)
	}
}

// TestLegacyDomainToASCIIWPT runs WPT's toascii.json through
// LegacyDomainToASCII. The expected outputs are new URL("https://" + input
// + "/x")'s host, which is the host parser's result whenever input has no
// code point that the URL parser treats before the host parser
// (delimiters, tab and newline, leading and trailing C0 controls and
// space); those inputs are checked to fail.
func TestLegacyDomainToASCIIWPT(t *testing.T) {
	type toASCIITest struct {
		Comment string  `json:"comment"`
		Input   string  `json:"input"`
		Output  *string `json:"output"`
	}
	tests := testvectors.LoadJSON[toASCIITest](t, "toascii.json")
	n := 0
	for _, tc := range tests {
		got := LegacyDomainToASCII(tc.Input)
		if strings.ContainsAny(tc.Input, "/\\?#@:\t\n\r") || tc.Input == "" ||
			strings.TrimFunc(tc.Input, func(r rune) bool { return r <= ' ' }) != tc.Input {
			if got != "" {
				t.Errorf("LegacyDomainToASCII(%q) = %q, want failure", tc.Input, got)
			}
			continue
		}
		n++
		want := ""
		if tc.Output != nil {
			want = *tc.Output
		}
		if got != want {
			t.Errorf("LegacyDomainToASCII(%q) = %q, want %q (%s)", tc.Input, got, want, tc.Comment)
		}
	}
	t.Logf("toascii.json: %d cases compared", n)
}

func TestHostForDisplay(t *testing.T) {
	tests := []struct{ url, want string }{
		{"https://example.com/", "example.com"},
		{"https://xn--53h.example/", "☕.example"},
		{"https://Bücher.example:8080/", "bücher.example"},
		{"https://xn--zz.com/", "xn--zz.com"}, // domain to Unicode errors: ASCII kept
		{"https://127.0.0.1/", "127.0.0.1"},
		{"https://[::1]/", "[::1]"},
		{"foo://%C3%A9x/", "%C3%A9x"}, // opaque host as serialized
		{"file:///etc", ""},
		{"mailto:a@b", ""},
	}
	for _, tc := range tests {
		u, err := span.Parse(tc.url)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tc.url, err)
		}
		if got := HostForDisplay(u); got != tc.want {
			t.Errorf("HostForDisplay(%q) = %q, want %q", tc.url, got, tc.want)
		}
	}
}
