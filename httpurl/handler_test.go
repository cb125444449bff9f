package httpurl_test

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/httpurl"
	"github.com/spanurl/spanurl/span"
)

// rawGet sends "GET target HTTP/1.1" with host to addr as written and
// returns the status and body.
func rawGet(t *testing.T, addr, target, host string) (int, string) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", target, host)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, strings.TrimSpace(string(body))
}

// TestHandlerServeMux: a ServeMux behind Handler routes on the URL the
// policy checked: dot segments in any spelling resolved, "%2F" refused,
// absolute-form targets resolved, no 307 redirects, and PathValue reads
// the checked path's wildcards.
func TestHandlerServeMux(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /files/{name}", func(w http.ResponseWriter, r *http.Request) {
		u, ok := httpurl.URLFromContext(r.Context())
		fmt.Fprintf(w, "file %q %s %v", r.PathValue("name"), u.Href(), ok)
	})
	mux.HandleFunc("GET /admin/", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "admin %s", r.URL.Path)
	})
	front := httptest.NewServer(httpurl.Handler(mux, httpurl.Options{}))
	defer front.Close()
	addr := strings.TrimPrefix(front.URL, "http://")
	for _, c := range []struct {
		target string
		status int
		body   string // a prefix of the body
	}{
		{"/files/a%20b", 200, `file "a b" http://example.com/files/a%20b true`},
		{"/files/../admin/x", 200, "admin /admin/x"},
		{"/files/%2e%2E/admin/x", 200, "admin /admin/x"},
		{`/files\..\admin\x`, 200, "admin /admin/x"},
		{"/%61dmin/x", 200, "admin /admin/x"},
		{"/files/a%2fb", 400, "httpurl: encoded separator"},
		{"//admin//x", 404, "404 page not found"},
		{"/admin//x", 404, "404 page not found"},
		{"http://example.com/files/../admin/y", 200, "admin /admin/y"},
		{"/files/x|y", 200, `file "x|y" http://example.com/files/x|y true`},
	} {
		status, body := rawGet(t, addr, c.target, "example.com")
		if status != c.status || !strings.HasPrefix(body, c.body) {
			t.Errorf("%s: %d %q; want %d %q", c.target, status, body, c.status, c.body)
		}
	}
}

// TestHandlerWHATWG: under the WHATWG policy, a path that net/url cannot
// hold as RawPath beside "%2F" is refused rather than given to the mux
// with the "%2F" decoded into a separator.
func TestHandlerWHATWG(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /files/{name}", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "file %q", r.PathValue("name"))
	})
	front := httptest.NewServer(httpurl.Handler(mux, httpurl.Options{Policy: httpurl.Policy{WHATWG: true}}))
	defer front.Close()
	addr := strings.TrimPrefix(front.URL, "http://")
	for _, c := range []struct {
		target string
		status int
		body   string
	}{
		{"/files/a%2fb", 200, `file "a/b"`},
		{"/files/a%2fb|", 400, "httpurl: the path cannot"},
	} {
		status, body := rawGet(t, addr, c.target, "example.com")
		if status != c.status || !strings.HasPrefix(body, c.body) {
			t.Errorf("%s: %d %q; want %d %q", c.target, status, body, c.status, c.body)
		}
	}
}

func TestWithURL(t *testing.T) {
	r := httptest.NewRequest("GET", "/a/../b%2Fc?q=1", nil)
	u, err := httpurl.FromRequest(r, httpurl.Options{Policy: httpurl.Policy{WHATWG: true}})
	if err != nil {
		t.Fatal(err)
	}
	r2 := httpurl.WithURL(r, u)
	if r2.URL.Path != "/b/c" || r2.URL.EscapedPath() != "/b%2Fc" || r2.URL.RawQuery != "q=1" ||
		r2.RequestURI != "/b%2Fc?q=1" || r2.Host != "example.com" || r2.URL.Host != "" {
		t.Errorf("WithURL: %#v, RequestURI %q, Host %q", r2.URL, r2.RequestURI, r2.Host)
	}
	if got, ok := httpurl.URLFromContext(r2.Context()); !ok || got != u {
		t.Errorf("URLFromContext: %v, %v", got, ok)
	}
	if r.RequestURI != "/a/../b%2Fc?q=1" || r.URL.Path != "/b/c" && r.URL.Path != "/a/../b/c" {
		t.Errorf("r changed: %q %q", r.RequestURI, r.URL.Path)
	}
	if _, ok := httpurl.URLFromContext(r.Context()); ok {
		t.Error("r's context has a URL")
	}
}

// ExampleHandler: an http.ServeMux that routes on the URL the policy
// checked, not on the raw target.
func ExampleHandler() {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /files/{name}", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "file %s", r.PathValue("name"))
	})
	mux.HandleFunc("GET /admin/", func(w http.ResponseWriter, r *http.Request) {
		u, _ := httpurl.URLFromContext(r.Context())
		fmt.Fprintf(w, "admin area: %s", u.Pathname())
	})
	front := httptest.NewServer(httpurl.Handler(mux, httpurl.Options{}))
	defer front.Close()
	addr := strings.TrimPrefix(front.URL, "http://")
	for _, target := range []string{"/files/report.pdf", "/files/%2e%2e/admin/keys", "/files/..%2fadmin", "//admin"} {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: example.com\r\nConnection: close\r\n\r\n", target)
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			fmt.Println(err)
			return
		}
		body, _ := io.ReadAll(resp.Body)
		conn.Close()
		fmt.Printf("%s -> %d %s\n", target, resp.StatusCode, strings.TrimSpace(string(body)))
	}
	// Output:
	// /files/report.pdf -> 200 file report.pdf
	// /files/%2e%2e/admin/keys -> 200 admin area: /admin/keys
	// /files/..%2fadmin -> 400 httpurl: encoded separator in the path: target "/files/..%2fadmin": %2f at offset 9
	// //admin -> 404 404 page not found
}

// TestWithURLEscapedPathIsPathname checks that the copy's EscapedPath,
// which httputil.ReverseProxy and Caddy forward, is the pathname byte for
// byte, also where net/url would escape a byte that the pathname keeps.
func TestWithURLEscapedPathIsPathname(t *testing.T) {
	for _, target := range []string{"/!admin", "/a'b(c)*", "/x", "/%41", "/a%2Fb", "/caf%C3%A9", "/$&+,;=@:"} {
		u := span.MustParse("http://example.com" + target)
		r := httptest.NewRequest("GET", target, nil)
		if got := httpurl.WithURL(r, u).URL.EscapedPath(); got != u.Pathname() {
			t.Errorf("%s: EscapedPath %q, pathname %q", target, got, u.Pathname())
		}
	}
}
