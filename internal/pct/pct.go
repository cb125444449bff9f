package pct

import (
	"math/bits"
	"slices"
)

// Set is a percent-encode set: a set of bytes that the UTF-8
// percent-encode algorithms write as %XX. Every set of the standard contains
// all non-ASCII code points, so a set is a 128-bit table for ASCII, and every
// byte >= 0x80 (a byte of a UTF-8 encoded non-ASCII code point) is always in
// the set.
type Set struct{ lo, hi uint64 }

// Contains reports whether byte c is in the set.
func (s *Set) Contains(c byte) bool {
	if c < 64 {
		return s.lo&(1<<c) != 0
	}
	if c < 128 {
		return s.hi&(1<<(c-64)) != 0
	}
	return true
}

// with returns s plus every byte of chars.
func (s Set) with(chars string) Set {
	for i := 0; i < len(chars); i++ {
		c := chars[i]
		if c < 64 {
			s.lo |= 1 << c
		} else {
			s.hi |= 1 << (c - 64)
		}
	}
	return s
}

// withRange returns s plus the bytes from first to last inclusive.
func (s Set) withRange(first, last byte) Set {
	for c := first; ; c++ {
		s = s.with(string(rune(c)))
		if c == last {
			return s
		}
	}
}

// The standard's percent-encode sets, each built from the one before it
// exactly as the standard words it. They are never modified.
var (
	// C0ControlSet: the C0 controls and all code points greater than U+007E.
	C0ControlSet = Set{}.withRange(0x00, 0x1f).with("\x7f")
	// FragmentSet: C0 control set plus space " < > `.
	FragmentSet = C0ControlSet.with(" \"<>`")
	// QuerySet: C0 control set plus space " # < >.
	QuerySet = C0ControlSet.with(" \"#<>")
	// SpecialQuerySet: query set plus '.
	SpecialQuerySet = QuerySet.with("'")
	// PathSet: query set plus ? ^ ` { }.
	PathSet = QuerySet.with("?^`{}")
	// UserinfoSet: path set plus / : ; = @ [ \ ] |.
	UserinfoSet = PathSet.with("/:;=@").withRange('[', ']').with("|")
	// ComponentSet: userinfo set plus $ % & + , (encodeURIComponent's set).
	ComponentSet = UserinfoSet.withRange('$', '&').with("+,")
	// FormURLEncodedSet: component set plus ! ' ( ) ~.
	FormURLEncodedSet = ComponentSet.with("!").withRange('\'', ')').with("~")
)

const upperHex = "0123456789ABCDEF"

// AppendByte appends "%XX" (upper hex) for c.
func AppendByte(dst []byte, c byte) []byte {
	return append(dst, '%', upperHex[c>>4], upperHex[c&15])
}

// AppendAll appends "%XX" (upper hex) for every byte of s,
// growing dst once: a run of non-ASCII bytes, which every percent-encode
// set encodes whole.
func AppendAll[S ~string | ~[]byte](dst []byte, s S) []byte {
	n := len(dst)
	dst = slices.Grow(dst, 3*len(s))[:n+3*len(s)]
	for i := range len(s) {
		c, out := s[i], dst[n+3*i:n+3*i+3]
		out[0], out[1], out[2] = '%', upperHex[c>>4], upperHex[c&15]
	}
	return dst
}

// NonASCIIEnd returns the end of the run of non-ASCII bytes that starts at
// s[i] (i itself when s[i] is ASCII or i is len(s)). A word in another
// script is such a run, and since every percent-encode set holds every
// non-ASCII byte and none of them ends a path, query or fragment, parsers
// encode the run in one step (AppendAll).
func NonASCIIEnd[S ~string | ~[]byte](s S, i int) int {
	// Eight bytes at a time (a word is tens of bytes): the first ASCII byte
	// is the lowest byte of the little-endian word without its top bit.
	for ; i+8 <= len(s); i += 8 {
		w := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		if ascii := ^w & 0x8080808080808080; ascii != 0 {
			return i + bits.TrailingZeros64(ascii)>>3
		}
	}
	for i < len(s) && s[i] >= 0x80 {
		i++
	}
	return i
}

// Append UTF-8 percent-encodes s (already UTF-8) using set:
// each byte in the set is written as %XX, every other byte as itself.
func Append(dst []byte, s []byte, set *Set) []byte {
	for _, c := range s {
		if set.Contains(c) {
			dst = AppendByte(dst, c)
		} else {
			dst = append(dst, c)
		}
	}
	return dst
}

// AppendDecoded appends the percent-decoding of input to dst: every
// "%" followed by two ASCII hex digits becomes that byte; everything else,
// including a "%" not so followed, is copied. It is the one decoding loop
// of the module, for strings and byte slices alike.
func AppendDecoded[S ~string | ~[]byte](dst []byte, input S) []byte {
	for i := 0; i < len(input); i++ {
		c := input[i]
		if c == '%' && i+2 < len(input) && IsASCIIHexDigit(input[i+1]) && IsASCIIHexDigit(input[i+2]) {
			dst = append(dst, HexValue(input[i+1])<<4|HexValue(input[i+2]))
			i += 2
			continue
		}
		dst = append(dst, c)
	}
	return dst
}

// DecodeHex2 returns the byte that the two ASCII hex digits s starts
// with spell, and false when s does not start with two.
func DecodeHex2(s string) (byte, bool) {
	if len(s) < 2 || !IsASCIIHexDigit(s[0]) || !IsASCIIHexDigit(s[1]) {
		return 0, false
	}
	return HexValue(s[0])<<4 | HexValue(s[1]), true
}

// IsUnreserved reports whether c is one of RFC 3986's unreserved
// characters: ALPHA, DIGIT, "-", ".", "_", "~".
func IsUnreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}

// IsASCIIHexDigit reports whether c is 0-9, A-F or a-f.
func IsASCIIHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || (c|0x20) >= 'a' && (c|0x20) <= 'f'
}

// HexValue returns the value of the ASCII hex digit c.
func HexValue(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return (c | 0x20) - 'a' + 10
}
