package httpurl_test

import (
	"errors"
	"net/http/httptest"
	"net/netip"
	"testing"

	"github.com/spanurl/spanurl/httpurl"
)

// TestTrustedProxies: the Forwarded and X-Forwarded-Proto headers name the
// scheme only for requests from a trusted network; a client that reaches
// the server directly, spoofing them, keeps its own scheme.
func TestTrustedProxies(t *testing.T) {
	opts := httpurl.Options{TrustedProxies: []netip.Prefix{
		netip.MustParsePrefix("10.0.0.0/8"),
		netip.MustParsePrefix("fd00::/8"),
	}}
	for _, c := range []struct {
		remote string
		header string // X-Forwarded-Proto
		want   string
		err    error
	}{
		{"10.1.2.3:5000", "https", "https://example.com/", nil},
		{"[::ffff:10.1.2.3]:5000", "https", "https://example.com/", nil}, // unmapped
		{"[fd00::1]:443", "https", "https://example.com/", nil},
		{"192.0.2.7:5000", "https", "http://example.com/", nil}, // a client: ignored
		{"[2001:db8::1]:5000", "https", "http://example.com/", nil},
		{"@", "https", "http://example.com/", nil},        // a Unix socket
		{"10.1.2.3", "https", "http://example.com/", nil}, // no port: not an address and port
		{"10.1.2.3:5000", "", "http://example.com/", nil}, // no header
		{"10.1.2.3:5000", "gopher", "", httpurl.ErrInvalidScheme},
		{"192.0.2.7:5000", "gopher", "http://example.com/", nil}, // never read
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RequestURI, r.Host, r.RemoteAddr, r.TLS = "/", "example.com", c.remote, nil
		if c.header != "" {
			r.Header.Set("X-Forwarded-Proto", c.header)
		}
		u, err := httpurl.FromRequest(r, opts)
		if c.err != nil {
			if !errors.Is(err, c.err) {
				t.Errorf("%s %q: %v, %v; want %v", c.remote, c.header, u, err, c.err)
			}
			continue
		}
		if err != nil || u.Href() != c.want {
			t.Errorf("%s %q: %v, %v; want %s", c.remote, c.header, u, err, c.want)
		}
	}
	// TrustForwarded trusts every peer.
	r := httptest.NewRequest("GET", "/", nil)
	r.RequestURI, r.Host, r.RemoteAddr, r.TLS = "/", "example.com", "192.0.2.7:5000", nil
	r.Header.Set("Forwarded", "for=192.0.2.60;proto=https")
	if u, err := httpurl.FromRequest(r, httpurl.Options{TrustForwarded: true}); err != nil || u.Href() != "https://example.com/" {
		t.Errorf("TrustForwarded: %v, %v", u, err)
	}
	allocs := testing.AllocsPerRun(100, func() {
		httpurl.FromRequest(r, opts)
	})
	if allocs > 1 {
		t.Errorf("FromRequest with TrustedProxies: %v allocations", allocs)
	}
}
