package fast

import (
	"math/bits"

	"github.com/spanurl/spanurl/internal/asm"
)

// The commonest URL is taken the quick way, in ParseAbsolute: at most 64
// bytes, "http(s)://host/path[?query][#fragment]" already in its
// serialized form, or "http(s)://host" (which gets its "/" path), with a
// lowercase domain that does not end in a number, no port and nothing in
// the path that needs a closer look. It is classified into one Block (64
// bytes to zero, not a scanner's 300) and everything is tested on those
// masks (shortHost, shortPath), with no loop over blocks. What the quick
// way leaves goes on to the scanner, which takes the rest or declines, so
// whatever the quick way accepts, parseSpecial accepts the same way.
//
// Measured (ab-fast.sh): against the scanner's way, 0.86-0.87 on
// absolute.txt with a Block returned by value from assembly, and
// Classify into an array 0.96-0.98 of that; up to 128 bytes (two Blocks,
// the masks as 128-bit pairs) was slower than up to 64. Written out in
// ParseAbsolute rather than called as a function of its own (parseShort,
// cost 685): 0.941-0.965 on absolute.txt, 0.971-0.973 on messy.txt.

// shortHost checks the host of a URL of n <= 64 bytes that b classifies
// and that has no Bad or Extra byte (to encode, reject or strip), the host
// beginning at byte a (after "http(s)://"): ok when it is a lowercase
// domain of the quick way's shape, ending at a '/' (end is its index) or
// at the end of the URL (end == n). Whether the domain ends in a number
// is left to the caller (mayEndInANumber, endsInANumber), as is the check
// for Bad and Extra: both keep this within the inliner's budget.
func shortHost(b *asm.Block, a, n int) (end int, ok bool) {
	// The host ends at the first '/', '?', '#', ':' or any other
	// delimiter but '.'; only a '/' (a path) or the end of the URL keeps
	// it here.
	stops := (b.Struct &^ b.Dot) & spanMask(a, n)
	end = bits.TrailingZeros64(stops | 1<<n) // n when there is none (1<<64 is 0)
	first := stops & -stops                  // 0 when the host runs to the end
	return end, end > a && first&^b.Slash == 0 && b.Upper&spanMask(a, end) == 0
}

// shortPath checks bytes start..n-1 of a string of n bytes that b
// classifies and that has no Bad or Extra byte: a path (byte start is its
// '/') with an optional query and fragment, as the quick way takes it. ok is
// false when the path has a colon or a backslash (one mask; a colon is in
// 0.1-1% of short paths, and the scanner tells them apart) or a possible
// dot segment ('.' or '%' right after a '/'), which are for the scanner.
// term has the '?' and '#' after the path's start (see termsAt).
func shortPath(n int, b *asm.Block, start int) (term uint64, ok bool) {
	// The path ends at the first '?' or '#' (with none, term&-term - 1
	// is all ones).
	path := spanMask(start+1, n)
	term = b.Term & path
	path &= term&-term - 1
	return term, (b.ColonBackslash|b.Slash<<1&(b.Dot|b.Other()))&path == 0
}

// termsAt returns where the query and the fragment of a short URL begin
// (-1 for none), from the mask of its '?' and '#' after the path's start:
// the first of them, and if that is a '?', the first '#' after it.
func termsAt(s string, term uint64) (query, fragment int) {
	if term == 0 {
		return -1, -1
	}
	t := bits.TrailingZeros64(term)
	if s[t] == '#' {
		return -1, t
	}
	for m := term & (term - 1); m != 0; m &= m - 1 {
		if j := bits.TrailingZeros64(m); s[j] == '#' {
			return t, j
		}
	}
	return t, -1
}

// shortPathAbsolute reports whether ref is a path-absolute reference
// ("/path", not "//" or "/\\") of at most 64 bytes, which Resolve checks
// with one Block (shortPath) before it sets up a scanner.
func shortPathAbsolute(ref string) bool {
	return len(ref) <= 64 && len(ref) > 0 && ref[0] == '/' && (len(ref) == 1 || ref[1] != '/' && ref[1] != '\\')
}
