package slow

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/spanurl/spanurl/internal/testvectors"
	"github.com/spanurl/spanurl/internal/uts46"
	"github.com/spanurl/spanurl/record"
)

// plainContexts are the domains TestPlainToASCIIEveryCodePoint builds around each code
// point: alone; between ASCII (uppercase, a digit, a hyphen) in a label beside others;
// twice in a second label, after a Thai letter and after ß (where a mark is plain too);
// twice in a label of its own (a right-to-left one too); in a right-to-left label, after
// U+05D0 HEBREW LETTER ALEF, before a digit; in a left-to-right label of a Bidi domain
// name; before U+200C ZERO WIDTH NON-JOINER after an Arabic letter (ContextJ asks for a
// joining letter before it, or transparent ones); and before a virama and U+200D ZERO
// WIDTH JOINER. Each code point is plain in some of them and not in others.
var plainContexts = []func(r string) string{
	func(r string) string { return r },
	func(r string) string { return "Ab" + r + "-9.example" },
	func(r string) string { return "x.ก" + r + "ß" + r },
	func(r string) string { return r + r + ".com" },
	func(r string) string { return "\u05d0" + r + "1.com" },
	func(r string) string { return "\u05d0.ab" + r },
	func(r string) string { return "\u0628" + r + "\u200c\u0628.ir" },
	func(r string) string { return r + "\u094d\u200dक" },
}

// TestPlainToASCIIEveryCodePoint: on every code point uts46.ToASCII accepts, in every
// context of plainContexts, its result is the full algorithm's (x/net/idna with the
// checks this package adds). A code point it accepts wrongly fails here.
func TestPlainToASCIIEveryCodePoint(t *testing.T) {
	step := rune(1)
	if testvectors.RaceEnabled || testing.Short() {
		step = 7 // a seventh of them, different ones from context to context
	}
	accepted := 0
	for i, context := range plainContexts {
		for r := utf8.RuneSelf + rune(i); r <= unicode.MaxRune; r += step {
			if !utf8.ValidRune(r) {
				continue
			}
			domain := []byte(context(string(r)))
			got, ok := uts46.ToASCII(nil, string(domain))
			if !ok {
				continue
			}
			accepted++
			want, wantOK := uts46ToASCII(domain, false)
			if !wantOK || string(got) != want {
				t.Errorf("U+%04X in %+q: plain %+q, full algorithm %+q (ok %v)", r, domain, got, want, wantOK)
			}
		}
	}
	// The plain set holds over 148,000 code points (CJK alone is most of
	// it), plain in at least five of the contexts.
	if want := 5 * 148000 / int(step); accepted < want {
		t.Errorf("uts46.ToASCII accepted %d domains, expected over %d", accepted, want)
	}
}

// TestPlainToASCII: domains of every script's usual shape, and the shapes that are not
// plain and must go to the full algorithm.
func TestPlainToASCII(t *testing.T) {
	for _, c := range []struct {
		in, want string // want "" for not plain, "=" for the full algorithm's result
	}{
		{"münchen.de", "xn--mnchen-3ya.de"},
		{"Bücher.EXAMPLE", "xn--bcher-kva.example"},
		{"пример.рф", "xn--e1afmkfd.xn--p1ai"},
		{"例え.jp", "xn--r8jz45g.jp"},
		{"한국.kr", "xn--3e0b707e.kr"},
		{"faß.de", "xn--fa-hia.de"},
		{"ελληνικά.gr", "xn--hxargifdar.gr"},
		{"ไทย.th", "xn--o3cw4h.th"},
		{"a-ü-1.b", "xn--a--1-1ra.b"},
		{"MÜNCHEN.de", "xn--mnchen-3ya.de"}, // Ü maps to ü
		{"ПРИМЕР.РФ", "xn--e1afmkfd.xn--p1ai"},
		{"ΕΛΛΗΝΙΚΆ.gr", "="},
		{"ｅｘａｍｐｌｅü.com", ""},                  // fullwidth letters map to ASCII: left to the full algorithm
		{"ü\u2160.com", ""},                   // U+2160 ROMAN NUMERAL ONE maps to "i": ASCII too
		{"münchen.de.", "xn--mnchen-3ya.de."}, // a trailing '.'
		{"\u05d0.il.", "="},
		{"münchen.de..", ""},     // an empty label before it
		{"a..ü", ""},             // an empty label
		{"xn--mnchen-3ya.ü", ""}, // an xn-- label is decoded and checked
		{"XN--ü", ""},
		{"münchen_x.de", ""},      // '_' is left to the full algorithm
		{"ü%41.de", ""},           // so is '%'
		{"ü\u3002de", ""},         // an ideographic full stop maps to '.'
		{"e\u0301.de", ""},        // a mark that composes with e
		{"ทองคํา.com", "="},       // Thai vowel and tone marks
		{"ที่นี่.th", "="},        // a tone mark (ccc 107) after a vowel (ccc 0)
		{"ก\u0e38\u0e48.th", "="}, // ccc 103 then 107: canonical order
		{"ก\u0e48\u0e38.th", ""},  // ccc 107 then 103: NFC reorders them
		{"\u0e48ก.th", ""},        // a mark first in its label
		{"ก.\u0e48", ""},
		{"हिन्दी.भारत", "="},
		{"இசைமினி6.com", "="},                                        // Tamil vowel signs
		{"க\u0bc6\u0bbe", ""},                                        // U+0BBE composes with U+0BC6 before it
		{"\u05d0.il", "="},                                           // right to left
		{"مثال.إختبار", "="},                                         // Arabic
		{"\u05d0\u05d1\u0661.il", "="},                               // an Arabic-Indic digit (AN) in a Hebrew label
		{"\u05d01\u0661.il", ""},                                     // EN and AN in one label (RFC 5893 rule 4)
		{"\u05d0a.il", ""},                                           // L in a right-to-left label (rule 2)
		{"1\u05d0.il", ""},                                           // starts with EN (rule 1)
		{"\u05d0.a\u05d0", ""},                                       // R in a left-to-right label (rule 5)
		{"\u05d0.ab-", ""},                                           // a left-to-right label ends in ES (rule 6)
		{"\u05d0-.il", ""},                                           // a right-to-left label ends in ES (rule 3)
		{"\u05d0\u05b0.il", "="},                                     // ends in NSM after R (rule 3)
		{"\u0627\u200c\u0628.ir", ""},                                // ZWNJ after a letter that joins only to the right
		{"\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645.ir", "="}, // Persian, with a ZWNJ between two dual-joining letters
		{"\u0915\u094d\u200d\u0937.in", "="},                         // ZWJ after a virama
		{"\u0915\u094d\u200c\u0937.in", "="},                         // ZWNJ after a virama
		{"\u200c\u0628.ir", ""},                                      // a joiner first
		{"a\u200db.de", ""},                                          // a joiner
		{"münchen.de\xff", ""},                                       // invalid UTF-8
		{"example.com", ""},                                          // ASCII: the caller's own case
		{strings.Repeat("ü", 64), ""},
		{"ü." + strings.Repeat("a", 64), ""},   // an ASCII label longer than DNS allows
		{"ü." + strings.Repeat("a", 1001), ""}, // the full algorithm fails on it
		{strings.Repeat("ü", 63), "xn--td" + strings.Repeat("a", 63)},
	} {
		if c.want == "=" {
			var ok bool
			if c.want, ok = uts46ToASCII([]byte(c.in), false); !ok {
				t.Errorf("the full algorithm fails on %+q, expected to be plain", c.in)
				continue
			}
		}
		got, ok := uts46.ToASCII([]byte("prefix:"), c.in)
		if c.want == "" {
			if ok || string(got) != "prefix:" {
				t.Errorf("ToASCII(%+q) = %+q, %v; want not plain, dst unchanged", c.in, got, ok)
			}
			continue
		}
		if !ok || string(got) != "prefix:"+c.want {
			t.Errorf("ToASCII(%+q) = %+q, %v; want %+q", c.in, got, ok, c.want)
		}
		if want, _ := uts46ToASCII([]byte(c.in), false); want != c.want {
			t.Errorf("%+q: the full algorithm gives %+q, the table here %+q", c.in, want, c.want)
		}
	}
}

// TestPlainToASCIIAllocs: a plain domain costs no allocation beyond dst's growth, also
// through domainToASCII.
func TestPlainToASCIIAllocs(t *testing.T) {
	dst := make([]byte, 0, 64)
	for _, in := range []string{"münchen.de", "пример.рф", "例え.jp"} {
		domain := []byte(in)
		if n := testing.AllocsPerRun(100, func() {
			if _, t := domainToASCII(dst[:0], domain, false); t != 0 {
				panic(t)
			}
		}); n != 0 {
			t.Errorf("domainToASCII(%q) allocates %v times, want 0", in, n)
		}
	}
}

// FuzzPlainToASCII: whatever uts46.ToASCII accepts, the full algorithm turns into the
// same ASCII domain.
func FuzzPlainToASCII(f *testing.F) {
	for _, s := range []string{"\u05d0\u05d1.il", "مثال.إختبار", "\u05d0.ab", "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645.ir", "\u0915\u094d\u200d\u0937", "münchen.de", "пример.рф", "例え.jp", "한국.kr", "faß.de", "a-ü-1.b", "ü.ü.ü", "Ab9-ü", "ü", "ที่นี่.th", "ก\u0e38\u0e48", "हिन्दी.भारत", "இசைமினி6.com"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, domain string) {
		got, ok := uts46.ToASCII(nil, domain)
		if !ok {
			return
		}
		want, wantOK := uts46ToASCII([]byte(domain), false)
		if !wantOK || string(got) != want {
			t.Errorf("%+q: plain %+q, full algorithm %+q (ok %v)", domain, got, want, wantOK)
		}
	})
}

// TestDomainToASCIIReplacementCharacter: a domain with U+FFFD (invalid UTF-8 in the input)
// fails as the full algorithm fails on it, without it.
func TestDomainToASCIIReplacementCharacter(t *testing.T) {
	for _, in := range []string{"\uFFFD", "a\uFFFDb.com", "münchen.\uFFFD", "xn--a.\uFFFD", "\uFFFD.com"} {
		if _, ok := uts46ToASCII([]byte(in), false); ok {
			t.Errorf("the full algorithm accepts %+q", in)
		}
		for _, beStrict := range []bool{false, true} {
			if out, errType := domainToASCII([]byte("prefix:"), []byte(in), beStrict); errType != record.DomainToASCII || string(out) != "prefix:" {
				t.Errorf("domainToASCII(%+q, %v) = %+q, %v; want failure", in, beStrict, out, errType)
			}
		}
		domain := []byte(in)
		if n := testing.AllocsPerRun(10, func() { domainToASCII(nil, domain, false) }); n != 0 {
			t.Errorf("domainToASCII(%+q) allocates %v times", in, n)
		}
	}
}
