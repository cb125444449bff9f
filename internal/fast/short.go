package fast

import (
	"math/bits"

	"github.com/spanurl/spanurl/internal/asm"
	"github.com/spanurl/spanurl/internal/offsets"
	"github.com/spanurl/spanurl/record"
)

// The commonest URL is taken the quick way, in ParseAbsolute: at most 64
// bytes, "http(s)://host/path[?query][#fragment]" already in its
// serialized form, or "http(s)://host" (which gets its "/" path), with a
// lowercase domain that does not end in a number, no port and nothing in
// the path that needs a closer look. It is classified into one Block (64
// bytes to zero, not a scanner's 300) and everything is tested on those
// masks (shortHost, shortPath), with no loop over blocks; the few path
// bytes the masks cannot tell (a colon from a backslash, a '.' or '%'
// after a '/' from a dot segment) are read by plainPath. What the quick
// way leaves goes on to the scanner, which takes the rest or declines, so
// whatever the quick way accepts, parseSpecial accepts the same way.
// URLs of 65 to 256 bytes (46% of absolute.txt) are taken the same way
// from the blocks of the scanner's window (parseWindow), before
// parseSpecial.
//
// Measured (ab-fast.sh): against the scanner's way, 0.86-0.87 on
// absolute.txt with a Block returned by value from assembly, and
// Classify into an array 0.96-0.98 of that; up to 128 bytes with one
// two-Block array for all (the masks as 128-bit pairs) was slower than up
// to 64. Written out in ParseAbsolute rather than called as a function of
// its own (parseShort, cost 685): 0.941-0.965 on absolute.txt, 0.971-0.973
// on messy.txt. parsePair (65-128 bytes, the scanner's first two
// blocks; parseWindow's first version): absolute 0.906-0.912, relative
// 0.952-0.959 (with its own two-Block array 0.926-0.930, and messy
// 1.025-1.028: it classified twice what it declined); plainPath instead of
// declining every colon and every '.' or delimiter after a '/' (which kept
// 3,444 of absolute.txt's 41,421 URLs of 65-128 bytes from parsePair):
// with parsePair, absolute 0.876-0.886, relative 0.937-0.955, messy
// 0.990-0.998, against the code before both. parseWindow, parsePair made a
// loop over the window's blocks (up to 256 bytes, not 128): absolute
// 0.960-0.968, messy 0.983, relative 0.981-0.983 against parsePair.

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

// shortPath looks at bytes start..n-1 of a string of n bytes that b
// classifies and that has no Bad or Extra byte: a path (byte start is its
// '/') with an optional query and fragment, as the quick way takes it.
// term has the '?' and '#' after the path's start (see termsAt); look the
// path's bytes that plainPath must see: colons and backslashes (one mask),
// and the bytes right after a '/' that are '.' or another delimiter ('%',
// '@', '[', ']'), where a dot segment could begin. Most paths have none.
func shortPath(n int, b *asm.Block, start int) (term, look uint64) {
	// The path ends at the first '?' or '#' (with none, term&-term - 1
	// is all ones).
	path := spanMask(start+1, n)
	term = b.Term & path
	path &= term&-term - 1
	return term, pathLook(b, 0, path)
}

// pathLook is the mask of the bytes of block b within path that plainPath
// must see: colons and backslashes, and a '.' or another delimiter right
// after a '/' (carry is 1 when the block before ends in a '/').
func pathLook(b *asm.Block, carry, path uint64) uint64 {
	return (b.ColonBackslash | (b.Slash<<1|carry)&(b.Dot|b.Other())) & path
}

// plainPath reports whether none of the path bytes of block k of s that
// look marks is a backslash (a special URL's path separator, which the
// serialization turns into '/') or begins a single- or double-dot segment
// ("." or "..", "%2e" for any dot, up to the next '/', '?' or '#'). The
// bytes it looks at are a path's colons and backslashes and what follows
// its slashes when that is a '.' or another delimiter: mostly a colon of
// an embedded URL, a '%' of a percent-encoded segment, or a '.' of a name
// like ".well-known", a few bytes each to read.
func plainPath(s string, k int, look uint64) bool {
	n := len(s)
	for ; look != 0; look &= look - 1 {
		i := k*64 + bits.TrailingZeros64(look)
		switch s[i] {
		case '\\':
			return false
		case ':':
			continue
		}
		j := i
		for j < n && s[j] != '/' && s[j] != '?' && s[j] != '#' && j-i <= 6 {
			j++
		}
		if isDotSegment(s[i:j]) && (j == n || s[j] == '/' || s[j] == '?' || s[j] == '#') {
			return false
		}
	}
	return true
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

// shortPathRelative reports whether ref is a reference of at most 64
// bytes that, unless it has a scheme, is path-relative with a first
// segment that cannot be a dot segment: it does not begin with '/', '?',
// '#', '\\', '.' or '%' (of "%2e"). Resolve checks those with one Block.
func shortPathRelative(ref string) bool {
	if len(ref) == 0 || len(ref) > 64 {
		return false
	}
	switch ref[0] {
	case '/', '?', '#', '\\', '.', '%':
		return false
	}
	return true
}

// parseWindow takes the quick way's URLs of 65 bytes up to the scanner's
// window (256), whose blocks the scanner holds, all of them, and that have
// no Bad or Extra byte: the host (after "http(s)://", the scheme ending at
// end) ends at a '/' in the first block, and the path, query and fragment
// run on through the others. ok false leaves s to parseSpecial. A URL
// taken is in its serialized form: its href is s.
func parseWindow(sc *scanner, s string, end int) (p offsets.Packed, ok bool) {
	a := end + 3
	b := &sc.blocks[0]
	hostEnd, ok := shortHost(b, a, 64)
	if !ok || hostEnd == 64 || mayEndInANumber(s[hostEnd-1]) && endsInANumber(s[a:hostEnd]) != numberNo {
		return p, false
	}
	query, fragment := -1, -1
	term, look := shortPath(64, b, hostEnd)
	if look != 0 && !plainPath(s, 0, look) {
		return p, false
	}
	k := 0
	if term == 0 {
		// The path goes on into the next blocks: the same checks, with a
		// '/' at the end of a block carried to the start of the next.
		for k = 1; k < sc.count; k++ {
			carry := b.Slash >> 63
			b = &sc.blocks[k]
			term = b.Term // no bits past the end of s (see asm.Block)
			path := term&-term - 1
			if look := pathLook(b, carry, path); look != 0 && !plainPath(s, k, look) {
				return p, false
			}
			if term != 0 {
				break
			}
		}
	}
	if term != 0 {
		// The path ends at the first '?' or '#'; after a '?', the fragment
		// begins at the first '#', in this block or a later one.
		t := k*64 + bits.TrailingZeros64(term)
		if s[t] == '#' {
			fragment = t
		} else {
			query = t
			fragment = fragmentAfter(sc, s, t+1)
			if fragment == len(s) {
				fragment = -1
			}
		}
	}
	return pack(end, a, hostEnd, -1, hostEnd, query, fragment, record.HostDomain, offsets.FlagSpecial), true
}
