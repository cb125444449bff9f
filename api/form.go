package api

import (
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/spanurl/spanurl/internal/form"
	"github.com/spanurl/spanurl/internal/pct"
	"github.com/spanurl/spanurl/internal/slow"
)

// Pair is one name-value tuple of an application/x-www-form-urlencoded
// list, the list a SearchParams holds.
type Pair struct {
	Name, Value string
}

// ParseForm runs the application/x-www-form-urlencoded string parser on
// input: the pairs in input's order, with "+" read as a space, percent-
// encoded bytes decoded, and the resulting bytes read as UTF-8 (UTF-8
// decode without BOM: each maximal invalid subpart becomes U+FFFD, and a
// leading U+FEFF is kept). Empty sequences between "&"s are skipped; a
// sequence without "=" is a name with the empty value. A leading "?" is
// not special: it is part of the first name (NewSearchParams strips it).
//
// ParseForm never fails; it returns nil for an input without pairs.
func ParseForm(input string) []Pair {
	// The string parser UTF-8 encodes input; a Go string is that encoding
	// already (invalid bytes go through to the byte parser as they are,
	// where they meet the same UTF-8 decode as invalid percent-decoded
	// bytes do).
	return appendParsedForm(nil, input)
}

// ParseFormBytes runs the application/x-www-form-urlencoded parser on the
// byte sequence input; see ParseForm.
func ParseFormBytes(input []byte) []Pair {
	return appendParsedForm(nil, string(input))
}

// appendParsedForm is the application/x-www-form-urlencoded parser,
// appending the tuples of input to output.
func appendParsedForm(output []Pair, input string) []Pair {
	// 1. Let sequences be the result of splitting input on 0x26 (&).
	// 2. Let output be an initially empty list of name-value tuples.
	// 3. For each byte sequence bytes in sequences:
	if output == nil && input != "" {
		// One allocation for the list: at most one tuple per sequence.
		output = make([]Pair, 0, strings.Count(input, "&")+1)
	}
	var dec formDecoder
	dec.total = len(input)
	for len(input) > 0 {
		seq := input
		if i := strings.IndexByte(input, '&'); i >= 0 {
			seq, input = input[:i], input[i+1:]
		} else {
			input = ""
		}
		// 3.1. If bytes is the empty byte sequence, then continue.
		if seq == "" {
			continue
		}
		// 3.2. If bytes contains a 0x3D (=), then name is the bytes up to
		// the first "=" and value the bytes after it.
		// 3.3. Otherwise, name is bytes and value is empty.
		name, value := seq, ""
		if i := strings.IndexByte(seq, '='); i >= 0 {
			name, value = seq[:i], seq[i+1:]
		}
		// 3.4-3.5. Replace "+" with 0x20 (SP), percent-decode, and UTF-8
		// decode without BOM.
		// 3.6. Append (nameString, valueString) to output.
		output = append(output, Pair{Name: dec.decode(name), Value: dec.decode(value)})
	}
	// 4. Return output.
	return output
}

// Classes of bytes in formTable.
const (
	formEncode   = 1 << iota // in the application/x-www-form-urlencoded percent-encode set
	formNonASCII             // above 0x7F
	formDecode               // "+" or "%", which the form parser replaces or decodes
)

// formTable classifies every byte for the form parser and serializer,
// which OR the classes of a string's bytes together and test them once.
var formTable = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		if c >= utf8.RuneSelf {
			t[c] = formEncode | formNonASCII
		} else if pct.FormURLEncodedSet.Contains(byte(c)) {
			t[c] = formEncode
		}
	}
	t['+'] |= formDecode
	t['%'] |= formDecode
	return t
}()

// formScan returns the classes of s's bytes ORed together.
func formScan(s string) uint8 {
	var c uint8
	for i := 0; i < len(s); i++ {
		c |= formTable[s[i]]
	}
	return c
}

// formDecoder runs steps 3.4-3.5 of the form parser on the names and
// values of one input. A component with nothing to replace or decode is
// returned as it is (a substring of the input); the others are decoded
// one after the other into one block of memory of the input's size, which
// their decoding never exceeds, allocated on the first of them: the
// strings share it, and nothing writes a byte of it twice.
type formDecoder struct {
	block []byte // the decoded strings so far, then room for the next
	total int    // the input's length, the block's size
}

// decode returns s with "+" replaced by a space, percent-decoded and
// UTF-8 decoded without BOM.
func (d *formDecoder) decode(s string) string {
	c := formScan(s)
	if c&formDecode == 0 {
		if c&formNonASCII == 0 {
			return s
		}
		return usvString(s)
	}
	if cap(d.block)-len(d.block) < len(s) {
		d.block = make([]byte, 0, max(d.total, len(s)))
	}
	start := len(d.block)
	out := d.block[start : start+len(s)] // the decoding is at most as long as s
	var hi byte                          // the bytes ORed: non-ASCII when at least 0x80
	n := 0
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		// 3.4. Replace any 0x2B (+) with 0x20 (SP).
		case ch == '+':
			ch = ' '
		// percent-decode: "%" and two ASCII hex digits is that byte; any
		// other "%" is itself.
		case ch == '%' && i+2 < len(s) && pct.IsASCIIHexDigit(s[i+1]) && pct.IsASCIIHexDigit(s[i+2]):
			ch = pct.HexValue(s[i+1])<<4 | pct.HexValue(s[i+2])
			i += 2
		}
		hi |= ch
		out[n] = ch
		n++
	}
	out = out[:n]
	// 3.5. UTF-8 decode without BOM.
	if hi >= utf8.RuneSelf && !utf8.Valid(out) {
		return decodeUTF8WithoutBOM(out) // new memory; the block's bytes are free again
	}
	d.block = d.block[:start+n]
	return unsafe.String(unsafe.SliceData(out), n)
}

// SerializeForm runs the application/x-www-form-urlencoded serializer on
// pairs with UTF-8: "name=value" joined by "&", every byte in the
// application/x-www-form-urlencoded percent-encode set percent-encoded
// except the space, which becomes "+". The result is ASCII. Bytes of a name
// or value that are not valid UTF-8 are first read as UTF-8 decode reads
// them (each maximal invalid subpart is U+FFFD).
func SerializeForm(pairs []Pair) string {
	return string(appendSerializedForm(nil, pairs, nil))
}

// SerializeFormWithEncoding runs the application/x-www-form-urlencoded
// serializer on pairs with the encoding that label names (an Encoding
// Standard label such as "windows-1252" or "Shift_JIS", ASCII
// case-insensitive): each name and value is encoded with it, a code point
// it cannot encode is written as "%26%23" + decimal + "%3B" (an HTML
// numeric character reference, percent-encoded), and the bytes are
// percent-encoded as SerializeForm does. "Get an output encoding" applies:
// the UTF-16 labels and "replacement" mean UTF-8. An unknown label is an
// error.
func SerializeFormWithEncoding(pairs []Pair, label string) (string, error) {
	// 1. Set encoding to the result of getting an output encoding from encoding.
	enc, err := slow.LookupEncoding(label)
	if err != nil {
		return "", err
	}
	return string(appendSerializedForm(nil, pairs, enc)), nil
}

// appendSerializedForm is the application/x-www-form-urlencoded serializer
// with output encoding enc (nil: UTF-8), appending to output.
func appendSerializedForm(output []byte, pairs []Pair, enc *slow.Encoding) []byte {
	// 2. Let output be the empty string.
	start := len(output)
	var scratch []byte
	// 3. For each tuple of tuples:
	for _, t := range pairs {
		// 3.4. If output is not the empty string, then append U+0026 (&).
		if len(output) > start {
			output = append(output, '&')
		}
		// 3.1. Assert: tuple's name and value are scalar value strings.
		// 3.2-3.3, 3.5. name and value, percent-encoded after encoding
		// with encoding, the application/x-www-form-urlencoded
		// percent-encode set and spaceAsPlus, joined by U+003D (=).
		output, scratch = appendFormComponent(output, t.Name, enc, scratch)
		output = append(output, '=')
		output, scratch = appendFormComponent(output, t.Value, enc, scratch)
	}
	// 4. Return output.
	return output
}

// appendFormComponent appends s percent-encoded after encoding with enc,
// the application/x-www-form-urlencoded percent-encode set and
// spaceAsPlus true. Invalid UTF-8 in s is first made a scalar value string.
func appendFormComponent(dst []byte, s string, enc *slow.Encoding, scratch []byte) ([]byte, []byte) {
	if enc == nil {
		c := formScan(s)
		if c&formEncode == 0 {
			// Nothing to encode: the common case of plain ASCII tokens.
			return append(dst, s...), scratch
		}
		if c&formNonASCII == 0 {
			// ASCII is its own scalar value string and its own UTF-8:
			// each byte is written as it is, as "+" (a space) or as %XX.
			return appendFormASCII(dst, s), scratch
		}
	}
	s = usvString(s)
	scratch = append(scratch[:0], s...)
	return slow.AppendPercentEncodeAfterEncoding(dst, enc, scratch, &pct.FormURLEncodedSet, true), scratch
}

// appendFormASCII is the percent-encode after encoding of ASCII s with
// UTF-8, the application/x-www-form-urlencoded percent-encode set and
// spaceAsPlus true.
func appendFormASCII(dst []byte, s string) []byte {
	const hex = "0123456789ABCDEF"
	run := 0 // start of the bytes written as they are
	for i := 0; i < len(s); i++ {
		c := s[i]
		if formTable[c]&formEncode == 0 {
			continue
		}
		dst = append(dst, s[run:i]...)
		if c == ' ' {
			dst = append(dst, '+')
		} else {
			dst = append(dst, '%', hex[c>>4], hex[c&15])
		}
		run = i + 1
	}
	return append(dst, s[run:]...)
}

// usvString and decodeUTF8WithoutBOM name internal/form's steps
// where api uses them.
func usvString(s string) string            { return form.USVString(s) }
func decodeUTF8WithoutBOM(b []byte) string { return form.DecodeUTF8WithoutBOM(b) }
