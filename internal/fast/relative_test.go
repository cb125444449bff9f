package fast

import (
	"math/rand/v2"
	"strings"
	"testing"
)

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
