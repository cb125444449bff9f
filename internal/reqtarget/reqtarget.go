package reqtarget

import "strings"

// Form is the form of a request-target (RFC 9112, section 3.2), numbered
// as httpurl.Form numbers them.
type Form uint8

// The request-target forms.
const (
	InvalidForm Form = iota
	OriginForm
	AbsoluteForm
	AuthorityForm
	AsteriskForm
)

// FormOf classifies target by its first bytes, without validating it.
func FormOf(target string) Form {
	switch {
	case target == "":
		return InvalidForm
	case target == "*":
		return AsteriskForm
	case target[0] == '/':
		return OriginForm
	}
	if _, n := SchemePrefix(target); n > 0 {
		return AbsoluteForm
	}
	if strings.ContainsAny(target, "/?#") {
		return InvalidForm
	}
	return AuthorityForm
}

// Kind is what a Problem refuses.
type Kind uint8

// The kinds of Problem.
const (
	InvalidTarget Kind = iota + 1 // the target
	InvalidHost                   // the host, or the authority of a target
	Asterisk                      // "*", which names no URL
	InvalidScheme                 // a scheme other than http and https
)

// Problem is a refusal of a request: its Kind, whether a control
// character is the cause, the field ("target", "host" or "scheme") and
// its Value as received, a reason, the byte offset in the value (-1 when
// none), and Err, the URL parser's error when the parser refused it
// (Reason is then empty: the error names the validation error). Reason
// is a constant string, so that a refusal costs no allocation.
type Problem struct {
	Kind    Kind
	Control bool
	Field   string
	Value   string
	Reason  string
	Offset  int
	Err     error
}

// Request is what is left to do for a target that ParseRequest accepted.
type Request struct {
	Form   Form   // OriginForm or AbsoluteForm
	Scheme string // "http" or "https": the given one (origin-form) or the target's
	// AuthStart and AuthEnd delimit the authority of an absolute-form
	// target; PathStart is where its path and query start (AuthEnd).
	AuthStart, AuthEnd int
	// CheckHost reports that host, not the target's authority byte for
	// byte, must be validated as ParseHost validates a Host, with Scheme.
	CheckHost bool
	// ASCII reports that the target has no byte outside ASCII, so none
	// that is not UTF-8.
	ASCII bool
}

// Known is a host and a scheme that ParseHost accepted, kept as a copy,
// for the next request of the same server.
type Known struct {
	host        []byte
	scheme, sch string
}

// Is reports whether host and scheme are the ones k remembers.
func (k *Known) Is(host, scheme string) bool {
	return k.sch != "" && scheme == k.scheme && string(k.host) == host
}

// Scheme is the scheme k remembers, in lower case.
func (k *Known) Scheme() string { return k.sch }

func (k *Known) remember(host, scheme, sch string) {
	k.host = append(k.host[:0], host...)
	switch {
	case scheme == sch:
		k.scheme = sch // a constant, where scheme may be the caller's memory
	case scheme != k.scheme:
		k.scheme = strings.Clone(scheme)
	}
	k.sch = sch
}

// ParseRequest checks target, host and scheme as httpurl.ParseRequestTarget
// documents, before the URL parser runs. known, when not nil, remembers
// the last host and scheme it accepted, so that the requests of one
// server check them once.
func ParseRequest(target, host, scheme string, known *Known) (Request, Problem, bool) {
	switch {
	case target == "":
		return Request{}, Problem{Kind: InvalidTarget, Field: "target", Reason: "empty", Offset: -1}, false
	case target == "*":
		return Request{}, Problem{Kind: Asterisk, Field: "target", Offset: -1}, false
	}
	pr, ascii, ok := scanProblem(target)
	if !ok {
		return Request{}, pr, false
	}
	if target[0] == '/' {
		var sch string
		if known != nil && known.Is(host, scheme) {
			sch, pr, ok = known.sch, Problem{}, true
		} else if sch, pr, ok = ParseHost(host, scheme); ok && known != nil {
			known.remember(host, scheme, sch)
		}
		return Request{Form: OriginForm, Scheme: sch, ASCII: ascii}, pr, ok
	}
	sch, n := SchemePrefix(target)
	if n == 0 {
		reason := `not origin-form ("/path") or absolute-form ("http://host/path")`
		if FormOf(target) == AuthorityForm {
			reason = "authority-form is only for CONNECT (see ParseConnectTarget)"
		}
		return Request{}, Problem{Kind: InvalidTarget, Field: "target", Reason: reason, Offset: 0}, false
	}
	end := len(target)
	if i := strings.IndexAny(target[n:], "/?"); i >= 0 {
		end = n + i
	}
	if pr, ok := ScanHost("target", target[n:end], n); !ok {
		return Request{}, pr, false
	}
	// A Host that is the target's authority byte for byte (what net/http
	// leaves in r.Host for an absolute-form request) is validated by the
	// parse of the target: parsing it twice would double the cost of
	// the most expensive part, domain to ASCII.
	check := host != "" && host != target[n:end]
	return Request{Form: AbsoluteForm, Scheme: sch, AuthStart: n, AuthEnd: end, CheckHost: check, ASCII: ascii}, Problem{}, true
}

// ParseHost checks a Host header value and a scheme as httpurl.ParseHost
// documents, before the URL parser runs, and returns the scheme in lower
// case.
func ParseHost(host, scheme string) (string, Problem, bool) {
	sch, ok := Scheme(scheme)
	if !ok {
		return "", Problem{Kind: InvalidScheme, Field: "scheme", Offset: -1}, false
	}
	if pr, ok := ScanHost("host", host, 0); !ok {
		return "", pr, false
	}
	return sch, Problem{}, true
}

// ParseConnect checks the authority-form target of a CONNECT request as
// httpurl.ParseConnectTarget documents, before the URL parser runs.
func ParseConnect(target string) (Problem, bool) {
	if target == "" {
		return Problem{Kind: InvalidTarget, Field: "target", Reason: "empty", Offset: -1}, false
	}
	if pr, ok := ScanTarget(target); !ok {
		return pr, false
	}
	if pr, ok := ScanHost("target", target, 0); !ok {
		return pr, false
	}
	colon := strings.LastIndexByte(target, ':')
	if target[0] == '[' {
		colon = strings.IndexByte(target, ']') + 1 // ScanHost checked the brackets
		if colon == len(target) || target[colon] != ':' {
			colon = -1
		}
	}
	if colon < 0 || colon == len(target)-1 {
		return Problem{Kind: InvalidTarget, Field: "target", Reason: "authority-form needs a port", Offset: len(target)}, false
	}
	return Problem{}, true
}

// ConnectPrefix is what the URL of a CONNECT target starts with: its
// scheme is nominal, since a tunnel carries any protocol.
const ConnectPrefix = "https://"

// Scheme returns "http" or "https" for scheme in any case.
func Scheme(scheme string) (string, bool) {
	switch {
	case strings.EqualFold(scheme, "http"):
		return "http", true
	case strings.EqualFold(scheme, "https"):
		return "https", true
	}
	return "", false
}

// SchemePrefix returns the scheme and the length of an "http://" or
// "https://" prefix of target (in any case), or 0.
func SchemePrefix(target string) (string, int) {
	if len(target) >= 7 && strings.EqualFold(target[:7], "http://") {
		return "http", 7
	}
	if len(target) >= 8 && strings.EqualFold(target[:8], "https://") {
		return "https", 8
	}
	return "", 0
}

// ScanTarget refuses control characters, spaces and "#" in a target.
func ScanTarget(target string) (Problem, bool) {
	pr, _, ok := scanProblem(target)
	return pr, ok
}

// scanProblem is ScanTarget, which also reports whether target is all
// ASCII, so that a caller skips the check for bytes that are not UTF-8.
func scanProblem(target string) (Problem, bool, bool) {
	i, ascii := scanTarget(target)
	if i < 0 {
		return Problem{}, ascii, true
	}
	switch c := target[i]; {
	case c < ' ' || c == 0x7F:
		return Problem{Kind: InvalidTarget, Control: true, Field: "target", Reason: ControlName(c), Offset: i}, false, false
	case c == ' ':
		return Problem{Kind: InvalidTarget, Field: "target", Reason: "space", Offset: i}, false, false
	}
	return Problem{Kind: InvalidTarget, Field: "target", Reason: "fragment (a request target has none)", Offset: i}, false, false
}

// ScanHost refuses, in the host h found at offset base of the field's
// value, what must not reach the URL parser: emptiness, control
// characters, spaces, the delimiters of userinfo, path, query and
// fragment, and brackets that are not one IPv6 literal followed by
// nothing or a port.
func ScanHost(field, h string, base int) (Problem, bool) {
	bad := func(reason string, i int) (Problem, bool) {
		return Problem{Kind: InvalidHost, Field: field, Reason: reason, Offset: base + i}, false
	}
	if h == "" {
		return bad("empty host", 0)
	}
	for i := 0; i < len(h); i++ {
		switch c := h[i]; c {
		case ' ':
			return bad("space", i)
		case '@':
			return bad("userinfo", i)
		case '/':
			return bad("path", i)
		case '\\':
			return bad("backslash", i)
		case '?':
			return bad("query", i)
		case '#':
			return bad("fragment", i)
		default:
			if c < ' ' || c == 0x7F {
				pr, _ := bad(ControlName(c), i)
				pr.Control = true
				return pr, false
			}
		}
	}
	open, close := strings.IndexByte(h, '['), strings.IndexByte(h, ']')
	if open < 0 && close < 0 {
		return Problem{}, true
	}
	const junk = "malformed IPv6 literal"
	switch {
	case open != 0:
		return bad(junk, max(open, 0))
	case close < 0:
		return bad(junk+" (no ']')", len(h))
	case strings.LastIndexByte(h, '[') != 0:
		return bad(junk, strings.LastIndexByte(h, '['))
	case strings.LastIndexByte(h, ']') != close:
		return bad(junk, strings.LastIndexByte(h, ']'))
	}
	port := h[close+1:]
	if port == "" {
		return Problem{}, true
	}
	if port[0] != ':' {
		return bad(junk+" (text after ']')", close+1)
	}
	for i := 1; i < len(port); i++ {
		if port[i] < '0' || port[i] > '9' {
			return bad("port-invalid", close+1+i)
		}
	}
	return Problem{}, true
}

// controlNames holds "0xNN" for every C0 control, four bytes each, so
// that a name is a substring and costs no allocation.
const controlNames = "0x000x010x020x030x040x050x060x070x080x090x0a0x0b0x0c0x0d0x0e0x0f" +
	"0x100x110x120x130x140x150x160x170x180x190x1a0x1b0x1c0x1d0x1e0x1f"

// ControlName names a control character: NUL, TAB, LF, CR, DEL or 0xNN.
func ControlName(c byte) string {
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
	if c < ' ' {
		return controlNames[4*int(c) : 4*int(c)+4]
	}
	return "0x??"
}
