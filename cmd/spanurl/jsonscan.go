package main

import (
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// jsonScan reads one line of -format jsonl: it checks that the line is
// one JSON object (RFC 8259) and finds the values of at most two keys
// of it, each named by a path of keys through nested objects. It reads
// the line where it is, without reflection and without allocating; a
// value is the span of the line that holds it, decoded only when it is
// a string that is wanted.
type jsonScan struct {
	line  []byte
	i     int
	paths [2][]string // the keys to find; a nil path is not looked for
	vals  [2]jsonValue

	errMsg string // why the line is not a JSON object ("" when it is)
	errAt  int    // the byte offset of the problem
}

// jsonValue is the value of a key found in the line.
type jsonValue struct {
	found   bool
	isStr   bool // a string: start and end are its contents, within the quotes
	escaped bool // the string holds escapes
	start   int
	end     int
}

// maxJSONDepth bounds the nesting of arrays and objects that the scanner
// follows (it recurses), as encoding/json bounds it.
const maxJSONDepth = 10000

// scan scans line, which must be a JSON object and nothing else but
// whitespace, and reports whether it is one.
func (s *jsonScan) scan(line []byte) bool {
	s.line, s.i, s.errMsg, s.errAt = line, 0, "", 0
	s.vals = [2]jsonValue{}
	s.space()
	if s.i >= len(line) || line[s.i] != '{' {
		return s.fail("not a JSON object")
	}
	var want uint8
	for k, p := range s.paths {
		if p != nil {
			want |= 1 << k
		}
	}
	if !s.value(want, 0) {
		return false
	}
	s.space()
	if s.i < len(line) {
		return s.fail("text after the JSON object")
	}
	return true
}

// fail records a problem at the current offset and returns false.
func (s *jsonScan) fail(msg string) bool {
	if s.errMsg == "" {
		s.errMsg, s.errAt = msg, s.i
	}
	return false
}

// space skips JSON whitespace.
func (s *jsonScan) space() {
	for s.i < len(s.line) {
		switch s.line[s.i] {
		case ' ', '\t', '\r', '\n':
			s.i++
		default:
			return
		}
	}
}

// value scans one JSON value at depth depth of nesting. The bits of want
// are the paths whose first depth keys lead to it: those for which it is
// the value sought (their path has depth keys) record it, and the others
// look for their next key in it, when it is an object.
func (s *jsonScan) value(want uint8, depth int) bool {
	s.space()
	if s.i >= len(s.line) {
		return s.fail("unexpected end of line")
	}
	start := s.i
	var leaf uint8
	for k := range s.paths {
		if want&(1<<k) != 0 && len(s.paths[k]) == depth {
			leaf |= 1 << k
			want &^= 1 << k
		}
	}
	isStr, escaped := false, false
	switch c := s.line[s.i]; {
	case c == '{':
		if !s.object(want, depth) {
			return false
		}
	case c == '[':
		if !s.array(depth) {
			return false
		}
	case c == '"':
		var ok bool
		if escaped, ok = s.str(); !ok {
			return false
		}
		isStr = true
	case c == '-' || '0' <= c && c <= '9':
		if !s.number() {
			return false
		}
	default:
		if !s.literal("true") && !s.literal("false") && !s.literal("null") {
			return s.fail("invalid character " + strconv.QuoteRune(rune(c)))
		}
	}
	for k := range s.vals {
		if leaf&(1<<k) != 0 {
			// The last of duplicate keys wins, as in encoding/json and jq.
			v := jsonValue{found: true, isStr: isStr, escaped: escaped, start: start, end: s.i}
			if isStr {
				v.start, v.end = start+1, s.i-1
			}
			s.vals[k] = v
		}
	}
	return true
}

// object scans an object, s.i at its "{".
func (s *jsonScan) object(want uint8, depth int) bool {
	if depth >= maxJSONDepth {
		return s.fail("nested too deeply")
	}
	s.i++
	s.space()
	if s.i < len(s.line) && s.line[s.i] == '}' {
		s.i++
		return true
	}
	for {
		s.space()
		if s.i >= len(s.line) || s.line[s.i] != '"' {
			return s.fail("expected a key")
		}
		keyStart := s.i + 1
		escaped, ok := s.str()
		if !ok {
			return false
		}
		key := s.line[keyStart : s.i-1]
		var next uint8
		for k := range s.paths {
			if want&(1<<k) != 0 && s.keyIs(key, escaped, s.paths[k][depth]) {
				next |= 1 << k
			}
		}
		s.space()
		if s.i >= len(s.line) || s.line[s.i] != ':' {
			return s.fail("expected ':' after a key")
		}
		s.i++
		if !s.value(next, depth+1) {
			return false
		}
		s.space()
		if s.i >= len(s.line) {
			return s.fail("unexpected end of line")
		}
		switch s.line[s.i] {
		case ',':
			s.i++
		case '}':
			s.i++
			return true
		default:
			return s.fail("expected ',' or '}'")
		}
	}
}

// keyIs reports whether the raw contents of a key are name.
func (s *jsonScan) keyIs(raw []byte, escaped bool, name string) bool {
	if !escaped {
		return string(raw) == name
	}
	var buf [64]byte
	if len(raw) > 6*len(name) {
		return false // too long to decode to name
	}
	return string(appendJSONString(buf[:0], raw)) == name
}

// array scans an array, s.i at its "[". No key is looked for inside.
func (s *jsonScan) array(depth int) bool {
	if depth >= maxJSONDepth {
		return s.fail("nested too deeply")
	}
	s.i++
	s.space()
	if s.i < len(s.line) && s.line[s.i] == ']' {
		s.i++
		return true
	}
	for {
		if !s.value(0, depth+1) {
			return false
		}
		s.space()
		if s.i >= len(s.line) {
			return s.fail("unexpected end of line")
		}
		switch s.line[s.i] {
		case ',':
			s.i++
		case ']':
			s.i++
			return true
		default:
			return s.fail("expected ',' or ']'")
		}
	}
}

// str scans a string, s.i at its opening quote, and reports whether it
// holds escapes. Bytes that are not UTF-8 are kept: they are what the
// server logged.
func (s *jsonScan) str() (escaped, ok bool) {
	s.i++
	for s.i < len(s.line) {
		c := s.line[s.i]
		switch {
		case c == '"':
			s.i++
			return escaped, true
		case c < 0x20:
			return false, s.fail("control character in a string")
		case c == '\\':
			escaped = true
			if s.i+1 >= len(s.line) {
				s.i++
				return false, s.fail("unexpected end of line")
			}
			switch s.line[s.i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				s.i += 2
			case 'u':
				if s.i+6 > len(s.line) || !isHex4(s.line[s.i+2:s.i+6]) {
					return false, s.fail(`invalid \u escape`)
				}
				s.i += 6
			default:
				return false, s.fail("invalid escape")
			}
		default:
			s.i++
		}
	}
	return false, s.fail("unterminated string")
}

// number scans a number.
func (s *jsonScan) number() bool {
	l := s.line
	if l[s.i] == '-' {
		s.i++
	}
	switch {
	case s.i < len(l) && l[s.i] == '0':
		s.i++
	case s.i < len(l) && '1' <= l[s.i] && l[s.i] <= '9':
		s.digits()
	default:
		return s.fail("invalid number")
	}
	if s.i < len(l) && l[s.i] == '.' {
		s.i++
		if !s.digits() {
			return s.fail("invalid number")
		}
	}
	if s.i < len(l) && (l[s.i] == 'e' || l[s.i] == 'E') {
		s.i++
		if s.i < len(l) && (l[s.i] == '+' || l[s.i] == '-') {
			s.i++
		}
		if !s.digits() {
			return s.fail("invalid number")
		}
	}
	return true
}

// digits skips digits and reports whether there was one.
func (s *jsonScan) digits() bool {
	start := s.i
	for s.i < len(s.line) && '0' <= s.line[s.i] && s.line[s.i] <= '9' {
		s.i++
	}
	return s.i > start
}

// literal skips word when the line goes on with it.
func (s *jsonScan) literal(word string) bool {
	if len(s.line)-s.i >= len(word) && string(s.line[s.i:s.i+len(word)]) == word {
		s.i += len(word)
		return true
	}
	return false
}

func isHex4(b []byte) bool {
	for _, c := range b[:4] {
		if !('0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f') {
			return false
		}
	}
	return true
}

func hex4(b []byte) rune {
	var r rune
	for _, c := range b[:4] {
		switch {
		case c <= '9':
			c -= '0'
		default:
			c = c | 0x20 - 'a' + 10
		}
		r = r<<4 | rune(c)
	}
	return r
}

// appendJSONString appends the decoding of raw, the contents of a JSON
// string that the scanner has checked, to dst: escapes decoded, a
// surrogate pair as its one character, a lone surrogate as U+FFFD (as
// encoding/json and browsers read it), and every other byte as it is.
func appendJSONString(dst, raw []byte) []byte {
	for i := 0; i < len(raw); {
		c := raw[i]
		if c != '\\' {
			dst = append(dst, c)
			i++
			continue
		}
		switch e := raw[i+1]; e {
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'u':
			r := hex4(raw[i+2:])
			i += 6
			if utf16.IsSurrogate(r) {
				if r < 0xDC00 && i+6 <= len(raw) && raw[i] == '\\' && raw[i+1] == 'u' {
					if r2 := hex4(raw[i+2:]); 0xDC00 <= r2 && r2 <= 0xDFFF {
						r = utf16.DecodeRune(r, r2)
						i += 6
					} else {
						r = utf8.RuneError
					}
				} else {
					r = utf8.RuneError
				}
			}
			dst = utf8.AppendRune(dst, r)
			continue
		default: // '"', '\\', '/'
			dst = append(dst, e)
		}
		i += 2
	}
	return dst
}
