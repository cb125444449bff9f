package caddyspanurl

import (
	"errors"
	"fmt"
	"net/http"
	"net/netip"
	"strings"

	"github.com/caddyserver/caddy/v2"
	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
	"github.com/spanurl/spanurl/httpurl"
	"github.com/spanurl/spanurl/span"
)

func init() {
	caddy.RegisterModule(Handler{})
}

// ErrEmptySegment: the URL's path has an empty segment ("//admin",
// "/a//b"), which the URL Standard keeps and many backends merge, so
// that a matcher for "/admin/*" and the backend would read two paths.
// The handler refuses it unless AllowEmptySegments.
var ErrEmptySegment = errors.New("caddyspanurl: empty path segment")

// ErrUnforwardable: the URL's path has a byte ("|" or "^") that net/url
// does not keep in a URL's RawPath, so that Caddy would forward the path
// re-encoded from its decoded form, other bytes than those matched on
// ("..%3B" would become "..;"). The handler refuses it.
var ErrUnforwardable = errors.New("caddyspanurl: the path cannot be forwarded byte for byte through net/url")

// Policy mirrors httpurl.Policy: the zero value is the strict policy, and
// each field relaxes one rule.
type Policy struct {
	// WHATWG takes the URL Standard's URL unchanged: no rule applies but
	// the target and host lengths.
	WHATWG bool `json:"whatwg,omitempty"`
	// MaxTargetLength is the longest request-target accepted, in bytes:
	// httpurl.DefaultMaxTargetLength when 0, no limit when negative.
	MaxTargetLength int `json:"max_target_length,omitempty"`
	// MaxHostLength is the longest host accepted, in bytes, port
	// included: httpurl.DefaultMaxHostLength when 0, no limit when
	// negative.
	MaxHostLength int `json:"max_host_length,omitempty"`
	// AllowHostMismatch accepts an absolute-form request whose Host
	// header names another host than its target.
	AllowHostMismatch bool `json:"allow_host_mismatch,omitempty"`
	// AllowEncodedSeparators accepts "%2F", "%5C" and "%00" in the path,
	// for backends that do not decode them before routing.
	AllowEncodedSeparators bool `json:"allow_encoded_separators,omitempty"`
}

// Handler is the http.handlers.spanurl module. It builds each request's
// WHATWG URL with httpurl.FromRequest under its policy and either refuses
// the request (Status, with Reason or the error's text) or rewrites the
// request in place to that URL, the way Caddy's rewrite handler does, so
// that later matchers, placeholders ({path}, {uri}) and handlers read it
// and reverse_proxy forwards it:
//
//	r.URL.Path       the pathname, percent-decoded
//	r.URL.RawPath    the pathname
//	r.URL.RawQuery   the query
//	r.RequestURI     the pathname and query
//	r.Host           the URL's host (lowercase, IDNA, canonical IP, ...)
//
// Besides what the policy refuses, the handler refuses a path with an
// empty segment (ErrEmptySegment) unless AllowEmptySegments, a path that
// net/url would re-encode (ErrUnforwardable), a CONNECT request (405:
// its target names no URL) and "OPTIONS *" (400).
type Handler struct {
	// Policy is the routing policy (httpurl.Policy): strict when empty.
	Policy Policy `json:"policy,omitempty"`
	// Scheme, "http" or "https", is the scheme of every request that
	// arrives without TLS (a server behind a TLS-terminating proxy);
	// empty: "https" over TLS, "http" otherwise.
	Scheme string `json:"scheme,omitempty"`
	// TrustForwarded reads the scheme from the Forwarded or
	// X-Forwarded-Proto header of every request. Any client can send
	// them: set it only behind a proxy that overwrites them.
	TrustForwarded bool `json:"trust_forwarded,omitempty"`
	// TrustedProxies are IP addresses or CIDR prefixes (or
	// "private_ranges") of the proxies whose Forwarded and
	// X-Forwarded-Proto headers name the scheme.
	TrustedProxies []string `json:"trusted_proxies,omitempty"`
	// DefaultHost is the host of an HTTP/1.0 request without a Host
	// header.
	DefaultHost string `json:"default_host,omitempty"`
	// AllowEmptySegments forwards paths with empty segments ("//a",
	// "/a//b") rather than refusing them.
	AllowEmptySegments bool `json:"allow_empty_segments,omitempty"`
	// Status is the status code of a refusal: 400 when 0 (405 for
	// CONNECT whatever Status says).
	Status int `json:"status,omitempty"`
	// Reason is the body of a refusal, with placeholders
	// ({http.spanurl.error} is the error's text): the error's text when
	// empty.
	Reason string `json:"reason,omitempty"`
	// HandleErrors, when set, hands a refusal to the server's error
	// routes (handle_errors) as an error with Status, rather than
	// answering it.
	HandleErrors bool `json:"handle_errors,omitempty"`

	opts httpurl.Options
}

// CaddyModule returns the Caddy module information.
func (Handler) CaddyModule() caddy.ModuleInfo {
	return caddy.ModuleInfo{
		ID:  "http.handlers.spanurl",
		New: func() caddy.Module { return new(Handler) },
	}
}

// Provision builds the httpurl.Options of the configuration.
func (h *Handler) Provision(caddy.Context) error {
	opts, err := options(h)
	if err != nil {
		return err
	}
	h.opts = opts
	return nil
}

// Validate checks the configuration.
func (h *Handler) Validate() error {
	if h.Status != 0 && (h.Status < 400 || h.Status > 599) {
		return fmt.Errorf("spanurl: status %d is not an error status (400-599)", h.Status)
	}
	return nil
}

// options returns the httpurl.Options of h's configuration.
func options(h *Handler) (httpurl.Options, error) {
	opts := httpurl.Options{
		Policy: httpurl.Policy{
			WHATWG:                 h.Policy.WHATWG,
			MaxTargetLength:        h.Policy.MaxTargetLength,
			MaxHostLength:          h.Policy.MaxHostLength,
			AllowHostMismatch:      h.Policy.AllowHostMismatch,
			AllowEncodedSeparators: h.Policy.AllowEncodedSeparators,
		},
		Scheme:         h.Scheme,
		TrustForwarded: h.TrustForwarded,
		DefaultHost:    h.DefaultHost,
	}
	switch h.Scheme {
	case "", "http", "https":
	default:
		return opts, fmt.Errorf("spanurl: scheme %q is neither http nor https", h.Scheme)
	}
	for _, s := range h.TrustedProxies {
		if s == "private_ranges" {
			for _, c := range caddyhttp.PrivateRangesCIDR() {
				opts.TrustedProxies = append(opts.TrustedProxies, netip.MustParsePrefix(c))
			}
			continue
		}
		p, err := parsePrefix(s)
		if err != nil {
			return opts, fmt.Errorf("spanurl: trusted_proxies: %w", err)
		}
		opts.TrustedProxies = append(opts.TrustedProxies, p)
	}
	return opts, nil
}

// parsePrefix reads a CIDR prefix or a single IP address.
func parsePrefix(s string) (netip.Prefix, error) {
	if strings.Contains(s, "/") {
		return netip.ParsePrefix(s)
	}
	a, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Prefix{}, err
	}
	return netip.PrefixFrom(a, a.BitLen()), nil
}

// varKey is the caddyhttp variable that holds the request's *state.
const varKey = "spanurl.url"

// state is what the handler leaves for the matcher: the URL and the
// request fields it set, so that the matcher can tell whether a later
// handler has rewritten the request since.
type state struct {
	u                            span.URL
	opts                         *httpurl.Options
	uri, path, rawPath, rawQuery string
	host                         string
}

// current reports whether r still says s's URL.
func (s *state) current(r *http.Request) bool {
	return r.RequestURI == s.uri && r.URL != nil && r.URL.Path == s.path &&
		r.URL.RawPath == s.rawPath && r.URL.RawQuery == s.rawQuery && r.Host == s.host
}

// URL returns the URL that the spanurl handler built for r and whether
// there is one; ok is false when the handler did not run or a later
// handler (a rewrite) has changed the request's URL since.
func URL(r *http.Request) (u span.URL, ok bool) {
	s, _ := caddyhttp.GetVar(r.Context(), varKey).(*state)
	if s == nil || !s.current(r) {
		return span.URL{}, false
	}
	return s.u, true
}

// ServeHTTP checks r and hands it on, rewritten to its URL, or refuses it.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request, next caddyhttp.Handler) error {
	if r.Method == http.MethodConnect {
		w.Header().Set("Allow", "")
		return h.refuse(w, r, http.StatusMethodNotAllowed, httpurl.ErrConnect)
	}
	u, err := httpurl.FromRequest(r, h.opts)
	if err != nil {
		return h.refuse(w, r, h.status(), err)
	}
	p := u.Pathname()
	if !h.AllowEmptySegments && strings.Contains(p, "//") {
		return h.refuse(w, r, h.status(), fmt.Errorf("%w in %q", ErrEmptySegment, p))
	}
	// httpurl.WithURL computes the fields; they are copied into r, since
	// Caddy's placeholders read the request that the server made, not a
	// copy handed down the chain.
	r2 := httpurl.WithURL(r, u)
	// RawPath is the pathname even where it equals Path: net/url's
	// EscapedPath would otherwise escape Path again, and "/!a" would go
	// upstream as "/%21a".
	r2.URL.RawPath = p
	if r2.URL.EscapedPath() != p {
		return h.refuse(w, r, h.status(), fmt.Errorf("%w: %q", ErrUnforwardable, p))
	}
	r.URL.Path, r.URL.RawPath, r.URL.RawQuery, r.URL.ForceQuery = r2.URL.Path, r2.URL.RawPath, r2.URL.RawQuery, r2.URL.ForceQuery
	r.URL.Opaque, r.URL.Fragment, r.URL.RawFragment = "", "", ""
	if r.URL.Host != "" {
		r.URL.Scheme, r.URL.Host = r2.URL.Scheme, r2.URL.Host
	}
	r.RequestURI, r.Host = r2.RequestURI, r2.Host
	caddyhttp.SetVar(r.Context(), varKey, &state{
		u: u, opts: &h.opts,
		uri: r.RequestURI, path: r.URL.Path, rawPath: r.URL.RawPath, rawQuery: r.URL.RawQuery,
		host: r.Host,
	})
	return next.ServeHTTP(w, r)
}

func (h *Handler) status() int {
	if h.Status == 0 {
		return http.StatusBadRequest
	}
	return h.Status
}

// refuse answers r with code and err's text (or Reason), or hands the
// error to the error routes.
func (h *Handler) refuse(w http.ResponseWriter, r *http.Request, code int, err error) error {
	if repl, ok := r.Context().Value(caddy.ReplacerCtxKey).(*caddy.Replacer); ok {
		repl.Set("http.spanurl.error", err.Error())
	}
	if h.HandleErrors {
		return caddyhttp.Error(code, err)
	}
	body := err.Error()
	if h.Reason != "" {
		body = h.Reason
		if repl, ok := r.Context().Value(caddy.ReplacerCtxKey).(*caddy.Replacer); ok {
			body = repl.ReplaceAll(h.Reason, "")
		}
	}
	http.Error(w, body, code)
	return nil
}

// Interface guards
var (
	_ caddyhttp.MiddlewareHandler = (*Handler)(nil)
	_ caddy.Provisioner           = (*Handler)(nil)
	_ caddy.Validator             = (*Handler)(nil)
)
