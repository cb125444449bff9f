// Package jsonstr writes JSON strings as encoding/json writes them,
// without reflection and into the caller's buffer: span.URL's
// MarshalJSON and the spanurl command's -json output share it.
package jsonstr

import "unicode/utf8"

const hexDigits = "0123456789abcdef"

// Append appends s as a JSON string exactly as encoding/json writes it:
// '"', '\\' and control characters escaped, each byte of invalid UTF-8 as
// U+FFFD, U+2028 and U+2029 as \u2028 and \u2029, and, when escapeHTML is
// set (json.Marshal's default, and an Encoder's until SetEscapeHTML(false)),
// '<', '>' and '&' as \u003c, \u003e and \u0026.
func Append(out []byte, s string, escapeHTML bool) []byte {
	out = append(out, '"')
	out = AppendChars(out, s, escapeHTML)
	return append(out, '"')
}

// AppendChars appends s escaped as Append escapes it, without the quotes:
// the inside of a JSON string, which a writer can split at any UTF-8
// sequence boundary and escape in pieces.
func AppendChars(out []byte, s string, escapeHTML bool) []byte {
	start := 0
	for i := 0; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			if b >= 0x20 && b != '"' && b != '\\' && (!escapeHTML || b != '<' && b != '>' && b != '&') {
				i++
				continue
			}
			out = append(out, s[start:i]...)
			switch b {
			case '"', '\\':
				out = append(out, '\\', b)
			case '\b':
				out = append(out, `\b`...)
			case '\f':
				out = append(out, `\f`...)
			case '\n':
				out = append(out, `\n`...)
			case '\r':
				out = append(out, `\r`...)
			case '\t':
				out = append(out, `\t`...)
			default:
				out = append(out, `\u00`...)
				out = append(out, hexDigits[b>>4], hexDigits[b&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			out = append(out, s[start:i]...)
			out = append(out, "\uFFFD"...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			out = append(out, s[start:i]...)
			out = append(out, `\u202`...)
			out = append(out, hexDigits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	return append(out, s[start:]...)
}

// NeedsEscape reports whether Append, without escapeHTML, may write b
// other than as it is between the quotes: false means it would not. Any
// non-ASCII byte answers true, so that the check is one compare a byte.
func NeedsEscape(b []byte) bool {
	for _, c := range b {
		if c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf {
			return true
		}
	}
	return false
}
