package accesslog

import (
	"net/http"
	"strings"
	"unsafe"

	"github.com/spanurl/spanurl/httpurl"
	"github.com/spanurl/spanurl/internal/mask"
	"github.com/spanurl/spanurl/internal/pct"
	"github.com/spanurl/spanurl/internal/reqtarget"
	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

// urlParser is the state of Parser.URL: the span.Parser that parses the
// request targets, and the memory of its refusals.
type urlParser struct {
	sp  span.Parser
	in  []byte        // the target that err quotes
	err httpurl.Error // the refusal of a CONNECT or "OPTIONS *" request
}

// URL returns the URL of the request of l in p's memory, valid only until
// p's next Parse or URL: keep it with its Clone method, and clone a
// getter's string before keeping it (a map key above all: see Counter).
// It is Line.URLWithPolicy with p.Policy (the same URL, or an error with
// the same text and kinds) without allocating, once warm, for an
// origin-form target that the policy accepts and for CONNECT and
// "OPTIONS *" requests; an error is valid until p's next call too.
//
// It parses an origin-form target with span.Parser's ParseRequestTarget,
// which shares httpurl's checks and gives httpurl's URL, on the server
// that Server returns, lent without a copy, and checks that the policy
// leaves that URL as it is: a host that is a DNS name without a trailing
// dot or an IP address, not an IPv4-mapped IPv6 one, without port 0, a
// path without a malformed escape, an encoded separator or an encoded
// unreserved character, within the policy's lengths. Every other request
// (absolute-form targets, refusals, URLs that the policy changes, such
// as "/adm%69n") goes to Line.URLWithPolicy, and costs what it costs.
// Tests compare the two on the test logs, on requests.txt and in a fuzz
// target.
func (p *Parser) URL(l *Line, host, scheme string) (span.URL, error) {
	if l.Target == nil {
		return l.URLWithPolicy(p.Policy, host, scheme)
	}
	if string(l.Method) == http.MethodConnect {
		return span.URL{}, p.url.refuse(httpurl.ErrConnect, l.Target)
	}
	// The server, as Server returns it, lent to the parser without a copy.
	h, sch := host, scheme
	if b, port := l.server(); b != nil {
		h, sch = borrow(b), serverScheme(port, scheme)
	}
	pol := &p.Policy
	switch {
	case len(l.Target) == 1 && l.Target[0] == '*':
		// The policy checks the host's length, and the lengths of its
		// labels (which a host of 63 bytes cannot exceed), before it
		// refuses the target.
		if len(h) <= hostLimit(pol) && (pol.WHATWG || len(h) <= reqtarget.MaxDNSLabel) {
			return span.URL{}, p.url.refuse(httpurl.ErrAsteriskForm, l.Target)
		}
	case l.Target[0] == '/':
		u, err := p.url.sp.ParseRequestTarget(l.Target, h, sch)
		if err == nil && keeps(pol, u, l.Target, h) {
			return u, nil
		}
	}
	return l.URLWithPolicy(p.Policy, host, scheme)
}

// refuse returns the refusal with kind of the request whose target is
// target, as httpurl makes it, in u's memory.
func (u *urlParser) refuse(kind error, target []byte) error {
	u.in = append(u.in[:0], target...)
	v, cut := mask.Authority(unsafe.String(unsafe.SliceData(u.in), len(u.in)))
	if cut {
		v += "..."
	}
	u.err = httpurl.Error{Kind: kind, Field: "target", Value: v, Offset: -1}
	return &u.err
}

// hostLimit and targetLimit are the policy's limits, with their defaults
// and "no limit" resolved, as httpurl resolves them.
func hostLimit(pol *httpurl.Policy) int {
	return limit(pol.MaxHostLength, httpurl.DefaultMaxHostLength)
}
func targetLimit(pol *httpurl.Policy) int {
	return limit(pol.MaxTargetLength, httpurl.DefaultMaxTargetLength)
}

func limit(n, def int) int {
	switch {
	case n == 0:
		return def
	case n < 0:
		return int(^uint(0) >> 1)
	}
	return n
}

// keeps reports whether pol accepts u, the URL of the origin-form target
// on host, and leaves it as it is. It may report false for a URL that
// the policy keeps (a host with "%" or bytes outside ASCII, which the
// policy reads after decoding): the caller asks httpurl then.
func keeps(pol *httpurl.Policy, u span.URL, target []byte, host string) bool {
	if len(target) > targetLimit(pol) || len(host) > hostLimit(pol) {
		return false
	}
	if pol.WHATWG {
		return true
	}
	// The host as received: the policy counts the code points of its
	// labels before parsing; ASCII without "%" maps to the parsed
	// host's labels byte for byte.
	if host != "" && host[0] != '[' {
		label := 0
		for i := 0; i < len(host) && host[i] != ':'; i++ {
			switch c := host[i]; {
			case c == '%' || c >= 0x80:
				return false
			case c == '.':
				label = 0
			default:
				label++
				if label > reqtarget.MaxDNSLabel {
					return false
				}
			}
		}
	}
	if port, ok := u.PortNumber(); ok && port == 0 {
		return false
	}
	switch u.HostKind() {
	case record.HostDomain:
		if !dnsName(u.Hostname()) {
			return false
		}
	case record.HostIPv4:
	case record.HostIPv6:
		if a, ok := u.HostAddr(); !ok || a.Is4In6() {
			return false
		}
	default:
		return false
	}
	// The path as received: every "%" starts an escape, and none is an
	// encoded separator.
	path := target
	for i, c := range path {
		if c == '?' {
			path = path[:i]
			break
		}
	}
	for i := 0; i < len(path); i++ {
		if path[i] != '%' {
			continue
		}
		if i+2 >= len(path) || !pct.IsASCIIHexDigit(path[i+1]) || !pct.IsASCIIHexDigit(path[i+2]) {
			return false
		}
		if c := pct.HexValue(path[i+1])<<4 | pct.HexValue(path[i+2]); (c == '/' || c == '\\' || c == 0) && !pol.AllowEncodedSeparators {
			return false
		}
	}
	// The path as parsed: the policy decodes its encoded unreserved
	// characters.
	for rest := u.Pathname(); ; {
		i := strings.IndexByte(rest, '%')
		if i < 0 || i+2 >= len(rest) {
			break
		}
		if pct.IsASCIIHexDigit(rest[i+1]) && pct.IsASCIIHexDigit(rest[i+2]) &&
			pct.IsUnreserved(pct.HexValue(rest[i+1])<<4|pct.HexValue(rest[i+2])) {
			return false
		}
		rest = rest[i+1:]
	}
	return true
}

// dnsName reports whether name, a parsed domain, is a DNS name as the
// strict policy routes it unchanged (reqtarget.CheckDNSName, which the
// policy runs): no trailing dot, which the policy removes.
func dnsName(name string) bool {
	problem, _ := reqtarget.CheckDNSName(name)
	return problem == reqtarget.DNSNameOK
}
