package span_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

func TestParserParseRequestTarget(t *testing.T) {
	for _, tc := range []struct {
		target, host, scheme string
		want                 string // "" when refused
		kind                 error
	}{
		{"/a?b", "example.com", "https", "https://example.com/a?b", nil},
		{"//a//b", "example.com", "http", "http://example.com//a//b", nil},
		{"//evil.example/x", "example.com", "http", "http://example.com//evil.example/x", nil},
		{"/\\evil.example/x", "example.com", "http", "http://example.com//evil.example/x", nil},
		{"/a/..%2f..%2fb", "example.com", "http", "http://example.com/a/..%2f..%2fb", nil},
		{"/a/%2e%2E/b", "EXAMPLE.com:80", "HTTP", "http://example.com/b", nil},
		{"/é", "example.com", "http", "http://example.com/%C3%A9", nil},
		{"/a\xff\xfe?q=\xc0\xae", "example.com", "http", "http://example.com/a%FF%FE?q=%C0%AE", nil},
		{"/\xe2\x82/\xed\xa0\x80\xc3\xa9\xf4\x90\x80\x80", "example.com", "http", "http://example.com/%E2%82/%ED%A0%80%C3%A9%F4%90%80%80", nil},
		{"/\xc0\xae\xc0\xae/x", "example.com", "http", "http://example.com/%C0%AE%C0%AE/x", nil},
		{"http://h.example/p?q", "", "", "http://h.example/p?q", nil},
		{"HTTPS://H.example:443/p", "h.example", "http", "https://h.example/p", nil},
		{"http://h.example/\xff", "", "", "http://h.example/%FF", nil},
		{"http://h.example/p", "other.example", "http", "http://h.example/p", nil},
		{"*", "example.com", "http", "", span.ErrAsteriskForm},
		{"", "example.com", "http", "", span.ErrInvalidTarget},
		{"example.com:443", "example.com", "http", "", span.ErrInvalidTarget},
		{"/a b", "example.com", "http", "", span.ErrInvalidTarget},
		{"/a#b", "example.com", "http", "", span.ErrInvalidTarget},
		{"/a\nb", "example.com", "http", "", span.ErrControlCharacter},
		{"/a\nb", "example.com", "http", "", span.ErrInvalidTarget},
		{"/a", "exa\tmple.com", "http", "", span.ErrControlCharacter},
		{"/a", "exa\tmple.com", "http", "", span.ErrInvalidHost},
		{"/a", "user@example.com", "http", "", span.ErrInvalidHost},
		{"/a", "[::1]x", "http", "", span.ErrInvalidHost},
		{"/a", "", "http", "", span.ErrInvalidHost},
		{"/a", "example.com", "ftp", "", span.ErrInvalidScheme},
		{"http://u@h.example/", "", "", "", span.ErrInvalidHost},
		{"http://h.example/p", "bad host", "http", "", span.ErrInvalidHost},
		{"/a", "exa mple%.com", "http", "", span.ErrInvalidHost},
		{"/a", "\xff.example", "http", "", record.DomainToASCII},
		{"http://h.example:99999/", "", "", "", record.PortOutOfRange},
	} {
		var p span.Parser
		u, err := p.ParseRequestTarget([]byte(tc.target), tc.host, tc.scheme)
		switch {
		case tc.want != "" && (err != nil || u.Href() != tc.want):
			t.Errorf("ParseRequestTarget(%q, %q, %q) = %q, %v; want %q", tc.target, tc.host, tc.scheme, u.Href(), err, tc.want)
		case tc.want == "" && !errors.Is(err, tc.kind):
			t.Errorf("ParseRequestTarget(%q, %q, %q) = %q, %v; want %v", tc.target, tc.host, tc.scheme, u.Href(), err, tc.kind)
		case tc.want == "" && errors.As(err, new(*span.ParseError)) == false:
			t.Errorf("ParseRequestTarget(%q, %q, %q): %T is not a *ParseError", tc.target, tc.host, tc.scheme, err)
		}
	}
}

// TestParseRequestTargetIgnoresEncoding: the Parser's document encoding
// plays no part in a request target's query.
func TestParseRequestTargetIgnoresEncoding(t *testing.T) {
	enc, err := span.LookupEncoding("windows-1252")
	if err != nil {
		t.Fatal(err)
	}
	p := span.Parser{Encoding: enc}
	u, err := p.ParseRequestTarget([]byte("/?q=\xc3\xa9\xff"), "example.com", "http")
	if want := "http://example.com/?q=%C3%A9%FF"; err != nil || u.Href() != want {
		t.Errorf("ParseRequestTarget = %q, %v; want %q", u.Href(), err, want)
	}
	if p.Encoding != enc {
		t.Errorf("the Parser's Encoding changed")
	}
	u, _ = p.Parse([]byte("http://example.com/?q=\xc3\xa9"))
	if want := "http://example.com/?q=%E9"; u.Href() != want {
		t.Errorf("Parse after ParseRequestTarget = %q, want %q", u.Href(), want)
	}
}

func TestParserParseConnectAndHost(t *testing.T) {
	var p span.Parser
	for _, tc := range []struct{ target, want string }{
		{"example.org:443", "https://example.org/"},
		{"Example.org:8443", "https://example.org:8443/"},
		{"[::1]:443", "https://[::1]/"},
		{"example.org", ""},
		{"example.org:", ""},
		{"/x", ""},
		{"u@h:443", ""},
		{"h:443/x", ""},
	} {
		u, err := p.ParseConnectTarget([]byte(tc.target))
		if got := u.Href(); got != tc.want || (err == nil) != (tc.want != "") {
			t.Errorf("ParseConnectTarget(%q) = %q, %v; want %q", tc.target, got, err, tc.want)
		}
	}
	u, err := p.ParseHost("EXAMPLE.com:80", "http")
	if err != nil || u.Href() != "http://example.com/" {
		t.Errorf("ParseHost = %q, %v", u.Href(), err)
	}
	if _, err := p.ParseHost("a/b", "http"); !errors.Is(err, span.ErrInvalidHost) {
		t.Errorf("ParseHost(a/b): %v, want ErrInvalidHost", err)
	}
}

// TestParseRequestTargetErrorMasked: a refused Host's password is not in
// the error.
func TestParseRequestTargetErrorMasked(t *testing.T) {
	var p span.Parser
	_, err := p.ParseRequestTarget([]byte("/x"), "user:secret@example.com", "http")
	var pe *span.ParseError
	if !errors.As(err, &pe) || pe.Offset != 11 {
		t.Fatalf("err = %v, want a *ParseError at offset 11", err)
	}
	if s := err.Error(); strings.Contains(s, "secret") {
		t.Errorf("error %q shows the password", s)
	}
}

// TestParseRequestTargetResultOwned: the result does not alias the
// caller's target or host, which a log reader reuses.
func TestParseRequestTargetResultOwned(t *testing.T) {
	var p span.Parser
	for _, target := range []string{"/a/b?q", "http://h.example/a", "http://h.example/\xff"} {
		b := []byte(target)
		host := []byte("example.com")
		u, err := p.ParseRequestTarget(b, string(host), "http")
		if err != nil {
			t.Fatal(err)
		}
		want := u.Clone().Href()
		for i := range b {
			b[i] = 'X'
		}
		if u.Href() != want {
			t.Errorf("%q: the result changed with the input: %q", target, u.Href())
		}
	}
}

func TestParseRequestTargetAllocs(t *testing.T) {
	var p span.Parser
	cases := []struct {
		name   string
		target []byte
		host   string
	}{
		{"origin-form", []byte("/a/b?q=1"), "example.com"},
		{"double slash", []byte("//a//b"), "example.com:8080"},
		{"not canonical", []byte("/a/./b/../c?q=é"), "EXAMPLE.com"},
		{"not UTF-8", []byte("/a\xff\xfe"), "example.com"},
		{"absolute-form", []byte("http://example.com/a?b"), ""},
		{"absolute-form with Host", []byte("http://example.com/a?b"), "www.example.com"},
		{"refused", []byte("/a b"), "example.com"},
		{"refused host", []byte("/a"), "exa mple.com"},
	}
	for _, tc := range cases {
		if n := testing.AllocsPerRun(100, func() { p.ParseRequestTarget(tc.target, tc.host, "https") }); n != 0 {
			t.Errorf("%s: %v allocations, want 0", tc.name, n)
		}
	}
	connect := []byte("example.com:443")
	if n := testing.AllocsPerRun(100, func() { p.ParseConnectTarget(connect) }); n != 0 {
		t.Errorf("CONNECT: %v allocations, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { p.ParseHost("example.com", "https") }); n != 0 {
		t.Errorf("ParseHost: %v allocations, want 0", n)
	}
}

// TestParseRequestTargetKnownServer: once a server is known, the targets
// the parser changes (dot segments, spaces' neighbours, bytes that are
// not UTF-8, a fragment) still give what a fresh Parser gives.
func TestParseRequestTargetKnownServer(t *testing.T) {
	var known span.Parser
	if _, err := known.ParseRequestTarget([]byte("/"), "example.com", "http"); err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{"/a/../b", "/a\xff\xfe", "/\xc3\xa9", "/a%2e%2E/b", "/a#f", "/a b", "/a\tb", "//x//y"} {
		var fresh span.Parser
		want, werr := fresh.ParseRequestTarget([]byte(target), "example.com", "http")
		got, gerr := known.ParseRequestTarget([]byte(target), "example.com", "http")
		if got.Href() != want.Href() || (gerr == nil) != (werr == nil) {
			t.Errorf("%q on a known server: %q, %v; a fresh Parser gives %q, %v", target, got.Href(), gerr, want.Href(), werr)
		}
	}
}
