package fast

import (
	"math/bits"
	"strings"
	"unsafe"
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
// [0, i) has none (if [0, i) has one, the rest is looked at). A long query
// string with one byte to encode was otherwise classified here once more,
// then by escapable and again by appendEscaped.
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

// isDotSegment reports whether seg is a single- or double-dot URL path
// segment: ".", "..", or those with "%2e" (any case) for some dots.
func isDotSegment(seg string) bool {
	switch len(seg) {
	case 1:
		return seg == "."
	case 2:
		return seg == ".."
	case 3:
		return is2e(seg)
	case 4:
		return seg[0] == '.' && is2e(seg[1:]) || is2e(seg) && seg[3] == '.'
	case 6:
		return is2e(seg) && is2e(seg[3:])
	}
	return false
}

func is2e(s string) bool { return s[0] == '%' && s[1] == '2' && s[2]|0x20 == 'e' }

type numberKind uint8

const (
	numberNo      numberKind = iota // does not end in a number
	numberDecimal                   // the last label is all digits
	numberOther                     // hex or another IPv4 number form
)

// endsInANumber runs the host parser's "ends in a number" checker on an
// ASCII domain, telling decimal last labels apart.
func endsInANumber(host string) numberKind {
	if host == "" {
		return numberNo
	}
	if host[len(host)-1] == '.' {
		host = host[:len(host)-1]
		if host == "" {
			return numberNo
		}
	}
	if !mayEndInANumber(host[len(host)-1]) {
		return numberNo
	}
	last := host[strings.LastIndexByte(host, '.')+1:]
	if last == "" {
		return numberNo
	}
	digits := true
	for i := 0; i < len(last); i++ {
		if last[i] < '0' || last[i] > '9' {
			digits = false
			break
		}
	}
	if digits {
		return numberDecimal
	}
	if len(last) >= 2 && last[0] == '0' && last[1]|0x20 == 'x' {
		for i := 2; i < len(last); i++ {
			c := last[i] | 0x20
			if !(last[i] >= '0' && last[i] <= '9' || c >= 'a' && c <= 'f') {
				return numberNo
			}
		}
		return numberOther
	}
	return numberNo
}

// mayEndInANumber reports whether a host whose last byte is c can end in
// a number: a number ends in a decimal or hex digit or "x" (of "0x"), and
// a final "." leaves the number before it. Every other byte folded to
// lowercase is past "f", which is one compare.
func mayEndInANumber(c byte) bool {
	c |= 0x20
	return c <= 'f' || c == 'x'
}

// isCanonicalIPv4 reports whether host is an IPv4 address in the IPv4
// serializer's form: four decimal numbers 0-255 without leading zeros,
// no trailing dot. One pass over the bytes, no search per part.
func isCanonicalIPv4(host string) bool {
	if len(host) < 7 || len(host) > 15 {
		return false
	}
	parts, v, digits := 0, 0, 0
	for i := 0; i < len(host); i++ {
		c := host[i]
		if c == '.' {
			if digits == 0 || parts == 3 {
				return false
			}
			parts++
			v, digits = 0, 0
			continue
		}
		if c < '0' || c > '9' || digits > 0 && v == 0 {
			return false // not a digit, or a leading zero
		}
		v = v*10 + int(c-'0')
		digits++
		if v > 255 {
			return false
		}
	}
	return parts == 3 && digits > 0
}

// moved is pos+shift, or -1 when pos is negative (absent).
func moved(pos, shift int) int {
	if pos < 0 {
		return -1
	}
	return pos + shift
}

// omittedOr is moved as an offset: uint32(-1) is record.Omitted.
func omittedOr(pos, shift int) uint32 { return uint32(moved(pos, shift)) }

// Buffer is where the fix-ups build a serialization. A nil *Buffer means
// a new string for each result. A reused Buffer keeps its memory: the
// href then aliases it and is valid until the Buffer is used again. With
// ValidateOnly set nothing is built and Href is left empty (CanParse).
// With Keep set every href is permanent: it is built in the free end of a
// block of keepBlock bytes (see keepTail), which is never written again.
type Buffer struct {
	b            []byte
	tmp          []byte // a scheme-relative reference with the base's scheme
	ValidateOnly bool
	Keep         bool
}

// keepBlock is the size of the blocks a Buffer with Keep allocates: one
// allocation for the hrefs of about fifty requests, and what one kept href
// can hold in memory at most. An href larger than this gets a block of its
// own size.
const keepBlock = 8 << 10

// grow returns an empty buffer with room for size bytes: the Buffer's
// memory when given, otherwise new memory.
func grow(buf *Buffer, size int) []byte {
	if buf == nil {
		return make([]byte, 0, size)
	}
	if buf.Keep {
		return keepTail(buf, size)
	}
	if cap(buf.b) < size {
		buf.b = make([]byte, 0, size+size/4)
	}
	return buf.b[:0]
}

// keepTail is grow for a Buffer with Keep: the unused end of the current
// block, as an empty slice whose capacity is that end, or a new block when
// fewer than size bytes are left. The hrefs before it in the block stay as
// they are: nothing is written below len(buf.b).
func keepTail(buf *Buffer, size int) []byte {
	if cap(buf.b)-len(buf.b) < size {
		buf.b = make([]byte, 0, max(keepBlock, size))
	}
	return buf.b[len(buf.b):len(buf.b)]
}

// finish turns the built bytes into the href: a string sharing out's
// memory. Without a Buffer, out is new and never written again, so sharing
// it is a conversion without a copy; with one, the href aliases the Buffer
// until it is used again, or for good with Keep.
func finish(buf *Buffer, out []byte) string {
	if buf != nil {
		if buf.Keep {
			keepUsed(buf, out)
		} else {
			buf.b = out
		}
	}
	return unsafe.String(unsafe.SliceData(out), len(out))
}

// keepUsed moves the start of the block's free end past out, built there
// by keepTail's slice, so that no later href is written over it. An out
// that outgrew that slice was moved by append to memory of its own, which
// the block does not hold: nothing to do then.
func keepUsed(buf *Buffer, out []byte) {
	n := len(buf.b)
	free := uintptr(unsafe.Pointer(unsafe.SliceData(buf.b))) + uintptr(n)
	if len(out) > 0 && uintptr(unsafe.Pointer(unsafe.SliceData(out))) == free && len(out) <= cap(buf.b)-n {
		buf.b = buf.b[:n+len(out)]
	}
}

// building reports whether results must be built (not only validated).
func building(buf *Buffer) bool { return buf == nil || !buf.ValidateOnly }

func appendLower(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c |= 0x20
		}
		dst = append(dst, c)
	}
	return dst
}
