package slow

import (
	"unicode/utf8"

	"github.com/spanurl/spanurl/internal/pct"
	"github.com/spanurl/spanurl/record"
)

// parseOpaqueHost runs the opaque-host parser on input (UTF-8), appending
// the opaque host to dst. Validation errors are reported at at+i for
// input[i]. On failure it returns dst unchanged and false.
// https://url.spec.whatwg.org/#concept-opaque-host-parser
func parseOpaqueHost(dst []byte, input []byte, r *reporter, at int) ([]byte, bool) {
	// 1. If input contains a forbidden host code point, host-invalid-code-point validation error, return failure.
	for i, c := range input {
		if isForbiddenHostCodePoint(c) {
			r.add(record.HostInvalidCodePoint, at+i)
			return dst, false
		}
	}

	if r != nil && r.on {
		// 2. If input contains a code point that is not a URL code point and not U+0025 (%), invalid-URL-unit validation error.
		for i := 0; i < len(input); {
			c, size := rune(input[i]), 1
			if c >= utf8.RuneSelf {
				c, size = utf8.DecodeRune(input[i:])
				if c == utf8.RuneError && size == 1 { // not UTF-8: not a code point at all
					c = -1
				}
			}
			if c != '%' && !isURLCodePoint(c) {
				r.add(record.InvalidURLUnit, at+i)
				break
			}
			i += size
		}
		// 3. If input contains a U+0025 (%) and the two code points following it are not ASCII hex digits, invalid-URL-unit validation error.
		for i, c := range input {
			if c == '%' && !(i+2 < len(input) && pct.IsASCIIHexDigit(input[i+1]) && pct.IsASCIIHexDigit(input[i+2])) {
				r.add(record.InvalidURLUnit, at+i)
				break
			}
		}
	}

	// 4. Return the result of running UTF-8 percent-encode on input using the C0 control percent-encode set.
	return pct.Append(dst, input, &pct.C0ControlSet), true
}

// isForbiddenHostCodePoint reports whether c is a forbidden host code
// point (all of which are ASCII): U+0000, TAB, LF, CR, SPACE, # / : < > ? @
// [ \ ] ^ |.
func isForbiddenHostCodePoint(c byte) bool {
	switch c {
	case 0x00, '\t', '\n', '\r', ' ', '#', '/', ':', '<', '>', '?', '@', '[', '\\', ']', '^', '|':
		return true
	}
	return false
}

// isURLCodePoint reports whether c is a URL code point: ASCII
// alphanumeric, one of !$&'()*+,-./:;=?@_~, or a code point from U+00A0 to
// U+10FFFD that is neither a surrogate nor a noncharacter.
func isURLCodePoint(c rune) bool {
	switch {
	case c < 0:
		return false
	case c < utf8.RuneSelf:
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
			return true
		}
		switch c {
		case '!', '$', '&', '\'', '(', ')', '*', '+', ',', '-', '.', '/', ':', ';', '=', '?', '@', '_', '~':
			return true
		}
		return false
	case c < 0xA0 || c > 0x10FFFD:
		return false
	case c >= 0xD800 && c <= 0xDFFF: // surrogates
		return false
	case c >= 0xFDD0 && c <= 0xFDEF, c&0xFFFE == 0xFFFE: // noncharacters
		return false
	}
	return true
}
