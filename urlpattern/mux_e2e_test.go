package urlpattern

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/spanurl/spanurl/httpurl"
)

// rawExchange writes raw, a request exactly as given, to the server at
// addr over a connection of its own, and returns the response's status,
// Allow header and body.
func rawExchange(tb testing.TB, addr, raw string) (code int, allow []string, body string) {
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
	method, _, _ := strings.Cut(raw, " ")
	resp, err := http.ReadResponse(bufio.NewReader(conn), &http.Request{Method: method})
	if err != nil {
		tb.Fatalf("%q: reading the response: %v", raw, err)
	}
	b, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		tb.Fatalf("%q: reading the body: %v", raw, err)
	}
	return resp.StatusCode, resp.Header["Allow"], string(b)
}

// serveMux serves mux over TCP, with net/http's own "OPTIONS *" answer
// off, and returns its address.
func serveMux(t *testing.T, mux *Mux) string {
	s := httptest.NewUnstartedServer(mux)
	s.Config.DisableGeneralOptionsHandler = true
	s.Start()
	t.Cleanup(s.Close)
	return s.Listener.Addr().String()
}

// echo writes what its handler got: the URL in the context, the method,
// the target and the Host.
func echo(name string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		u, ok := httpurl.URLFromContext(r.Context())
		if !ok {
			io.WriteString(w, name+" (no URL) "+r.Method+" "+r.RequestURI+" "+r.Host)
			return
		}
		io.WriteString(w, name+" "+u.Href()+" "+r.Method+" "+r.RequestURI+" "+r.Host)
	}
}

// TestMuxRaw sends raw requests over TCP to a Mux, as a client on the
// network writes them: CONNECT, "OPTIONS *", an absolute-form target
// naming another host, a method that no pattern of the URL serves, and
// HTTP/1.0 without Host.
func TestMuxRaw(t *testing.T) {
	pinned, err := NewFromInit(Init{Hostname: String("api.example"), Pathname: String("/admin/:x")}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	routes := func(m *Mux) *Mux {
		m.HandleMethod("GET", MustNewPathname("/books/:id"), echo("book"))
		m.Handle(pinned, echo("admin"))
		m.HandleMethod("GET", MustNewPathname("/*"), echo("catch-all"))
		return m
	}
	plain := serveMux(t, routes(&Mux{}))
	optIn := &Mux{Options: httpurl.Options{DefaultHost: "default.example:8080"}}
	optIn.HandleConnect(echo("tunnel"))
	optIn.HandleAsterisk(echo("asterisk"))
	withOptIn := serveMux(t, routes(optIn))

	for _, tc := range []struct {
		addr, raw string
		code      int
		allow     string // "-": no Allow header
		body      string // the body, or what it contains for a refusal
	}{
		// CONNECT is never a request for "/": refused, with its reason,
		// or given to HandleConnect's handler with its authority.
		{plain, "CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n", 405, "", httpurl.ErrConnect.Error()},
		{withOptIn, "CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n", 200, "-", "tunnel https://127.0.0.1:22/ CONNECT 127.0.0.1:22 127.0.0.1:22"},
		{withOptIn, "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n", 200, "-", "tunnel https://example.com/ CONNECT example.com:443 example.com:443"},
		{withOptIn, "CONNECT bad_host.example:443 HTTP/1.1\r\nHost: bad_host.example:443\r\n\r\n", 400, "-", httpurl.ErrNotDNSName.Error()},
		// "OPTIONS *" likewise.
		{plain, "OPTIONS * HTTP/1.1\r\nHost: example.com\r\n\r\n", 400, "-", httpurl.ErrAsteriskForm.Error()},
		{withOptIn, "OPTIONS * HTTP/1.1\r\nHost: example.com\r\n\r\n", 200, "-", "asterisk (no URL) OPTIONS * example.com"},
		{plain, "GET * HTTP/1.1\r\nHost: example.com\r\n\r\n", 400, "-", httpurl.ErrAsteriskForm.Error()},
		{withOptIn, "GET * HTTP/1.1\r\nHost: example.com\r\n\r\n", 400, "-", httpurl.ErrAsteriskForm.Error()},
		// An absolute-form target's host wins: a pathname-only pattern
		// serves it (Handle's doc), one pinned to a host does not.
		{plain, "GET http://evil.example/books/1 HTTP/1.1\r\nHost: example.com\r\n\r\n", 200, "-", "book http://evil.example/books/1 GET /books/1 evil.example"},
		{plain, "GET http://evil.example/admin/1 HTTP/1.1\r\nHost: api.example\r\n\r\n", 200, "-", "catch-all http://evil.example/admin/1 GET /admin/1 evil.example"},
		{plain, "GET http://api.example:8080/admin/1 HTTP/1.1\r\nHost: api.example:8080\r\n\r\n", 200, "-", "admin http://api.example:8080/admin/1 GET /admin/1 api.example:8080"},
		{plain, "GET /admin/1 HTTP/1.1\r\nHost: api.example\r\n\r\n", 200, "-", "admin http://api.example/admin/1 GET /admin/1 api.example"},
		// A method no pattern of the URL serves.
		{plain, "POST /books/1 HTTP/1.1\r\nHost: example.com\r\nContent-Length: 0\r\n\r\n", 405, "GET, HEAD", "urlpattern: no pattern matching the URL is registered for the method: POST (Allow: GET, HEAD)"},
		{plain, "HEAD /books/1 HTTP/1.1\r\nHost: example.com\r\n\r\n", 200, "-", ""},
		// HTTP/1.0 without Host: refused with the reason, or given
		// DefaultHost.
		{plain, "GET /books/1 HTTP/1.0\r\n\r\n", 400, "-", "httpurl: invalid host: host \"\": empty host"},
		{withOptIn, "GET /books/1 HTTP/1.0\r\n\r\n", 200, "-", "book http://default.example:8080/books/1 GET /books/1 default.example:8080"},
		{withOptIn, "GET /books/1 HTTP/1.0\r\nHost: h.example\r\n\r\n", 200, "-", "book http://h.example/books/1 GET /books/1 h.example"},
	} {
		code, allow, body := rawExchange(t, tc.addr, tc.raw)
		gotAllow := "-"
		if allow != nil {
			gotAllow = strings.Join(allow, ", ")
		}
		okBody := body == tc.body
		if code >= 400 {
			okBody = strings.Contains(body, tc.body)
		}
		if code != tc.code || gotAllow != tc.allow || !okBody {
			t.Errorf("%q:\n%d Allow %q %q\nwant %d Allow %q %q", tc.raw, code, gotAllow, body, tc.code, tc.allow, tc.body)
		}
	}
}
