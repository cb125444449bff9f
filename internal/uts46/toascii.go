package uts46

import (
	"unicode"
	"unicode/utf8"
)

// maxPlainLabel is the most code points a plain label may hold: a DNS label's limit in
// octets, so that no real label is longer, and Punycode encoding works on a fixed array.
const maxPlainLabel = 63

// Plain reports whether domain is plain (see the package documentation): whether ToASCII
// converts it.
func Plain(domain string) bool {
	nonASCII := false
	for len(domain) > 0 {
		end := 0
		for end < len(domain) && domain[end] != '.' {
			end++
		}
		label := domain[:end]
		if label == "" || len(label) >= 4 && label[0]|0x20 == 'x' && label[1]|0x20 == 'n' && label[2] == '-' && label[3] == '-' {
			return false
		}
		runes, labelNonASCII := 0, false
		for i := 0; i < len(label); runes++ {
			c := label[i]
			if c < utf8.RuneSelf {
				if c != '-' && (c < '0' || c > '9') && (c|0x20 < 'a' || c|0x20 > 'z') {
					return false
				}
				i++
				continue
			}
			r, size := utf8.DecodeRuneInString(label[i:])
			if !inPlainSet(r) {
				return false
			}
			labelNonASCII = true
			i += size
		}
		if labelNonASCII && runes > maxPlainLabel {
			return false
		}
		nonASCII = nonASCII || labelNonASCII
		if end == len(domain) {
			return nonASCII
		}
		domain = domain[end+1:]
		if domain == "" {
			return false // a trailing '.': an empty label
		}
	}
	return false
}

// ToASCII appends UTS #46 ToASCII of domain (with the URL Standard's flags for beStrict
// false) to dst and returns it with true, when domain is Plain. Otherwise it returns dst
// unchanged and false, and the caller runs the whole algorithm. It allocates only when dst
// must grow.
func ToASCII(dst []byte, domain string) ([]byte, bool) {
	if !Plain(domain) {
		return dst, false
	}
	return AppendPlain(dst, domain), true
}

// AppendPlain appends UTS #46 ToASCII of domain, which must be Plain, to dst: each label
// lowercased when it is ASCII, else "xn--" and the Punycode of its code points with the
// ASCII letters lowercased.
func AppendPlain(dst []byte, domain string) []byte {
	for {
		end := 0
		for end < len(domain) && domain[end] != '.' {
			end++
		}
		dst = appendLabel(dst, domain[:end])
		if end == len(domain) {
			return dst
		}
		dst = append(dst, '.')
		domain = domain[end+1:]
	}
}

// appendLabel appends one label of a Plain domain as ToASCII converts it.
func appendLabel(dst []byte, label string) []byte {
	var runes [maxPlainLabel]rune
	n := 0
	ascii := true
	for i := 0; i < len(label) && n < len(runes); n++ {
		c := label[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			runes[n] = rune(c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(label[i:])
		runes[n] = r
		ascii = false
		i += size
	}
	if ascii {
		for i := 0; i < len(label); i++ {
			c := label[i]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			dst = append(dst, c)
		}
		return dst
	}
	return appendPunycode(append(dst, "xn--"...), runes[:n])
}

// inPlainSet reports whether the non-ASCII code point r is in the plain set: a bit of
// plainBMP for the Basic Multilingual Plane, where nearly every domain's code points are,
// else a search of the table. U+FFFD (what invalid UTF-8 decodes to) is not in the set.
func inPlainSet(r rune) bool {
	if r <= 0xFFFF {
		return plainBMP[r>>6]&(1<<(r&63)) != 0
	}
	return unicode.Is(plain, r)
}

// plainBMP is the plain set's Basic Multilingual Plane as a bitmap (8 KiB), made from the
// table once, during package initialization, and only read after that.
var plainBMP = func() (bits [0x10000 / 64]uint64) {
	for _, rg := range plain.R16 {
		for r := uint32(rg.Lo); r <= uint32(rg.Hi); r += uint32(rg.Stride) {
			bits[r>>6] |= 1 << (r & 63)
		}
	}
	return bits
}()
