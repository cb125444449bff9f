package fast

import (
	"testing"

	"github.com/spanurl/spanurl/internal/asm"
	"github.com/spanurl/spanurl/record"
)

// general is ParseAbsolute without the quick way: the scanner's way.
func general(s string) (string, record.Packed, bool) {
	var sc scanner
	sc.s = s
	sc.count, sc.sum = asm.ClassifySummary(sc.blocks[:], s)
	end, port := lowerHTTP(s)
	return parseSpecial(&sc, s, end, false, port, nil)
}

// quick reports whether ParseAbsolute takes s the quick way, with one
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
	if !ok || b.Bad|b.Extra != 0 || mayEndInANumber(s[hostEnd-1]) && endsInANumber(s[a:hostEnd]) != numberNo {
		return false
	}
	if hostEnd == n {
		return true
	}
	_, ok = shortPath(n, b, hostEnd)
	return ok
}

// TestParseShort: ParseAbsolute takes the common short URLs the quick way,
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
		{"http://h/a:b", false},     // a colon in the path: the scanner tells it from a backslash
		{"https://example.com/01234567890123456789012345678901234567890123", true}, // 64 bytes
		{"http://example.com.0123456789012345678901234567890123456789abcde", true}, // 64, no path: 1<<64 is 0
		{"http://EXAMPLE.com/", false},
		{"http://h:8080/", false},
		{"http://1.2.3.4/", false},
		{"http://h.0x1/", false},
		{"http://h?q", false},
		{"http://h#f", false},
		{"http:///h/", false},
		{"http://h\\p", false},
		{"http://h/a\\b", false},
		{"http://h/./a", false},
		{"http://h/%2e/a", false},
		{"http://h/@x", false}, // a '@' after '/': the scanner looks closer
		{"http://u@h/", false},
		{"http://h/a b", false},
		{"http://h/a`", false},
		{"http://h/é", false},
		{"http://h/a ", false},
	} {
		if take := quick(c.s); take != c.take {
			t.Errorf("%q: taken the quick way = %v, want %v", c.s, take, c.take)
		}
		href, p, ok := ParseAbsolute(c.s, nil)
		gh, gp, gok := general(c.s)
		if ok != gok || href != gh || p != gp {
			t.Errorf("ParseAbsolute(%q) = %q %v %v, the scanner's way %q %v %v", c.s, href, p, ok, gh, gp, gok)
		}
		if c.take && !ok {
			t.Errorf("ParseAbsolute(%q) declined", c.s)
		}
	}
}

// TestResolveShortPath: Resolve takes the common short "/path" references
// with one Block (shortPathAbsolute, then shortPath), and whatever it
// takes that way, it resolves as the scanner's way (checkPath, then
// withPath) does; what it leaves goes to the scanner.
func TestResolveShortPath(t *testing.T) {
	const base = "https://example.com/dir/page?x=1#top"
	bh, bp, ok := ParseAbsolute(base, nil)
	if !ok {
		t.Fatalf("ParseAbsolute(%q) declined", base)
	}
	prefix := bh[:bp.PathStart()]
	for _, c := range []struct {
		ref  string
		take bool
	}{
		{"/", true},
		{"/a/b.css?v=1", true},
		{"/a#f", true},
		{"/a?q#f?g", true},
		{"/a?b:c\\d#e", true},
		{"/012345678901234567890123456789012345678901234567890123456789012", true}, // 64 bytes
		{"//h/a", false},
		{"/\\h/a", false},
		{"/a:b", false},
		{"/a\\b", false},
		{"/./a", false},
		{"/a/..", false},
		{"/%2e/a", false},
		{"/a b", false},
		{"/a`", false},
		{"/é", false},
		{"/a?q'", false}, // Extra: the scanner encodes it in a special query
	} {
		// Resolve's one-Block way: shortPathAbsolute, then shortPath on a
		// Block with no Bad or Extra byte.
		var blocks [1]asm.Block
		asm.Classify(blocks[:], c.ref)
		b := &blocks[0]
		_, ok := shortPath(len(c.ref), b, 0)
		if take := shortPathAbsolute(c.ref) && ok && b.Bad|b.Extra == 0; take != c.take {
			t.Errorf("%q: taken with one Block = %v, want %v", c.ref, take, c.take)
		}
		if !c.take {
			continue
		}
		href, p, ok := Resolve(bh, bp, c.ref, nil)
		if !ok {
			t.Errorf("Resolve(%q) declined", c.ref)
			continue
		}
		var sc scanner
		sc.s = c.ref
		sc.count, sc.sum = asm.ClassifySummary(sc.blocks[:], c.ref)
		q, f, escape, gok := checkPath(&sc, c.ref, 0)
		if !gok {
			t.Errorf("%q: checkPath declines what Resolve takes with one Block", c.ref)
			continue
		}
		gh, gp, gok := withPath(&sc, bp, prefix, c.ref, 0, q, f, escape, nil)
		if !gok || href != gh || p != gp {
			t.Errorf("Resolve(%q) = %q %v, the scanner's way %q %v %v", c.ref, href, p, gh, gp, gok)
		}
	}
}
