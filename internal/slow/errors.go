package slow

import (
	"errors"
	"strconv"
	"strings"
	"unsafe"

	"github.com/spanurl/spanurl/record"
)

// ErrInputTooLong is the failure for input (or a serialization) longer than
// record.MaxInput bytes: offsets are 32-bit.
var ErrInputTooLong = errors.New("URL longer than 4 GiB")

// errFailure is the failure of a run that no validation error names: the
// state-override returns of the setters, which the standard leaves
// unnamed.
var errFailure = errors.New("state override failure")

// ParseError is the parser's failure: the validation error that made the
// parser return failure and its offset in the original input. errors.Is
// matches it against its record.ErrorType (and ErrInputTooLong).
type ParseError struct {
	record.ValidationError
	// Input is the input that failed, cut to its first 256 bytes when
	// longer (Truncated is then set), with the password (the text between
	// "://user:" and "@") masked.
	Input     string
	Truncated bool
	// Err is set for failures that are not validation errors.
	Err error
}

func (e *ParseError) Error() string {
	var b strings.Builder
	b.WriteString("invalid URL ")
	b.WriteString(strconv.Quote(e.Input))
	if e.Truncated {
		b.WriteString("...")
	}
	switch {
	case e.Err != nil:
		b.WriteString(": ")
		b.WriteString(e.Err.Error())
	case e.Type != 0:
		b.WriteString(": ")
		b.WriteString(e.ValidationError.Error())
	}
	return b.String()
}

// Unwrap returns the ErrorType (or Err), so errors.Is(err,
// record.HostMissing) works through wrapping.
func (e *ParseError) Unwrap() error {
	if e.Err != nil {
		return e.Err
	}
	if e.Type == 0 {
		return nil
	}
	return e.Type
}

// failure builds the error for a run that returned failure because of
// validation error t (0 when unnamed) detected at cleaned-input offset at.
func (p *Parser) failure(input string, t record.ErrorType, at int) error {
	var e *ParseError
	if p.ReuseError {
		e = &p.err
		*e = ParseError{}
	} else {
		e = new(ParseError)
	}
	if p.ReuseError {
		// The error lives until the next run, and so may its text: a
		// masked input is written into the Parser's own buffer.
		var masked bool
		p.errText, masked, e.Truncated = appendMasked(p.errText[:0], input)
		if masked {
			e.Input = unsafe.String(unsafe.SliceData(p.errText), len(p.errText))
		} else {
			e.Input, _ = shorten(input)
		}
	} else {
		e.Input, e.Truncated = maskedInput(input)
		if e.Truncated {
			// Do not keep a huge input alive through its error.
			e.Input = strings.Clone(e.Input)
		}
	}
	if t != 0 {
		p.errs.keepFatal() // t is the last error reported
	}
	e.Type = t
	e.Offset = p.errs.original(at)
	if t == 0 {
		e.Err = errFailure
	}
	return e
}

const maxQuoted = 256

// maskedInput shortens input for an error message and hides anything that
// may be a password (see passwordSpan). It allocates only when it masks.
func maskedInput(s string) (string, bool) {
	if _, _, ok := maskSpan(s); !ok {
		return shorten(s)
	}
	b, _, cut := appendMasked(nil, s)
	return string(b), cut
}

// maskSpan returns the part of s that masking replaces, when it is within
// the 256 bytes an error message quotes.
func maskSpan(s string) (from, to int, ok bool) {
	from, to, ok = passwordSpan(s)
	return from, to, ok && from < maxQuoted
}

// appendMasked appends to dst the masked and shortened s when masking
// changes it (masked is then true), and reports whether the result is cut.
// When masking does not change s, dst is returned as it is.
func appendMasked(dst []byte, s string) (out []byte, masked, truncated bool) {
	from, to, ok := maskSpan(s)
	if !ok {
		return dst, false, len(s) > maxQuoted
	}
	start := len(dst)
	dst = append(dst, s[:from]...)
	dst = append(dst, "***"...)
	tail := s[to:]
	if n := len(dst) - start + len(tail); n > maxQuoted {
		tail = tail[:max(maxQuoted-(len(dst)-start), 0)]
		truncated = true
	}
	dst = append(dst, tail...)
	if len(dst)-start > maxQuoted {
		dst = dst[:start+maxQuoted]
		truncated = true
	}
	return dst, true, truncated
}

// MaskInput is the masking of the parser's error messages, for the
// packages above the parser that quote a URL (or a part of one) in their
// own errors: it hides anything that may be a password (see passwordSpan)
// and cuts the result to its first 256 bytes, reporting whether it did.
// It allocates only when it masks.
func MaskInput(s string) (masked string, truncated bool) { return maskedInput(s) }

// passwordSpan locates, conservatively, the text of s that may be a
// password: from the first ":" after the start of the authority to the
// last "@" of s. There is none without an "@" (the cheap common case: one
// scan, no allocation) or without such a ":".
//
// The authority starts after leading C0 controls and spaces, the scheme
// and its ":" when s starts with one (an ASCII alpha, then ASCII
// alphanumerics, "+", "-" and "."), and any run of "/" and "\"; tabs and
// newlines, which the parser removes, are skipped in the scheme and the
// slashes. That covers every way the parser reaches credentials:
// "https://u:p@h", "https:u:p@h", "https:\\u:p@h", "//u:p@h" against a
// base, "ht\ttps://u:p@h".
//
// It is deliberately wider than the parser's own reading: the parser ends
// the authority at the first "/", "?" or "#" (and "\" in a special URL),
// so it reads "https://user:pa/ss@host" as the host "user" and the port
// "pa" (and fails on it), while the user meant the password "pa/ss".
// Masking up to the last "@" hides such intended passwords too, at the
// price of masking more than a password when a later component has an
// "@" ("https://host:8080/?mail=a@b" becomes "https://host:***@b"): an
// error message may lose detail, but never leaks a secret.
func passwordSpan(s string) (from, to int, ok bool) {
	at := strings.LastIndexByte(s, '@')
	if at < 0 {
		return 0, 0, false
	}
	start := authorityStart(s[:at])
	colon := strings.IndexByte(s[start:at], ':')
	if colon < 0 {
		return 0, 0, false
	}
	return start + colon + 1, at, true
}

// authorityStart returns where the authority of s would start: see
// passwordSpan.
func authorityStart(s string) int {
	i := 0
	for i < len(s) && s[i] <= ' ' {
		i++
	}
	if i < len(s) && isAlpha(int(s[i])) {
		j := i + 1
		for j < len(s) && (isSchemeByte(s[j]) || isTabOrNewline(s[j])) {
			j++
		}
		if j < len(s) && s[j] == ':' {
			i = j + 1
		}
	}
	for i < len(s) && (s[i] == '/' || s[i] == '\\' || isTabOrNewline(s[i])) {
		i++
	}
	return i
}

func isSchemeByte(c byte) bool {
	return isAlpha(int(c)) || isDigit(int(c)) || c == '+' || c == '-' || c == '.'
}

func isTabOrNewline(c byte) bool { return c == '\t' || c == '\n' || c == '\r' }

func shorten(s string) (string, bool) {
	if len(s) <= maxQuoted {
		return s, false
	}
	return s[:maxQuoted], true
}

func (p *Parser) maxInput() int {
	if p.MaxInput > 0 {
		return p.MaxInput
	}
	return record.MaxInput
}
