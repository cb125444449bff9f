package fast

import (
	"math/bits"
	"strings"
)

// checkPath validates a special URL's path starting at s[p] == '/', then
// its query and fragment. It declines (ok false) on "\" and on a single-
// or double-dot segment (also in its %2e forms), which the path state
// would change; escape reports bytes that the path, query or fragment
// state would percent-encode (see escapable).
func checkPath(sc *scanner, s string, p int) (queryStart, fragmentStart int, escape, ok bool) {
	n := len(s)
	if p+1 == n {
		return -1, -1, false, true // the path "/" and nothing after it
	}
	end := n
	// Per block, with the kernel's per-character masks: the path ends at
	// the first '?' or '#'; a "\" declines; a dot segment can only start
	// right after a '/' with '.' or '%' (the only other delimiter that can
	// begin "%2e"), so only those few positions get a closer look.
	carry := uint64(0) // whether the last byte of the block before is a '/'
	for k := p >> 6; k*64 < n; k++ {
		b := sc.cached(k)
		if b == nil {
			b = sc.refill(k)
		}
		r := spanMask(max(p+1-k*64, 0), min(n-k*64, 64))
		term := b.Term & r
		if term != 0 {
			r &= term&-term - 1 // up to the end of the path
		}
		// s[p], the path's '/', is among b.Slash: its first segment is
		// looked at too.
		if look := pathLook(b, carry, r); look != 0 && !plainPath(s, k, look) {
			return -1, -1, false, false
		}
		carry = b.Slash >> 63
		if term != 0 {
			end = k*64 + bits.TrailingZeros64(term)
			if !sc.sum.Bad() && !sc.sum.Extra() {
				// Nothing in s to percent-encode, as in most URLs: only
				// the fragment is left to find, without the escape checks
				// of checkQueryFragment.
				if s[end] == '#' {
					return -1, end, false, true
				}
				// The fragment begins at the first '#' after the '?': in
				// this block's other '?' and '#', as termsAt looks, or
				// past it.
				for m := term & (term - 1); m != 0; m &= m - 1 {
					if j := k*64 + bits.TrailingZeros64(m); s[j] == '#' {
						return end, j, false, true
					}
				}
				if f := (k + 1) * 64; f < n {
					if f = fragmentAfter(sc, s, f); f < n {
						return end, f, false, true
					}
				}
				return end, -1, false, true
			}
			break
		}
	}
	if end == n && !sc.sum.Bad() && !sc.sum.Extra() {
		return -1, -1, false, true
	}
	queryStart, fragmentStart, escape = checkQueryFragment(sc, s, end, true)
	escape = escape || sc.sum.Bad() && sc.has(classBad, p, end) || sc.sum.Extra() && hasPathExtra(sc, s, p, end)
	return queryStart, fragmentStart, escape, true
}

// hasPathExtra reports whether [i, end) holds an Extra byte of the path
// percent-encode set: backtick, braces or caret (not the apostrophe or pipe).
func hasPathExtra(sc *scanner, s string, i, end int) bool {
	var it iter
	it.init(sc, classExtra, i, end)
	for i := it.next(sc); i >= 0; i = it.next(sc) {
		if c := s[i]; c != '\'' && c != '|' {
			return true
		}
	}
	return false
}

// checkQueryFragment finds the query and fragment in what follows a path:
// nothing, or s[q] is '?' or '#'. escape reports bytes to percent-encode:
// in a special URL's query those of the special-query set (the apostrophe
// being its Extra byte), in any other URL's query those of the query set,
// in a fragment those of the fragment set (the backtick being its Extra
// byte).
func checkQueryFragment(sc *scanner, s string, q int, special bool) (queryStart, fragmentStart int, escape bool) {
	n := len(s)
	queryStart, fragmentStart = -1, -1
	if q == n {
		return -1, -1, false
	}
	f := q
	if s[q] == '?' {
		queryStart = q
		f = fragmentAfter(sc, s, q+1)
		escape = sc.sum.Bad() && badIn(sc, q+1, f) || special && sc.sum.Extra() && hasByte(sc, s, q+1, f, '\'')
	}
	if f < n {
		fragmentStart = f
		escape = escape || sc.sum.Bad() && badIn(sc, f+1, n) || sc.sum.Extra() && hasByte(sc, s, f+1, n, '`')
	}
	return queryStart, fragmentStart, escape
}

// badIn reports whether [i, end) holds a Bad byte, for a string that has
// one (sc.sum.Bad()). When [i, end) is the rest of a string longer than
// the window, and the window holds all of it before i, the Summary may
// answer without classifying that rest again: the rest has the Bad byte if
// [0, i) has none (if [0, i) has one, the rest is looked at). That spares
// a long query string with one byte to encode a third classification,
// after escapable's and appendEscaped's.
func badIn(sc *scanner, i, end int) bool {
	if held := 64 * sc.count; end == len(sc.s) && sc.first == 0 && i <= held && held < end && !sc.has(classBad, 0, i) {
		return true
	}
	return sc.has(classBad, i, end)
}

// fragmentAfter returns the position of the first '#' from s[i] on, or
// len(s): it looks only at the bytes the Term mask marks ('?' and '#').
func fragmentAfter(sc *scanner, s string, i int) int {
	n := len(s)
	for k := i >> 6; k*64 < n; k++ {
		b := sc.cached(k)
		if b == nil {
			// Past the scanner's window, where refill would classify
			// the blocks again for their Term mask alone (a long query
			// string, most often with no fragment at all): the
			// runtime's vector IndexByte reads them once.
			from := max(i, k*64)
			if j := strings.IndexByte(s[from:], '#'); j >= 0 {
				return from + j
			}
			return n
		}
		m := b.Term & spanMask(max(i-k*64, 0), min(n-k*64, 64))
		for ; m != 0; m &= m - 1 {
			if j := k*64 + bits.TrailingZeros64(m); s[j] == '#' {
				return j
			}
		}
	}
	return n
}

// hasByte reports whether [i, end) holds the Extra byte c.
func hasByte(sc *scanner, s string, i, end int, c byte) bool {
	var it iter
	it.init(sc, classExtra, i, end)
	for i := it.next(sc); i >= 0; i = it.next(sc) {
		if s[i] == c {
			return true
		}
	}
	return false
}
