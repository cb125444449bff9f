package uts46

import (
	"strings"

	"golang.org/x/text/unicode/bidi"
)

// bidiLabels reports whether every label of domain, a domain that Plain has found plain
// but for the Bidi rule, satisfies the six conditions of RFC 5893 section 2. The empty
// label after a final '.' has no code point to satisfy them with.
func bidiLabels(domain string) bool {
	for label := range strings.SplitSeq(domain, ".") {
		if label != "" && !bidiLabel(label) {
			return false
		}
	}
	return true
}

// bidiLabel reports whether label satisfies the six conditions of RFC 5893 section 2.
func bidiLabel(label string) bool {
	rtl, en, an := false, false, false
	var last bidi.Class // of the last code point that is not NSM
	for i := 0; i < len(label); {
		c, size := bidiClass(label[i:])
		if i == 0 {
			// 1. The first character must be a character with Bidi property L, R or AL.
			switch c {
			case bidi.L:
			case bidi.R, bidi.AL:
				rtl = true
			default:
				return false
			}
		}
		switch c {
		case bidi.EN, bidi.ES, bidi.CS, bidi.ET, bidi.ON, bidi.BN, bidi.NSM:
			// Allowed in labels of both directions.
		case bidi.R, bidi.AL, bidi.AN:
			// 2. In an RTL label, only characters with the Bidi properties R, AL, AN, EN,
			// ES, CS, ET, ON, BN or NSM are allowed.
			if !rtl {
				return false
			}
		case bidi.L:
			// 5. In an LTR label, only characters with the Bidi properties L, EN, ES, CS,
			// ET, ON, BN or NSM are allowed.
			if rtl {
				return false
			}
		default:
			return false
		}
		en = en || c == bidi.EN
		an = an || c == bidi.AN
		if c != bidi.NSM {
			last = c
		}
		i += size
	}
	if rtl {
		// 3. In an RTL label, the end of the label must be a character with Bidi property
		// R, AL, EN or AN, followed by zero or more characters with Bidi property NSM.
		// 4. In an RTL label, if an EN is present, no AN may be present, and vice versa.
		return (last == bidi.R || last == bidi.AL || last == bidi.EN || last == bidi.AN) && !(en && an)
	}
	// 6. In an LTR label, the end of the label must be a character with Bidi property L or
	// EN, followed by zero or more characters with Bidi property NSM.
	return last == bidi.L || last == bidi.EN
}

// bidiClass returns the Bidi class of the code point that starts s (of a plain domain),
// after mapping, and its size in bytes.
func bidiClass(s string) (bidi.Class, int) {
	switch c := s[0]; {
	case c == '-':
		return bidi.ES, 1
	case '0' <= c && c <= '9':
		return bidi.EN, 1
	case c < 0x80:
		return bidi.L, 1 // an ASCII letter
	}
	r, size := decode(s)
	r, _ = plainRune(r)
	p, _ := bidi.LookupRune(r)
	return p.Class(), size
}
