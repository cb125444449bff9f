// Package form holds the decoding steps of the application/x-www-form-urlencoded
// parser that both span's query iterator and api's URLSearchParams use: "+"
// as a space, percent-decoding, and UTF-8 decode without BOM.
package form

import (
	"strings"
	"unicode/utf8"

	"github.com/spanurl/spanurl/internal/pct"
)

// DecodeComponent is steps 3.4 and 3.5 of the form-urlencoded parser
// for one name or value: "+" becomes a space, percent-encoded bytes are
// decoded, and the bytes are UTF-8 decoded without BOM. A component
// without "+" and "%" that is valid UTF-8 is returned as it is (a
// substring of the input, no copy). scratch is reused between calls.
func DecodeComponent(s string, scratch []byte) (string, []byte) {
	if strings.IndexByte(s, '+') < 0 && strings.IndexByte(s, '%') < 0 {
		return USVString(s), scratch
	}
	b := scratch[:0]
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		// 3.4. Replace any 0x2B (+) with 0x20 (SP).
		case c == '+':
			b = append(b, ' ')
		// percent-decode: "%" and two ASCII hex digits is that byte; any
		// other "%" is itself.
		case c == '%' && i+2 < len(s) && pct.IsASCIIHexDigit(s[i+1]) && pct.IsASCIIHexDigit(s[i+2]):
			b = append(b, pct.HexValue(s[i+1])<<4|pct.HexValue(s[i+2]))
			i += 2
		default:
			b = append(b, c)
		}
	}
	// 3.5. UTF-8 decode without BOM.
	return DecodeUTF8WithoutBOM(b), b
}

// USVString returns s if it is valid UTF-8 (a scalar value string), and
// otherwise s UTF-8 decoded without BOM, every maximal invalid subpart
// replaced by U+FFFD. This is what converting bytes to a USVString
// amounts to in spanurl.
func USVString(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return DecodeUTF8WithoutBOM([]byte(s))
}

// DecodeUTF8WithoutBOM is the Encoding Standard's "UTF-8 decode without
// BOM" of b: valid sequences are kept (U+FEFF included, as "without BOM"
// does not strip it), and each error of the UTF-8 decoder, which ends a
// maximal subpart of an ill-formed sequence, becomes one U+FFFD.
func DecodeUTF8WithoutBOM(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	out := make([]byte, 0, len(b)+8)
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			out = append(out, c)
			i++
			continue
		}
		if _, size := utf8.DecodeRune(b[i:]); size > 1 {
			// A complete, valid sequence (utf8.DecodeRune and the UTF-8
			// decoder accept exactly the same sequences).
			out = append(out, b[i:i+size]...)
			i += size
			continue
		}
		// An error: the UTF-8 decoder's bytes needed and boundaries for
		// the lead byte; the error comes at the first byte outside the
		// boundaries (which is not consumed) or at the end of the queue.
		i += invalidSubpartLen(b[i:])
		out = utf8.AppendRune(out, utf8.RuneError)
	}
	return string(out)
}

// invalidSubpartLen returns the length of the maximal subpart at the start
// of b, which is not a valid UTF-8 sequence: the bytes the UTF-8 decoder
// consumes before returning error.
func invalidSubpartLen(b []byte) int {
	lower, upper := byte(0x80), byte(0xBF)
	var needed int
	switch c := b[0]; {
	case 0xC2 <= c && c <= 0xDF:
		needed = 1
	case 0xE0 <= c && c <= 0xEF:
		if c == 0xE0 {
			lower = 0xA0
		} else if c == 0xED {
			upper = 0x9F
		}
		needed = 2
	case 0xF0 <= c && c <= 0xF4:
		if c == 0xF0 {
			lower = 0x90
		} else if c == 0xF4 {
			upper = 0x8F
		}
		needed = 3
	default:
		// Not a lead byte: error, the byte is consumed.
		return 1
	}
	n := 1
	for seen := 0; seen < needed && n < len(b); seen++ {
		if c := b[n]; c < lower || c > upper {
			break
		}
		lower, upper = 0x80, 0xBF
		n++
	}
	return n
}
