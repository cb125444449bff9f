package httpurl

import (
	"errors"
	"strconv"
	"unicode/utf8"

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
	req, pr, ok := reqtarget.ParseRequest(target, host, scheme, nil)
	if !ok {
		return span.URL{}, problemError(pr, target, host, scheme)
	}
	if req.Form == reqtarget.OriginForm {
		return parseOriginForm(target, host, req.Scheme, req.ASCII)
	}
	n, end := req.AuthStart, req.AuthEnd
	if req.CheckHost {
		if _, err := ParseHost(host, req.Scheme); err != nil {
			return span.URL{}, err
		}
	}
	text := target
	if !req.ASCII && !utf8.ValidString(target[end:]) {
		text = string(reqtarget.AppendBytes([]byte(target[:end]), target[end:]))
	}
	u, err := span.Parse(text)
	if err != nil {
		kind := ErrInvalidTarget
		if off := parseErrorOffset(err); off >= n && off <= end {
			kind = ErrInvalidHost
		}
		return span.URL{}, parserError(kind, "target", target, err, 0)
	}
	return u, nil
}

// parseOriginForm parses an origin-form target that reqtarget accepted,
// with sch the scheme in lower case.
func parseOriginForm(target, host, sch string, ascii bool) (span.URL, error) {
	// One allocation: the string that the parser keeps as the href when
	// it is in serialized form already.
	var text string
	if ascii || utf8.ValidString(target) {
		text = sch + "://" + host + target
	} else {
		text = string(reqtarget.AppendOrigin(nil, sch, host, target))
	}
	u, err := span.Parse(text)
	if err != nil {
		prefix := len(sch) + len("://")
		if off := parseErrorOffset(err); off >= 0 && off-prefix <= len(host) {
			return span.URL{}, parserError(ErrInvalidHost, "host", host, err, prefix)
		}
		return span.URL{}, parserError(ErrInvalidTarget, "target", target, err, prefix+len(host))
	}
	return u, nil
}

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
func ParseHost(host, scheme string) (span.URL, error) {
	sch, pr, ok := reqtarget.ParseHost(host, scheme)
	if !ok {
		return span.URL{}, problemError(pr, "", host, scheme)
	}
	u, err := span.Parse(sch + "://" + host + "/")
	if err != nil {
		return span.URL{}, parserError(ErrInvalidHost, "host", host, err, len(sch)+len("://"))
	}
	return u, nil
}

// ParseConnectTarget parses the authority-form target of a CONNECT
// request, "host:port" (the port is required; the host is validated as
// ParseHost validates a Host), and returns it as the URL
// https://host[:port]/. The scheme is nominal (a tunnel carries any
// protocol) and the parser drops port 443 as https's default: dial
// net.JoinHostPort(u.Hostname(), strconv.Itoa(int(u.PortOrDefault()))),
// after stripping an IPv6 host's brackets, or use HostAddr.
func ParseConnectTarget(target string) (span.URL, error) {
	if pr, ok := reqtarget.ParseConnect(target); !ok {
		return span.URL{}, problemError(pr, target, "", "")
	}
	const prefix = reqtarget.ConnectPrefix
	u, err := span.Parse(prefix + target + "/")
	if err != nil {
		return span.URL{}, parserError(ErrInvalidHost, "target", target, err, len(prefix))
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

// problemError is the *Error of a refusal before the URL parser ran,
// on the field that pr names.
func problemError(pr reqtarget.Problem, target, host, scheme string) *Error {
	value := target
	switch pr.Field {
	case "host":
		value = host
	case "scheme":
		value = scheme
	}
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
	return newError(kind, pr.Field, value, pr.Reason, pr.Offset, nil)
}

// parseErrorOffset returns the offset of a *span.ParseError, or -1.
func parseErrorOffset(err error) int {
	var pe *span.ParseError
	if errors.As(err, &pe) && pe.Type != 0 {
		return pe.Offset
	}
	return -1
}

// parserError makes the *Error for the URL parser's err on a string in
// which the field's value starts at offset shift.
func parserError(kind error, field, value string, err error, shift int) *Error {
	var pe *span.ParseError
	if !errors.As(err, &pe) {
		return newError(kind, field, value, err.Error(), -1, err)
	}
	if pe.Type == 0 {
		return newError(kind, field, value, pe.Unwrap().Error(), -1, err)
	}
	off := min(max(pe.Offset-shift, 0), len(value))
	return newError(kind, field, value, pe.Type.String(), off, err)
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
