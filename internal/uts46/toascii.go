package uts46

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// maxPlainLabel is the most code points a label of a plain domain may hold: a DNS label's
// limit in octets, so that no real label is longer, Punycode encoding works on a fixed
// array, and the full algorithm's own limit on a label's length (1,000 code points, see
// internal/slow) is never reached.
const maxPlainLabel = 63

// Plain reports whether domain is plain (see the package documentation): whether ToASCII
// converts it.
func Plain(domain string) bool {
	nonASCII, bidiDomain := false, false
	for rest := domain; ; {
		label, after, more := strings.Cut(rest, ".")
		if label == "" {
			// Only the label after a final '.' (a fully qualified name) may
			// be empty: it stays empty, and no validity criterion applies.
			if more || rest == domain {
				return false
			}
			break
		}
		if len(label) >= 4 && label[0]|0x20 == 'x' && label[1]|0x20 == 'n' && label[2] == '-' && label[3] == '-' {
			return false
		}
		runes, labelNonASCII, joiner := 0, false, false
		lastCCC := uint8(0) // the combining class of the code point before
		for i := 0; i < len(label); runes++ {
			c := label[i]
			if c < utf8.RuneSelf {
				if c != '-' && (c < '0' || c > '9') && (c|0x20 < 'a' || c|0x20 > 'z') {
					return false
				}
				i, lastCCC = i+1, 0
				continue
			}
			r, size := decode(label[i:])
			cls := uint8(classJoiner)
			if r != zwnj && r != zwj {
				_, cls = plainRune(r)
			}
			switch cls {
			case classPlain:
				lastCCC = 0
			case classJoiner:
				// Checked with the whole label below (ContextJ).
				lastCCC, joiner = 0, true
			case classRTL:
				lastCCC, bidiDomain = 0, true
			case classMark:
				// Not first in the label (UTS #46 validity criterion 5), and
				// in canonical order after the marks before it, as NFC has
				// it: otherwise normalization would change the label.
				ccc := norm.NFC.PropertiesString(label[i : i+size]).CCC()
				if i == 0 || ccc != 0 && ccc < lastCCC {
					return false
				}
				lastCCC = ccc
			default:
				return false
			}
			labelNonASCII = true
			i += size
		}
		if runes > maxPlainLabel {
			// Also an ASCII label: past a limit of its own, the full
			// algorithm fails on long labels (internal/slow).
			return false
		}
		if joiner {
			// UTS #46 validity criterion 8, CheckJoiners: on the label as
			// mapped.
			var rs [maxPlainLabel]rune
			if n, _ := labelRunes(label, &rs); !ContextJ(rs[:n]) {
				return false
			}
		}
		nonASCII = nonASCII || labelNonASCII
		if !more {
			break
		}
		rest = after
	}
	// A label of Bidi class R, AL or AN makes the domain a Bidi domain name,
	// all of whose labels must pass the Bidi rule (UTS #46 validity
	// criterion 9).
	return nonASCII && (!bidiDomain || bidiLabels(domain))
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
	for label, rest, more := strings.Cut(domain, "."); ; label, rest, more = strings.Cut(rest, ".") {
		dst = appendLabel(dst, label)
		if !more {
			return dst
		}
		dst = append(dst, '.')
	}
}

// appendLabel appends one label of a Plain domain as ToASCII converts it.
func appendLabel(dst []byte, label string) []byte {
	var runes [maxPlainLabel]rune
	n, ascii := labelRunes(label, &runes)
	if ascii {
		// labelRunes has lowercased it: a Plain label's n code points are all of it.
		for _, r := range runes[:n] {
			dst = append(dst, byte(r))
		}
		return dst
	}
	return appendPunycode(append(dst, "xn--"...), runes[:n])
}

// labelRunes writes the code points of a label of a Plain domain, as UTS #46 maps them
// (ASCII letters lowercased, mapped code points replaced), to runes, and returns how many
// (at most maxPlainLabel: the rest are left out) and whether all are ASCII.
func labelRunes(label string, runes *[maxPlainLabel]rune) (n int, ascii bool) {
	ascii = true
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
		r, size := decode(label[i:])
		runes[n], _ = plainRune(r)
		ascii = false
		i += size
	}
	return n, ascii
}

// plainRune returns the code point that UTS #46 maps the non-ASCII code point r to and
// its class: r itself for a code point of the sets, the one it maps to for one of
// plainMapped, and classOther for any other.
func plainRune(r rune) (rune, uint8) {
	if c := class(r); c != classOther {
		return r, c
	}
	if m, ok := mapped(r); ok {
		return m, class(m)
	}
	return r, classOther
}

// The classes of a non-ASCII code point for Plain.
const (
	classOther  = iota // not plain
	classPlain         // in the plain set (plain)
	classMark          // in the set of plain marks (plainMarks)
	classRTL           // in the set of plain right-to-left code points (plainRTL)
	classJoiner        // U+200C or U+200D, which ContextJ allows in some places (not in plainBMP)
)

// class returns the class of the non-ASCII code point r: from two bits of plainBMP for the
// Basic Multilingual Plane, where nearly every domain's code points are, else from a search
// of the tables. U+FFFD (what invalid UTF-8 decodes to) is in neither set.
func class(r rune) uint8 {
	if r <= 0xFFFF {
		return uint8(plainBMP[r>>5]>>(2*(r&31))) & 3
	}
	switch {
	case unicode.Is(plain, r):
		return classPlain
	case unicode.Is(plainMarks, r):
		return classMark
	case unicode.Is(plainRTL, r):
		return classRTL
	}
	return classOther
}

// plainBMP holds the class of each code point of the Basic Multilingual Plane in two bits
// (16 KiB), made from the tables once, during package initialization, and only read after
// that.
var plainBMP = func() (bits [0x10000 / 32]uint64) {
	for _, t := range []struct {
		table *unicode.RangeTable
		class uint64
	}{{plain, classPlain}, {plainMarks, classMark}, {plainRTL, classRTL}} {
		for _, rg := range t.table.R16 {
			for r := uint32(rg.Lo); r <= uint32(rg.Hi); r += uint32(rg.Stride) {
				bits[r>>5] |= t.class << (2 * (r & 31))
			}
		}
	}
	return bits
}()
