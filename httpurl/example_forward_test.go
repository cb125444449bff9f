package httpurl_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/spanurl/spanurl/httpurl"
	"github.com/spanurl/spanurl/span"
)

func ExampleSetURL() {
	u := span.MustParse("https://shop.example/static/..%2fapi|x?q=1")
	out, _ := http.NewRequest("GET", "http://10.0.0.7:8080/", nil) // the backend
	httpurl.SetURL(out, u)
	fmt.Println(out.URL.RequestURI(), out.Host) // the target net/http writes, byte for byte
	// Output: /static/..%2fapi|x?q=1 shop.example
}

func ExampleWithURL() {
	r := httptest.NewRequest("GET", "/a/%2e%2e/files/x%20y?v=2", nil)
	u, err := httpurl.FromRequest(r, httpurl.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	r2 := httpurl.WithURL(r, u)
	fmt.Println(r2.URL.Path, r2.URL.RawQuery, r2.RequestURI)
	// Output: /files/x y v=2 /files/x%20y?v=2
}

func ExampleURLFromContext() {
	h := httpurl.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u, ok := httpurl.URLFromContext(r.Context())
		fmt.Println(u.Href(), ok)
	}), httpurl.Options{})
	r := httptest.NewRequest("GET", "/docs/./index.html", nil)
	h.ServeHTTP(httptest.NewRecorder(), r)
	// Output: http://example.com/docs/index.html true
}
