package urlpattern_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"

	"github.com/spanurl/spanurl/httpurl"
	"github.com/spanurl/spanurl/urlpattern"
)

// A reverse proxy in one piece: Mux builds each request's URL once,
// routes on its host, path and method, and the proxy forwards that same
// URL with httpurl.SetURL. What Mux refuses, it refuses with the reason.
func ExampleMux() {
	backend := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "backend got %s %s for %s", r.Method, r.RequestURI, r.Host)
	}))
	defer backend.Close()
	to, _ := url.Parse(backend.URL)
	proxy := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			u, _ := httpurl.URLFromContext(pr.In.Context()) // the URL Mux routed on
			pr.Out.URL.Scheme, pr.Out.URL.Host = to.Scheme, to.Host
			httpurl.SetURL(pr.Out, u)
		},
	}

	var mux urlpattern.Mux
	// The API on api.example only (any scheme and port): a pattern
	// without a hostname would serve every host.
	api, _ := urlpattern.NewFromInit(urlpattern.Init{
		Hostname: urlpattern.String("api.example"),
		Pathname: urlpattern.String("/books/:id"),
	}, urlpattern.Options{})
	mux.HandleMethod("GET", api, proxy)
	mux.HandleMethodFunc("POST", urlpattern.MustNewPathname("/echo/:word"), func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "echo %s", r.PathValue("word"))
	})

	for _, req := range []struct{ method, host, target string }{
		{"GET", "api.example", "/books/1"},
		{"GET", "api.example", "/static/%2e%2e/books/2?x=1"}, // forwarded as /books/2?x=1
		{"POST", "www.example", "/echo/hi"},
		{"GET", "www.example", "/books/1"},                     // another host: no pattern
		{"DELETE", "api.example", "/books/1"},                  // another method
		{"GET", "api.example", "/books/1%2F..%2Fadmin"},        // an encoded "/": refused by the policy
		{"CONNECT", "127.0.0.1:22", "127.0.0.1:22"},            // no URL to route
		{"GET", "evil.example", "http://evil.example/books/1"}, // absolute-form: its host wins, as net/http sets it
	} {
		r := httptest.NewRequest(req.method, "/", nil)
		r.RequestURI, r.Host = req.target, req.host
		w := httptest.NewRecorder()
		mux.ServeHTTP(w, r)
		fmt.Println(w.Code, w.Header().Get("Allow"), strings.TrimSpace(w.Body.String()))
	}
	// Output:
	// 200  backend got GET /books/1 for api.example
	// 200  backend got GET /books/2?x=1 for api.example
	// 200  echo hi
	// 404  404 page not found
	// 405 GET, HEAD urlpattern: no pattern matching the URL is registered for the method: DELETE (Allow: GET, HEAD)
	// 400  httpurl: encoded separator in the path: target "/books/1%2F..%2Fadmin": %2F at offset 8
	// 405  urlpattern: CONNECT request: an authority-form target names no URL to route (Mux.HandleConnect registers a handler for CONNECT)
	// 404  404 page not found
}
