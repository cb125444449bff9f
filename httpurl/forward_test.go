package httpurl_test

import (
	"bufio"
	"bytes"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/httpurl"
	"github.com/spanurl/spanurl/span"
)

// outgoing is a request to a backend as httputil.ReverseProxy's Rewrite
// gets it: a copy of the incoming one, its URL already decoded by
// net/http, pointed at the backend.
func outgoing(t *testing.T, incoming string) *http.Request {
	t.Helper()
	out, err := http.NewRequest("GET", "http://backend.internal:8080"+incoming, nil)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// requestLine returns the request line and Host header net/http's client
// writes for r.
func requestLine(t *testing.T, r *http.Request) (line, host string) {
	t.Helper()
	var buf bytes.Buffer
	if err := r.Write(&buf); err != nil {
		t.Fatalf("Write: %v", err)
	}
	sent, err := http.ReadRequest(bufio.NewReader(bytes.NewReader(buf.Bytes())))
	if err != nil {
		// The server side refuses some targets ("%zz"); the request
		// line is still what was written.
		first, _, _ := strings.Cut(buf.String(), "\r\n")
		return first, ""
	}
	first, _, _ := strings.Cut(buf.String(), "\r\n")
	return first, sent.Host
}

func TestSetURL(t *testing.T) {
	tests := []struct {
		target, host string // the request routed on
		line, sent   string // the request line and Host header sent
	}{
		{"/a/b?q=1", "example.com", "GET /a/b?q=1 HTTP/1.1", "example.com"},
		{"/a/../b", "Example.COM:80", "GET /b HTTP/1.1", "example.com"},
		{"/a?", "example.com:8443", "GET /a? HTTP/1.1", "example.com:8443"},
		{"/x/%2e%2e/admin", "example.com", "GET /admin HTTP/1.1", "example.com"},
		{"/a/..%2Fadmin", "example.com", "GET /a/..%2Fadmin HTTP/1.1", "example.com"},
		// The strings: net/url cannot hold these paths, and would
		// decode %2f into "/".
		{"/public/..%2fadmin%2fx|", "example.com", "GET /public/..%2fadmin%2fx| HTTP/1.1", "example.com"},
		{"/public/..%2f..%2f..%2fetc%2fpasswd|", "example.com", "GET /public/..%2f..%2f..%2fetc%2fpasswd| HTTP/1.1", "example.com"},
		{"/public/..%2fadmin%2fx%zz", "example.com", "GET /public/..%2fadmin%2fx%zz HTTP/1.1", "example.com"},
		{"/public/..%2fadmin%2fx%zz?a=%zz|", "example.com", "GET /public/..%2fadmin%2fx%zz?a=%zz| HTTP/1.1", "example.com"},
		{"/a^b", "example.com", "GET /a%5Eb HTTP/1.1", "example.com"},
		{`/a\..\b`, "example.com", "GET /b HTTP/1.1", "example.com"},
		{"/é?é", "example.com", "GET /%C3%A9?%C3%A9 HTTP/1.1", "example.com"},
		// A pathname starting with "//" goes in absolute-form, with the
		// host routed on, never as an origin-form "//a".
		{"//evil.example/x", "example.com", "GET http://example.com//evil.example/x HTTP/1.1", "example.com"},
		{`/\evil.example/x|?q`, "example.com", "GET http://example.com//evil.example/x|?q HTTP/1.1", "example.com"},
		{"//a/..%2f|", "[::1]:8080", "GET http://[::1]:8080//a/..%2f| HTTP/1.1", "[::1]:8080"},
		// The absolute-form the client sent: its host wins, as routed.
		{"http://admin.example/x/../y", "", "GET /y HTTP/1.1", "admin.example"},
		{"HTTP://Admin.Example:80/%2e%2e/y?z", "", "GET /y?z HTTP/1.1", "admin.example"},
		{"http://bücher.example/", "", "GET / HTTP/1.1", "xn--bcher-kva.example"},
	}
	for _, tc := range tests {
		u, err := httpurl.ParseRequestTarget(tc.target, tc.host, "http")
		if err != nil {
			t.Fatalf("ParseRequestTarget(%q, %q): %v", tc.target, tc.host, err)
		}
		out := outgoing(t, "/stale/path?stale#frag")
		httpurl.SetURL(out, u)
		line, sent := requestLine(t, out)
		if line != tc.line {
			t.Errorf("%q: request line %q, want %q", tc.target, line, tc.line)
		}
		if out.Host != tc.sent || sent != "" && sent != tc.sent {
			t.Errorf("%q: Host %q, sent %q; want %q", tc.target, out.Host, sent, tc.sent)
		}
		if out.URL.Scheme != "http" || out.URL.Host != "backend.internal:8080" {
			t.Errorf("%q: SetURL changed the backend: %q", tc.target, out.URL.Host)
		}
		if out.URL.Path != "" || out.URL.RawPath != "" || out.URL.Fragment != "" {
			t.Errorf("%q: stale fields: %#v", tc.target, *out.URL)
		}
	}
}

// TestSetURLNilURL: a request without a URL gets one.
func TestSetURLNilURL(t *testing.T) {
	u, _ := span.Parse("http://example.com/a|b")
	out := &http.Request{Method: "GET"}
	httpurl.SetURL(out, u)
	if out.URL == nil || out.URL.RequestURI() != "/a|b" || out.Host != "example.com" {
		t.Errorf("SetURL on a request without URL: %#v, Host %q", out.URL, out.Host)
	}
}

func TestSetURLAllocs(t *testing.T) {
	out := outgoing(t, "/")
	for href, want := range map[string]float64{
		"http://example.com/a/..%2fb|?q=1": 0,
		"http://example.com//a":            1,
	} {
		u, _ := span.Parse(href)
		if n := testing.AllocsPerRun(100, func() { httpurl.SetURL(out, u) }); n != want {
			t.Errorf("SetURL(%q): %v allocations, want %v", href, n, want)
		}
	}
}

// TestSetURLHTTP2: over HTTP/2 the backend's :path is u's pathname and
// query, the "//" case too.
func TestSetURLHTTP2(t *testing.T) {
	got := make(chan [3]string, 1)
	backend := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got <- [3]string{r.Proto, r.RequestURI, r.Host}
	}))
	backend.EnableHTTP2 = true
	backend.StartTLS()
	defer backend.Close()
	to, _ := url.Parse(backend.URL)
	for _, tc := range []struct{ href, path string }{
		{"https://example.com/public/..%2fadmin%2fx|?q=%zz", "/public/..%2fadmin%2fx|?q=%zz"},
		{"https://example.com//a/..%2f|", "//a/..%2f|"},
	} {
		u, _ := span.Parse(tc.href)
		out := outgoing(t, "/")
		out.URL.Scheme, out.URL.Host = to.Scheme, to.Host
		httpurl.SetURL(out, u)
		resp, err := backend.Client().Do(out)
		if err != nil {
			t.Fatalf("%q: %v", tc.href, err)
		}
		resp.Body.Close()
		if g := <-got; g != [3]string{"HTTP/2.0", tc.path, "example.com"} {
			t.Errorf("%q: backend got %q, want HTTP/2.0 %q on example.com", tc.href, g, tc.path)
		}
	}
}
