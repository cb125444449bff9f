package caddyspanurl_test

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/caddyserver/caddy/v2"
	"github.com/caddyserver/caddy/v2/modules/caddyhttp"

	caddyspanurl "github.com/spanurl/spanurl/integrations/caddy"
)

// benchTargets: the requests both matchers are measured on, honest ones
// and attacks, each with a Host header.
var benchTargets = []string{
	"/admin",
	"/admin/users/42",
	"/public/css/site.css",
	"/api/v1/books/123?fields=title,author",
	"/ADMIN/x",
	"/a/./b/../../admin",
	"/public/..%2fadmin",
	"/%61dmin/x?y=1",
}

// benchPatterns: a prefix, as a deny rule is written, and a route with a
// named group.
var benchPatterns = []string{"/admin*", "/api/v1/books/:id"}

// benchRequests returns the requests as net/http's server reads them,
// with the context Caddy's server gives each request (a replacer and a
// variable table).
func benchRequests(b *testing.B) []*http.Request {
	var rs []*http.Request
	for _, target := range benchTargets {
		r, err := http.ReadRequest(bufio.NewReader(strings.NewReader("GET " + target + " HTTP/1.1\r\nHost: example.com\r\n\r\n")))
		if err != nil {
			b.Fatal(err)
		}
		ctx := context.WithValue(r.Context(), caddy.ReplacerCtxKey, caddy.NewReplacer())
		ctx = context.WithValue(ctx, caddyhttp.VarsCtxKey, map[string]any{})
		rs = append(rs, r.WithContext(ctx))
	}
	return rs
}

// provision builds a matcher module from its JSON, as Caddy does.
func provision[M interface {
	caddy.Provisioner
	caddyhttp.RequestMatcherWithError
}](b *testing.B, m M, js string) M {
	if err := json.Unmarshal([]byte(js), m); err != nil {
		b.Fatal(err)
	}
	if err := m.Provision(caddy.Context{}); err != nil {
		b.Fatal(err)
	}
	return m
}

// BenchmarkMatch measures one match of a request, averaged over
// benchTargets: Caddy's url_pattern, spanurl_pattern building the URL
// itself (no handler), and spanurl_pattern on the URL the handler built.
func BenchmarkMatch(b *testing.B) {
	for _, pattern := range benchPatterns {
		js := `{"pattern":` + quote(pattern) + `,"ignore_case":true}`
		b.Run("url_pattern"+pattern, func(b *testing.B) {
			m := provision(b, new(caddyhttp.MatchURLPattern), js)
			benchMatch(b, benchRequests(b), m)
		})
		b.Run("spanurl_pattern"+pattern, func(b *testing.B) {
			m := provision(b, new(caddyspanurl.MatchPattern), js)
			benchMatch(b, benchRequests(b), m)
		})
		b.Run("spanurl_pattern_after_handler"+pattern, func(b *testing.B) {
			m := provision(b, new(caddyspanurl.MatchPattern), js)
			h := new(caddyspanurl.Handler)
			if err := h.Provision(caddy.Context{}); err != nil {
				b.Fatal(err)
			}
			var rs []*http.Request
			for _, r := range benchRequests(b) {
				var kept *http.Request
				_ = h.ServeHTTP(discard{}, r, caddyhttp.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) error {
					kept = r
					return nil
				}))
				if kept != nil { // the policy refuses some attacks
					rs = append(rs, kept)
				}
			}
			benchMatch(b, rs, m)
		})
	}
	b.Run("path/admin*", func(b *testing.B) {
		m := provision(b, new(caddyhttp.MatchPath), `["/admin*"]`)
		benchMatch(b, benchRequests(b), m)
	})
}

func benchMatch(b *testing.B, rs []*http.Request, m caddyhttp.RequestMatcherWithError) {
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, err := m.MatchWithError(rs[i%len(rs)]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHandler measures the spanurl handler on one request, averaged
// over benchTargets: building and checking the URL and rewriting the
// request to it.
func BenchmarkHandler(b *testing.B) {
	h := new(caddyspanurl.Handler)
	if err := h.Provision(caddy.Context{}); err != nil {
		b.Fatal(err)
	}
	rs := benchRequests(b)
	type saved struct {
		uri, host string
		u         savedURL
	}
	orig := make([]saved, len(rs))
	for i, r := range rs {
		orig[i] = saved{r.RequestURI, r.Host, savedURL{r.URL.Path, r.URL.RawPath, r.URL.RawQuery}}
	}
	next := caddyhttp.HandlerFunc(func(http.ResponseWriter, *http.Request) error { return nil })
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		k := i % len(rs)
		r, o := rs[k], orig[k]
		r.RequestURI, r.Host = o.uri, o.host
		r.URL.Path, r.URL.RawPath, r.URL.RawQuery = o.u.path, o.u.rawPath, o.u.rawQuery
		_ = h.ServeHTTP(discard{}, r, next)
	}
}

type savedURL struct{ path, rawPath, rawQuery string }

func quote(s string) string {
	j, _ := json.Marshal(s)
	return string(j)
}

// discard is a ResponseWriter that keeps nothing.
type discard struct{}

func (discard) Header() http.Header         { return http.Header{} }
func (discard) Write(p []byte) (int, error) { return len(p), nil }
func (discard) WriteHeader(int)             {}
