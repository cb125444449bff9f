package record

// EncodeSet is a percent-encode set: a set of bytes that the UTF-8
// percent-encode algorithms write as %XX. Every set of the standard contains
// all non-ASCII code points, so a set is a 128-bit table for ASCII, and every
// byte >= 0x80 (a byte of a UTF-8 encoded non-ASCII code point) is always in
// the set.
type EncodeSet struct{ lo, hi uint64 }

// Contains reports whether byte c is in the set.
func (s *EncodeSet) Contains(c byte) bool {
	if c < 64 {
		return s.lo&(1<<c) != 0
	}
	if c < 128 {
		return s.hi&(1<<(c-64)) != 0
	}
	return true
}

// with returns s plus every byte of chars.
func (s EncodeSet) with(chars string) EncodeSet {
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
func (s EncodeSet) withRange(first, last byte) EncodeSet {
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
	C0ControlSet = EncodeSet{}.withRange(0x00, 0x1f).with("\x7f")
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

// AppendPercentEncodedByte appends "%XX" (upper hex) for c.
func AppendPercentEncodedByte(dst []byte, c byte) []byte {
	return append(dst, '%', upperHex[c>>4], upperHex[c&15])
}

// AppendPercentEncoded UTF-8 percent-encodes s (already UTF-8) using set:
// each byte in the set is written as %XX, every other byte as itself.
func AppendPercentEncoded(dst []byte, s []byte, set *EncodeSet) []byte {
	for _, c := range s {
		if set.Contains(c) {
			dst = AppendPercentEncodedByte(dst, c)
		} else {
			dst = append(dst, c)
		}
	}
	return dst
}

// AppendPercentDecoded appends the percent-decoding of input to dst: every
// "%" followed by two ASCII hex digits becomes that byte; everything else,
// including a "%" not so followed, is copied.
func AppendPercentDecoded(dst []byte, input []byte) []byte {
	for i := 0; i < len(input); i++ {
		c := input[i]
		if c == '%' && i+2 < len(input) && IsASCIIHexDigit(input[i+1]) && IsASCIIHexDigit(input[i+2]) {
			dst = append(dst, hexValue(input[i+1])<<4|hexValue(input[i+2]))
			i += 2
			continue
		}
		dst = append(dst, c)
	}
	return dst
}

// IsASCIIHexDigit reports whether c is 0-9, A-F or a-f.
func IsASCIIHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || (c|0x20) >= 'a' && (c|0x20) <= 'f'
}

func hexValue(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return (c | 0x20) - 'a' + 10
}
