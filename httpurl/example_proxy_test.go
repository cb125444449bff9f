package httpurl_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"

	"github.com/spanurl/spanurl/httpurl"
)

// A reverse proxy that routes on the hostname and the normalized pathname:
// requests for shop.example under /api/ go to the API backend, everything
// else to the static backend. It parses each request once, as a browser
// would have built its URL, routes on that URL, and forwards that same URL
// with SetURL, so a traversal spelled any way the standard resolves
// reaches the backend it was routed to, as the path it was routed on.
// FromRequest's default policy refuses encoded separators ("%2F"), which
// a Go backend would decode before routing, and decodes encoded
// unreserved bytes ("%61" is "a") and a trailing dot of the host, so
// that the proxy and its backends read one spelling.
func Example_reverseProxy() {
	backend := func(name string) (*httptest.Server, *url.URL) {
		s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprintf(w, "%s backend got %s", name, r.RequestURI)
		}))
		u, _ := url.Parse(s.URL)
		return s, u
	}
	apiServer, apiBackend := backend("api")
	defer apiServer.Close()
	staticServer, staticBackend := backend("static")
	defer staticServer.Close()

	proxy := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			u, _ := httpurl.URLFromContext(pr.In.Context()) // the URL Handler built
			to := staticBackend
			if u.Hostname() == "shop.example" && strings.HasPrefix(u.Pathname(), "/api/") {
				to = apiBackend
			}
			// Forward the URL routed on, byte for byte, not the raw target.
			pr.Out.URL.Scheme, pr.Out.URL.Host = to.Scheme, to.Host
			httpurl.SetURL(pr.Out, u)
		},
	}
	// Handler builds each request's URL with FromRequest (400 when the
	// policy refuses it) and hands it to the proxy.
	front := httptest.NewServer(httpurl.Handler(proxy, httpurl.Options{}))
	defer front.Close()
	frontURL, _ := url.Parse(front.URL)

	for _, req := range []struct{ host, target string }{
		{"shop.example", "/api/orders?id=7"},
		{"shop.example", "/static/logo.png"},
		{"shop.example", "/static/%2e%2e/api/secret"},    // the API backend, as /api/secret
		{"shop.example", `/static\..\API\..\api\secret`}, // "\" is "/" in http URLs
		{"shop.example", "/static/..%2fapi/secret"},      // an encoded separator: refused
		{"shop.example", "/public/..%2fadmin%2fx|"},
		{"shop.example", "/public/..%2f..%2f..%2fetc%2fpasswd|"},
		{"shop.example", "/static/../%61pi/secret"},   // unreserved bytes are decoded for routing
		{"shop.example.", "/api/orders"},              // one trailing dot is removed
		{"shop.example", "/public/..%2fadmin%2fx%zz"}, // net/http refuses a stray "%"
		{"shop.example", "http://shop.example/static/../api/x"},
		{"blog.example", "/api/orders"},
		{"[::1]junk", "/api/orders"},
	} {
		// Opaque sends the target exactly as written.
		r, _ := http.NewRequest("GET", front.URL, nil)
		r.URL = &url.URL{Scheme: "http", Host: frontURL.Host, Opaque: req.target}
		r.Host = req.host
		resp, err := front.Client().Do(r) // loopback only, never a proxy
		if err != nil {
			fmt.Println(err)
			continue
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		fmt.Printf("%s %s\n  -> %d %s\n", req.host, req.target, resp.StatusCode, strings.TrimSpace(string(body)))
	}
	// Output:
	// shop.example /api/orders?id=7
	//   -> 200 api backend got /api/orders?id=7
	// shop.example /static/logo.png
	//   -> 200 static backend got /static/logo.png
	// shop.example /static/%2e%2e/api/secret
	//   -> 200 api backend got /api/secret
	// shop.example /static\..\API\..\api\secret
	//   -> 200 api backend got /api/secret
	// shop.example /static/..%2fapi/secret
	//   -> 400 httpurl: encoded separator in the path: target "/static/..%2fapi/secret": %2f at offset 10
	// shop.example /public/..%2fadmin%2fx|
	//   -> 400 httpurl: encoded separator in the path: target "/public/..%2fadmin%2fx|": %2f at offset 10
	// shop.example /public/..%2f..%2f..%2fetc%2fpasswd|
	//   -> 400 httpurl: encoded separator in the path: target "/public/..%2f..%2f..%2fetc%2fpasswd|": %2f at offset 10
	// shop.example /static/../%61pi/secret
	//   -> 200 api backend got /api/secret
	// shop.example. /api/orders
	//   -> 200 api backend got /api/orders
	// shop.example /public/..%2fadmin%2fx%zz
	//   -> 400 400 Bad Request
	// shop.example http://shop.example/static/../api/x
	//   -> 200 api backend got /api/x
	// blog.example /api/orders
	//   -> 200 static backend got /api/orders
	// [::1]junk /api/orders
	//   -> 400 httpurl: invalid host: host "[::1]junk": malformed IPv6 literal (text after ']') at offset 5
}
