package api

import (
	"errors"
	"strconv"
	"strings"
	"sync"

	"github.com/spanurl/spanurl/span"
)

// ErrInvalidOrigin is matched (errors.Is) by the error of ParseOrigin for a
// value that is not a serialized origin.
var ErrInvalidOrigin = errors.New("not a serialized origin")

// originError is ParseOrigin's error: the value, quoted and cut, and the
// URL parser's error when it refused the value.
type originError struct {
	value string
	err   error
}

func (e *originError) Error() string {
	v := e.value
	if len(v) > 256 {
		v = v[:256]
	}
	msg := "api: " + ErrInvalidOrigin.Error() + ": " + strconv.Quote(v)
	if e.err != nil {
		msg += ": " + e.err.Error()
	}
	return msg
}

func (e *originError) Unwrap() []error {
	if e.err != nil {
		return []error{ErrInvalidOrigin, e.err}
	}
	return []error{ErrInvalidOrigin}
}

// originParsers holds Parsers for ParseOrigin, which parses without
// allocating.
var originParsers = sync.Pool{New: func() any { return new(originParser) }}

type originParser struct {
	p   span.Parser
	buf []byte
}

// ParseOrigin parses the value of an Origin request header (or of
// Access-Control-Allow-Origin): "null", an opaque origin, which is same
// origin with nothing (a new one each call), or a tuple origin serialized
// as HTML serializes it, scheme "://" host [":" port], with a scheme of
// ftp, http, https, ws or wss.
//
// The value is read by the URL parser, so "HTTPS://Example.COM:443" is the
// origin of https://example.com; browsers send the serialized form, which
// ParseOrigin reads without allocating (its strings are substrings of
// value). Anything more than an origin (userinfo, a path, even "/",
// a query, a fragment, another scheme) is an error matching
// ErrInvalidOrigin.
//
// A CORS or CSRF check compares origins with SameOrigin:
//
//	o, err := api.ParseOrigin(r.Header.Get("Origin"))
//	if err != nil || !o.SameOrigin(api.OriginOf(u)) { // u: the request's URL
//		http.Error(w, "cross-origin request", http.StatusForbidden)
//		return
//	}
func ParseOrigin(value string) (Origin, error) {
	if value == "null" {
		return NewOpaqueOrigin(), nil
	}
	op := originParsers.Get().(*originParser)
	defer originParsers.Put(op)
	op.buf = append(append(op.buf[:0], value...), '/')
	u, err := op.p.Parse(op.buf)
	if err != nil {
		return Origin{}, &originError{value: value, err: errors.Unwrap(err)}
	}
	switch u.Scheme() {
	case "ftp", "http", "https", "ws", "wss":
	default:
		return Origin{}, &originError{value: value}
	}
	if u.Username() != "" || u.Password() != "" || u.Pathname() != "/" || u.HasQuery() || u.HasFragment() {
		return Origin{}, &originError{value: value}
	}
	o := Origin{scheme: u.Scheme(), host: u.Hostname(), kind: u.HostKind(), port: -1}
	if p, ok := u.PortNumber(); ok {
		o.port = int32(p)
	}
	if href := u.Href(); len(href) == len(value)+1 && href[:len(value)] == value {
		// The value is serialized already: its substrings outlive the
		// Parser's memory, which o's strings alias until here.
		o.scheme = value[:len(o.scheme)]
		start := len(o.scheme) + len("://")
		o.host = value[start : start+len(o.host)]
		return o, nil
	}
	o.scheme, o.host = strings.Clone(o.scheme), strings.Clone(o.host)
	return o, nil
}
