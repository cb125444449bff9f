package urlpattern

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
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
