package accesslog

import (
	"bytes"
	"strings"
	"unsafe"

	"github.com/spanurl/spanurl/httpurl"
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
	switch {
	case l.vhostPort != nil:
		scheme = serverScheme(l.Port, scheme)
		return string(l.vhostPort), scheme
	case len(l.Host) > 0 && !(len(l.Host) == 1 && l.Host[0] == '-'):
		return string(l.Host), scheme
	}
	return host, scheme
}

// URL returns the URL the request of l asked for, made as package httpurl
// makes it for a live request, with the server that Server returns for
// host and scheme:
//
//   - "CONNECT host:port" with httpurl.ParseConnectTarget: https://host:port/
//     (https's port 443 dropped);
//   - "OPTIONS *" with httpurl.ParseHost: the server itself,
//     scheme://host/;
//   - every other request with httpurl.ParseRequestTarget: an origin-form
//     target "/path?query" on the server (a target starting with "//"
//     stays a path), an absolute-form target "http://h/path" on its own.
//
// The error is httpurl's *httpurl.Error when httpurl refuses the request,
// and an *Error matching ErrRequestLine when l has no target.
func (l *Line) URL(host, scheme string) (span.URL, error) {
	if l.Target == nil {
		return span.URL{}, &Error{ErrRequestLine, l.requestOff}
	}
	host, scheme = l.Server(host, scheme)
	switch {
	case string(l.Method) == "CONNECT":
		// The URL is made of a copy of the target ("https://" + target
		// + "/"), so the target is lent to httpurl without a copy of
		// its own; an error, which may keep the target, is made again
		// from a copy.
		if u, err := httpurl.ParseConnectTarget(borrow(l.Target)); err == nil {
			return u, nil
		}
		return httpurl.ParseConnectTarget(string(l.Target))
	case string(l.Method) == "OPTIONS" && string(l.Target) == "*":
		return httpurl.ParseHost(host, scheme)
	case l.Target[0] == '/':
		// As for CONNECT: the URL of an origin-form target is made of a
		// copy, scheme + "://" + host + target.
		if u, err := httpurl.ParseRequestTarget(borrow(l.Target), host, scheme); err == nil {
			return u, nil
		}
	}
	return httpurl.ParseRequestTarget(string(l.Target), host, scheme)
}

// borrow returns the bytes of b as a string without copying them, for a
// call that keeps nothing of the string when it succeeds.
func borrow(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }
