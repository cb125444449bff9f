package api

import (
	"errors"
	"testing"

	"github.com/spanurl/spanurl/internal/testvectors"
	"github.com/spanurl/spanurl/span"
)

func TestParseOrigin(t *testing.T) {
	for _, c := range []struct {
		in, want string // want "" for an error
	}{
		{"https://example.com", "https://example.com"},
		{"https://example.com:8443", "https://example.com:8443"},
		{"http://[::1]:8080", "http://[::1]:8080"},
		{"http://127.0.0.1", "http://127.0.0.1"},
		{"wss://chat.example", "wss://chat.example"},
		{"HTTPS://Example.COM:443", "https://example.com"},
		{"https://example.com/", ""}, // an origin has no path
		{"https://münchen.de", "https://xn--mnchen-3ya.de"},
		{"null", "null"},
		{"", ""},
		{"https://", ""},
		{"https://example.com/x", ""},
		{"https://example.com?q", ""},
		{"https://example.com#f", ""},
		{"https://user@example.com", ""},
		{"file:///x", ""},
		{"blob:https://example.com/uuid", ""},
		{"foo://example.com", ""},
		{"https://exa mple.com", ""},
		{"Null", ""},
	} {
		o, err := ParseOrigin(c.in)
		if c.want == "" {
			if !errors.Is(err, ErrInvalidOrigin) {
				t.Errorf("%q: %v, %v; want ErrInvalidOrigin", c.in, o, err)
			}
			continue
		}
		if err != nil || o.String() != c.want {
			t.Errorf("%q: %q, %v; want %q", c.in, o.String(), err, c.want)
		}
	}
	null, _ := ParseOrigin("null")
	if null.SameOrigin(null) != true || null.SameOrigin(NewOpaqueOrigin()) {
		t.Error("an opaque origin is same origin with itself only")
	}
	u := span.MustParse("https://example.com/api/x?y")
	for in, same := range map[string]bool{
		"https://example.com":      true,
		"https://example.com:443":  true,
		"http://example.com":       false,
		"https://example.com:8443": false,
		"https://evil.example":     false,
		"null":                     false,
	} {
		o, err := ParseOrigin(in)
		if err != nil || o.SameOrigin(OriginOf(u)) != same {
			t.Errorf("%q same origin as %s: %v, %v; want %v", in, u, o.SameOrigin(OriginOf(u)), err, same)
		}
	}
}

// TestParseOriginAllocs: a header as browsers send it, and the check
// against a URL's origin, allocate nothing.
func TestParseOriginAllocs(t *testing.T) {
	if testvectors.RaceEnabled {
		t.Skip("under -race sync.Pool drops a quarter of what it is given")
	}
	if poisonBuild {
		t.Skip("the spanurl_poison build lets go of the Parser's memory on every call")
	}
	u := span.MustParse("https://example.com/api/x?y")
	ParseOrigin("https://example.com") // fill the pool
	allocs := testing.AllocsPerRun(100, func() {
		o, err := ParseOrigin("https://example.com")
		if err != nil || !o.SameOrigin(OriginOf(u)) {
			t.Fatal("not same origin")
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations", allocs)
	}
}
