package span_test

import (
	"strings"
	"testing"

	"github.com/spanurl/spanurl/internal/testvectors"
	"github.com/spanurl/spanurl/span"
)

// TestFastIDN: the fast path takes a special URL whose host is a plain
// Unicode domain (internal/uts46) with the slow path's result (compareFast),
// also as a "//host" reference, and declines the hosts that need the whole
// of UTS #46 and the shapes it leaves to the slow path anyway.
func TestFastIDN(t *testing.T) {
	base := mustParse(t, "https://example.org/dir/")
	for _, tc := range []struct {
		input  string
		accept bool
		host   string
	}{
		{"https://münchen.de/a/b?c=d", true, "xn--mnchen-3ya.de"},
		{"http://пример.рф", true, "xn--e1afmkfd.xn--p1ai"},
		{"https://例え.jp/#f", true, "xn--r8jz45g.jp"},
		{"HTTPS://Bücher.EXAMPLE:443/x y?q r#s t", true, "xn--bcher-kva.example"},
		{"http://한국.kr:8080/", true, "xn--3e0b707e.kr"},
		{"ws://faß.de:/", true, "xn--fa-hia.de"},
		{"https://www.ελληνικά.gr/" + strings.Repeat("π", 40), true, "www.xn--hxargifdar.gr"},
		{"https://" + strings.Repeat("ü", 63) + ".de/", true, "xn--td" + strings.Repeat("a", 63) + ".de"},
		{"https://" + strings.Repeat("ü", 64) + ".de/", false, ""},  // over a DNS label's length: x/net/idna's
		{"https://ü." + strings.Repeat("a", 1001) + "/", false, ""}, // a label over the full algorithm's limit: failure
		{"https://ü." + strings.Repeat("a", 64) + "/", false, ""},   // a long ASCII label: left to x/net/idna
		{"https://ก\u0e38\u0e48.th/", true, "xn--12c4iyb.th"},       // Thai marks in canonical order
		{"https://ก\u0e48\u0e38.th/", false, ""},                    // not in canonical order: NFC reorders them
		{"https://MÜNCHEN.de/", true, "xn--mnchen-3ya.de"},          // Ü maps to ü
		{"https://ПРИМЕР.РФ:443/", true, "xn--e1afmkfd.xn--p1ai"},
		{"https://ｅｘａｍｐｌｅü.com/", false, ""},                                                              // fullwidth letters map to ASCII
		{"https://münchen.de/a/../b", false, ""},                                                          // dot segments
		{"https://u:p@münchen.de/", false, ""},                                                            // credentials with a fix-up
		{"https://münchen.de./", true, "xn--mnchen-3ya.de."},                                              // a trailing '.'
		{"https://münchen..de/", false, ""},                                                               // an empty label
		{"https://ü.123/", false, ""},                                                                     // ends in a number: failure
		{"https://mün%63hen.de/", false, ""},                                                              // percent-decoding first
		{"https://xn--mnchen-3ya.ü/", false, ""},                                                          // an xn-- label to check
		{"https://\u05d0\u05d1.il/", true, "xn--4dbc.il"},                                                 // right to left, passing the Bidi rule
		{"https://مثال.إختبار/", true, "xn--mgbh0fb.xn--kgbechtv"},                                        // Arabic
		{"https://\u05d0a.il/", false, ""},                                                                // failing it: L in a right-to-left label
		{"https://e\u0301.de/", false, ""},                                                                // a combining mark: NFC
		{"https://a\u200db.de/", false, ""},                                                               // a joiner that ContextJ rejects
		{"https://\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645.ir/", true, "xn--mgbn2ecje63gr19l.ir"}, // ZWNJ in Persian
		{"https://ü\u3002de/", false, ""},                                                                 // maps to "."
		{"https://ü\ufffd.de/", false, ""},                                                                // U+FFFD: disallowed
		{"https://ü\xff.de/", false, ""},                                                                  // invalid UTF-8
		{"foo://münchen.de/", false, ""},                                                                  // an opaque host: percent-encoded, not IDNA
	} {
		accepted := compareFast(t, tc.input, nil)
		if accepted != tc.accept {
			t.Errorf("fast path on %q: accepted %v, want %v", tc.input, accepted, tc.accept)
			continue
		}
		u, err := span.Parse(tc.input)
		if accepted && (err != nil || u.Hostname() != tc.host) {
			t.Errorf("Parse(%q): host %q, %v; want %q", tc.input, u.Hostname(), err, tc.host)
		}
		sameWithErrors(t, tc.input, span.URL{}, u, err)
		sameThroughParser(t, tc.input, span.URL{}, u, err)
		sameThroughArena(t, tc.input, span.URL{}, u, err)
		if ref, ok := strings.CutPrefix(tc.input, "https:"); ok {
			if compareFast(t, ref, &base) != tc.accept {
				t.Errorf("fast path on %q against %s: accepted %v, want %v", ref, base.Href(), !tc.accept, tc.accept)
			}
		}
	}
}

// TestIDNAllocs: a plain Unicode host costs Parse its one allocation (the
// href) and a reused Parser none, on the fast path and through the slow
// path's domain to ASCII alike (dot segments, a tab, percent-encoding).
func TestIDNAllocs(t *testing.T) {
	if testvectors.RaceEnabled {
		t.Skip("the race detector makes sync.Pool drop items at random")
	}
	var p span.Parser
	for _, in := range []string{
		"https://münchen.de/a/b?c=d", "http://пример.рф/", "https://例え.jp/x",
		"https://münchen.de/a/../b", "https://mün\tchen.de/", "https://m%C3%BCnchen.de/",
	} {
		if _, err := span.Parse(in); err != nil {
			t.Fatalf("Parse(%q): %v", in, err)
		}
		if n := testing.AllocsPerRun(100, func() { span.Parse(in) }); n != 1 {
			t.Errorf("Parse(%q) allocates %v times, want 1", in, n)
		}
		b := []byte(in)
		p.Parse(b) // grow the buffers
		if n := testing.AllocsPerRun(100, func() { p.Parse(b) }); n != 0 {
			t.Errorf("a reused Parser allocates %v times on %q, want 0", n, in)
		}
	}
}

// BenchmarkParseIDN: hosts in other scripts, each beside the same URL
// with its host already in Punycode.
func BenchmarkParseIDN(b *testing.B) {
	benchParseEach(b, []struct{ name, input string }{
		{"latin", "https://münchen.de/a/b?c=d"},
		{"latin-punycode", "https://xn--mnchen-3ya.de/a/b?c=d"},
		{"cyrillic", "https://пример.рф/a/b?c=d"},
		{"cyrillic-punycode", "https://xn--e1afmkfd.xn--p1ai/a/b?c=d"},
		{"cjk", "https://例え.jp/a/b?c=d"},
		{"cjk-punycode", "https://xn--r8jz45g.jp/a/b?c=d"},
		{"latin-slow", "https://mün\tchen.de/a/b?c=d"},
		{"arabic", "https://مثال.إختبار/a/b?c=d"},
		{"latin-upper", "https://MÜNCHEN.de/a/b?c=d"},
	})
}
