package main

import (
	"strconv"
	"unicode/utf8"

	"github.com/spanurl/spanurl/internal/jsonstr"
	"github.com/spanurl/spanurl/span"
)

// invalidUTF8 names the problem -validate reports for an input (or a
// request target) holding bytes that are not UTF-8. The URL Standard has
// no validation error for it, since it parses strings: a URL parser reads
// such bytes as U+FFFD, and a request target keeps them percent-encoded
// one by one, so the line parses, yet the text is not what any client
// would send as a valid URL string and an analyst needs to find it.
const invalidUTF8 = "invalid-utf8"

// checkUTF8 records, for -validate, where the first byte of s that is not
// UTF-8 lies: w.badUTF8 is its offset plus one, or 0 when s is UTF-8.
// Only text with bytes of 0x80 and above is read twice.
func (w *worker) checkUTF8(s []byte) {
	w.badUTF8 = 0
	if utf8.Valid(s) {
		return
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRune(s[i:])
		if r == utf8.RuneError && n == 1 {
			w.badUTF8 = i + 1
			return
		}
		i += n
	}
}

// countUTF8 counts a line that parses and has no other problem than its
// bytes as invalid in -stats.
func (w *worker) countUTF8(errs span.ValidationErrors, err error) {
	if w.badUTF8 > 0 && err == nil && errs.Len() == 0 {
		w.st.invalid++
	}
}

// status is the package-level status, with a line whose bytes are not
// UTF-8 "invalid" too.
func (w *worker) status(errs span.ValidationErrors, err error) string {
	if w.badUTF8 > 0 && err == nil {
		return "invalid"
	}
	return status(errs, err)
}

// appendUTF8TSV appends "invalid-utf8@N" to the errors field, after a
// comma when it follows other errors.
func (w *worker) appendUTF8TSV(out []byte, after bool) []byte {
	if w.badUTF8 == 0 {
		return out
	}
	if after {
		out = append(out, ',')
	}
	out = append(out, invalidUTF8+"@"...)
	return strconv.AppendInt(out, int64(w.badUTF8-1), 10)
}

// appendUTF8JSON appends {"name":"invalid-utf8","offset":N} to the
// errors array, after a comma when it follows other errors.
func (w *worker) appendUTF8JSON(out []byte, after bool) []byte {
	if w.badUTF8 == 0 {
		return out
	}
	if after {
		out = append(out, ',')
	}
	out = append(out, `{"name":`...)
	out = jsonstr.Append(out, invalidUTF8, false)
	out = append(out, `,"offset":`...)
	out = strconv.AppendInt(out, int64(w.badUTF8-1), 10)
	return append(out, '}')
}
