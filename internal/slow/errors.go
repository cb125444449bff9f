package slow

import (
	"errors"
	"strconv"
	"strings"
	"unsafe"

	"github.com/spanurl/spanurl/internal/mask"
	"github.com/spanurl/spanurl/internal/offsets"
	"github.com/spanurl/spanurl/record"
)

// ErrInputTooLong is the failure for input (or a serialization) longer than
// offsets.MaxInput bytes: offsets are 32-bit.
var ErrInputTooLong = errors.New("URL too long")

// errFailure is the failure of a run that no validation error names: the
// state-override returns of the setters, which the standard leaves
// unnamed.
var errFailure = errors.New("state override failure")

// ParseError is the parser's failure: the validation error that made the
// parser return failure and its offset in the original input. errors.Is
// matches it against its record.ErrorType (and ErrInputTooLong).
//
// span.ParseError, the type users see, has exactly these fields: span
// converts a *ParseError to it as a pointer, so that a failure costs no
// second allocation, and a field changed here must change there too (the
// conversion does not compile otherwise).
type ParseError struct {
	record.ValidationError
	// Input is the input that failed, cut to its first 256 bytes when
	// longer (Truncated is then set), with anything that may be a
	// password and every parameter value replaced by mask.Mask (see
	// mask.Input).
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
		p.errText, masked, e.Truncated = mask.AppendInput(p.errText[:0], input)
		if masked {
			e.Input = unsafe.String(unsafe.SliceData(p.errText), len(p.errText))
		} else {
			e.Input = input[:min(len(input), mask.MaxQuoted)]
		}
	} else {
		e.Input, e.Truncated = mask.Input(input)
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

func (p *Parser) maxInput() int {
	if p.MaxInput > 0 {
		return p.MaxInput
	}
	return offsets.MaxInput
}
