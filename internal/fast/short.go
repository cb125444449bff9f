package fast

import (
	"math/bits"

	"github.com/spanurl/spanurl/internal/asm"
	"github.com/spanurl/spanurl/record"
)

// parseShort takes the commonest URL the quick way: at most 64 bytes,
// "http(s)://host/path[?query][#fragment]" already in its serialized
// form, or "http(s)://host" (which gets its "/" path), with a lowercase
// domain that does not end in a number, no port and nothing in the path
// that needs a closer look. It classifies into one Block (64 bytes to
// zero, not a scanner's 300) and tests everything on those masks, with no
// loop over blocks. ok false means only "not this shape": the caller goes
// on with the scanner, which takes the rest or declines, so whatever
// parseShort accepts, parseSpecial accepts the same way.
//
// Measured (ab-fast.sh): against the scanner's way, 0.86-0.87 on
// absolute.txt with a Block returned by value from assembly, and this
// (Classify into an array) 0.96-0.98 of that; up to 128 bytes (two
// Blocks, the masks as 128-bit pairs) was slower than up to 64.
func parseShort(s string, schemeEnd int, buf *Buffer) (href string, p record.Packed, ok bool) {
	n := len(s)
	a := schemeEnd + 3 // s[:a] is "http://" or "https://"
	var blocks [1]asm.Block
	asm.Classify(blocks[:], s)
	b := &blocks[0]
	// Bytes to encode, reject or strip make it the scanner's.
	if b.Bad|b.Extra != 0 {
		return "", p, false
	}
	// The host ends at the first '/', '?', '#', ':' or any other
	// delimiter but '.'; only a '/' (a path) or the end of s keeps it
	// here.
	stops := (b.Struct &^ b.Dot) & spanMask(a, n)
	end := min(bits.TrailingZeros64(stops), n)
	if end == a || end < n && s[end] != '/' || b.Upper&spanMask(a, end) != 0 ||
		mayEndInANumber(s[end-1]) && endsInANumber(s[a:end]) != numberNo {
		return "", p, false
	}
	if end == n {
		// No path: the serialization adds "/".
		if !building(buf) {
			return "", p, true
		}
		out := append(grow(buf, n+1), s...)
		return finish(buf, append(out, '/')), pack(schemeEnd, a, end, -1, end, -1, -1, record.HostDomain, record.FlagSpecial), true
	}
	term, ok := shortPath(n, b, end)
	if !ok {
		return "", p, false
	}
	query, fragment := termsAt(s, term)
	return s, pack(schemeEnd, a, end, -1, end, query, fragment, record.HostDomain, record.FlagSpecial), true
}

// shortPath checks bytes start..n-1 of a string of n bytes that b
// classifies and that has no Bad or Extra byte: a path (byte start is its
// '/') with an optional query and fragment, as parseShort takes it. ok is
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
