package reqtarget

import (
	"slices"
	"unicode/utf8"
)

// URLParser is the URL parser as one entry point runs it, in the memory
// that entry point keeps its results in: U is the URL it returns.
// httpurl's runs span.Parse on fresh memory, so that its URL is
// permanent; span's Parser runs its own parse in its reusable buffers.
// Target, Host and Connect are the steps both take; only these differ.
type URLParser[U any] interface {
	// Buffer returns the memory to build a text to parse in, at length 0.
	Buffer() []byte
	// Parse parses text, built on Buffer's memory; the URL may keep it.
	Parse(text []byte) (U, error)
	// ParseTarget parses the target given to Target as it is: an
	// absolute-form target with nothing to encode is its own text.
	ParseTarget() (U, error)
	// Verbatim reports whether u, which Parse returned for text, is text
	// as it is, without a fragment.
	Verbatim(u U, text []byte) bool
	// Offset returns the byte offset in the parsed text of the validation
	// error that made err, a refusal of Parse or ParseTarget, or -1 when
	// the refusal is not a validation error.
	Offset(err error) int
}

// Target returns the URL of an HTTP request from its request-target, its
// host and the scheme it came in with, as httpurl.ParseRequestTarget
// documents: the checks of ParseRequest, then p's URL parser on the text
// they call for, and the Problem of a refusal, before parsing or by the
// parser (Err is then the parser's error). known, when not nil, is p's
// last server: an origin-form target on it is parsed before it is
// scanned, and scanned only when the parser changed it.
func Target[U any, P URLParser[U]](p P, target, host, scheme string, known *Known) (U, Problem, bool) {
	var zero U
	var early U
	var earlyErr error
	parsed := false
	if known != nil && target != "" && target[0] == '/' && known.Is(host, scheme) {
		// When the parser leaves the text as it is, without a fragment,
		// the target has none of the bytes the scan refuses (the parser
		// removes tabs and newlines, encodes controls, spaces and bytes
		// outside ASCII, and starts a fragment at "#"): the scan is not
		// needed.
		text := appendOrigin(p.Buffer(), known.Scheme(), host, target, false)
		early, earlyErr = p.Parse(text)
		if earlyErr == nil && p.Verbatim(early, text) {
			return early, Problem{}, true
		}
		parsed = true
	}
	req, pr, ok := ParseRequest(target, host, scheme, known)
	if !ok {
		return zero, pr.of(target, host, scheme), false
	}
	if req.Form == OriginForm {
		u, err := early, earlyErr
		if !parsed || !req.ASCII {
			// An ASCII target parsed above gave the text built here.
			u, err = p.Parse(appendOrigin(p.Buffer(), req.Scheme, host, target, !req.ASCII))
		}
		if err != nil {
			return zero, originFailure(req.Scheme, host, target, err, p.Offset(err)), false
		}
		return u, Problem{}, true
	}
	if req.CheckHost {
		if _, pr, ok := Host(p, host, req.Scheme); !ok {
			return zero, pr, false
		}
	}
	var u U
	var err error
	if rest := target[req.AuthEnd:]; !req.ASCII && !utf8.ValidString(rest) {
		dst := p.Buffer()
		if need := req.AuthEnd + len(rest); cap(dst) < need {
			dst = slices.Grow(dst, req.AuthEnd+bytesLen(rest))
		}
		u, err = p.Parse(AppendBytes(append(dst, target[:req.AuthEnd]...), rest))
	} else {
		u, err = p.ParseTarget()
	}
	if err != nil {
		off := p.Offset(err)
		kind := InvalidTarget
		if off >= req.AuthStart && off <= req.AuthEnd {
			kind = InvalidHost
		}
		return zero, failure(kind, "target", target, err, off, 0), false
	}
	return u, Problem{}, true
}

// Host returns the URL scheme://host/ of a Host header value, as
// httpurl.ParseHost documents: the checks of ParseHost, then p's URL
// parser.
func Host[U any, P URLParser[U]](p P, host, scheme string) (U, Problem, bool) {
	var zero U
	sch, pr, ok := ParseHost(host, scheme)
	if !ok {
		return zero, pr.of("", host, scheme), false
	}
	dst := slices.Grow(p.Buffer(), len(sch)+len("://")+len(host)+1)
	dst = append(append(append(append(dst, sch...), "://"...), host...), '/')
	u, err := p.Parse(dst)
	if err != nil {
		return zero, failure(InvalidHost, "host", host, err, p.Offset(err), len(sch)+len("://")), false
	}
	return u, Problem{}, true
}

// Connect returns the URL https://host[:port]/ of the authority-form
// target of a CONNECT request, as httpurl.ParseConnectTarget documents:
// the checks of ParseConnect, then p's URL parser.
func Connect[U any, P URLParser[U]](p P, target string) (U, Problem, bool) {
	var zero U
	if pr, ok := ParseConnect(target); !ok {
		return zero, pr.of(target, "", ""), false
	}
	dst := slices.Grow(p.Buffer(), len(ConnectPrefix)+len(target)+1)
	dst = append(append(append(dst, ConnectPrefix...), target...), '/')
	u, err := p.Parse(dst)
	if err != nil {
		return zero, failure(InvalidHost, "target", target, err, p.Offset(err), len(ConnectPrefix)), false
	}
	return u, Problem{}, true
}

// appendOrigin appends the text of an origin-form target, scheme://host
// followed by the target, with the bytes that are not UTF-8
// percent-encoded one by one when encode and there are any. dst gets the
// room the text needs at once when it has too little, so that a caller
// with no buffer pays one allocation, the text's.
func appendOrigin(dst []byte, sch, host, target string, encode bool) []byte {
	n := len(sch) + len("://") + len(host)
	if encode && !utf8.ValidString(target) {
		if cap(dst)-len(dst) < n+3*len(target) {
			dst = slices.Grow(dst, n+bytesLen(target))
		}
		return AppendOrigin(dst, sch, host, target)
	}
	dst = slices.Grow(dst, n+len(target))
	return append(append(append(append(dst, sch...), "://"...), host...), target...)
}

// originFailure is the Problem of the URL parser's refusal, at offset
// off of its text, of an origin-form target: one in the authority
// (scheme://host) is the host's, and the rest the target's.
func originFailure(sch, host, target string, err error, off int) Problem {
	prefix := len(sch) + len("://")
	if off >= 0 && off-prefix <= len(host) {
		return failure(InvalidHost, "host", host, err, off, prefix)
	}
	return failure(InvalidTarget, "target", target, err, off, prefix+len(host))
}

// failure is the Problem of the URL parser's refusal err at offset off
// of a text in which the field's value starts at offset shift: the
// offset in the value, kept within it, or -1 when the refusal is not a
// validation error.
func failure(kind Kind, field, value string, err error, off, shift int) Problem {
	if off >= 0 {
		off = min(max(off-shift, 0), len(value))
	}
	return Problem{Kind: kind, Field: field, Value: value, Offset: off, Err: err}
}

// of sets pr.Value to the value of the field pr names.
func (pr Problem) of(target, host, scheme string) Problem {
	switch pr.Field {
	case "host":
		pr.Value = host
	case "scheme":
		pr.Value = scheme
	default:
		pr.Value = target
	}
	return pr
}
