package span

import (
	"errors"

	"github.com/spanurl/spanurl/internal/slow"
	"github.com/spanurl/spanurl/record"
)

// ParseError is the error of a failed parse: the validation error that
// made the URL parser return failure, where it found it, and the input.
//
// errors.Is matches a ParseError against the record.ErrorType of its
// validation error (errors.Is(err, record.HostMissing)) and against
// ErrInputTooLong; errors.As finds it through any wrapping.
type ParseError struct {
	// ValidationError is the validation error that made the parse fail:
	// its Type, named as in the standard, and its byte Offset in the
	// input as given (before the parser trims it and removes tabs and
	// newlines). Type is zero when the failure is not a validation error
	// (Err is then set).
	record.ValidationError
	// Input is the input that failed, cut to its first 256 bytes when
	// longer (Truncated is then set), with anything that may be a
	// password, and the value of each parameter of its query and its
	// fragment ("?token=xxxxx"), replaced by the mask that Redacted
	// writes, "xxxxx", so that a ParseError can be logged as it is. The
	// masks change its length: Offset counts bytes of the input as
	// received, not of Input.
	Input string
	// Truncated reports that Input is the first 256 bytes of a longer
	// input.
	Truncated bool
	// Err is the failure when it is not a validation error:
	// ErrInputTooLong for an input or a result longer than a URL can be,
	// or than the parser's MaxInput.
	Err error
}

// ErrInputTooLong is matched (errors.Is) by the error of a parse whose
// input or result is longer than 4 GiB minus 2 bytes (a URL's offsets are
// 32-bit), or whose input is longer than the MaxInput of the Parser or
// Arena that parses it.
var ErrInputTooLong = errors.New("URL too long")

// ErrInvalidRecord is matched by the error of FromRecord for a record that
// the URL parser could not have produced.
var ErrInvalidRecord = errors.New("URL record is not in parsed form")

// Error formats the error as
//
//	invalid URL "INPUT": NAME at offset N
func (e *ParseError) Error() string { return (*slow.ParseError)(e).Error() }

// Unwrap returns Err, or the record.ErrorType of the validation error.
func (e *ParseError) Unwrap() error { return (*slow.ParseError)(e).Unwrap() }

// parseError is err as this package returns it: the parser's
// *slow.ParseError becomes a *ParseError, the same memory under the type
// users can name, and the parser's own too-long sentinel, which users
// cannot import, becomes ErrInputTooLong.
func parseError(err error) error {
	e, ok := err.(*slow.ParseError)
	if !ok {
		return err
	}
	if e.Err == slow.ErrInputTooLong {
		e.Err = ErrInputTooLong
	}
	return (*ParseError)(e)
}
