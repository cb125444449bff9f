package span

import (
	"errors"
	"unsafe"

	"github.com/spanurl/spanurl/internal/fast"
	"github.com/spanurl/spanurl/internal/mask"
	"github.com/spanurl/spanurl/internal/reqtarget"
	"github.com/spanurl/spanurl/record"
)

// The errors of a request target refused before the URL parser runs,
// matched (errors.Is) by the *ParseError that ParseRequestTarget,
// ParseConnectTarget and ParseHost return. They are the refusals of
// package httpurl, whose sentinels of the same names are these very
// values, so that errors.Is matches an error of either package (and of
// package accesslog) against either name.
var (
	// ErrInvalidTarget: the request target is not of a form the method
	// accepts, or holds a space or "#".
	ErrInvalidTarget = errors.New("invalid request target")
	// ErrInvalidHost: the host (the Host, or the authority of an
	// absolute-form or authority-form target) is empty, holds userinfo,
	// a path, a query, a fragment, a space, a backslash, or brackets that
	// are not one IPv6 literal.
	ErrInvalidHost = errors.New("invalid host")
	// ErrControlCharacter: a C0 control or DEL in the target or the host,
	// which the URL parser would silently remove or trim. An error with
	// it also matches ErrInvalidTarget or ErrInvalidHost.
	ErrControlCharacter = errors.New("control character")
	// ErrAsteriskForm: the target is "*", which names no URL (the Host
	// still names the server: see Parser.ParseHost).
	ErrAsteriskForm = errors.New("asterisk-form request target (OPTIONS *) has no URL")
	// ErrInvalidScheme: the scheme is not "http" or "https" (in any case).
	ErrInvalidScheme = errors.New("scheme is not http or https")
)

// kindsError is a refusal that matches two sentinels, a value made once
// so that a refusal costs no allocation.
type kindsError struct {
	msg   string
	kinds [2]error
}

func (e *kindsError) Error() string   { return e.msg }
func (e *kindsError) Unwrap() []error { return e.kinds[:] }

var (
	errControlInTarget = &kindsError{"control character in the request target", [2]error{ErrControlCharacter, ErrInvalidTarget}}
	errControlInHost   = &kindsError{"control character in the host", [2]error{ErrControlCharacter, ErrInvalidHost}}
	errHostInTarget    = &kindsError{"invalid host in the request target", [2]error{ErrInvalidHost, ErrInvalidTarget}}
)

// ParseRequestTarget is httpurl.ParseRequestTarget writing into p's
// reusable memory: the same steps (the same code), the same URL, and a
// refusal exactly when httpurl refuses, with the result valid only until
// p's next call (keep it with URL.Clone, and clone a getter's string
// before keeping it, as a map key above all). Its arguments are the
// request-target (as the request line carries it, or HTTP/2's :path),
// the host (the Host header, or :authority) and the scheme the request
// came in with ("http" or "https", in any case).
//
// The one implementation of both builds the text it parses in the
// memory its caller gives: p's buffers here, without allocating, and
// fresh memory for httpurl, whose URL keeps it. Only the errors differ
// in form (see below). A fuzz target (httpurl's
// FuzzSpanParserMatchesHTTPURL) holds the two to the same results.
//
// An origin-form target ("/a?b") is parsed as scheme://host followed by
// the target, so a target starting with "//" ("//evil.example/x") is a
// path on host, never a host. An absolute-form target
// ("http://h/p?q") is parsed on its own; host, when not empty and not
// its authority byte for byte, must still be a valid Host. Control
// characters anywhere, a space or "#" in the target, and a host with
// userinfo, a path, a query, a fragment or junk around an IPv6 literal
// are refused before parsing. "*" (asterisk-form) is refused with
// ErrAsteriskForm and an authority-form target with ErrInvalidTarget: use
// ParseHost and ParseConnectTarget for those.
//
// Bytes of the path and query that are not UTF-8 are percent-encoded one
// by one ("\xff\xfe" gives "%FF%FE"), where the URL Standard, which
// parses strings, would read U+FFFD and write "%EF%BF%BD": the server
// received bytes, and this keeps them. Valid UTF-8 is encoded as the
// standard encodes it.
//
// A refusal before parsing is a *ParseError matching ErrInvalidTarget,
// ErrInvalidHost, ErrControlCharacter, ErrAsteriskForm or
// ErrInvalidScheme (as httpurl's errors do, one about the authority of a
// target matches both ErrInvalidHost and ErrInvalidTarget, and a control
// character one of them too), with the offset in the value it names (target or
// host; -1 for none) and that value as Input. A refusal of the URL parser
// is its *ParseError on the text it parsed (for origin-form,
// scheme://host followed by the target), matching the record.ErrorType
// that made it fail.
//
// The result, and the error, are valid until the next call on p, as
// Parse's are; neither keeps target or host. MaxInput bounds the length
// of target; Encoding is not used (the query is the client's bytes).
func (p *Parser) ParseRequestTarget(target []byte, host, scheme string) (URL, error) {
	p.poison()
	if p.Encoding.e != nil {
		defer p.useUTF8()()
	}
	if p.MaxInput > 0 && len(target) > p.MaxInput {
		return URL{}, p.tooLong(target)
	}
	u, pr, ok := reqtarget.Target(reusable{p, target}, view(target), host, scheme, &p.server)
	if !ok {
		return URL{}, p.refuse(pr)
	}
	return u, nil
}

// ParseConnectTarget is httpurl.ParseConnectTarget writing into p's
// reusable memory: the same steps, and the URL https://host[:port]/ of
// the authority-form target "host:port" of a CONNECT request, valid only
// until p's next call (see httpurl.ParseConnectTarget): the port is
// required, the host is checked as ParseHost checks one, and port 443,
// https's default, is dropped. Errors are as ParseRequestTarget's; the
// result is valid until the next call on p.
func (p *Parser) ParseConnectTarget(target []byte) (URL, error) {
	p.poison()
	if p.Encoding.e != nil {
		defer p.useUTF8()()
	}
	if p.MaxInput > 0 && len(target) > p.MaxInput {
		return URL{}, p.tooLong(target)
	}
	u, pr, ok := reqtarget.Connect(reusable{p, target}, view(target))
	if !ok {
		return URL{}, p.refuse(pr)
	}
	return u, nil
}

// ParseHost is httpurl.ParseHost writing into p's reusable memory: the
// same steps, and the URL scheme://host/ of a Host header value
// host[:port], normalized, valid only until p's next call (see
// httpurl.ParseHost). It is the URL of an "OPTIONS *" request. Errors
// are as ParseRequestTarget's; the result does not keep host.
func (p *Parser) ParseHost(host, scheme string) (URL, error) {
	p.poison()
	if p.Encoding.e != nil {
		defer p.useUTF8()()
	}
	u, pr, ok := reqtarget.Host(reusable{p, nil}, host, scheme)
	if !ok {
		return URL{}, p.refuse(pr)
	}
	return u, nil
}

// reusable is p's URL parser for reqtarget's steps: every text is built
// in p.text and every result kept in p's memory, without allocating.
// target is the caller's request target, which ParseTarget parses as the
// Parser parses any input: with its href moved into p's memory.
type reusable struct {
	p      *Parser
	target []byte
}

// Buffer returns p.text, emptied: p owns it until its next call.
func (r reusable) Buffer() []byte { return r.p.text[:0] }

// Parse parses text, built on p.text, and keeps it there, grown or not.
func (r reusable) Parse(text []byte) (URL, error) {
	r.p.text = text
	return r.p.parseText()
}

// ParseTarget parses the caller's target as Parse parses an input.
func (r reusable) ParseTarget() (URL, error) { return r.p.parse(r.target) }

// Verbatim reports whether u's href is text itself and u has no fragment.
func (reusable) Verbatim(u URL, text []byte) bool {
	return !u.HasFragment() && u.href == string(text)
}

// Offset returns the offset of the validation error of a *ParseError, or
// -1.
func (reusable) Offset(err error) int {
	if pe, ok := err.(*ParseError); ok && pe.Type != 0 {
		return pe.Offset
	}
	return -1
}

// useUTF8 sets p's Encoding to UTF-8 and returns the function that
// restores it. A request target is the bytes the client sent, which the
// document's encoding played no part in, so its query is encoded as
// httpurl encodes it, whatever the Parser's Encoding.
func (p *Parser) useUTF8() func() {
	enc := p.Encoding
	p.Encoding = Encoding{}
	return func() { p.Encoding = enc }
}

// parseText parses p.text, which p owns, so that neither path copies it
// again: the fast path's href may be p.text itself.
func (p *Parser) parseText() (URL, error) {
	s := unsafe.String(unsafe.SliceData(p.text), len(p.text))
	if fastEncodes(p.Encoding, s) {
		if href, pk, ok := fast.ParseAbsolute(s, &p.buf); ok {
			return URL{href, pk}, nil
		}
	}
	return p.parseSlow(s, nil)
}

// refuse is the error of a refusal of reqtarget's steps: the URL
// parser's own *ParseError, on the text it parsed, or, for a refusal
// before parsing, a *ParseError in p's memory on the value that pr names.
func (p *Parser) refuse(pr reqtarget.Problem) error {
	if pr.Err != nil {
		return pr.Err
	}
	var kind error
	switch {
	case pr.Control && pr.Kind == reqtarget.InvalidHost:
		kind = errControlInHost
	case pr.Control:
		kind = errControlInTarget
	case pr.Kind == reqtarget.InvalidHost && pr.Field == "target":
		kind = errHostInTarget
	case pr.Kind == reqtarget.InvalidHost:
		kind = ErrInvalidHost
	case pr.Kind == reqtarget.Asterisk:
		kind = ErrAsteriskForm
	case pr.Kind == reqtarget.InvalidScheme:
		kind = ErrInvalidScheme
	default:
		kind = ErrInvalidTarget
	}
	// The value may hold a password (a Host of "user:pass@h" is refused
	// for its userinfo), so it is masked as httpurl masks it.
	quoted, cut := mask.Authority(pr.Value)
	p.in = append(p.in[:0], quoted...)
	p.err = ParseError{
		ValidationError: record.ValidationError{Offset: pr.Offset},
		Input:           unsafe.String(unsafe.SliceData(p.in), len(p.in)),
		Truncated:       cut,
		Err:             kind,
	}
	return &p.err
}
