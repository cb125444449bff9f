package span_test

import (
	"testing"

	"github.com/spanurl/spanurl/span"
)

// TestOriginURL: which URL a tuple origin comes from, and its
// serialization, for every kind of scheme the algorithm names.
func TestOriginURL(t *testing.T) {
	for _, tc := range []struct{ in, url, origin string }{
		{"https://user:pw@example.com:8080/a?q#f", "https://user:pw@example.com:8080/a?q#f", "https://example.com:8080"},
		{"ws://[::1]/", "ws://[::1]/", "ws://[::1]"},
		{"ftp://0x7f.1:21/", "ftp://127.0.0.1/", "ftp://127.0.0.1"},
		{"blob:https://example.com:443/uuid", "https://example.com/uuid", "https://example.com"},
		{"blob:http://u:p@h:81/", "http://u:p@h:81/", "http://h:81"},
		{"blob:file:///x", "", "null"},
		{"blob:ws://h/", "", "null"},
		{"blob:not a url", "", "null"},
		{"file:///C:/x", "", "null"},
		{"data:,x", "", "null"},
		{"sc://h/", "", "null"},
	} {
		u, err := span.Parse(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		o, ok := u.OriginURL()
		if ok != (tc.url != "") || o.Href() != tc.url {
			t.Errorf("OriginURL(%q) = %q, %v; want %q", tc.in, o.Href(), ok, tc.url)
		}
		if got := u.Origin(); got != tc.origin {
			t.Errorf("Origin(%q) = %q, want %q", tc.in, got, tc.origin)
		}
	}
	if got := (span.URL{}).Origin(); got != "null" {
		t.Errorf("zero URL's Origin = %q", got)
	}
}

// TestOriginDoesNotAllocate: without credentials the serialization is a
// substring of the href.
func TestOriginDoesNotAllocate(t *testing.T) {
	for _, in := range []string{"https://example.com:8080/a?b", "wss://127.0.0.1/", "data:,x"} {
		u, _ := span.Parse(in)
		if n := testing.AllocsPerRun(100, func() { _ = u.Origin() }); n != 0 {
			t.Errorf("Origin(%q) allocates %v times", in, n)
		}
	}
}
