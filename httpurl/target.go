package httpurl

import (
	"errors"
	"strconv"
	"unsafe"

	"github.com/spanurl/spanurl/internal/reqtarget"
	"github.com/spanurl/spanurl/span"
)

// Form is the form of a request-target (RFC 9112, section 3.2).
type Form uint8

// The request-target forms.
const (
	InvalidForm   Form = iota // empty, or none of the shapes below
	OriginForm                // "/path?query": what a client sends to an origin server
	AbsoluteForm              // "http://host/path?query": what a client sends to a forward proxy
	AuthorityForm             // "host:port": the target of CONNECT
	AsteriskForm              // "*": the target of a server-wide OPTIONS
)

var formNames = [...]string{"invalid", "origin-form", "absolute-form", "authority-form", "asterisk-form"}

// String returns "origin-form", "absolute-form", "authority-form",
// "asterisk-form" or "invalid".
func (f Form) String() string {
	if int(f) < len(formNames) {
		return formNames[f]
	}
	return "Form(" + strconv.Itoa(int(f)) + ")"
}

// FormOf classifies target by its first bytes, without validating it:
// "*" is AsteriskForm, a target starting with "/" OriginForm, one starting
// with "http://" or "https://" (in any case) AbsoluteForm, any other
// non-empty target without "/", "?" or "#" AuthorityForm, and the rest
// InvalidForm. Which forms a request may use depends on its method:
// authority-form only with CONNECT, asterisk-form only with OPTIONS.
func FormOf(target string) Form { return Form(reqtarget.FormOf(target)) }

// ParseRequestTarget returns the URL a browser would have requested with
// target (the request-target of the request line, or HTTP/2's :path), host
// (the Host header, or :authority) and scheme ("http" or "https", in any
// case: the scheme the request came in with, which HTTP does not send).
// It is the module's one implementation of "request target to URL" with
// a permanent result: span's Parser.ParseRequestTarget takes the same
// steps (the same code) and only keeps its result in the Parser's
// reusable memory instead.
//
// An origin-form target ("/path?query") is resolved against
// scheme://host/ exactly as the URL Standard parses
// scheme + "://" + host + target. Dot segments in every spelling the
// standard knows ("..", ".%2e", "%2E%2e", ...) are removed and "\" is a
// path separator; "%2F" and every other percent-encoding stay as they are
// (see the package documentation for what that guarantees). A target
// starting with "//" keeps host: "//evil.example/x" is a path on host,
// never a host. Bytes of the path and query that are not UTF-8 are
// percent-encoded one by one ("\xff" gives "%FF") rather than read as
// U+FFFD: see the package documentation.
//
// An absolute-form target ("http://host/path") is parsed on its own: its
// scheme and host win, as RFC 9112 requires of servers; the scheme
// argument is not used, and host, when not empty, must still be a valid
// Host (use CheckHost to require that it names the target's host). Its
// scheme must be http or https followed by "//" and a host; userinfo, a
// backslash in the authority, and an empty host are refused rather than
// read as the URL parser would.
//
// The scheme of an absolute-form target is the client's choice, not the
// connection's: a client on plain TCP may send "GET https://h/ HTTP/1.1".
// ParseRequestTarget parses; it does not check the target's scheme
// against the connection's. FromRequest and Policy.ParseRequestTarget
// do, and refuse a target with another scheme (ErrSchemeMismatch) unless
// Policy.AllowTargetScheme: use them wherever the URL's scheme decides
// anything (Secure cookies, HTTPS-only pages, redirects).
//
// Before any parsing, a control character (NUL, TAB, CR, LF, any C0
// control, DEL) anywhere in target or host is refused with
// ErrControlCharacter, a space or "#" in the target with ErrInvalidTarget,
// and a host with userinfo, a path, query or fragment, brackets that are
// not exactly one IPv6 literal ("[::1]x", "x[::1]", "[[::1]]"), or an
// empty host with ErrInvalidHost. Then whatever the URL parser refuses
// (a space or "%" junk in a host, a zone in an IPv6 literal, an invalid or
// out-of-range port, ...) is refused with the validation error the parser
// names.
//
// "*" (asterisk-form) returns ErrAsteriskForm and an authority-form
// target ErrInvalidTarget: use ParseConnectTarget for CONNECT. The result
// never has a fragment, and the error is always an *Error.
func ParseRequestTarget(target, host, scheme string) (span.URL, error) {
	u, pr, ok := reqtarget.Target(permanent{target}, target, host, scheme, nil)
	if !ok {
		return span.URL{}, problemError(pr)
	}
	return u, nil
}

// permanent is the URL parser of this package's functions for
// reqtarget's steps: span.Parse on memory of its own for every text, so
// that the URL it returns keeps that memory and lives as long as it is
// used.
type permanent struct{ target string }

// Buffer returns no memory: each text gets its own, at its size.
func (permanent) Buffer() []byte { return nil }

// Parse parses text, which nothing else holds or writes once built, so
// that the URL keeps it as its href without a copy.
func (permanent) Parse(text []byte) (span.URL, error) {
	return span.Parse(unsafe.String(unsafe.SliceData(text), len(text)))
}

// ParseTarget parses the target itself, which the URL may keep.
func (p permanent) ParseTarget() (span.URL, error) { return span.Parse(p.target) }

// Verbatim is never asked: this package knows no server in advance.
func (permanent) Verbatim(span.URL, []byte) bool { return false }

// Offset returns the offset of a *span.ParseError, or -1.
func (permanent) Offset(err error) int { return parseErrorOffset(err) }

// ParseHost validates host as a Host header value, host[:port] (a domain,
// an IPv4 address in any form the URL Standard accepts, or an IPv6 literal
// in brackets; no userinfo, path, query or fragment; no control
// characters), and returns the URL scheme://host/ normalized as the
// standard does: the domain lowercased and in its IDNA ASCII form, the
// IPv4 address in dotted decimal, the scheme's default port dropped. The
// error is an *Error matching ErrInvalidHost (or ErrInvalidScheme).
//
// A proxy that routes on the host should route on the result's Hostname
// (and forward its Host), never on the raw header.
//
// span's Parser.ParseHost takes the same steps, the same code, in its
// reusable memory.
func ParseHost(host, scheme string) (span.URL, error) {
	u, pr, ok := reqtarget.Host(permanent{}, host, scheme)
	if !ok {
		return span.URL{}, problemError(pr)
	}
	return u, nil
}

// ParseConnectTarget parses the authority-form target of a CONNECT
// request, "host:port" (the port is required; the host is validated as
// ParseHost validates a Host), and returns it as the URL
// https://host[:port]/. The scheme is nominal (a tunnel carries any
// protocol) and the parser drops port 443 as https's default: dial
// net.JoinHostPort(u.Hostname(), strconv.Itoa(int(u.PortOrDefault()))),
// after stripping an IPv6 host's brackets, or use HostAddr. span's
// Parser.ParseConnectTarget takes the same steps, the same code, in its
// reusable memory.
func ParseConnectTarget(target string) (span.URL, error) {
	u, pr, ok := reqtarget.Connect(permanent{target}, target)
	if !ok {
		return span.URL{}, problemError(pr)
	}
	return u, nil
}

// CheckHost reports, with an error matching ErrHostMismatch, whether the
// Host header host names another host or port than u (the URL of an
// absolute-form target): both are compared after normalization, so
// "EXAMPLE.com:80" matches "http://example.com/x". An invalid host is an
// ErrInvalidHost error. RFC 9112 tells servers to ignore the Host header
// of an absolute-form request; a proxy that prefers to refuse
// disagreeing requests calls CheckHost.
func CheckHost(u span.URL, host string) error {
	h, err := ParseHost(host, u.Scheme())
	if err != nil {
		return err
	}
	if h.Host() != u.Host() {
		return newError(ErrHostMismatch, "host", host, "the target names "+strconv.Quote(u.Host()), -1, nil)
	}
	return nil
}

// problemError is the *Error of a refusal of reqtarget's steps, before
// the URL parser ran or by it (pr.Err, which the error wraps).
func problemError(pr reqtarget.Problem) *Error {
	kind := ErrInvalidTarget
	switch {
	case pr.Control:
		kind = ErrControlCharacter
	case pr.Kind == reqtarget.InvalidHost:
		kind = ErrInvalidHost
	case pr.Kind == reqtarget.Asterisk:
		kind = ErrAsteriskForm
	case pr.Kind == reqtarget.InvalidScheme:
		kind = ErrInvalidScheme
	}
	if pr.Err == nil {
		return newError(kind, pr.Field, pr.Value, pr.Reason, pr.Offset, nil)
	}
	return newError(kind, pr.Field, pr.Value, parserReason(pr.Err), pr.Offset, pr.Err)
}

// parseErrorOffset returns the offset of a *span.ParseError, or -1.
func parseErrorOffset(err error) int {
	if pe := asParseError(err); pe != nil && pe.Type != 0 {
		return pe.Offset
	}
	return -1
}

// parserReason is the Reason of an *Error for the URL parser's err: the
// name of its validation error, or its text when it is none.
func parserReason(err error) string {
	pe := asParseError(err)
	switch {
	case pe == nil:
		return err.Error()
	case pe.Type == 0:
		return pe.Unwrap().Error()
	}
	return pe.Type.String()
}

// asParseError returns the *span.ParseError in err's chain, or nil. The
// parser returns one as it is, which a type assertion finds without the
// allocation of errors.As's target.
func asParseError(err error) *span.ParseError {
	if pe, ok := err.(*span.ParseError); ok {
		return pe
	}
	var pe *span.ParseError
	if errors.As(err, &pe) {
		return pe
	}
	return nil
}

// checkScheme returns "http" or "https" for scheme in any case.
func checkScheme(scheme string) (string, error) {
	if s, ok := reqtarget.Scheme(scheme); ok {
		return s, nil
	}
	return "", newError(ErrInvalidScheme, "scheme", scheme, "", -1, nil)
}

// httpSchemePrefix returns the scheme and the length of an "http://" or
// "https://" prefix of target (in any case), or 0.
func httpSchemePrefix(target string) (string, int) { return reqtarget.SchemePrefix(target) }
