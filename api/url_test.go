package api

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

func TestNewURL(t *testing.T) {
	tests := []struct {
		input string
		base  []string
		href  string // "" for failure
	}{
		{"https://example.org/💩", nil, "https://example.org/%F0%9F%92%A9"},
		{"/🍣🍺", nil, ""},
		{"/🍣🍺", []string{"https://url.spec.whatwg.org/"}, "https://url.spec.whatwg.org/%F0%9F%8D%A3%F0%9F%8D%BA"},
		{"🏳️‍🌈", []string{"https://pride.example/hello-world"}, "https://pride.example/%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88"},
		{"a", []string{"not a base"}, ""},
		{"https://x/", []string{"not a base"}, ""}, // a failing base fails even for an absolute input
		{"?q", []string{"sc:opaque"}, ""},
		{"#f", []string{"sc:opaque"}, "sc:opaque#f"},
		{"x", []string{"http://a/", "http://b/"}, ""},
	}
	for _, tc := range tests {
		u, err := NewURL(tc.input, tc.base...)
		p := ParseURL(tc.input, tc.base...)
		can := CanParse(tc.input, tc.base...)
		if tc.href == "" {
			if err == nil || p != nil || can {
				t.Errorf("NewURL(%q, %q) = %v, %v; ParseURL %v; CanParse %v: want failure", tc.input, tc.base, u, err, p, can)
			}
			continue
		}
		if err != nil || p == nil || !can {
			t.Errorf("NewURL(%q, %q): %v; ParseURL %v; CanParse %v", tc.input, tc.base, err, p, can)
			continue
		}
		if u.Href() != tc.href || p.Href() != tc.href || u.String() != tc.href || u.ToJSON() != tc.href {
			t.Errorf("NewURL(%q, %q) = %q, ParseURL %q, want %q", tc.input, tc.base, u.Href(), p.Href(), tc.href)
		}
	}
}

func TestNewURLErrors(t *testing.T) {
	_, err := NewURL("a", "not a base")
	if !errors.Is(err, ErrInvalidBase) || !errors.Is(err, record.MissingSchemeNonRelativeURL) {
		t.Errorf("bad base: %v", err)
	}
	var pe *span.ParseError
	if !errors.As(err, &pe) {
		t.Errorf("bad base: %T is not a *span.ParseError", err)
	}
	_, err = NewURL("http://[::1")
	if errors.Is(err, ErrInvalidBase) || !errors.Is(err, record.IPv6Unclosed) || !errors.As(err, &pe) {
		t.Errorf("bad input: %v", err)
	}
	if _, err = NewURL("a", "http://a/", "http://b/"); !errors.Is(err, ErrTooManyBases) {
		t.Errorf("two bases: %v", err)
	}
}

func TestGetters(t *testing.T) {
	u, err := NewURL("https://user:pass@EXAMPLE.com:8080/a/./b?q=1#frag")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"href":     "https://user:pass@example.com:8080/a/b?q=1#frag",
		"origin":   "https://example.com:8080",
		"protocol": "https:",
		"username": "user",
		"password": "pass",
		"host":     "example.com:8080",
		"hostname": "example.com",
		"port":     "8080",
		"pathname": "/a/b",
		"search":   "?q=1",
		"hash":     "#frag",
	}
	for name, w := range want {
		if got := getters[name](u); got != w {
			t.Errorf("%s = %q, want %q", name, got, w)
		}
	}
	for _, tc := range []struct{ href, origin string }{
		{"http://example.com:80/", "http://example.com"},
		{"ftp://u@[::1]:2121/", "ftp://[::1]:2121"},
		{"blob:https://whatwg.org/d0360e2f", "https://whatwg.org"},
		{"blob:file:///x", "null"},
		{"blob:ftp://x/", "null"},
		{"file:///x", "null"},
		{"data:,x", "null"},
	} {
		if got := ParseURL(tc.href).Origin(); got != tc.origin {
			t.Errorf("origin of %q = %q, want %q", tc.href, got, tc.origin)
		}
	}
}

// TestGettersDoNotAllocate: every getter is a substring of the href.
func TestGettersDoNotAllocate(t *testing.T) {
	for _, href := range []string{
		"https://user:pass@example.com:8080/a/b?q=1#frag",
		"https://example.com/",
		"sc:opaque?q#f",
		"file:///C:/x",
	} {
		u, err := NewURL(href)
		if err != nil {
			t.Fatal(err)
		}
		u.SearchParams() // made once; later calls return it
		var sink string
		allocs := testing.AllocsPerRun(100, func() {
			sink = u.Href()
			sink = u.String()
			sink = u.ToJSON()
			sink = u.Protocol()
			sink = u.Username()
			sink = u.Password()
			sink = u.Host()
			sink = u.Hostname()
			sink = u.Port()
			sink = u.Pathname()
			sink = u.Search()
			sink = u.Hash()
			_ = u.SearchParams()
			_ = u.Span()
		})
		_ = sink
		if allocs != 0 {
			t.Errorf("%q: getters allocate %v times", href, allocs)
		}
	}
	// The origin getter is a substring too for a tuple origin without
	// credentials, and a constant for an opaque origin.
	for _, href := range []string{"https://example.com:8080/a?b", "wss://127.0.0.1/", "data:,x", "sc://h/"} {
		u, _ := NewURL(href)
		if allocs := testing.AllocsPerRun(100, func() { _ = u.Origin() }); allocs != 0 {
			t.Errorf("%q: Origin allocates %v times", href, allocs)
		}
	}
}

func TestEqual(t *testing.T) {
	a, _ := NewURL("https://example.com/a#x")
	b, _ := NewURL("HTTPS://EXAMPLE.COM/a#y")
	if a.Equal(b, false) || !a.Equal(b, true) {
		t.Error("Equal with and without fragments")
	}
	b.SetHash("x")
	if !a.Equal(b, false) {
		t.Error("Equal after SetHash")
	}
	if a.Equal(nil, true) {
		t.Error("Equal(nil)")
	}
}

func TestJSON(t *testing.T) {
	u, _ := NewURL("https://example.com/?a=1&b=<2>")
	data, err := json.Marshal(struct{ U *URL }{u})
	if err != nil {
		t.Fatal(err)
	}
	var back struct{ U *URL }
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if back.U.Href() != u.Href() {
		t.Errorf("round trip %s: %q, want %q", data, back.U.Href(), u.Href())
	}
	if err := json.Unmarshal([]byte(`{"U":"relative"}`), &back); err == nil {
		t.Error("unmarshaling a relative URL succeeded")
	}
}

func TestFromSpan(t *testing.T) {
	v, _ := span.Parse("https://example.com/a?b=c")
	u := FromSpan(v)
	if u.Span() != v {
		t.Error("Span() != the span.URL given")
	}
	if got, _ := u.SearchParams().Get("b"); got != "c" {
		t.Errorf("SearchParams of FromSpan: %q", got)
	}
	u.SetPathname("/x")
	if v.Href() != "https://example.com/a?b=c" || u.Href() != "https://example.com/x?b=c" {
		t.Errorf("setter on FromSpan: %q, original %q", u.Href(), v.Href())
	}
}
