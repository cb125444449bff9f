package fast

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/internal/asm"
	"github.com/spanurl/spanurl/internal/offsets"
)

// compareScannerWay checks that Resolve takes ref against the base bh, bp
// as the scanner's way does: check (checkPath or checkRelativePath) from
// byte 0, then withPath after prefix.
func compareScannerWay(t *testing.T, bh string, bp offsets.Packed, ref string,
	check func(*scanner, string, int) (int, int, bool, bool), prefix string) {
	t.Helper()
	href, p, ok := Resolve(bh, bp, ref, nil)
	if !ok {
		t.Errorf("Resolve(%q) declined", ref)
		return
	}
	sc := scannerOf(ref)
	q, f, escape, ok := check(sc, ref, 0)
	if !ok {
		t.Errorf("%q: the scanner's way declines what Resolve takes with one Block", ref)
		return
	}
	gh, gp, ok := withPath(sc, bp, prefix, ref, 0, q, f, escape, nil)
	if !ok || href != gh || p != gp {
		t.Errorf("Resolve(%q) = %q %v, the scanner's way %q %v %v", ref, href, p, gh, gp, ok)
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
		{"/a:b", true},
		{"/a:b\\c", false},
		{"/a\\b", false},
		{"/./a", false},
		{"/a/..", false},
		{"/%2e/a", false},
		{"/%2E%2e", false},
		{"/a/.#f", false},
		{"/.well-known/a", true},
		{"/%D0%9F?q", true},
		{"/@a/[b]", true},
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
		_, look := shortPath(len(c.ref), b, 0)
		ok := look == 0 || plainPath(c.ref, 0, look)
		if take := shortPathAbsolute(c.ref) && ok && b.Bad|b.Extra == 0; take != c.take {
			t.Errorf("%q: taken with one Block = %v, want %v", c.ref, take, c.take)
		}
		if !c.take {
			continue
		}
		compareScannerWay(t, bh, bp, c.ref, checkPath, prefix)
	}
}

// TestResolveShortPathRelative: Resolve takes the common short
// path-relative references with one Block (shortPathRelative, no scheme,
// then shortPath over the whole reference), and resolves them as the
// scanner's way (checkRelativePath, then withPath) does.
func TestResolveShortPathRelative(t *testing.T) {
	const base = "https://example.com/dir/sub/page?x=1#top"
	bh, bp, ok := ParseAbsolute(base, nil)
	if !ok {
		t.Fatalf("ParseAbsolute(%q) declined", base)
	}
	dir := bh[:len("https://example.com/dir/sub/")]
	for _, c := range []struct {
		ref  string
		take bool
	}{
		{"a", true},
		{"img/a.png?v=1#f", true},
		{"a.b/.c/%41", true},
		{"a/b:c", true},
		{"1a:b", true}, // no scheme: a path
		{"a?/./..#..", true},
		{"@x/[y]", true},
		{"a/./b", false},
		{"a/..", false},
		{"a/%2e%2E/b", false},
		{"a\\b", false},
		{"a b", false},
		{"a`", false},
		{"é", false},
		{"./a", false},   // the directory moves: the scanner's way
		{"%2e/a", false}, // likewise
		{"mailto:x", false},
		{"javascript:void(0)", false},
		{"/a", false},
		{"?q", false},
		{"#f", false},
		{"a0123456789012345678901234567890123456789012345678901234567890123", false}, // 65 bytes
	} {
		take := false
		if shortPathRelative(c.ref) {
			if end, _ := scanScheme(c.ref); end <= 0 {
				var blocks [1]asm.Block
				asm.Classify(blocks[:], c.ref)
				b := &blocks[0]
				_, look := shortPath(len(c.ref), b, -1)
				take = b.Bad|b.Extra == 0 && (look == 0 || plainPath(c.ref, 0, look))
			}
		}
		if take != c.take {
			t.Errorf("%q: taken with one Block = %v, want %v", c.ref, take, c.take)
		}
		if !c.take {
			continue
		}
		compareScannerWay(t, bh, bp, c.ref, checkRelativePath, dir)
	}
}

// TestBareAuthority: a "//" reference is bare when nothing but its
// authority follows the "//"; one longer than a block never is (it only
// costs a copy).
func TestBareAuthority(t *testing.T) {
	for _, c := range []struct {
		ref  string
		want bool
	}{
		{"//", true},
		{"//h", true},
		{"//h.example:8080", true},
		{"//u@h", true},
		{"//h\\x", true}, // ParseAbsolute declines the backslash
		{"//h/", false},
		{"//h/x", false},
		{"//h?q", false},
		{"//h#f", false},
		{"//" + strings.Repeat("h", 62), true},
		{"//" + strings.Repeat("h", 63), false},
	} {
		if got := bareAuthority(scannerOf(c.ref), c.ref); got != c.want {
			t.Errorf("bareAuthority(%.20q, len %d) = %v, want %v", c.ref, len(c.ref), got, c.want)
		}
	}
}

// TestLastSlash compares lastSlash with strings.LastIndexByte on strings
// of every length up to 40 with one '/' at each place, and on random
// strings of bytes near '/' ('.' is 0x2e, one below it: a borrowing
// zero-byte test flags the '.' of "/." as a '/').
func TestLastSlash(t *testing.T) {
	check := func(s string) {
		t.Helper()
		if got, want := lastSlash(s), strings.LastIndexByte(s, '/'); got != want {
			t.Fatalf("lastSlash(%q) = %d, want %d", s, got, want)
		}
	}
	for n := 0; n <= 40; n++ {
		check(strings.Repeat("a", n))
		for i := 0; i < n; i++ {
			b := []byte(strings.Repeat("a", n))
			b[i] = '/'
			check(string(b))
		}
	}
	check("/.......")
	check("ab/.cdefgh")
	alphabet := []byte{'/', '.', '0', 'a', 0x00, 0x2f ^ 0x80, 0xff, 0x01}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		b := make([]byte, r.IntN(50))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		check(string(b))
	}
}

// TestCheckRelativePathFirstSegment: the first segment of a path-relative
// reference ends at its first '/', '?' or '#', past any other delimiter
// and across blocks, and a '\\' before that end declines.
func TestCheckRelativePathFirstSegment(t *testing.T) {
	long := strings.Repeat("a", 70)
	for _, c := range []struct {
		ref  string
		ok   bool
		q, f int
	}{
		{"../a:b.c@d%41/e", true, -1, -1},
		{"../a?b/c", true, 4, -1},
		{"../a#b\\c", true, -1, 4},
		{"../a\\b/c", false, -1, -1},
		{"../a/b\\c", false, -1, -1},
		{"../" + long + "?q", true, 73, -1},
		{"../" + long + "\\/", false, -1, -1},
		{"../" + long + ".:/x#f", true, -1, 77},
		{"../..", false, -1, -1},
		{"../%2e/x", false, -1, -1},
		{"../", true, -1, -1},
	} {
		sc := scannerOf(c.ref)
		q, f, _, ok := checkRelativePath(sc, c.ref, 3)
		if ok != c.ok || ok && (q != c.q || f != c.f) {
			t.Errorf("checkRelativePath(%q, 3) = q %d f %d ok %v, want q %d f %d ok %v", c.ref, q, f, ok, c.q, c.f, c.ok)
		}
	}
}
