package main

import (
	"io"
	"unicode/utf8"

	"github.com/spanurl/spanurl/internal/jsonstr"
)

// A huge line's output refers to its big values (the input, the href, a
// pathname) instead of holding copies of them: each is a part, written
// (and encoded) only when the chunk's output is, in pieces of a small
// buffer. A line's memory is then the line and what the parser makes of
// it, not that again for every field that shows it.

// bigValue is the length from which a huge line's value becomes a part.
const bigValue = 64 << 10

// encoding is how a part's value is written.
type encoding uint8

const (
	encRaw          encoding = iota // as it is
	encJSON                         // the inside of a JSON string (jsonstr.AppendChars)
	encTSVInput                     // the input field of TSV, not last (appendTSVInput)
	encTSVInputLast                 // the input field of TSV, last
)

// part is a value written after c.out[:end] (and the parts before it).
// Its string stays valid until the chunk is written: it is the chunk's
// own memory, or memory that only the part refers to.
type part struct {
	end int
	s   string
	enc encoding
}

// appendValue appends s to out encoded as enc, or, for a huge line's big
// value, makes it a part of c. An error line that goes to standard error
// holds no part: locate moves it there, out of the chunk's output.
func (w *worker) appendValue(out []byte, s string, enc encoding) []byte {
	if enc == encRaw && !w.huge {
		return append(out, s...) // the common case, inlined
	}
	return w.appendPart(out, s, enc)
}

// appendPart is appendValue for a value that may become a part.
func (w *worker) appendPart(out []byte, s string, enc encoding) []byte {
	if w.huge && !(w.errLine && w.cfg.errStderr) && len(s) >= bigValue {
		w.parts = append(w.parts, part{end: len(out), s: s, enc: enc})
		return out
	}
	return appendEncoded(out, s, enc)
}

// appendEncoded appends s encoded as enc to out.
func appendEncoded(out []byte, s string, enc encoding) []byte {
	switch enc {
	case encJSON:
		return jsonstr.AppendChars(out, s, false)
	case encTSVInput, encTSVInputLast:
		return appendTSVInput(out, s, enc == encTSVInputLast)
	}
	return append(out, s...)
}

// writeParts writes out with parts between its bytes, encoding each part
// in pieces of buf.
func writeParts(w io.Writer, out []byte, parts []part, buf []byte) error {
	start := 0
	for _, p := range parts {
		if _, err := w.Write(out[start:p.end]); err != nil {
			return err
		}
		start = p.end
		if p.enc == encRaw {
			if _, err := io.WriteString(w, p.s); err != nil {
				return err
			}
			continue
		}
		for s := p.s; s != ""; {
			n := min(len(s), cap(buf)/8) // an escape writes at most 6 bytes for 1
			// Cut before a byte that starts a UTF-8 sequence, so that
			// the pieces decode as the whole does.
			for n < len(s) && n > 0 && !utf8.RuneStart(s[n]) {
				n--
			}
			if n == 0 {
				_, n = utf8.DecodeRuneInString(s) // one character at least
			}
			buf = appendEncoded(buf[:0], s[:n], p.enc)
			if _, err := w.Write(buf); err != nil {
				return err
			}
			s = s[n:]
		}
	}
	_, err := w.Write(out[start:])
	return err
}
