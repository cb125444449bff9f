package span_test

import (
	"net/netip"
	"testing"

	"github.com/spanurl/spanurl/span"
)

func TestDialAddr(t *testing.T) {
	for _, c := range []struct {
		in, dial string
		addr     string // AddrPort, "" when false
	}{
		{"https://example.com/", "example.com:443", ""},
		{"http://EXAMPLE.com:8080/x", "example.com:8080", ""},
		{"https://example.com:443/", "example.com:443", ""},
		{"ws://h/", "h:80", ""},
		{"wss://h/", "h:443", ""},
		{"ftp://h/", "h:21", ""},
		{"http://127.0.0.1/", "127.0.0.1:80", "127.0.0.1:80"},
		{"http://0x7f.1:81/", "127.0.0.1:81", "127.0.0.1:81"},
		{"https://[::1]/", "[::1]:443", "[::1]:443"},
		{"http://[::ffff:127.0.0.1]:8080/", "[::ffff:7f00:1]:8080", "[::ffff:127.0.0.1]:8080"},
		{"https://münchen.de/", "xn--mnchen-3ya.de:443", ""},
		{"foo://h:7/", "h:7", ""},
		{"foo://10.0.0.1:7/", "10.0.0.1:7", ""}, // an opaque host, not an address
		{"foo://h/", "", ""},
		{"file:///etc/hosts", "", ""},
		{"file://server/share", "", ""},
		{"mailto:a@b", "", ""},
		{"http://h:0/", "h:0", ""},
		{"http://1.2.3.4:0/", "1.2.3.4:0", "1.2.3.4:0"},
	} {
		u := span.MustParse(c.in)
		if got := u.DialAddr(); got != c.dial {
			t.Errorf("%s: DialAddr = %q, want %q", c.in, got, c.dial)
		}
		ap, ok := u.AddrPort()
		if want := c.addr != ""; ok != want || ok && ap != netip.MustParseAddrPort(c.addr) {
			t.Errorf("%s: AddrPort = %v, %v; want %q", c.in, ap, ok, c.addr)
		}
	}
	var zero span.URL
	if zero.DialAddr() != "" {
		t.Error("zero URL: DialAddr not empty")
	}
	if _, ok := zero.AddrPort(); ok {
		t.Error("zero URL: AddrPort ok")
	}
}

func TestRequestURI(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"https://h/a/b?q=1#f", "/a/b?q=1"},
		{"https://h", "/"},
		{"https://h/?", "/?"},
		{"https://h/a#f", "/a"},
		{"foo://h?q", "/?q"},
		{"foo://h", "/"},
		{"https://h//a//b", "//a//b"},
		{"https://h/%2e%2E/x", "/x"},
	} {
		if got := span.MustParse(c.in).RequestURI(); got != c.want {
			t.Errorf("%s: RequestURI = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestPathPrefix(t *testing.T) {
	for _, c := range []struct {
		path, prefix string
		rest         string // "" when HasPathPrefix is false
	}{
		{"/api", "/api", "/"},
		{"/api/", "/api", "/"},
		{"/api/v1/x", "/api", "/v1/x"},
		{"/api/v1/x", "/api/", "/v1/x"},
		{"/apix", "/api", ""},
		{"/apix/y", "/api/", ""},
		{"/api", "/api/", "/"},
		{"/a/b", "/", "/a/b"},
		{"/a/b", "", "/a/b"},
		{"/x/../api/v1", "/api", "/v1"},
		{"/API/v1", "/api", ""},
		{"/a/%2e%2e/api/v1", "/api", "/v1"},
		{"/static/..%2fapi", "/api", ""},
		{"/api%2fx", "/api", ""},
		{"/a//b", "/a", "//b"},
		{"/a//b", "/a/", "//b"},
	} {
		u := span.MustParse("https://h" + c.path)
		rest, ok := u.TrimPathPrefix(c.prefix)
		if ok != (c.rest != "") || rest != c.rest {
			t.Errorf("%s trim %q = %q, %v; want %q", u.Pathname(), c.prefix, rest, ok, c.rest)
		}
		if u.HasPathPrefix(c.prefix) != ok {
			t.Errorf("%s: HasPathPrefix(%q) disagrees with TrimPathPrefix", u.Pathname(), c.prefix)
		}
	}
	for _, in := range []string{"mailto:x", "foo://h", "foo:x/y"} {
		if span.MustParse(in).HasPathPrefix("/") {
			t.Errorf("%s: has prefix /", in)
		}
	}
}

// TestProxyHelpersAllocs: what a proxy calls per request allocates
// nothing.
func TestProxyHelpersAllocs(t *testing.T) {
	u := span.MustParse("https://example.com:8443/api/v1/users?id=7#f")
	ip := span.MustParse("http://[::1]/x")
	allocs := testing.AllocsPerRun(100, func() {
		_ = u.DialAddr()
		_, _ = ip.AddrPort()
		_ = u.RequestURI()
		_ = u.HasPathPrefix("/api")
		_, _ = u.TrimPathPrefix("/api/")
		_ = u.Compare(ip)
	})
	if allocs != 0 {
		t.Errorf("%v allocations", allocs)
	}
}
