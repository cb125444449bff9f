package slow

import (
	"unicode/utf8"
	"unsafe"

	"github.com/spanurl/spanurl/record"
)

// prepare runs the basic URL parser's input steps 1.2-3: trims leading and
// trailing C0 control or space (only when trim is set, i.e. no url was
// given), removes every ASCII tab or newline, and reports invalid-URL-unit
// for each. The cleaned input goes to p.input. Input that is not valid
// UTF-8 is first decoded as the Encoding Standard's "UTF-8 decode" does,
// each maximal invalid subpart becoming U+FFFD, which is what a Go string
// must go through to become the scalar value string the standard takes.
//
// When cleaning leaves the input as it is, p.input is the input's own
// memory, which the parser only reads (and forgets when the run ends):
// a copy would double the memory a long input takes.
func (p *Parser) prepare(input string, trim bool) {
	p.input = p.cleaned[:0]
	start, end := 0, len(input)
	if trim {
		// 1.2-1.3. Leading and trailing C0 control or space.
		for start < end && input[start] <= ' ' {
			start++
		}
		for end > start && input[end-1] <= ' ' {
			end--
		}
		if start > 0 {
			p.errs.addOriginal(record.InvalidURLUnit, 0)
		}
		if end < len(input) {
			p.errs.addOriginal(record.InvalidURLUnit, end)
		}
	}
	valid := utf8.ValidString(input[start:end])
	p.errs.src, p.errs.start, p.errs.end, p.errs.valid = input, start, end, valid
	// 2-3. Report and remove every ASCII tab or newline.
	if seg := input[start:end]; plainInput(seg, valid) {
		p.input = unsafe.Slice(unsafe.StringData(seg), len(seg))
		return
	}
	if size := cleanedLen(input[start:end], valid); cap(p.input) < size {
		// Room for the input at once, as the parser's buffer has it
		// (run), rather than a copy outgrown at every step.
		p.input = make([]byte, 0, size)
	}
	for i := start; i < end; i++ {
		c := input[i]
		if c == '\t' || c == '\n' || c == '\r' {
			p.errs.addOriginal(record.InvalidURLUnit, i)
			p.errs.removals++
			continue
		}
		if c >= utf8.RuneSelf {
			if n := invalidUTF8Prefix(input[i:end]); n > 0 {
				p.input = append(p.input, "\uFFFD"...)
				i += n - 1
				continue
			}
			_, size := utf8.DecodeRuneInString(input[i:end])
			p.input = append(p.input, input[i:i+size]...)
			i += size - 1
			continue
		}
		p.input = append(p.input, c)
	}
	p.cleaned = p.input[:0]
}

// cleanedLen returns room for s once prepare has cleaned it: its own
// length when it is valid UTF-8 or short (cleaning only removes bytes
// then); otherwise the cleaned length exactly, every maximal invalid
// subpart counted as the three bytes of U+FFFD, so that the copy of a
// long input that is not UTF-8 is made once, at its size.
func cleanedLen(s string, valid bool) int {
	if valid || len(s) < movedBuffer {
		return len(s)
	}
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\t' || c == '\n' || c == '\r':
			i++
		case c < utf8.RuneSelf:
			n++
			i++
		default:
			if k := invalidUTF8Prefix(s[i:]); k > 0 {
				n += len("\uFFFD")
				i += k
				continue
			}
			_, size := utf8.DecodeRuneInString(s[i:])
			n += size
			i += size
		}
	}
	return n
}

// invalidUTF8Prefix returns the length of the maximal subpart of an
// ill-formed UTF-8 sequence at the start of s (at least 1), or 0 when s
// starts with a well-formed character.
func invalidUTF8Prefix(s string) int {
	r, size := utf8.DecodeRuneInString(s)
	if r != utf8.RuneError || size > 1 {
		return 0
	}
	c := s[0]
	var need int
	lo, hi := byte(0x80), byte(0xBF)
	switch {
	case c >= 0xC2 && c <= 0xDF:
		need = 1
	case c >= 0xE0 && c <= 0xEF:
		need = 2
		if c == 0xE0 {
			lo = 0xA0
		} else if c == 0xED {
			hi = 0x9F
		}
	case c >= 0xF0 && c <= 0xF4:
		need = 3
		if c == 0xF0 {
			lo = 0x90
		} else if c == 0xF4 {
			hi = 0x8F
		}
	default:
		return 1
	}
	n := 1
	for ; n <= need && n < len(s); n++ {
		if s[n] < lo || s[n] > hi {
			break
		}
		lo, hi = 0x80, 0xBF
	}
	return n
}

// isASCIIURLCodePoint reports whether c (< 0x80) is a URL code point:
// ASCII alphanumeric or one of !$&'()*+,-./:;=?@_~.
func isASCIIURLCodePoint(c byte) bool {
	return urlCodePointTable[c>>6]&(1<<(c&63)) != 0
}

var urlCodePointTable = func() (t [2]uint64) {
	set := func(c byte) { t[c>>6] |= 1 << (c & 63) }
	for c := byte('0'); c <= '9'; c++ {
		set(c)
	}
	for c := byte('a'); c <= 'z'; c++ {
		set(c)
		set(c - 'a' + 'A')
	}
	for _, c := range []byte("!$&'()*+,-./:;=?@_~") {
		set(c)
	}
	return t
}()
