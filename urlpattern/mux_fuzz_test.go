package urlpattern

import (
	"bufio"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/httpurl"
)

// FuzzMux sends fuzzed request lines and Host headers, read by
// http.ReadRequest as a server reads them, through a Mux: no panic, every
// answer a status Mux gives, every refusal with its reason, and every
// pattern handler reached sees the URL in its context, a URL its pattern
// matches, with r.PathValue agreeing with the match.
func FuzzMux(f *testing.F) {
	for _, s := range [][3]string{
		{"GET", "/books/1", "example.com"},
		{"HEAD", "/books/%2e%2e/books/2?x", "example.com"},
		{"POST", "/books/1", "example.com"},
		{"GET", "http://evil.example/books/1", "example.com"},
		{"GET", "/admin/a/b", "api.example:8080"},
		{"GET", "/admin/a/b", "API.example."},
		{"CONNECT", "127.0.0.1:22", "127.0.0.1:22"},
		{"CONNECT", "example.com:443", ""},
		{"OPTIONS", "*", "example.com"},
		{"GET", "*", "example.com"},
		{"GET", "/a%2Fb", "example.com"},
		{"GET", "//x/../y", ""},
		{"DELETE", "/files/a/b/c.txt", "[::1]:80"},
		{"PUT", "/files/", "example.com"},
	} {
		f.Add(s[0], s[1], s[2], false)
		f.Add(s[0], s[1], s[2], true)
	}
	var mux Mux
	mux.Options.DefaultHost = "default.example"
	pinned, err := NewFromInit(Init{Hostname: String("api.example"), Pathname: String("/admin/:rest+")}, Options{})
	if err != nil {
		f.Fatal(err)
	}
	patterns := []struct {
		method  string // "": Handle
		pattern *Pattern
	}{
		{"GET", MustNewPathname("/books/:id")},
		{"", MustNewPathname("/books/:id/:part?")},
		{"", pinned},
		{"DELETE", MustNewPathname("/files/:path*")},
		{"PUT", MustNewPathname("/files/*")},
		{"GET", MustNewPathname("/*")},
		{"OPTIONS", MustNew("http{s}?://*/:x([a-z]+)")},
	}
	var t0 *testing.T // the current input's test, for the handlers
	for _, p := range patterns {
		h := func(w http.ResponseWriter, r *http.Request) {
			u, ok := httpurl.URLFromContext(r.Context())
			if !ok {
				t0.Fatalf("%s %s: no URL in the context", r.Method, r.RequestURI)
			}
			if !p.pattern.TestURL(u) {
				t0.Fatalf("%s %s: routed to %q, which does not match %q", r.Method, r.RequestURI, p.pattern.Pathname(), u.Href())
			}
			res := ResultFromContext(r.Context())
			if res == nil {
				t0.Fatalf("%s %s: no result in the context", r.Method, r.RequestURI)
			}
			for _, g := range res.Pathname.Groups {
				if g.Matched && r.PathValue(g.Name) != g.Value {
					t0.Fatalf("%s %s: PathValue(%q) = %q, the match says %q", r.Method, r.RequestURI, g.Name, r.PathValue(g.Name), g.Value)
				}
			}
			if r.RequestURI != u.RequestURI() || r.Host != u.Host() {
				t0.Fatalf("%s: the handler got target %q Host %q for %q", r.Method, r.RequestURI, r.Host, u.Href())
			}
			w.WriteHeader(299)
		}
		if p.method == "" {
			mux.HandleFunc(p.pattern, h)
		} else {
			mux.HandleMethodFunc(p.method, p.pattern, h)
		}
	}
	mux.HandleConnect(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, ok := httpurl.URLFromContext(r.Context()); !ok || r.Method != http.MethodConnect {
			t0.Fatalf("%s %s: the CONNECT handler got no URL", r.Method, r.RequestURI)
		}
		w.WriteHeader(298)
	}))
	f.Fuzz(func(t *testing.T, method, target, host string, http10 bool) {
		t0 = t
		proto := "HTTP/1.1"
		if http10 {
			proto = "HTTP/1.0"
		}
		raw := method + " " + target + " " + proto + "\r\n"
		if host != "" || !http10 {
			raw += "Host: " + host + "\r\n"
		}
		r, err := http.ReadRequest(bufio.NewReader(strings.NewReader(raw + "\r\n")))
		if err != nil {
			return
		}
		w := httptest.NewRecorder()
		mux.ServeHTTP(w, r)
		switch w.Code {
		case 298:
			if r.Method != http.MethodConnect {
				t.Fatalf("%q: the CONNECT handler got it", raw)
			}
		case 299, 404:
		case 400, 405:
			if strings.TrimSpace(w.Body.String()) == "" {
				t.Fatalf("%q: %d without a reason", raw, w.Code)
			}
			if w.Code == 405 && w.Header()["Allow"] == nil {
				t.Fatalf("%q: 405 without Allow", raw)
			}
		default:
			t.Fatalf("%q: status %d", raw, w.Code)
		}
		if r.Method == http.MethodConnect && w.Code == 299 {
			t.Fatalf("%q: CONNECT reached a pattern", raw)
		}
	})
}
