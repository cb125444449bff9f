package httpurl_test

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/spanurl/spanurl/httpurl"
)

// rawExchange writes raw, a request exactly as given, to the server at
// addr over a connection of its own, and returns the response with its
// body read.
func rawExchange(tb testing.TB, addr, raw string) (*http.Response, string) {
	tb.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		tb.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(conn, raw); err != nil {
		tb.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		tb.Fatalf("%q: reading the response: %v", raw, err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		tb.Fatalf("%q: reading the body: %v", raw, err)
	}
	return resp, string(body)
}

// handlerRig serves Handler(next, opts) where next records the URL, the
// target and the Host it is given.
func handlerRig(t *testing.T, opts httpurl.Options) (addr string, reached func() (string, bool)) {
	var mu sync.Mutex
	var got string
	var ok bool
	s := httptest.NewUnstartedServer(httpurl.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u, _ := httpurl.URLFromContext(r.Context())
		mu.Lock()
		got, ok = u.Href()+" "+r.Method+" "+r.RequestURI+" "+r.Host, true
		mu.Unlock()
		io.WriteString(w, "next")
	}), opts))
	// net/http's server answers "OPTIONS *" itself unless told not to.
	s.Config.DisableGeneralOptionsHandler = true
	s.Start()
	t.Cleanup(s.Close)
	return s.Listener.Addr().String(), func() (string, bool) {
		mu.Lock()
		defer mu.Unlock()
		g, o := got, ok
		got, ok = "", false
		return g, o
	}
}

// TestHandlerRefusesNonURLs: CONNECT and "OPTIONS *" name no URL;
// Handler answers them with the reason and never serves them to next, a
// CONNECT least of all as a request for "/".
func TestHandlerRefusesNonURLs(t *testing.T) {
	addr, reached := handlerRig(t, httpurl.Options{})
	for _, tc := range []struct {
		raw    string
		code   int
		reason string
	}{
		{"CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n", 405, httpurl.ErrConnect.Error()},
		{"CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n", 405, httpurl.ErrConnect.Error()},
		{"OPTIONS * HTTP/1.1\r\nHost: example.com\r\nConnection: close\r\n\r\n", 400, httpurl.ErrAsteriskForm.Error()},
	} {
		resp, body := rawExchange(t, addr, tc.raw)
		if resp.StatusCode != tc.code || !strings.Contains(body, tc.reason) {
			t.Errorf("%q: %d %q, want %d with %q", tc.raw, resp.StatusCode, body, tc.code, tc.reason)
		}
		if tc.code == 405 {
			if allow, ok := resp.Header["Allow"]; !ok || len(allow) != 1 || allow[0] != "" {
				t.Errorf("%q: Allow %q, want one empty Allow", tc.raw, allow)
			}
		}
		if got, ok := reached(); ok {
			t.Errorf("%q: next got %s", tc.raw, got)
		}
	}
}

// TestWithURLConnect: WithURL keeps a CONNECT's authority-form target.
func TestWithURLConnect(t *testing.T) {
	r := httptest.NewRequest("CONNECT", "example.com:443", nil)
	u, err := httpurl.FromRequest(r, httpurl.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r2 := httpurl.WithURL(r, u)
	if r2.RequestURI != "example.com:443" || r2.Host != "example.com:443" || r2.URL != r.URL {
		t.Errorf("WithURL(CONNECT example.com:443): RequestURI %q, Host %q, URL %v", r2.RequestURI, r2.Host, r2.URL)
	}
	if got, ok := httpurl.URLFromContext(r2.Context()); !ok || got.Href() != "https://example.com/" {
		t.Errorf("URLFromContext: %q %v", got.Href(), ok)
	}
}

// TestDefaultHost sends HTTP/1.0 requests without a Host header, raw,
// to Handler with and without Options.DefaultHost.
func TestDefaultHost(t *testing.T) {
	for _, tc := range []struct {
		defaultHost string
		raw         string
		code        int
		want        string // what next got, or the reason of the refusal
	}{
		{"", "GET /a/../b HTTP/1.0\r\n\r\n", 400, `httpurl: invalid host: host "": empty host`},
		{"example.com:8080", "GET /a/../b HTTP/1.0\r\n\r\n", 200, "http://example.com:8080/b GET /b example.com:8080"},
		{"EXAMPLE.com.", "GET /b HTTP/1.0\r\n\r\n", 200, "http://example.com/b GET /b example.com"},
		// A Host, or an absolute-form target, wins.
		{"example.com", "GET /b HTTP/1.0\r\nHost: other.example\r\n\r\n", 200, "http://other.example/b GET /b other.example"},
		{"example.com", "GET http://other.example/b HTTP/1.0\r\n\r\n", 200, "http://other.example/b GET /b other.example"},
		// DefaultHost is checked as a Host header is, by the policy.
		{"exa mple.com", "GET /b HTTP/1.0\r\n\r\n", 400, `host "exa mple.com"`},
		{"example.com/x", "GET /b HTTP/1.0\r\n\r\n", 400, "httpurl: invalid host"},
		{"bad_label.example", "GET /b HTTP/1.0\r\n\r\n", 400, httpurl.ErrNotDNSName.Error()},
	} {
		addr, reached := handlerRig(t, httpurl.Options{DefaultHost: tc.defaultHost})
		resp, body := rawExchange(t, addr, tc.raw)
		got, ok := reached()
		switch {
		case resp.StatusCode != tc.code:
			t.Errorf("DefaultHost %q, %q: %d %q, want %d", tc.defaultHost, tc.raw, resp.StatusCode, body, tc.code)
		case tc.code == 200 && (!ok || got != tc.want):
			t.Errorf("DefaultHost %q, %q: next got %q, want %q", tc.defaultHost, tc.raw, got, tc.want)
		case tc.code != 200 && (ok || !strings.Contains(body, tc.want)):
			t.Errorf("DefaultHost %q, %q: %q (next reached: %v), want a refusal with %q", tc.defaultHost, tc.raw, body, ok, tc.want)
		}
	}
}

// TestDefaultHostError: a request that uses an invalid DefaultHost fails
// with ErrInvalidHost.
func TestDefaultHostError(t *testing.T) {
	r := httptest.NewRequest("GET", "/x", nil)
	r.Host = ""
	_, err := httpurl.FromRequest(r, httpurl.Options{DefaultHost: "a b"})
	if !errors.Is(err, httpurl.ErrInvalidHost) {
		t.Errorf("DefaultHost \"a b\": %v, want ErrInvalidHost", err)
	}
	u, err := httpurl.FromRequest(r, httpurl.Options{DefaultHost: "[::1]:81"})
	if err != nil || u.Href() != "http://[::1]:81/x" {
		t.Errorf("DefaultHost \"[::1]:81\": %q %v", u.Href(), err)
	}
	if r.Host != "" {
		t.Errorf("FromRequest changed r.Host to %q", r.Host)
	}
	// A client request with URL.Host keeps it.
	c, _ := http.NewRequest("GET", "http://client.example/y", nil)
	c.Host = ""
	if u, err := httpurl.FromRequest(c, httpurl.Options{DefaultHost: "example.com"}); err != nil || u.Href() != "http://client.example/y" {
		t.Errorf("client request: %q %v", u.Href(), err)
	}
}
