package uts46

import (
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// ContextJ reports whether the code points of a label satisfy the ContextJ rules of
// RFC 5892 Appendix A for U+200C ZERO WIDTH NON-JOINER (A.1) and U+200D ZERO WIDTH JOINER
// (A.2), with the Joining_Type tables of joiningtype.go (generated from the Unicode
// Character Database by gen_joiningtype.go).
func ContextJ(label []rune) bool {
	for i, r := range label {
		if r != zwnj && r != zwj {
			continue
		}
		// If Canonical_Combining_Class(Before(cp)) .eq. Virama Then True;
		if i > 0 && ccc(label[i-1]) == cccVirama {
			continue
		}
		// (U+200D:) False.
		if r == zwj {
			return false
		}
		// (U+200C:) If RegExpMatch((Joining_Type:{L,D})(Joining_Type:T)*\u200C
		// (Joining_Type:T)*(Joining_Type:{R,D})) Then True; else False.
		j := i - 1
		for j >= 0 && unicode.Is(joiningTransparent, label[j]) {
			j--
		}
		if j < 0 || !unicode.Is(joiningLeftOrDual, label[j]) {
			return false
		}
		k := i + 1
		for k < len(label) && unicode.Is(joiningTransparent, label[k]) {
			k++
		}
		if k == len(label) || !unicode.Is(joiningRightOrDual, label[k]) {
			return false
		}
	}
	return true
}

// The joiners, and Canonical_Combining_Class=Virama.
const (
	zwnj      = '\u200c'
	zwj       = '\u200d'
	cccVirama = 9
)

// ccc is the Canonical_Combining_Class of r.
func ccc(r rune) uint8 {
	var b [utf8.UTFMax]byte
	return norm.NFC.Properties(b[:utf8.EncodeRune(b[:], r)]).CCC()
}
