package urlpattern

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/httpurl"
	"github.com/spanurl/spanurl/span"
)

func TestMux(t *testing.T) {
	var mux Mux
	mux.HandleFunc(MustNew("http://example.com/books/:id"), func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "book "+r.PathValue("id")+" via "+ResultFromContext(r.Context()).Hostname.Input)
	})
	p, err := NewFromInit(Init{Pathname: String("/files/:path+")}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	mux.HandleFunc(p, func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "file "+r.PathValue("path"))
	})
	tests := []struct {
		target, host string
		code         int
		body         string
	}{
		{"/books/12", "example.com", 200, "book 12 via example.com"},
		{"/books/../books/7?x", "example.com", 200, "book 7 via example.com"},
		{"/files/a/b.txt", "other.example", 200, "file a/b.txt"},
		{"/authors/1", "example.com", 404, "404 page not found\n"},
	}
	for _, tc := range tests {
		req := httptest.NewRequest("GET", tc.target, nil)
		req.Host = tc.host
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, req)
		if rec.Code != tc.code || rec.Body.String() != tc.body {
			t.Errorf("%s %s: %d %q, want %d %q", tc.host, tc.target, rec.Code, rec.Body.String(), tc.code, tc.body)
		}
	}
}

// TestMuxHandsOnURL: the handler reads the URL routed on from the
// context, and net/http's fields of the request say that URL.
func TestMuxHandsOnURL(t *testing.T) {
	var mux Mux
	var got []string
	mux.HandleFunc(MustNewPathname("/files/:name"), func(w http.ResponseWriter, r *http.Request) {
		u, ok := httpurl.URLFromContext(r.Context())
		res := ResultFromContext(r.Context())
		got = []string{u.Href(), r.URL.Path, r.URL.RawPath, r.RequestURI, r.Host, r.PathValue("name"), res.Pathname.Groups[0].Value, res.Inputs.URL}
		if !ok {
			got = append(got, "no URL in the context")
		}
	})
	req := httptest.NewRequest("GET", "/static/%2e%2E/files/a%20b?v=1", nil)
	req.Host = "EXAMPLE.com:80"
	mux.ServeHTTP(httptest.NewRecorder(), req)
	want := []string{"http://example.com/files/a%20b?v=1", "/files/a b", "/files/a%20b", "/files/a%20b?v=1", "example.com", "a%20b", "a%20b", "http://example.com/files/a%20b?v=1"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("the handler got\n%q, want\n%q", got, want)
	}
	if req.RequestURI != "/static/%2e%2E/files/a%20b?v=1" || req.PathValue("name") != "" {
		t.Errorf("Mux changed the caller's request: %q, PathValue %q", req.RequestURI, req.PathValue("name"))
	}
}

// TestMuxBuildsURLOnce: behind httpurl.Handler (or another Mux), Mux
// routes on the URL already in the context and does not build it again:
// the outer Options (scheme https) rule, not the Mux's own (http).
func TestMuxBuildsURLOnce(t *testing.T) {
	var mux Mux
	var got string
	mux.HandleFunc(MustNewPathname("/x"), func(w http.ResponseWriter, r *http.Request) {
		u, _ := httpurl.URLFromContext(r.Context())
		got = u.Href()
	})
	for _, tc := range []struct {
		h    http.Handler
		want string
	}{
		{&mux, "http://example.com/x"},
		{httpurl.Handler(&mux, httpurl.Options{Scheme: "https"}), "https://example.com/x"},
	} {
		got = ""
		tc.h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/x", nil))
		if got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
	// Mux alone: one FromRequest per request, and WithURL's copy, no
	// more: as many allocations as the two do.
	req := httptest.NewRequest("GET", "/x", nil)
	rec := httptest.NewRecorder()
	build := testing.AllocsPerRun(50, func() {
		u, _ := httpurl.FromRequest(req, httpurl.Options{})
		httpurl.WithURL(req, u)
	})
	inner := &Mux{}
	inner.HandleFunc(MustNewPathname("/x"), func(http.ResponseWriter, *http.Request) {})
	onlyRoute := testing.AllocsPerRun(50, func() { inner.ServeHTTP(rec, httpurl.WithURL(req, mustFromRequest(t, req))) })
	all := testing.AllocsPerRun(50, func() { inner.ServeHTTP(rec, req) })
	if all > onlyRoute {
		t.Errorf("Mux: %v allocations a request, routing a request with its URL built: %v (building it: %v)", all, onlyRoute, build)
	}
}

func mustFromRequest(t *testing.T, r *http.Request) span.URL {
	u, err := httpurl.FromRequest(r, httpurl.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// TestMuxMethods: HandleMethod's patterns serve their method, GET's also
// HEAD; a URL that only other methods' patterns match gets 405 with
// Allow; of equally specific patterns the method's own wins.
func TestMuxMethods(t *testing.T) {
	var mux Mux
	reply := func(s string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, s) }
	}
	mux.HandleMethod("GET", MustNewPathname("/books/:id"), reply("get book"))
	mux.HandleMethod("PUT", MustNewPathname("/books/:id"), reply("put book"))
	mux.HandleMethod("DELETE", MustNewPathname("/books/:id"), reply("delete book"))
	mux.Handle(MustNewPathname("/books/:id"), reply("any book"))
	mux.HandleMethodFunc("POST", MustNewPathname("/orders"), reply("post order"))
	mux.HandleMethodFunc("GET", MustNewPathname("/orders/*"), reply("get orders"))
	mux.Handle(MustNewPathname("/orders/special"), reply("any special")) // more specific than GET's
	mux.HandleMethod("HEAD", MustNewPathname("/head/:x"), reply("head"))
	mux.HandleMethod("GET", MustNewPathname("/head/:x"), reply("get"))
	for _, tc := range []struct {
		method, target string
		code           int
		body, allow    string
	}{
		{"GET", "/books/1", 200, "get book", ""},
		{"HEAD", "/books/1", 200, "get book", ""}, // the recorder keeps a HEAD's body
		{"PUT", "/books/1", 200, "put book", ""},
		{"PATCH", "/books/1", 200, "any book", ""},
		{"POST", "/orders", 200, "post order", ""},
		{"GET", "/orders", 405, "urlpattern: no pattern matching the URL is registered for the method: GET (Allow: POST)\n", "POST"},
		{"DELETE", "/orders/7", 405, "urlpattern: no pattern matching the URL is registered for the method: DELETE (Allow: GET, HEAD)\n", "GET, HEAD"},
		{"GET", "/orders/7", 200, "get orders", ""},
		{"POST", "/orders/special", 200, "any special", ""},
		{"GET", "/orders/special", 200, "any special", ""},
		{"HEAD", "/head/1", 200, "head", ""}, // HEAD's own over GET's
		{"POST", "/head/1", 405, "urlpattern: no pattern matching the URL is registered for the method: POST (Allow: GET, HEAD)\n", "GET, HEAD"},
		{"GET", "/nothing", 404, "404 page not found\n", ""},
	} {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest(tc.method, tc.target, nil))
		if rec.Code != tc.code || rec.Body.String() != tc.body || rec.Header().Get("Allow") != tc.allow {
			t.Errorf("%s %s: %d %q Allow %q, want %d %q Allow %q", tc.method, tc.target, rec.Code, rec.Body.String(), rec.Header().Get("Allow"), tc.code, tc.body, tc.allow)
		}
	}
}

func TestMuxHandleMethodPanics(t *testing.T) {
	for _, method := range []string{"", "GET /x", "G\x00T", "CONNECT", "é"} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("HandleMethod(%q) did not panic", method)
				}
			}()
			new(Mux).HandleMethod(method, MustNewPathname("/"), http.NotFoundHandler())
		}()
	}
}

// TestMuxRefused: every refusal reaches Refused with its code and an
// error that errors.Is matches.
func TestMuxRefused(t *testing.T) {
	type refusal struct {
		code int
		err  error
	}
	var got refusal
	mux := Mux{Refused: func(w http.ResponseWriter, r *http.Request, code int, err error) {
		got = refusal{code, err}
		w.WriteHeader(code)
	}}
	mux.HandleMethod("GET", MustNewPathname("/*"), http.NotFoundHandler())
	for _, tc := range []struct {
		method, target string
		code           int
		sentinel       error
	}{
		{"CONNECT", "127.0.0.1:22", 405, httpurl.ErrConnect},
		{"OPTIONS", "*", 400, httpurl.ErrAsteriskForm},
		{"POST", "/x", 405, ErrMethodNotAllowed},
		{"GET", "/a%2Fb", 400, httpurl.ErrEncodedSeparator},
		{"GET", "/a%2Fb", 400, httpurl.ErrPolicy},
	} {
		got = refusal{}
		req := httptest.NewRequest(tc.method, "/", nil)
		req.RequestURI = tc.target
		mux.ServeHTTP(httptest.NewRecorder(), req)
		if got.code != tc.code || !errors.Is(got.err, tc.sentinel) {
			t.Errorf("%s %s: Refused(%d, %v), want %d and an error matching %v", tc.method, tc.target, got.code, got.err, tc.code, tc.sentinel)
		}
	}
}
