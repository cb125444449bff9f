package api

import (
	"testing"

	"github.com/spanurl/spanurl/span"
)

func mustOrigin(t *testing.T, href string) Origin {
	t.Helper()
	v, err := span.Parse(href)
	if err != nil {
		t.Fatal(err)
	}
	return OriginOf(v)
}

func TestOriginOf(t *testing.T) {
	tests := []struct {
		href, serialized string
		opaque           bool
		scheme, host     string
		port             int // -1 for null
	}{
		{"https://example.com/a", "https://example.com", false, "https", "example.com", -1},
		{"https://user:pw@example.com:443/", "https://example.com", false, "https", "example.com", -1},
		{"http://example.com:8080/", "http://example.com:8080", false, "http", "example.com", 8080},
		{"ws://127.0.0.1/", "ws://127.0.0.1", false, "ws", "127.0.0.1", -1},
		{"wss://[::1]:1/", "wss://[::1]:1", false, "wss", "[::1]", 1},
		{"ftp://example.com:21/", "ftp://example.com", false, "ftp", "example.com", -1},
		{"blob:https://whatwg.org/d0360e2f-caee-469f-9a2f-87d5b0456f6f", "https://whatwg.org", false, "https", "whatwg.org", -1},
		{"blob:http://example.com:81/x", "http://example.com:81", false, "http", "example.com", 81},
		{"blob:file:///x", "null", true, "", "", -1},
		{"blob:ws://example.com/", "null", true, "", "", -1},
		{"blob:not a url", "null", true, "", "", -1},
		{"blob:blob:https://example.com/", "null", true, "", "", -1},
		{"file:///etc/hosts", "null", true, "", "", -1},
		{"data:text/plain,x", "null", true, "", "", -1},
		{"sc://example.com/", "null", true, "", "", -1},
	}
	for _, tc := range tests {
		o := mustOrigin(t, tc.href)
		port, hasPort := o.Port()
		gotPort := -1
		if hasPort {
			gotPort = int(port)
		}
		if o.String() != tc.serialized || o.IsOpaque() != tc.opaque || o.Scheme() != tc.scheme ||
			o.Host() != tc.host || gotPort != tc.port || o.IsZero() {
			t.Errorf("OriginOf(%q) = %q opaque=%v (%q, %q, %d), want %q opaque=%v (%q, %q, %d)",
				tc.href, o, o.IsOpaque(), o.Scheme(), o.Host(), gotPort,
				tc.serialized, tc.opaque, tc.scheme, tc.host, tc.port)
		}
		if u := ParseURL(tc.href); u.Origin() != tc.serialized || u.OriginValue().String() != tc.serialized {
			t.Errorf("URL(%q).Origin() = %q", tc.href, u.Origin())
		}
	}
}

func TestSameOrigin(t *testing.T) {
	a := mustOrigin(t, "https://example.com/a")
	b := mustOrigin(t, "HTTPS://user@EXAMPLE.com:443/b")
	c := mustOrigin(t, "https://example.com:8443/")
	d := mustOrigin(t, "http://example.com/")
	if !a.SameOrigin(b) || a != b {
		t.Error("equal tuples are not same origin")
	}
	if a.SameOrigin(c) || a.SameOrigin(d) {
		t.Error("different port or scheme is same origin")
	}
	// Each new opaque origin is only same origin with itself.
	x := mustOrigin(t, "data:,x")
	y := mustOrigin(t, "data:,x")
	if x.SameOrigin(y) || x == y {
		t.Error("two opaque origins are same origin")
	}
	if z := x; !x.SameOrigin(z) || !x.SameOrigin(x) {
		t.Error("an opaque origin is not same origin with itself")
	}
	if x.SameOrigin(a) || a.SameOrigin(x) {
		t.Error("an opaque origin is same origin with a tuple")
	}
	n := NewOpaqueOrigin()
	if n.String() != "null" || !n.IsOpaque() || n.SameOrigin(NewOpaqueOrigin()) {
		t.Error("NewOpaqueOrigin")
	}
	var zero Origin
	if !zero.IsZero() || zero.String() != "" || zero.SameOrigin(zero) || zero.SameOrigin(a) || a.SameOrigin(zero) {
		t.Error("the zero Origin")
	}
	if zero.SameSite(zero) || zero.SchemelesslySameSite(zero) {
		t.Error("the zero Origin is same site")
	}
}

func TestSameSite(t *testing.T) {
	tests := []struct {
		a, b                   string
		sameSite, schemelessly bool
	}{
		{"https://example.com/", "https://example.com/", true, true},
		{"https://a.example.com/", "https://b.example.com:8443/", true, true},
		{"https://example.com/", "http://example.com/", false, true},
		{"https://www.example.co.uk/", "https://example.co.uk/", true, true},
		{"https://a.co.uk/", "https://b.co.uk/", false, false},
		{"https://example.com/", "https://example.org/", false, false},
		{"https://127.0.0.1/", "https://127.0.0.1:8080/", true, true},
		{"https://127.0.0.1/", "http://127.0.0.1/", false, true},
		{"https://[::1]/", "https://[::1]/", true, true},
		{"https://com/", "https://com/", true, true},     // a public suffix has no registrable domain
		{"https://a.com/", "https://com/", false, false}, // registrable domain vs null
		{"https://localhost/", "https://x.localhost/", false, false},
		{"blob:https://example.com/x", "https://sub.example.com/", true, true},
	}
	for _, tc := range tests {
		a, b := mustOrigin(t, tc.a), mustOrigin(t, tc.b)
		if got := a.SameSite(b); got != tc.sameSite {
			t.Errorf("SameSite(%q, %q) = %v", tc.a, tc.b, got)
		}
		if got := b.SameSite(a); got != tc.sameSite {
			t.Errorf("SameSite(%q, %q) = %v", tc.b, tc.a, got)
		}
		if got := a.SchemelesslySameSite(b); got != tc.schemelessly {
			t.Errorf("SchemelesslySameSite(%q, %q) = %v", tc.a, tc.b, got)
		}
		if got := b.SchemelesslySameSite(a); got != tc.schemelessly {
			t.Errorf("SchemelesslySameSite(%q, %q) = %v", tc.b, tc.a, got)
		}
	}
	x := mustOrigin(t, "data:,x")
	if !x.SameSite(x) || !x.SchemelesslySameSite(x) {
		t.Error("an opaque origin is not same site with itself")
	}
	if x.SameSite(mustOrigin(t, "data:,x")) || x.SameSite(mustOrigin(t, "https://example.com/")) {
		t.Error("an opaque origin is same site with another origin")
	}
}

// TestOriginOfDoesNotAllocate: a tuple origin's strings are substrings of
// the href.
func TestOriginOfDoesNotAllocate(t *testing.T) {
	v, _ := span.Parse("https://user:pw@example.com:8080/a")
	if allocs := testing.AllocsPerRun(100, func() { _ = OriginOf(v) }); allocs != 0 {
		t.Errorf("OriginOf allocates %v times", allocs)
	}
	w, _ := span.Parse("data:,x")
	if allocs := testing.AllocsPerRun(100, func() { _ = OriginOf(w) }); allocs != 0 {
		t.Errorf("OriginOf (opaque) allocates %v times", allocs)
	}
}
