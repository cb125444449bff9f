package httpurl

import (
	"errors"
	"strconv"

	"github.com/spanurl/spanurl/internal/mask"
	"github.com/spanurl/spanurl/span"
)

// The sentinel errors, for errors.Is. Every error this package returns is
// an *Error that matches one of them; one that comes from the URL parser
// also wraps its *span.ParseError (and so matches the record.ErrorType of
// the validation error that made the parse fail).
//
// The five refusals of a request target before parsing are span's
// sentinels, the same values (not copies): an error of span.Parser's
// request-target methods, of this package and of package accesslog
// matches either name, so errors.Is(err, httpurl.ErrInvalidHost) holds
// for span's refusal of a host as for this package's.
var (
	// ErrInvalidTarget: the request-target is not an origin-form or
	// absolute-form target the URL parser accepts (or, for
	// ParseConnectTarget, not an authority-form one). It is
	// span.ErrInvalidTarget.
	ErrInvalidTarget = span.ErrInvalidTarget
	// ErrInvalidHost: the Host (the header, or the authority of an
	// absolute-form or authority-form target) is not a valid host[:port].
	// It is span.ErrInvalidHost.
	ErrInvalidHost = span.ErrInvalidHost
	// ErrControlCharacter: a C0 control character (such as NUL, TAB, CR or
	// LF) or DEL in the target or the host. The URL parser silently
	// removes tabs and newlines and trims controls at the ends, so a
	// proxy that relied on it would see another URL than a backend that
	// does not: these are refused first. An error with it also matches
	// ErrInvalidTarget or ErrInvalidHost. It is span.ErrControlCharacter.
	ErrControlCharacter = span.ErrControlCharacter
	// ErrAsteriskForm: the target is "*", the asterisk-form of a
	// server-wide OPTIONS request, which names no URL (the Host still
	// names the server: see ParseHost). It is span.ErrAsteriskForm.
	ErrAsteriskForm = span.ErrAsteriskForm
	// ErrInvalidScheme: the scheme given to ParseRequestTarget or
	// ParseHost, or the one a trusted Forwarded or X-Forwarded-Proto
	// header names, is not "http" or "https". It is span.ErrInvalidScheme.
	ErrInvalidScheme = span.ErrInvalidScheme
	// ErrHostMismatch: CheckHost, or a Policy, found that the Host header
	// names another host or port than the absolute-form target. An error
	// with it also matches ErrPolicy.
	ErrHostMismatch = errors.New("the request target does not match the Host header")
)

// The sentinel errors of the routing policy (see Policy). An error with
// one of them also matches ErrPolicy, and ErrInvalidHost (a rule on the
// host) or ErrInvalidTarget (a rule on the path, on the scheme of an
// absolute-form target, or on the authority of an absolute-form or
// authority-form target), so that a server that
// answers 400 to those answers 400 to these.
var (
	// ErrPolicy: the routing policy refused the request. Every error of
	// the sentinels below, and ErrHostMismatch, matches it.
	ErrPolicy = errors.New("refused by the routing policy")
	// ErrHostTooLong: the host, as received, is longer than the policy's
	// MaxHostLength. It is refused before the URL parser runs.
	ErrHostTooLong = errors.New("host longer than the policy's limit")
	// ErrTargetTooLong: the request-target, as received, is longer than
	// the policy's MaxTargetLength. It is refused before it is read.
	ErrTargetTooLong = errors.New("request target longer than the policy's limit")
	// ErrNotDNSName: the host is neither a DNS name (letters, digits and
	// hyphens in labels of at most 63 octets, separated by dots, at most
	// 253 octets in all after domain to ASCII) nor an IP address.
	ErrNotDNSName = errors.New("host is not a DNS name or an IP address")
	// ErrPortZero: the port is 0, which names no service.
	ErrPortZero = errors.New("port 0")
	// ErrEncodedSeparator: the path holds "%2F", "%5C" or "%00" (in any
	// case), which backends decode to "/", "\" or NUL.
	ErrEncodedSeparator = errors.New("encoded separator in the path")
	// ErrMalformedEscape: a "%" in the path is not followed by two hex
	// digits.
	ErrMalformedEscape = errors.New("percent sign not followed by two hex digits")
	// ErrSchemeMismatch: an absolute-form target names another scheme
	// than the connection's ("GET https://example.com/ HTTP/1.1" over
	// plain TCP): the client would choose the scheme of its own request.
	// Policy.AllowTargetScheme accepts it.
	ErrSchemeMismatch = errors.New("the request target's scheme is not the connection's")
)

// Error is the error of this package's functions: which value (the
// field), what is wrong with it (Kind, one of the sentinel errors, and a
// Reason), and where (Offset). Value is the value as received, cut to 256
// bytes and with anything that may be a password, and the value of each
// parameter of the query and the fragment ("?token=xxxxx"), replaced by
// "xxxxx" (as span.ParseError writes it), so that an Error can be logged
// as it is. Offset counts bytes of the value as received, not of Value,
// whose masks change its length.
type Error struct {
	Kind   error  // ErrInvalidTarget, ErrInvalidHost, ErrControlCharacter, ...
	Field  string // "target", "host", "scheme", "Forwarded" or "X-Forwarded-Proto"
	Value  string // the offending value, masked and shortened
	Reason string // what is wrong: "userinfo", "fragment", or the validation error's name
	Offset int    // byte offset in the value (as received) of the problem, or -1
	Err    error  // the URL parser's *span.ParseError, when it is the parser that refused
}

// Error formats the error as "httpurl: KIND: FIELD "VALUE": REASON at
// offset N", as in
//
//	httpurl: invalid host: host "exa mple.com": domain-invalid-code-point at offset 3
//	httpurl: control character: target "/a\nb": LF at offset 2
func (e *Error) Error() string {
	b := make([]byte, 0, 64+len(e.Value))
	b = append(b, "httpurl: "...)
	b = append(b, e.Kind.Error()...)
	if e.Field != "" {
		b = append(b, ": "...)
		b = append(b, e.Field...)
		b = append(b, ' ')
		b = strconv.AppendQuote(b, e.Value)
	}
	if e.Reason != "" {
		b = append(b, ": "...)
		b = append(b, e.Reason...)
	}
	if e.Offset >= 0 {
		b = append(b, " at offset "...)
		b = strconv.AppendInt(b, int64(e.Offset), 10)
	}
	return string(b)
}

// Unwrap returns Kind and Err, and the sentinels that say more: an
// ErrControlCharacter error also matches ErrInvalidTarget or
// ErrInvalidHost, an ErrInvalidHost error about the authority of a
// target also matches ErrInvalidTarget, and an error of the routing
// policy matches ErrPolicy and the sentinel of what it refused (see
// ErrPolicy).
func (e *Error) Unwrap() []error {
	errs := []error{e.Kind}
	switch e.Kind {
	case ErrHostTooLong, ErrNotDNSName, ErrPortZero:
		errs = append(errs, ErrPolicy, ErrInvalidHost)
		if e.Field == "target" {
			errs = append(errs, ErrInvalidTarget)
		}
	case ErrEncodedSeparator, ErrMalformedEscape, ErrTargetTooLong, ErrSchemeMismatch:
		errs = append(errs, ErrPolicy, ErrInvalidTarget)
	case ErrHostMismatch:
		errs = append(errs, ErrPolicy)
	}
	switch {
	case e.Kind == ErrControlCharacter && e.Field == "host":
		errs = append(errs, ErrInvalidHost)
	case e.Kind == ErrControlCharacter, e.Kind == ErrInvalidHost && e.Field == "target":
		errs = append(errs, ErrInvalidTarget)
	}
	if e.Err != nil {
		errs = append(errs, e.Err)
	}
	return errs
}

func newError(kind error, field, value, reason string, offset int, err error) *Error {
	v, cut := maskValue(value)
	if cut {
		v += "..."
	}
	return &Error{Kind: kind, Field: field, Value: v, Reason: reason, Offset: offset, Err: err}
}

// maxQuoted is the length to which an Error's Value is cut.
const maxQuoted = 256

// maskValue masks anything in v that may be a password, and its
// parameter values, and cuts it to 256 bytes, as the URL parser's errors
// do: v is an authority (a Host, a
// CONNECT target), a path or a URL, and mask.Authority reads each as what
// it is.
func maskValue(v string) (string, bool) { return mask.Authority(v) }
