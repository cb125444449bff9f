package fast

import (
	"math/rand/v2"
	"testing"

	"github.com/spanurl/spanurl/internal/asm"
	"github.com/spanurl/spanurl/internal/offsets"
)

func TestLowerHTTP(t *testing.T) {
	for _, c := range []struct {
		s         string
		end, port int
	}{
		{"https://a", 5, 443},
		{"https://", 5, 443},
		{"http://a", 4, 80},
		{"http://ab", 4, 80},
		{"http://", 0, 0}, // too short to tell in one word; the slow path fails it
		{"http:/a/", 0, 0},
		{"https:/a", 0, 0},
		{"httpx://", 0, 0},
		{"HTTP://a", 0, 0}, // uppercase goes through scanScheme
		{"Https://a", 0, 0},
		{"ftp://ab", 0, 0},
		{"ws://abc", 0, 0},
		{"", 0, 0},
		{"h", 0, 0},
	} {
		if end, port := lowerHTTP(c.s); end != c.end || end > 0 && port != c.port {
			t.Errorf("lowerHTTP(%q) = %d, %d; want %d, %d", c.s, end, port, c.end, c.port)
		}
	}
}

// general is ParseAbsolute without tiers 1 and 2: tier 3 alone.
func general(s string) (string, offsets.Packed, bool) {
	end, port := lowerHTTP(s)
	return parseSpecial(scannerOf(s), s, end, false, port, nil)
}

// compareGeneral checks that ParseAbsolute parses s as the scanner's way
// does (and does not decline it, if take), and reports whether it did.
func compareGeneral(t *testing.T, s string, take bool) bool {
	t.Helper()
	href, p, ok := ParseAbsolute(s, nil)
	gh, gp, gok := general(s)
	if ok != gok || href != gh || p != gp {
		t.Errorf("ParseAbsolute(%q) = %q %v %v, the scanner's way %q %v %v", s, href, p, ok, gh, gp, gok)
		return false
	}
	if take && !ok {
		t.Errorf("ParseAbsolute(%q) declined", s)
		return false
	}
	return true
}

// quick reports whether ParseAbsolute takes s in tier 1, with one
// Block: the checks it makes, in its order (shortHost, then the number
// check and shortPath).
func quick(s string) bool {
	end, _ := lowerHTTP(s)
	n := len(s)
	if end == 0 || n > 64 {
		return false
	}
	a := end + 3
	var blocks [1]asm.Block
	asm.Classify(blocks[:], s)
	b := &blocks[0]
	hostEnd, ok := shortHost(b, a, n)
	if !ok || b.Bad|b.Extra != 0 {
		return false
	}
	if _, ok := hostNumber(s[a:hostEnd]); !ok {
		return false
	}
	if hostEnd == n {
		return true
	}
	_, look := shortPath(n, b, hostEnd)
	return look == 0 || plainPath(s, 0, look)
}

// TestParseShort: ParseAbsolute takes the common short URLs in tier 1,
// and whatever it takes, it takes as the scanner's way does (which the
// differential tests in span compare with the slow path); what it leaves,
// the scanner's way handles.
func TestParseShort(t *testing.T) {
	for _, c := range []struct {
		s    string
		take bool
	}{
		{"http://example.com/", true},
		{"https://example.com/a/b?c=d#e", true},
		{"https://example.com", true}, // gets its "/"
		{"https://a.de/x", true},      // ends in a hex digit, not a number
		{"http://h/p#f?g#h", true},
		{"http://h/p?q?r#f#g", true},
		{"http://h/a?b:c\\d", true}, // past the path, colons and backslashes are plain
		{"http://h/a:b", true},      // a colon in the path, told from a backslash by plainPath
		{"http://h/a/https://x.y/", true},
		{"https://example.com/01234567890123456789012345678901234567890123", true}, // 64 bytes
		{"http://example.com.0123456789012345678901234567890123456789abcde", true}, // 64, no path: 1<<64 is 0
		{"http://EXAMPLE.com/", false},
		{"http://h:8080/", false},
		{"http://1.2.3.4/", true}, // canonical IPv4
		{"http://10.200.30.255", true},
		{"http://1.2.3.04/", false}, // the IPv4 parser rewrites these
		{"http://1.2.3/", false},
		{"http://0x1.2.3.4/", false},
		{"http://1.2.3.4./", false},
		{"http://1.2.3.256/", false}, // and rejects this one
		{"http://h.0x1/", false},
		{"http://h?q", false},
		{"http://h#f", false},
		{"http:///h/", false},
		{"http://h\\p", false},
		{"http://h/a\\b", false},
		{"http://h/./a", false},
		{"http://h/%2e/a", false},
		{"http://h/@x", true}, // a '@' after '/' begins no dot segment
		{"http://h/.well-known/x", true},
		{"http://h/%D0%9F/%2ex", true},
		{"http://h/a/.", false},
		{"http://h/a/..?q", false},
		{"http://h/.#f", false},
		{"http://h/%2E%2e/a", false},
		{"http://h/.%2e", false},
		{"http://h/a?/./..", true},
		{"http://u@h/", false},
		{"http://h/a b", false},
		{"http://h/a`", false},
		{"http://h/é", false},
		{"http://h/a ", false},
	} {
		if take := quick(c.s); take != c.take {
			t.Errorf("%q: taken in tier 1 = %v, want %v", c.s, take, c.take)
		}
		compareGeneral(t, c.s, c.take)
	}
}

// TestMayEndInANumber: for every last byte, the one-compare test never
// skips a host that ends in a number, and it does skip the common
// endings.
func TestMayEndInANumber(t *testing.T) {
	for c := 0; c < 256; c++ {
		if mayEndInANumber(byte(c)) {
			continue
		}
		for _, prefix := range []string{"", "0", "a.0", "1", "0x", "0X", "1.2.3.", "a.0x1", "a.12", "1.2.3.4"} {
			if host := prefix + string(rune(c)); endsInANumber(host) != numberNo {
				t.Errorf("mayEndInANumber(%#x) is false, but %q ends in a number", c, host)
			}
			if host := prefix + string([]byte{byte(c)}); endsInANumber(host) != numberNo {
				t.Errorf("mayEndInANumber(%#x) is false, but %q ends in a number", c, host)
			}
		}
	}
	for _, c := range "mgtMGTouk" {
		if mayEndInANumber(byte(c)) {
			t.Errorf("mayEndInANumber(%q) = true, want false", c)
		}
	}
	for _, c := range "09afAFxX." {
		if !mayEndInANumber(byte(c)) {
			t.Errorf("mayEndInANumber(%q) = false, want true", c)
		}
	}
}

func TestEndsInANumber(t *testing.T) {
	for _, tc := range []struct {
		host string
		want numberKind
	}{
		{"example.com", numberNo},
		{"example.de", numberNo}, // ends in a hex letter, but not a number
		{"example.fade", numberNo},
		{"example.0xfade", numberOther},
		{"example.0x", numberOther}, // "0x" is the number 0
		{"example.0X1F", numberOther},
		{"example.0xg", numberNo},
		{"foo.123", numberDecimal},
		{"foo.123.", numberDecimal}, // one trailing dot is ignored
		{"foo.123..", numberNo},     // the last label is then empty
		{"1.2.3.4", numberDecimal},
		{"123", numberDecimal},
		{".", numberNo},
		{"x", numberNo},
		{"a1", numberNo},
		{"", numberNo},
	} {
		if got := endsInANumber(tc.host); got != tc.want {
			t.Errorf("endsInANumber(%q) = %v, want %v", tc.host, got, tc.want)
		}
	}
}

// windowWay reports whether ParseAbsolute takes s with parseWindow: 65 to 256
// bytes of http(s) with no Bad or Extra byte, and parseWindow's checks.
func windowWay(s string) bool {
	end, _ := lowerHTTP(s)
	if n := len(s); end == 0 || n <= 64 || n > 64*window {
		return false
	}
	sc := scannerOf(s)
	if sc.sum.Bad() || sc.sum.Extra() {
		return false
	}
	_, ok := parseWindow(sc, s, end)
	return ok
}

// TestParseWindow: URLs of 65 to 256 bytes taken with the blocks of the
// scanner's window (parseWindow) come out as parseSpecial makes them, the
// delimiters on either side of each block's edge included.
func TestParseWindow(t *testing.T) {
	const host = "https://example.com/"   // the path's '/' is byte 19
	pad := func(s string, n int) string { // s, then 'x's to n bytes
		for len(s) < n {
			s += "x"
		}
		return s
	}
	at := func(n int, tail string) string { // tail starting at byte n
		return pad(host, n) + tail
	}
	for _, c := range []struct {
		s    string
		take bool
	}{
		{pad(host, 65), true},
		{pad(host, 128), true},
		{pad(host, 129), true},
		{pad(host, 256), true},
		{pad(host, 257), false}, // past the window: parseSpecial's
		{at(127, "/./x") + pad("", 20), false},
		{at(191, "/%2e%2E/x") + pad("", 20), false},
		{at(191, "/.x") + pad("", 20), true},
		{at(150, "?q") + pad("?r", 30) + pad("#f", 40), true},
		{at(100, "?q") + pad("", 100) + "#f?", true},
		{at(140, "#f") + pad("#?g", 50), true},
		{at(200, "/a\\b"), false},
		{at(200, "/a:b"), true},
		{pad("http://a.b/c", 64), false}, // tier 1's
		{at(60, "?q=1&r=2#frag"), true},
		{at(64, "?q"), true},
		{at(63, "?q#f"), true},
		{at(40, "?q") + pad("#", 40), true},    // '?' in the first block, '#' in the second
		{at(40, "?q") + pad("?r#s", 40), true}, // the fragment after a second '?'
		{at(40, "#f") + pad("?q#g", 40), true},
		{at(70, "#f?g"), true},
		{at(70, "?q/./../:\\x"), true}, // past the path they are plain
		{at(63, "/./a"), false},        // '/' at 63, '.' at 64
		{at(63, "/%2e/a"), false},
		{at(62, "/.x") + pad("", 10), true}, // ".x" is no dot segment
		{at(62, "/.") + pad("/", 10), false},
		{at(63, "/.") + pad("?", 10), false},
		{at(63, "/%2E%2e#") + pad("", 10), false},
		{at(70, "/%41%2e"), true},
		{at(70, "/%2e."), false},
		{at(64, "/.a"), true},
		{at(64, "/.."), false},
		{at(64, "/a.b/c.d"), true},
		{at(63, "/x") + pad("/", 10), true},
		{at(80, ":x"), true},
		{at(60, "/a:b") + pad("/https://c.d/", 30), true},
		{at(80, "\\x"), false},
		{at(80, "/@x"), true},
		{at(80, "/[x"), true},
		{at(80, "/ABC"), true},
		{at(80, "/a b"), false},
		{at(80, "/a|b"), false},
		{at(80, "?a'b"), false},
		{at(80, "/é"), false},
		{pad("http://"+pad("h", 60)+".com/", 70), false}, // the host runs past byte 63
		{pad("http://"+pad("h", 50)+".com/", 70), true},
		{pad("http://example.COM/", 70), false},
		{pad("http://example.com:8080/", 70), false},
		{pad("http://1.2.3.4/", 70), true}, // canonical IPv4, as tier 1 takes it
		{pad("http://255.255.255.255/", 70), true},
		{pad("http://1.2.3.04/", 70), false}, // a leading zero: rewritten
		{pad("http://1.2.3/", 70), false},    // three parts: rewritten
		{pad("http://1.2.3.256/", 70), false},
		{pad("http://a.0x1f/", 70), false},
		{pad("http://u@example.com/", 70), false},
		{pad("http://example.com?", 70), false},
	} {
		if take := windowWay(c.s); take != c.take {
			t.Errorf("%q (%d bytes): taken with parseWindow = %v, want %v", c.s, len(c.s), take, c.take)
		}
		compareGeneral(t, c.s, c.take)
	}
}

// TestParseWindowRandom: random http(s) URLs of 60 to 270 bytes, drawn from
// the delimiters and a few letters, parse as the scanner's way parses them.
func TestParseWindowRandom(t *testing.T) {
	const alphabet = "ab/./?#%:@\\A1-_~=&[]'| é"
	r := rand.New(rand.NewPCG(1, 2))
	taken := 0
	for range 200000 {
		n := 60 + r.IntN(211)
		b := []byte("https://example.com/")[:19+r.IntN(2)]
		if r.IntN(2) == 0 {
			b = []byte("http://w.example.org/")
		}
		for len(b) < n {
			if r.IntN(10) == 0 {
				b = append(b, alphabet[r.IntN(len(alphabet))])
			} else {
				b = append(b, 'a'+byte(r.IntN(26)))
			}
		}
		s := string(b)
		if windowWay(s) {
			taken++
		}
		if !compareGeneral(t, s, false) {
			t.FailNow()
		}
	}
	if taken < 10000 {
		t.Errorf("only %d of the random URLs taken with parseWindow: the test checks too little", taken)
	}
}
