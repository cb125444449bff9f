package uts46

import "unicode/utf8"

// decode decodes the UTF-8 sequence that starts s, whose first byte is not ASCII, as
// utf8.DecodeRuneInString does for valid UTF-8, and returns utf8.RuneError for invalid
// UTF-8 (with size 1, which no caller reads: both reject it). It is written out because
// the code points of domains take two or three bytes, which utf8.DecodeRuneInString
// decodes in a function of its own: a call per code point of every non-ASCII host.
// Surrogates decode to their values here, not to RuneError; neither set holds them.
func decode(s string) (rune, int) {
	c0 := s[0]
	switch {
	case c0 < 0xC2:
		// A continuation byte, or the start of an overlong two-byte sequence.
	case c0 < 0xE0:
		if len(s) >= 2 && s[1]&0xC0 == 0x80 {
			return rune(c0&0x1F)<<6 | rune(s[1]&0x3F), 2
		}
	case c0 < 0xF0:
		if len(s) >= 3 && s[1]&0xC0 == 0x80 && s[2]&0xC0 == 0x80 {
			if r := rune(c0&0x0F)<<12 | rune(s[1]&0x3F)<<6 | rune(s[2]&0x3F); r >= 0x800 {
				return r, 3
			}
		}
	case c0 < 0xF5:
		if len(s) >= 4 && s[1]&0xC0 == 0x80 && s[2]&0xC0 == 0x80 && s[3]&0xC0 == 0x80 {
			r := rune(c0&0x07)<<18 | rune(s[1]&0x3F)<<12 | rune(s[2]&0x3F)<<6 | rune(s[3]&0x3F)
			if r >= 0x10000 && r <= utf8.MaxRune {
				return r, 4
			}
		}
	}
	return utf8.RuneError, 1
}
