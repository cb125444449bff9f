package httpurl

import (
	"errors"
	"strconv"
	"strings"

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
func FormOf(target string) Form {
	switch {
	case target == "":
		return InvalidForm
	case target == "*":
		return AsteriskForm
	case target[0] == '/':
		return OriginForm
	}
	if _, n := httpSchemePrefix(target); n > 0 {
		return AbsoluteForm
	}
	if strings.ContainsAny(target, "/?#") {
		return InvalidForm
	}
	return AuthorityForm
}

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
// never a host.
//
// An absolute-form target ("http://host/path") is parsed on its own: its
// scheme and host win, as RFC 9112 requires of servers; the scheme
// argument is not used, and host, when not empty, must still be a valid
// Host (use CheckHost to require that it names the target's host). Its
// scheme must be http or https followed by "//" and a host; userinfo, a
// backslash in the authority, and an empty host are refused rather than
// read as the URL parser would.
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
	switch {
	case target == "":
		return span.URL{}, newError(ErrInvalidTarget, "target", target, "empty", -1, nil)
	case target == "*":
		return span.URL{}, newError(ErrAsteriskForm, "target", target, "", -1, nil)
	}
	if err := scanTarget(target); err != nil {
		return span.URL{}, err
	}
	if target[0] == '/' {
		return parseOriginForm(target, host, scheme)
	}
	sch, n := httpSchemePrefix(target)
	if n == 0 {
		reason := `not origin-form ("/path") or absolute-form ("http://host/path")`
		if FormOf(target) == AuthorityForm {
			reason = "authority-form is only for CONNECT (see ParseConnectTarget)"
		}
		return span.URL{}, newError(ErrInvalidTarget, "target", target, reason, 0, nil)
	}
	end := len(target)
	if i := strings.IndexAny(target[n:], "/?"); i >= 0 {
		end = n + i
	}
	if err := scanHost("target", target, target[n:end], n); err != nil {
		return span.URL{}, err
	}
	// A Host that is the target's authority byte for byte (what net/http
	// leaves in r.Host for an absolute-form request) is validated by the
	// parse of the target: parsing it twice would double the cost of
	// the most expensive part, domain to ASCII.
	if host != "" && host != target[n:end] {
		if _, err := ParseHost(host, sch); err != nil {
			return span.URL{}, err
		}
	}
	u, err := span.Parse(target)
	if err != nil {
		kind := ErrInvalidTarget
		if off := parseErrorOffset(err); off >= n && off <= end {
			kind = ErrInvalidHost
		}
		return span.URL{}, parserError(kind, "target", target, err, 0)
	}
	return u, nil
}

func parseOriginForm(target, host, scheme string) (span.URL, error) {
	sch, err := checkScheme(scheme)
	if err != nil {
		return span.URL{}, err
	}
	if err := scanHost("host", host, host, 0); err != nil {
		return span.URL{}, err
	}
	// host has no "/", "\", "?", "#" or "@" now, so the authority is
	// exactly host, and target, which starts with "/", is the path.
	// One allocation: the string that the parser keeps as the href when
	// it is in serialized form already.
	u, err := span.Parse(sch + "://" + host + target)
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
	sch, err := checkScheme(scheme)
	if err != nil {
		return span.URL{}, err
	}
	if err := scanHost("host", host, host, 0); err != nil {
		return span.URL{}, err
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
	if target == "" {
		return span.URL{}, newError(ErrInvalidTarget, "target", target, "empty", -1, nil)
	}
	if err := scanTarget(target); err != nil {
		return span.URL{}, err
	}
	if err := scanHost("target", target, target, 0); err != nil {
		return span.URL{}, err
	}
	colon := strings.LastIndexByte(target, ':')
	if target[0] == '[' {
		colon = strings.IndexByte(target, ']') + 1 // scanHost checked the brackets
		if colon == len(target) || target[colon] != ':' {
			colon = -1
		}
	}
	if colon < 0 || colon == len(target)-1 {
		return span.URL{}, newError(ErrInvalidTarget, "target", target, "authority-form needs a port", len(target), nil)
	}
	const prefix = "https://"
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

// checkScheme returns "http" or "https" for scheme in any case.
func checkScheme(scheme string) (string, error) {
	switch {
	case strings.EqualFold(scheme, "http"):
		return "http", nil
	case strings.EqualFold(scheme, "https"):
		return "https", nil
	}
	return "", newError(ErrInvalidScheme, "scheme", scheme, "", -1, nil)
}

// httpSchemePrefix returns the scheme and the length of an "http://" or
// "https://" prefix of target (in any case), or 0.
func httpSchemePrefix(target string) (string, int) {
	if len(target) >= 7 && strings.EqualFold(target[:7], "http://") {
		return "http", 7
	}
	if len(target) >= 8 && strings.EqualFold(target[:8], "https://") {
		return "https", 8
	}
	return "", 0
}

// scanTarget refuses control characters, spaces and "#" in a target.
func scanTarget(target string) *Error {
	for i := 0; i < len(target); i++ {
		switch c := target[i]; {
		case c < ' ' || c == 0x7F:
			return newError(ErrControlCharacter, "target", target, controlName(c), i, nil)
		case c == ' ':
			return newError(ErrInvalidTarget, "target", target, "space", i, nil)
		case c == '#':
			return newError(ErrInvalidTarget, "target", target, "fragment (a request target has none)", i, nil)
		}
	}
	return nil
}

// scanHost refuses, in the host h found at offset base of the field's
// value, what must not reach the URL parser: emptiness, control
// characters, spaces, the delimiters of userinfo, path, query and
// fragment, and brackets that are not one IPv6 literal followed by
// nothing or a port.
func scanHost(field, value, h string, base int) *Error {
	bad := func(kind error, reason string, i int) *Error {
		return newError(kind, field, value, reason, base+i, nil)
	}
	if h == "" {
		return bad(ErrInvalidHost, "empty host", 0)
	}
	for i := 0; i < len(h); i++ {
		switch c := h[i]; c {
		case ' ':
			return bad(ErrInvalidHost, "space", i)
		case '@':
			return bad(ErrInvalidHost, "userinfo", i)
		case '/':
			return bad(ErrInvalidHost, "path", i)
		case '\\':
			return bad(ErrInvalidHost, "backslash", i)
		case '?':
			return bad(ErrInvalidHost, "query", i)
		case '#':
			return bad(ErrInvalidHost, "fragment", i)
		default:
			if c < ' ' || c == 0x7F {
				return bad(ErrControlCharacter, controlName(c), i)
			}
		}
	}
	open, close := strings.IndexByte(h, '['), strings.IndexByte(h, ']')
	if open < 0 && close < 0 {
		return nil
	}
	const junk = "malformed IPv6 literal"
	switch {
	case open != 0:
		return bad(ErrInvalidHost, junk, max(open, 0))
	case close < 0:
		return bad(ErrInvalidHost, junk+" (no ']')", len(h))
	case strings.LastIndexByte(h, '[') != 0:
		return bad(ErrInvalidHost, junk, strings.LastIndexByte(h, '['))
	case strings.LastIndexByte(h, ']') != close:
		return bad(ErrInvalidHost, junk, strings.LastIndexByte(h, ']'))
	}
	port := h[close+1:]
	if port == "" {
		return nil
	}
	if port[0] != ':' {
		return bad(ErrInvalidHost, junk+" (text after ']')", close+1)
	}
	for i := 1; i < len(port); i++ {
		if port[i] < '0' || port[i] > '9' {
			return bad(ErrInvalidHost, "port-invalid", close+1+i)
		}
	}
	return nil
}

func controlName(c byte) string {
	switch c {
	case 0:
		return "NUL"
	case '\t':
		return "TAB"
	case '\n':
		return "LF"
	case '\r':
		return "CR"
	case 0x7F:
		return "DEL"
	}
	return "0x" + strconv.FormatUint(uint64(c)|0x100, 16)[1:]
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
