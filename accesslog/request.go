package accesslog

import (
	"bytes"
	"net/http"
	"strings"
	"unsafe"

	"github.com/spanurl/spanurl/httpurl"
	"github.com/spanurl/spanurl/internal/mask"
	"github.com/spanurl/spanurl/span"
)

// splitRequest splits a request line "METHOD TARGET PROTOCOL". The
// protocol is the text after the last space when it starts with "HTTP/";
// otherwise the line has none, as in HTTP/0.9's "GET /x". The method must
// be an HTTP token and the target must not be empty.
func splitRequest(req []byte) (method, target, protocol []byte, ok bool) {
	sp := bytes.IndexByte(req, ' ')
	if sp <= 0 {
		return nil, nil, nil, false
	}
	method, target = req[:sp], req[sp+1:]
	for _, c := range method {
		if !isTchar(c) {
			return nil, nil, nil, false
		}
	}
	if i := bytes.LastIndexByte(target, ' '); i >= 0 && bytes.HasPrefix(target[i+1:], []byte("HTTP/")) {
		target, protocol = target[:i], target[i+1:]
	}
	if len(target) == 0 {
		return nil, nil, nil, false
	}
	return method, target, protocol, true
}

// SetRequest sets l's Request to request, a request line such as the
// request field of a log written as JSON, and splits it into Method,
// Target and Protocol as Parse splits the request of a log line; the
// other fields of l are left as they are. For a request that is not
// METHOD TARGET [HTTP/VERSION] it sets those three to nil and returns an
// *Error matching ErrRequestLine, at offset 0. l then refers to request's
// bytes.
func (l *Line) SetRequest(request []byte) error {
	l.Request, l.requestOff = request, 0
	var ok bool
	l.Method, l.Target, l.Protocol, ok = splitRequest(request)
	if !ok {
		return &Error{ErrRequestLine, 0}
	}
	return nil
}

// isTchar reports whether c may appear in an HTTP token (RFC 9110,
// section 5.6.2).
func isTchar(c byte) bool {
	switch {
	case 'a' <= c|0x20 && c|0x20 <= 'z', isDigit(c):
		return true
	}
	return strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
}

// Server returns the host[:port] and the scheme of the server that
// answered the request, for a log whose lines may name it: the VHOST:PORT
// field of VhostCombined (with the scheme https when the port is 443,
// http when it is 80, and scheme otherwise) or the Host field of
// CombinedHost, unless that field is empty or "-". Otherwise, and for the
// other formats, it returns host and scheme, the server the caller knows
// the log is from.
func (l *Line) Server(host, scheme string) (string, string) {
	h, port := l.server()
	if h == nil {
		return host, scheme
	}
	return string(h), serverScheme(port, scheme)
}

// server is Server without a copy, for Parser.URL, which lends the bytes
// to its parser: the bytes of l that name the server (nil when l names
// none), and the port that implies its scheme (nil when it is the
// caller's).
func (l *Line) server() (host, port []byte) {
	switch {
	case l.vhostPort != nil:
		return l.vhostPort, l.Port
	case len(l.Host) > 0 && !(len(l.Host) == 1 && l.Host[0] == '-'):
		return l.Host, nil
	}
	return nil, nil
}

// URL returns the URL the request of l asked for under httpurl's strict
// routing policy, as httpurl.FromRequest and httpurl.Handler make it for
// the same request arriving live: it is URLWithPolicy with the zero
// httpurl.Policy. Its results are permanent.
func (l *Line) URL(host, scheme string) (span.URL, error) {
	return l.URLWithPolicy(httpurl.Policy{}, host, scheme)
}

// URLWithPolicy returns the URL the request of l asked for, made as
// httpurl.FromRequest makes it, with policy as Options.Policy, for the
// request with l's method and target, the host that Server returns for
// host as its Host, and Server's scheme as its connection's: the same
// URL (so "/adm%69n" is "/admin" and "/%7Euser/" is "/~user/" under the
// strict policy) or the same refusal. Its results are permanent.
//
//   - An origin-form target "/path?query" is on the server (a target
//     starting with "//" stays a path); an absolute-form target
//     "http://h/path" is on its own host, which is the request's Host
//     (net/http's server sets r.Host to it), and its scheme must be the
//     server's unless policy.AllowTargetScheme. Both go through
//     policy.ParseRequestTarget.
//   - "OPTIONS *" names no URL: the error matches httpurl.ErrAsteriskForm,
//     as FromRequest's does (unless the host is refused first).
//   - A CONNECT request names no URL to route either: the error is
//     httpurl.Handler's, an *httpurl.Error matching httpurl.ErrConnect,
//     whatever its target. The tunnel's authority, as a tunnelling proxy
//     checks it, is policy.ParseConnectTarget(string(l.Target)).
//
// The error is httpurl's *httpurl.Error when httpurl refuses the request
// (errors.Is matches httpurl's and span's sentinels alike), and an
// *Error matching ErrRequestLine when l has no target.
func (l *Line) URLWithPolicy(policy httpurl.Policy, host, scheme string) (span.URL, error) {
	if l.Target == nil {
		return span.URL{}, &Error{ErrRequestLine, l.requestOff}
	}
	if string(l.Method) == http.MethodConnect {
		return span.URL{}, connectError(string(l.Target))
	}
	host, scheme = l.Server(host, scheme)
	if httpurl.FormOf(borrow(l.Target)) == httpurl.AbsoluteForm {
		// The target names its host, which wins (RFC 9112, section
		// 3.2.2): net/http's server makes it the request's Host, so a
		// live request has no other Host to compare with it.
		host = ""
	}
	if l.Target[0] == '/' {
		// The URL of an origin-form target is made of a copy,
		// scheme + "://" + host + target, which the policy parses
		// again when it changes it, so the target is lent to httpurl
		// without a copy of its own. An error may keep the target: one
		// that is httpurl's alone keeps it only in Value, quoted and
		// cut to a few hundred bytes, which is copied; any other is
		// made again from a copy of the target.
		u, err := policy.ParseRequestTarget(borrow(l.Target), host, scheme)
		if err == nil {
			return u, nil
		}
		if e, ok := err.(*httpurl.Error); ok && e.Err == nil {
			e.Value = strings.Clone(e.Value)
			return span.URL{}, e
		}
	}
	return policy.ParseRequestTarget(string(l.Target), host, scheme)
}

// connectError is httpurl.Handler's refusal of a CONNECT request whose
// target is target, a string the error may keep.
func connectError(target string) *httpurl.Error {
	v, cut := mask.Authority(target)
	if cut {
		v += "..."
	}
	return &httpurl.Error{Kind: httpurl.ErrConnect, Field: "target", Value: v, Offset: -1}
}

// borrow returns the bytes of b as a string without copying them, for a
// call that keeps nothing of the string when it succeeds.
func borrow(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }
