package span

import (
	"errors"

	"github.com/spanurl/spanurl/record"
)

// ParseWithErrors parses input against base (zero for none), like the
// package-level ParseWithErrors, and appends the validation errors the
// parser met to errs[:0]: pass the List of the previous result back as
// errs, and once it has grown a parse allocates nothing, with errors or
// without. The list holds the first MaxValidationErrors errors (and, on
// failure, the fatal one last); Omitted counts the others.
//
// Every input runs through the standard's parser, which alone reports
// validation errors: use Parse when the errors are not wanted. The URL
// and the error are valid until the next call on p; the list is errs's
// memory and stays the caller's. base may be a result of p itself only
// if it was cloned.
func (p *Parser) ParseWithErrors(input []byte, base URL, errs []record.ValidationError) (URL, ValidationErrors, error) {
	p.poison()
	if p.MaxInput > 0 && len(input) > p.MaxInput {
		return URL{}, ValidationErrors{List: errs[:0]}, p.tooLong(input)
	}
	var b *record.URL
	if !base.IsZero() {
		base.toRecord(&p.base)
		b = &p.base
	}
	p.slow.CollectErrors, p.slow.MaxErrors = true, MaxValidationErrors
	u, err := p.parseSlow(p.load(input), b)
	v := ValidationErrors{List: append(errs[:0], p.slow.Errors()...), Omitted: p.slow.OmittedErrors()}
	p.slow.CollectErrors, p.slow.MaxErrors = false, 0
	return u, v, err
}

// ErrorType returns the record.ErrorType of the validation error that err
// is or wraps: the Type of a *ParseError (through any wrapping, such as
// httpurl's *Error), a record.ValidationError's Type, or a
// record.ErrorType itself. It reports false for an error that names no
// validation error, such as ErrInputTooLong or a request target refused
// before parsing.
func ErrorType(err error) (record.ErrorType, bool) {
	var t record.ErrorType
	if errors.As(err, &t) && t != 0 {
		return t, true
	}
	var v record.ValidationError
	if errors.As(err, &v) && v.Type != 0 {
		return v.Type, true
	}
	return 0, false
}
