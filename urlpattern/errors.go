package urlpattern

import (
	"errors"
	"strconv"
)

// The sentinels that every *Error wraps, one for each kind of failure the
// standard turns into a TypeError. Test them with errors.Is.
var (
	// ErrSyntax: the pattern string is not well formed (tokenizing or
	// parsing failed).
	ErrSyntax = errors.New("urlpattern: invalid pattern syntax")
	// ErrInvalidURL: a base URL does not parse, or a component's fixed text
	// is not valid for its URL component (canonicalization failed).
	ErrInvalidURL = errors.New("urlpattern: invalid URL component")
	// ErrInvalidRegexp: a regexp group is not a valid ECMAScript regular
	// expression with the v flag.
	ErrInvalidRegexp = errors.New("urlpattern: invalid regular expression")
	// ErrUnsupportedRegexp: a regexp group is valid ECMAScript but uses
	// syntax that RE2 (Go's regexp) cannot express, such as lookaround or
	// backreferences.
	ErrUnsupportedRegexp = errors.New("urlpattern: regular expression syntax not supported")
	// ErrInvalidInput: the arguments do not fit together, such as a
	// constructor string without a protocol and without a base URL.
	ErrInvalidInput = errors.New("urlpattern: invalid arguments")
)

// Error describes why a pattern was refused: which sentinel applies (Err),
// which component's pattern string was being compiled (Component, "" for
// the constructor string or the arguments), the string that was read
// (Pattern) and the code point index in it where the problem is (Index, -1
// when it concerns the whole string).
type Error struct {
	Err       error
	Component string
	Pattern   string
	Index     int
	Reason    string
}

// Error returns a message naming the reason, the component and the index.
func (e *Error) Error() string {
	s := e.Err.Error() + ": " + e.Reason
	if e.Component != "" {
		s += " in the " + e.Component + " component"
	}
	if e.Pattern != "" || e.Index >= 0 {
		s += " (" + strconv.Quote(e.Pattern)
		if e.Index >= 0 {
			s += " at index " + strconv.Itoa(e.Index)
		}
		s += ")"
	}
	return s
}

// Unwrap returns the sentinel, for errors.Is.
func (e *Error) Unwrap() error { return e.Err }

// newError returns an *Error for the sentinel kind with a reason, located at
// index in pattern.
func newError(kind error, pattern string, index int, reason string) *Error {
	return &Error{Err: kind, Pattern: pattern, Index: index, Reason: reason}
}

// inComponent names the component in err when it is an *Error that does not
// name one yet.
func inComponent(err error, component string) error {
	var e *Error
	if errors.As(err, &e) && e.Component == "" {
		e.Component = component
	}
	return err
}
