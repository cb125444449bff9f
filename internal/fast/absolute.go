package fast

import (
	"encoding/binary"
	"math/bits"
	"strings"
	"unsafe"

	"github.com/spanurl/spanurl/internal/asm"
	"github.com/spanurl/spanurl/internal/offsets"
	"github.com/spanurl/spanurl/record"
)

// ParseAbsolute parses s as an absolute URL with no base, or declines
// (ok false). When the serialization differs from s (a fix-up), it is
// built as buf says (see Buffer).
//
// It tries the tiers in the order the package's doc gives. The first, one
// block, is written out here rather than called: it takes most URLs, and a
// call of its own would cost more than its checks, which are a few mask
// operations on one asm.Block (64 bytes to classify, not a scanner's
// window). Whatever it takes, the scanner's tiers take the same way.
func ParseAbsolute(s string, buf *Buffer) (href string, p offsets.Packed, ok bool) {
	if len(s) == 0 || len(s) > offsets.MaxInput {
		return "", p, false
	}
	end, port := lowerHTTP(s)
	if n := len(s); end > 0 && n <= 64 {
		// Tier 1, one block: the host (shortHost), whether it ends in a
		// number, and the path (shortPath, plainPath).
		a := end + 3 // s[:a] is "http://" or "https://"
		var blocks [1]asm.Block
		asm.Classify(blocks[:], s)
		b := &blocks[0]
		if hostEnd, ok := shortHost(b, a, n); ok && b.Bad|b.Extra == 0 {
			kind := record.HostDomain
			if mayEndInANumber(s[hostEnd-1]) {
				kind, ok = hostNumber(s[a:hostEnd])
			}
			// ok false: a number of another form, which the scanner's
			// tiers decline.
			if ok && hostEnd == n {
				// No path: the serialization adds "/".
				if !building(buf) {
					return "", p, true
				}
				out := append(grow(buf, n+1), s...)
				return finish(buf, append(out, '/')), pack(end, a, n, -1, n, -1, -1, kind, offsets.FlagSpecial), true
			}
			if ok {
				if term, look := shortPath(n, b, hostEnd); look == 0 || plainPath(s, 0, look) {
					query, fragment := termsAt(s, term)
					return s, pack(end, a, hostEnd, -1, hostEnd, query, fragment, kind, offsets.FlagSpecial), true
				}
			}
		}
	}
	var sc scanner // set up as its type's comment says
	sc.s = s
	sc.count, sc.sum = asm.ClassifySummary(sc.blocks[:], s)
	// Leading or trailing C0 controls and spaces, tabs, newlines and
	// non-ASCII bytes are all Bad: each tier checks them per component.
	if end > 0 {
		// Tier 2, the window, then tier 3.
		if n := len(s); n > 64 && n <= 64*window && !sc.sum.Bad() && !sc.sum.Extra() {
			if p, ok := parseWindow(&sc, s, end); ok {
				return s, p, true
			}
		}
		return parseSpecial(&sc, s, end, false, port, buf)
	}
	// Any other scheme: tier 3 or 4.
	schemeEnd, upperScheme := scanScheme(s)
	if schemeEnd <= 0 {
		return "", p, false
	}
	return parseAfterScheme(&sc, s, schemeEnd, upperScheme, buf)
}

// lowerHTTP tells the start of nearly every URL, "https://" or "http://",
// with one compare: it returns the scheme's end and default port, or 0.
// Which of the two it is comes out as arithmetic, not a branch: a quarter
// to a half of real URLs are https, in no order a predictor could learn.
func lowerHTTP(s string) (schemeEnd, defaultPort int) {
	if len(s) < 8 {
		return 0, 0 // "http://" alone has no host: the slow path says so
	}
	const (
		https = 'h' | 't'<<8 | 't'<<16 | 'p'<<24 | 's'<<32 | ':'<<40 | '/'<<48 | '/'<<56
		http  = 'h' | 't'<<8 | 't'<<16 | 'p'<<24 | ':'<<32 | '/'<<40 | '/'<<48
	)
	w := binary.LittleEndian.Uint64(unsafe.Slice(unsafe.StringData(s), 8))
	isHTTPS := b2i(w == https)
	isHTTP := b2i(w&(1<<56-1) == http)
	return (4 + isHTTPS) * (isHTTPS | isHTTP), portHTTP + (portHTTPS-portHTTP)*isHTTPS
}

// b2i is 1 for true and 0 for false, which the compiler makes a SETcc,
// not a branch.
func b2i(b bool) int {
	var i int
	if b {
		i = 1
	}
	return i
}

// shortHost checks the host of a URL of n <= 64 bytes that b classifies
// and that has no Bad or Extra byte (to encode, reject or strip), the host
// beginning at byte a (after "http(s)://"): ok when it is a lowercase
// domain of tier 1's shape, ending at a '/' (end is its index) or
// at the end of the URL (end == n). Whether the domain ends in a number
// is left to the caller (mayEndInANumber, endsInANumber), as is the check
// for Bad and Extra: both keep this within the inliner's budget, which
// TestInlining checks.
func shortHost(b *asm.Block, a, n int) (end int, ok bool) {
	// The host ends at the first '/', '?', '#', ':' or any other
	// delimiter but '.'; only a '/' (a path) or the end of the URL keeps
	// it here.
	stops := (b.Struct &^ b.Dot) & spanMask(a, n)
	end = bits.TrailingZeros64(stops | 1<<n) // n when there is none (1<<64 is 0)
	first := stops & -stops                  // 0 when the host runs to the end
	return end, end > a && first&^b.Slash == 0 && b.Upper&spanMask(a, end) == 0
}

// mayEndInANumber reports whether a host whose last byte is c can end in
// a number: a number ends in a decimal or hex digit or "x" (of "0x"), and
// a final "." leaves the number before it. Every other byte folded to
// lowercase is past "f", which is one compare.
func mayEndInANumber(c byte) bool {
	c |= 0x20
	return c <= 'f' || c == 'x'
}

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

// shortPath looks at bytes start..n-1 of a string of n bytes that b
// classifies and that has no Bad or Extra byte: a path (byte start is its
// '/') with an optional query and fragment, as tier 1 takes it.
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

// parseWindow is tier 2: URLs of tier 1's shape from 65 bytes up to the
// scanner's window (256), whose blocks the scanner holds, all of them, and
// that have no Bad or Extra byte. The host (after "http(s)://", the scheme ending at
// end) ends at a '/' in the first block, and the path, query and fragment
// run on through the others. ok false leaves s to parseSpecial. A URL
// taken is in its serialized form: its href is s.
func parseWindow(sc *scanner, s string, end int) (p offsets.Packed, ok bool) {
	a := end + 3
	b := &sc.blocks[0]
	hostEnd, ok := shortHost(b, a, 64)
	if !ok || hostEnd == 64 {
		return p, false
	}
	kind := record.HostDomain
	if mayEndInANumber(s[hostEnd-1]) {
		if kind, ok = hostNumber(s[a:hostEnd]); !ok {
			return p, false
		}
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
	return pack(end, a, hostEnd, -1, hostEnd, query, fragment, kind, offsets.FlagSpecial), true
}

// scanScheme returns the index of the ":" ending a scheme at the start of
// s (0 or -1 when there is none) and whether the scheme has uppercase
// letters.
func scanScheme(s string) (int, bool) {
	upper := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z':
		case c >= 'A' && c <= 'Z':
			upper = true
		case i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return i, upper
		default:
			return -1, false
		}
	}
	return -1, false
}

// parseAfterScheme is ParseAbsolute once the scanner of s is set up and
// s[:schemeEnd] is known to be a scheme (upperScheme: with uppercase
// letters).
func parseAfterScheme(sc *scanner, s string, schemeEnd int, upperScheme bool, buf *Buffer) (href string, p offsets.Packed, ok bool) {
	switch specialScheme(s, schemeEnd) {
	case schemeOther:
	case schemeHTTP:
		return parseSpecial(sc, s, schemeEnd, upperScheme, portHTTP, buf)
	case schemeHTTPS:
		return parseSpecial(sc, s, schemeEnd, upperScheme, portHTTPS, buf)
	case schemeFTP:
		return parseSpecial(sc, s, schemeEnd, upperScheme, portFTP, buf)
	default: // file:
		return "", p, false
	}
	return parseOpaque(sc, s, schemeEnd, upperScheme, buf)
}

// The default ports of the special schemes, as constants so that
// lowerHTTP computes its port without a branch or a call. They are
// record.DefaultPort's, which TestDefaultPorts checks.
const (
	portHTTP  = 80  // http, ws
	portHTTPS = 443 // https, wss
	portFTP   = 21  // ftp
)

type schemeKind uint8

const (
	schemeOther schemeKind = iota
	schemeHTTP             // http, ws: default port 80
	schemeHTTPS            // https, wss: default port 443
	schemeFTP
	schemeFile
)

// specialScheme tells which special scheme s[:end] is, in any case. Every
// scheme byte is alphanumeric, '+', '-' or '.', all of which have the 0x20
// bit set except uppercase letters, so OR-ing 0x20 folds the case; the
// bytes are read as one little-endian word rather than copied.
func specialScheme(s string, end int) schemeKind {
	const fold = 0x20202020
	switch end {
	case 2:
		if uint16(s[0])|uint16(s[1])<<8|0x2020 == 'w'|'s'<<8 {
			return schemeHTTP
		}
	case 3:
		switch uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | 0x202020 {
		case 'w' | 's'<<8 | 's'<<16:
			return schemeHTTPS
		case 'f' | 't'<<8 | 'p'<<16:
			return schemeFTP
		}
	case 4, 5:
		w := uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24 | fold
		switch {
		case w == 'h'|'t'<<8|'t'<<16|'p'<<24:
			if end == 4 {
				return schemeHTTP
			}
			if s[4]|0x20 == 's' {
				return schemeHTTPS
			}
		case w == 'f'|'i'<<8|'l'<<16|'e'<<24 && end == 4:
			return schemeFile
		}
	}
	return schemeOther
}
