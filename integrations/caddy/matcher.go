package caddyspanurl

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/caddyserver/caddy/v2"
	"github.com/caddyserver/caddy/v2/modules/caddyhttp"
	"github.com/spanurl/spanurl/httpurl"
	"github.com/spanurl/spanurl/span"
	"github.com/spanurl/spanurl/urlpattern"
)

func init() {
	caddy.RegisterModule(MatchPattern{})
}

// placeholderPrefix namespaces the placeholders of a match's groups.
const placeholderPrefix = "http.spanurl_pattern."

// MatchPattern is the http.matchers.spanurl_pattern module: it matches
// requests whose URL a WHATWG URL pattern (package urlpattern) matches.
//
// The URL is the one the spanurl handler built, when it ran and no later
// handler has rewritten the request since; otherwise it is built here,
// with httpurl.FromRequest under the strict policy (or, after a rewrite,
// from the rewritten target under the handler's policy), and a request
// that the policy refuses does not match. Without the handler, the URL
// matched on is the request-target's, which reverse_proxy may forward
// re-encoded: put the handler first (see README.md).
//
// On a match, each named group of each component is the placeholder
// {http.spanurl_pattern.<component>.<name>}: ":id" in the pathname is
// {http.spanurl_pattern.pathname.id}.
type MatchPattern struct {
	// Pattern is the URL pattern. A pattern without "://" and without
	// BaseURL ("/books/:id") matches its path (and query, if it gives
	// one) on any scheme, host and port, as Caddy's url_pattern does.
	Pattern string `json:"pattern,omitempty"`
	// BaseURL resolves a relative Pattern against a fixed origin,
	// scoping the match to that scheme and host.
	BaseURL string `json:"base_url,omitempty"`
	// IgnoreCase matches case-insensitively (the standard's ignoreCase).
	IgnoreCase bool `json:"ignore_case,omitempty"`

	p *urlpattern.Pattern
}

// CaddyModule returns the Caddy module information.
func (MatchPattern) CaddyModule() caddy.ModuleInfo {
	return caddy.ModuleInfo{
		ID:  "http.matchers.spanurl_pattern",
		New: func() caddy.Module { return new(MatchPattern) },
	}
}

// Provision compiles the pattern.
func (m *MatchPattern) Provision(caddy.Context) error {
	p, err := compile(m.Pattern, m.BaseURL, m.IgnoreCase)
	if err != nil {
		return fmt.Errorf("spanurl_pattern: %w", err)
	}
	m.p = p
	return nil
}

// compile compiles a pattern as MatchPattern reads it.
func compile(pattern, base string, ignoreCase bool) (*urlpattern.Pattern, error) {
	if base == "" && !strings.Contains(pattern, "://") {
		// A relative pattern matches on every origin: the scheme, host and
		// port are wildcards, and the port one lets a Host with a port in.
		pattern = "*://*:*" + pattern
	}
	opts := urlpattern.Options{IgnoreCase: ignoreCase}
	if base == "" {
		return urlpattern.NewWithOptions(pattern, opts)
	}
	return urlpattern.NewWithOptions(pattern, opts, base)
}

// Match reports whether the request's URL matches the pattern.
func (m *MatchPattern) Match(r *http.Request) bool {
	ok, _ := m.MatchWithError(r)
	return ok
}

// MatchWithError reports whether the request's URL matches the pattern.
// A request whose URL the policy refuses does not match; the error is
// always nil.
func (m *MatchPattern) MatchWithError(r *http.Request) (bool, error) {
	u, ok := requestURL(r)
	if !ok || !m.p.TestURL(u) {
		return false, nil
	}
	if repl, ok := r.Context().Value(caddy.ReplacerCtxKey).(*caddy.Replacer); ok {
		if res := m.p.ExecURL(u); res != nil {
			setGroups(repl, "protocol", &res.Protocol)
			setGroups(repl, "username", &res.Username)
			setGroups(repl, "password", &res.Password)
			setGroups(repl, "hostname", &res.Hostname)
			setGroups(repl, "port", &res.Port)
			setGroups(repl, "pathname", &res.Pathname)
			setGroups(repl, "search", &res.Search)
			setGroups(repl, "hash", &res.Hash)
		}
	}
	return true, nil
}

// requestURL returns the URL that a matcher matches r on, and false when
// the policy refuses it.
func requestURL(r *http.Request) (span.URL, bool) {
	s, _ := caddyhttp.GetVar(r.Context(), varKey).(*state)
	if s == nil {
		u, err := httpurl.FromRequest(r, httpurl.Options{})
		return u, err == nil
	}
	if s.current(r) {
		return s.u, true
	}
	// A handler after spanurl has rewritten the request: match on what
	// would be forwarded now, under the handler's policy.
	u, err := s.opts.Policy.ParseRequestTarget(r.URL.RequestURI(), r.Host, s.u.Scheme())
	return u, err == nil
}

// setGroups publishes a component's named groups as placeholders.
func setGroups(repl *caddy.Replacer, component string, c *urlpattern.ComponentResult) {
	for _, g := range c.Groups {
		if g.Matched {
			repl.Set(placeholderPrefix+component+"."+g.Name, g.Value)
		}
	}
}

// Interface guards
var (
	_ caddyhttp.RequestMatcherWithError = (*MatchPattern)(nil)
	_ caddy.Provisioner                 = (*MatchPattern)(nil)
)
