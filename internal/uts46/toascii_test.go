package uts46

import (
	"strings"
	"testing"
)

// toASCIICases are domains of every script's usual shape with what ToASCII makes of them,
// and the shapes that are not plain ("" for those), which the caller leaves to the whole
// algorithm. That each result is the whole algorithm's is checked in internal/slow, on
// these shapes and on every code point.
var toASCIICases = []struct{ in, want string }{
	{"münchen.de", "xn--mnchen-3ya.de"},
	{"Bücher.EXAMPLE", "xn--bcher-kva.example"},
	{"пример.рф", "xn--e1afmkfd.xn--p1ai"},
	{"例え.jp", "xn--r8jz45g.jp"},
	{"한국.kr", "xn--3e0b707e.kr"},
	{"faß.de", "xn--fa-hia.de"}, // nontransitional: ß stays
	{"ελληνικά.gr", "xn--hxargifdar.gr"},
	{"ΕΛΛΗΝΙΚΆ.gr", "xn--hxargifdar.gr"},
	{"ไทย.th", "xn--o3cw4h.th"},
	{"a-ü-1.b", "xn--a--1-1ra.b"},
	{"MÜNCHEN.de", "xn--mnchen-3ya.de"}, // Ü maps to ü
	{"ПРИМЕР.РФ", "xn--e1afmkfd.xn--p1ai"},
	{"münchen.de.", "xn--mnchen-3ya.de."}, // a final '.'
	{"\u05d0.il.", "xn--4db.il."},
	{"ทองคํา.com", "xn--42cf1c2e1a5n.com"}, // Thai vowel and tone marks
	{"ที่นี่.th", "xn--o3ce7fb7gc.th"},     // a tone mark (ccc 107) after a vowel (ccc 0)
	{"ก\u0e38\u0e48.th", "xn--12c4iyb.th"}, // ccc 103 then 107: canonical order
	{"हिन्दी.भारत", "xn--j2bd4cyah0f.xn--h2brj9c"},
	{"இசைமினி6.com", "xn--6-lve1d0cya6hb2e.com"},                                       // Tamil vowel signs
	{"\u05d0.il", "xn--4db.il"},                                                        // right to left
	{"مثال.إختبار", "xn--mgbh0fb.xn--kgbechtv"},                                        // Arabic
	{"\u05d0\u05d1\u0661.il", "xn--4dbc64b.il"},                                        // an Arabic-Indic digit (AN) in a Hebrew label
	{"\u05d0\u05b0.il", "xn--7cb7d.il"},                                                // ends in NSM after R (RFC 5893 rule 3)
	{"\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645.ir", "xn--mgbn2ecje63gr19l.ir"}, // a ZWNJ between dual-joining letters
	{"\u0915\u094d\u200d\u0937.in", "xn--11b2ezcw70k.in"},                              // ZWJ after a virama
	{"\u0915\u094d\u200c\u0937.in", "xn--11b2ezcs70k.in"},                              // ZWNJ after a virama
	{strings.Repeat("ü", 63), "xn--td" + strings.Repeat("a", 63)},

	{"ｅｘａｍｐｌｅü.com", ""},                 // fullwidth letters map to ASCII
	{"ü\u2160.com", ""},                  // U+2160 ROMAN NUMERAL ONE maps to "i"
	{"münchen.de..", ""},                 // an empty label before the final '.'
	{"a..ü", ""},                         // an empty label
	{"xn--mnchen-3ya.ü", ""},             // an xn-- label is decoded and checked
	{"XN--ü", ""},                        //
	{"münchen_x.de", ""},                 // '_'
	{"ü%41.de", ""},                      // '%'
	{"ü\u3002de", ""},                    // an ideographic full stop maps to '.'
	{"e\u0301.de", ""},                   // a mark that composes with e
	{"ก\u0e48\u0e38.th", ""},             // ccc 107 then 103: NFC reorders them
	{"\u0e48ก.th", ""},                   // a mark first in its label
	{"ก.\u0e48", ""},                     //
	{"க\u0bc6\u0bbe", ""},                // U+0BBE composes with U+0BC6 before it
	{"\u05d01\u0661.il", ""},             // EN and AN in one label (RFC 5893 rule 4)
	{"\u05d0a.il", ""},                   // L in a right-to-left label (rule 2)
	{"1\u05d0.il", ""},                   // starts with EN (rule 1)
	{"\u05d0.a\u05d0", ""},               // R in a left-to-right label (rule 5)
	{"\u05d0.ab-", ""},                   // a left-to-right label ends in ES (rule 6)
	{"\u05d0-.il", ""},                   // a right-to-left label ends in ES (rule 3)
	{"\u0627\u200c\u0628.ir", ""},        // ZWNJ after a letter that joins only to the right
	{"\u200c\u0628.ir", ""},              // a joiner first
	{"a\u200db.de", ""},                  // a ZWJ with no virama before it
	{"münchen.de\xff", ""},               // invalid UTF-8
	{"ü\ufffd.de", ""},                   // U+FFFD: disallowed
	{"example.com", ""},                  // ASCII: the caller's own case
	{"", ""},                             //
	{strings.Repeat("ü", 64), ""},        // more code points than a DNS label holds
	{"ü." + strings.Repeat("a", 64), ""}, // an ASCII label longer than that too
}

// TestToASCII: ToASCII appends each plain domain's ASCII form to dst, and leaves dst as it
// is for every other; Plain tells the two apart the same way, and AppendPlain writes the
// same bytes.
func TestToASCII(t *testing.T) {
	for _, c := range toASCIICases {
		got, ok := ToASCII([]byte("prefix:"), c.in)
		if c.want == "" {
			if ok || string(got) != "prefix:" {
				t.Errorf("ToASCII(%+q) = %+q, %v; want not plain, dst unchanged", c.in, got, ok)
			}
		} else if !ok || string(got) != "prefix:"+c.want {
			t.Errorf("ToASCII(%+q) = %+q, %v; want %+q", c.in, got, ok, c.want)
		}
		if plain := Plain(c.in); plain != (c.want != "") {
			t.Errorf("Plain(%+q) = %v, want %v", c.in, plain, c.want != "")
		}
		if c.want != "" {
			if got := AppendPlain(nil, c.in); string(got) != c.want {
				t.Errorf("AppendPlain(%+q) = %+q, want %+q", c.in, got, c.want)
			}
		}
	}
}

// TestToASCIIAllocs: with room in dst, ToASCII does not allocate, whether the domain is
// plain or not.
func TestToASCIIAllocs(t *testing.T) {
	dst := make([]byte, 0, 128)
	for _, c := range toASCIICases {
		if n := testing.AllocsPerRun(20, func() { ToASCII(dst[:0], c.in) }); n != 0 {
			t.Errorf("ToASCII(%+q) allocates %v times, want 0", c.in, n)
		}
	}
}
