package accesslog

import (
	"errors"
	"strconv"
)

// ErrMalformed matches every error of Parse but ErrBlankLine: the line
// does not have the fields of its format.
var ErrMalformed = errors.New("malformed log line")

// ErrBlankLine is the Kind of Parse's *Error for an empty line, which
// holds no request rather than a malformed one: that error does not
// match ErrMalformed. The spanurl command counts such lines as blank, not
// as failures, and so does a loop that counts errors.Is(err,
// ErrMalformed).
var ErrBlankLine = errors.New("blank line")

// The kinds of malformed lines, for errors.Is; each names what is missing
// or wrong. Error.Kind is one of them.
var (
	// ErrVirtualHost: a VhostCombined line does not start with
	// "VHOST:PORT ".
	ErrVirtualHost = errors.New("no VHOST:PORT field")
	// ErrClient: the client, ident and user fields are not all there
	// before the time.
	ErrClient = errors.New("no CLIENT IDENT USER fields before the date")
	// ErrTime: there is no "[TIME]" field.
	ErrTime = errors.New("no [date] field")
	// ErrRequest: the time is not followed by a space and a quoted request.
	ErrRequest = errors.New(`no "request" field after the date`)
	// ErrStatus: the request is not followed by a three-digit status and a
	// size (digits or "-").
	ErrStatus = errors.New("no status and size after the request")
	// ErrHost: a CombinedHost line has no quoted Host field after the user
	// agent.
	ErrHost = errors.New(`no "host" field after the user agent`)
	// ErrRequestLine: the request line is not METHOD TARGET [PROTOCOL].
	// The other fields of the line are set.
	ErrRequestLine = errors.New("the request is not METHOD TARGET [HTTP/VERSION]")
)

// Error is a malformed line: what is wrong (Kind) and where.
type Error struct {
	Kind   error // ErrBlankLine, ErrVirtualHost, ErrClient, ErrTime, ErrRequest, ErrStatus, ErrHost or ErrRequestLine
	Offset int   // the byte offset in the line where the problem is found
}

// Error formats the error as "accesslog: KIND at offset N".
func (e *Error) Error() string {
	return "accesslog: " + e.Kind.Error() + " at offset " + strconv.Itoa(e.Offset)
}

// Unwrap returns Kind, and ErrMalformed unless Kind is ErrBlankLine.
func (e *Error) Unwrap() []error {
	if e.Kind == ErrBlankLine {
		return []error{e.Kind}
	}
	return []error{e.Kind, ErrMalformed}
}
