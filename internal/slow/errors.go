package slow

import (
	"strconv"

	"github.com/spanurl/spanurl/record"
)

// ParseError is the parser's failure: the validation error that made it
// return failure and where, in the original input. errors.Is matches it
// against its record.ErrorType.
type ParseError struct {
	record.ValidationError
	// Input is the input that failed, shortened when long. Password text in
	// it is masked when the failure came after credentials were read.
	Input string
}

func (e *ParseError) Error() string {
	if e.Type == 0 {
		return "invalid URL " + strconv.Quote(e.Input)
	}
	return "invalid URL " + strconv.Quote(e.Input) + ": " + e.ValidationError.Error()
}

// Unwrap returns the ErrorType, so errors.Is(err, record.HostMissing)
// works through wrapping.
func (e *ParseError) Unwrap() error {
	if e.Type == 0 {
		return nil
	}
	return e.Type
}
