package httpurl

import (
	"net/http"
	"net/netip"
	"strings"

	"github.com/spanurl/spanurl/span"
)

// Options is FromRequest's policy: the scheme of the request, which HTTP
// does not send, and the routing policy.
//
// The scheme is always the connection's: "https" when the request came
// over TLS (r.TLS != nil), otherwise Scheme, or "http" when Scheme is
// empty; or, for a request from a trusted proxy (TrustedProxies,
// TrustForwarded), the one its Forwarded or X-Forwarded-Proto header
// names. It never comes from the request-target: an absolute-form
// target ("GET https://example.com/ HTTP/1.1") that names another
// scheme is refused with ErrSchemeMismatch, unless
// Policy.AllowTargetScheme, so that a client that reaches the server
// directly cannot choose the scheme on which an application decides
// Secure cookies, HTTPS-only pages or redirects.
type Options struct {
	// Policy is the routing policy applied to the URL (see Policy): the
	// strict one when left zero. Policy{WHATWG: true} gives the URL
	// Standard's URL unchanged, for hosts up to DefaultMaxHostLength
	// bytes and targets up to DefaultMaxTargetLength; Policy{WHATWG:
	// true, MaxHostLength: -1, MaxTargetLength: -1} gives it for every
	// host and target, as ParseRequestTarget does. Every policy but one
	// with AllowTargetScheme refuses an absolute-form target whose
	// scheme is not the connection's (ErrSchemeMismatch).
	Policy Policy
	// Scheme, when set ("http" or "https", in any case; anything else
	// is ErrInvalidScheme), is the scheme of every request that arrives
	// without TLS, for a server that knows what is in front of it (a
	// TLS-terminating load balancer: "https"). When empty, a request is
	// "https" if it came over TLS (r.TLS != nil) and "http" otherwise.
	// An absolute-form target must name the same scheme (see Options).
	Scheme string
	// TrustForwarded makes the scheme the one named by the request's
	// Forwarded header (RFC 7239: proto= of its last element) or, when
	// that has none, its X-Forwarded-Proto header (the last value), when
	// present; a value other than http or https is an error
	// (ErrInvalidScheme). Set it only when every request comes through a
	// proxy that you run and that sets or overwrites these headers: any
	// client can send them, so by default they are never read. The host
	// is always the request's own (r.Host), never X-Forwarded-Host.
	TrustForwarded bool
	// TrustedProxies are the networks of the proxies in front of this
	// server: the Forwarded and X-Forwarded-Proto headers of a request
	// are read, as TrustForwarded reads them, when the request comes
	// from an address in one of them (r.RemoteAddr, an IPv4-mapped IPv6
	// address unmapped), and ignored otherwise. A client that reaches
	// the server directly cannot choose its scheme: not with these
	// headers, which are ignored, nor with an absolute-form target,
	// which must name the connection's scheme unless
	// Policy.AllowTargetScheme. A RemoteAddr that is not an IP address
	// and port (a Unix socket's) is trusted by no prefix.
	// TrustForwarded, when set, trusts every peer.
	TrustedProxies []netip.Prefix
	// DefaultHost, when set, is the host[:port] of a request that names
	// none: an HTTP/1.0 request with an origin-form target and no Host
	// header (HTTP/1.1 requires one, and net/http's server refuses a
	// request without it), or a client request with neither Host nor
	// URL.Host. A request that has a Host, or an absolute-form target,
	// never gets it. It is validated as a Host header is, by the policy,
	// when a request uses it: an invalid DefaultHost makes such requests
	// fail with ErrInvalidHost naming it. When empty, such a request
	// fails with ErrInvalidHost ("empty host").
	DefaultHost string
}

// trustsForwarded reports whether opts let r's Forwarded and
// X-Forwarded-Proto headers name its scheme.
func (opts *Options) trustsForwarded(r *http.Request) bool {
	if opts.TrustForwarded {
		return true
	}
	if len(opts.TrustedProxies) == 0 {
		return false
	}
	peer, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return false
	}
	addr := peer.Addr().Unmap()
	for _, p := range opts.TrustedProxies {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

// FromRequest returns the URL of an HTTP request, as a browser would have
// built it, with opts.Policy's ParseRequestTarget (or ParseConnectTarget
// for CONNECT): the URL Standard's URL under the routing policy, strict
// unless opts relaxes it.
//
// On a server (r.RequestURI set), the target is r.RequestURI, the raw
// request-target, never r.URL, which net/http has already decoded; the
// host is r.Host. The scheme is the connection's, as opts say (see
// Options): "https" over TLS, else opts.Scheme or "http", or what a
// trusted proxy's header names. An absolute-form target that names
// another scheme is refused with ErrSchemeMismatch unless
// opts.Policy.AllowTargetScheme, with which the target's scheme wins
// (for a forward proxy).
//
// For an absolute-form request, net/http's server sets r.Host to the
// target's authority and deletes the Host header before the handler
// runs, so the Host that the client sent is gone: the policy's host
// match then holds by construction, and the target's host, which RFC
// 9112 says wins, is the one routed on. FromRequest checks what it is
// given: r.Host, and every Host header left in r.Header (by a server
// that keeps it, or by middleware). The host is parsed once: r.Host is
// the target's authority byte for byte and is not parsed again. A
// server that wants no absolute-form requests refuses
// FormOf(r.RequestURI) == AbsoluteForm.
//
// For a client request (r.RequestURI empty), the target is
// r.URL.RequestURI(), the host r.Host or else r.URL.Host, and the scheme
// r.URL.Scheme, which an absolute-form RequestURI must name too.
//
// The error is an *Error; "OPTIONS *" gives ErrAsteriskForm.
func FromRequest(r *http.Request, opts Options) (span.URL, error) {
	r = opts.withDefaultHost(r)
	p := opts.Policy
	if r.RequestURI == "" {
		return p.fromClientRequest(r)
	}
	if r.Method == http.MethodConnect {
		return p.ParseConnectTarget(r.RequestURI)
	}
	scheme := "http"
	switch {
	case r.TLS != nil:
		scheme = "https"
	case opts.Scheme != "":
		scheme = opts.Scheme
	}
	if opts.trustsForwarded(r) {
		s, ok, err := forwardedScheme(r.Header)
		if err != nil {
			return span.URL{}, err
		}
		if ok {
			scheme = s
		}
	}
	u, err := p.ParseRequestTarget(r.RequestURI, r.Host, scheme)
	if err != nil || p.WHATWG || FormOf(r.RequestURI) != AbsoluteForm {
		return u, err
	}
	_, n := httpSchemePrefix(r.RequestURI)
	authority := r.RequestURI[n:]
	if i := strings.IndexAny(authority, "/?"); i >= 0 {
		authority = authority[:i]
	}
	for _, h := range r.Header["Host"] {
		if h == r.Host {
			continue
		}
		if err := p.matchHost(u, authority, h); err != nil {
			return span.URL{}, err
		}
	}
	return u, nil
}

func (p Policy) fromClientRequest(r *http.Request) (span.URL, error) {
	if r.URL == nil {
		return span.URL{}, newError(ErrInvalidTarget, "target", "", "request without URL", -1, nil)
	}
	host := r.Host
	if host == "" {
		host = r.URL.Host
	}
	if r.Method == http.MethodConnect {
		return p.ParseConnectTarget(host)
	}
	return p.ParseRequestTarget(r.URL.RequestURI(), host, r.URL.Scheme)
}

// forwardedScheme returns the scheme named by the Forwarded header's last
// element, or else by X-Forwarded-Proto's last value, and whether there
// was one.
func forwardedScheme(h http.Header) (string, bool, error) {
	if v := h.Values("Forwarded"); len(v) > 0 {
		if proto, ok := forwardedProto(lastElement(v[len(v)-1])); ok {
			s, err := checkScheme(proto)
			if err != nil {
				return "", false, newError(ErrInvalidScheme, "Forwarded", v[len(v)-1], "proto="+proto, -1, nil)
			}
			return s, true, nil
		}
	}
	if v := h.Values("X-Forwarded-Proto"); len(v) > 0 {
		line := v[len(v)-1]
		proto := strings.TrimSpace(line[strings.LastIndexByte(line, ',')+1:])
		s, err := checkScheme(proto)
		if err != nil {
			return "", false, newError(ErrInvalidScheme, "X-Forwarded-Proto", line, "", -1, nil)
		}
		return s, true, nil
	}
	return "", false, nil
}

// lastElement returns the last comma-separated element of a Forwarded
// header line (RFC 7239, section 4), minding quoted strings.
func lastElement(line string) string {
	start, quoted := 0, false
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '"':
			quoted = !quoted
		case '\\':
			if quoted {
				i++
			}
		case ',':
			if !quoted {
				start = i + 1
			}
		}
	}
	return line[start:]
}

// forwardedProto returns the value of the proto parameter of a Forwarded
// element ("for=192.0.2.60;proto=https;by=203.0.113.43"), unquoted.
func forwardedProto(elem string) (string, bool) {
	for elem != "" {
		var pair string
		pair, elem = cutPair(elem)
		name, value, ok := strings.Cut(pair, "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(name), "proto") {
			continue
		}
		value = strings.TrimSpace(value)
		if len(value) >= 2 && value[0] == '"' && value[len(value)-1] == '"' {
			value = strings.ReplaceAll(value[1:len(value)-1], `\`, "")
		}
		return value, true
	}
	return "", false
}

// cutPair cuts elem at its first ";" outside a quoted string.
func cutPair(elem string) (pair, rest string) {
	quoted := false
	for i := 0; i < len(elem); i++ {
		switch elem[i] {
		case '"':
			quoted = !quoted
		case '\\':
			if quoted {
				i++
			}
		case ';':
			if !quoted {
				return elem[:i], elem[i+1:]
			}
		}
	}
	return elem, ""
}
