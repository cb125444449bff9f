package httpurl_test

import (
	"crypto/tls"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strconv"
	"testing"

	"github.com/spanurl/spanurl/httpurl"
)

// TestSchemeFromConnection: the scheme of FromRequest's URL is the
// connection's (TLS, Options.Scheme, or a trusted proxy's header), never
// the one an absolute-form target names. The first two cases are the
// attacks of a client that reaches the server directly: over plain TCP,
// "GET https://good.example/login" would be an https URL, and behind a
// TLS-terminating balancer (Scheme "https") "GET http://..." an http one.
func TestSchemeFromConnection(t *testing.T) {
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}
	for _, tc := range []struct {
		name    string
		target  string
		tls     bool
		remote  string // RemoteAddr; "192.0.2.1:1234" when empty
		proto   string // X-Forwarded-Proto
		opts    httpurl.Options
		want    string // "" for failure
		wantErr error
	}{
		// The attacks.
		{name: "https target over TCP", target: "https://good.example/login", wantErr: httpurl.ErrSchemeMismatch},
		{name: "http target behind TLS termination", target: "http://good.example/login", opts: httpurl.Options{Scheme: "https"}, wantErr: httpurl.ErrSchemeMismatch},
		{name: "http target over TLS", target: "http://good.example/login", tls: true, wantErr: httpurl.ErrSchemeMismatch},
		{name: "HTTPS target over TCP", target: "HTTPS://good.example/login", wantErr: httpurl.ErrSchemeMismatch},
		{name: "https target, spoofed header", target: "https://good.example/login", proto: "https",
			opts: httpurl.Options{TrustedProxies: trusted}, wantErr: httpurl.ErrSchemeMismatch},
		{name: "http target from a trusted TLS proxy", target: "http://good.example/login", remote: "10.0.0.1:1234", proto: "https",
			opts: httpurl.Options{TrustedProxies: trusted}, wantErr: httpurl.ErrSchemeMismatch},
		{name: "WHATWG policy", target: "https://good.example/login",
			opts: httpurl.Options{Policy: httpurl.Policy{WHATWG: true}}, wantErr: httpurl.ErrSchemeMismatch},
		{name: "invalid fixed scheme", target: "http://good.example/login", opts: httpurl.Options{Scheme: "gopher"}, wantErr: httpurl.ErrInvalidScheme},
		// The same scheme as the connection's: accepted.
		{name: "http target over TCP", target: "http://good.example/login", want: "http://good.example/login"},
		{name: "HTTP target over TCP", target: "HTTP://good.example/login", want: "http://good.example/login"},
		{name: "https target over TLS", target: "https://good.example/login", tls: true, want: "https://good.example/login"},
		{name: "https target behind TLS termination", target: "https://good.example/login", opts: httpurl.Options{Scheme: "https"}, want: "https://good.example/login"},
		{name: "https target from a trusted TLS proxy", target: "https://good.example/login", remote: "10.0.0.1:1234", proto: "https",
			opts: httpurl.Options{TrustedProxies: trusted}, want: "https://good.example/login"},
		{name: "origin-form over TCP", target: "/login", want: "http://good.example/login"},
		// The opt-in: the target's scheme wins.
		{name: "allowed https target over TCP", target: "https://good.example/login",
			opts: httpurl.Options{Policy: httpurl.Policy{AllowTargetScheme: true}}, want: "https://good.example/login"},
		{name: "allowed http target over TLS", target: "http://good.example/login", tls: true,
			opts: httpurl.Options{Policy: httpurl.Policy{AllowTargetScheme: true}}, want: "http://good.example/login"},
		{name: "allowed, WHATWG", target: "https://good.example/login",
			opts: httpurl.Options{Policy: httpurl.Policy{WHATWG: true, AllowTargetScheme: true}}, want: "https://good.example/login"},
	} {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.RequestURI, r.Host = tc.target, "good.example"
		r.RemoteAddr = "192.0.2.1:1234"
		if tc.remote != "" {
			r.RemoteAddr = tc.remote
		}
		r.TLS = nil
		if tc.tls {
			r.TLS = &tls.ConnectionState{}
		}
		if tc.proto != "" {
			r.Header.Set("X-Forwarded-Proto", tc.proto)
		}
		u, err := httpurl.FromRequest(r, tc.opts)
		if tc.wantErr != nil {
			if !errors.Is(err, tc.wantErr) || !u.IsZero() {
				t.Errorf("%s: FromRequest = %q, %v; want %v", tc.name, u.Href(), err, tc.wantErr)
			}
			if tc.wantErr == httpurl.ErrSchemeMismatch && (!errors.Is(err, httpurl.ErrPolicy) || !errors.Is(err, httpurl.ErrInvalidTarget)) {
				t.Errorf("%s: %v does not match ErrPolicy and ErrInvalidTarget", tc.name, err)
			}
			continue
		}
		if err != nil || u.Href() != tc.want {
			t.Errorf("%s: FromRequest = %q, %v; want %q", tc.name, u.Href(), err, tc.want)
		}
	}
}

// TestPolicySchemeArgument: Policy.ParseRequestTarget checks an
// absolute-form target's scheme against its scheme argument, which must
// then be http or https, unless AllowTargetScheme, which leaves the
// argument unused as the package's ParseRequestTarget does.
func TestPolicySchemeArgument(t *testing.T) {
	const target = "https://example.com/a?token=secret"
	for _, tc := range []struct {
		policy  httpurl.Policy
		scheme  string
		wantErr error
	}{
		{httpurl.Policy{}, "https", nil},
		{httpurl.Policy{}, "HTTPS", nil},
		{httpurl.Policy{}, "http", httpurl.ErrSchemeMismatch},
		{httpurl.Policy{}, "", httpurl.ErrInvalidScheme},
		{httpurl.Policy{}, "ftp", httpurl.ErrInvalidScheme},
		{httpurl.Policy{WHATWG: true}, "http", httpurl.ErrSchemeMismatch},
		{httpurl.Policy{WHATWG: true}, "", httpurl.ErrInvalidScheme},
		{httpurl.Policy{AllowTargetScheme: true}, "http", nil},
		{httpurl.Policy{AllowTargetScheme: true}, "", nil},
		{httpurl.Policy{WHATWG: true, AllowTargetScheme: true}, "", nil},
	} {
		u, err := tc.policy.ParseRequestTarget(target, "", tc.scheme)
		if tc.wantErr != nil {
			if !errors.Is(err, tc.wantErr) || !u.IsZero() {
				t.Errorf("%+v, scheme %q: %q, %v; want %v", tc.policy, tc.scheme, u.Href(), err, tc.wantErr)
			}
			continue
		}
		if err != nil || u.Href() != "https://example.com/a?token=secret" {
			t.Errorf("%+v, scheme %q: %q, %v", tc.policy, tc.scheme, u.Href(), err)
		}
	}
	_, err := httpurl.Policy{}.ParseRequestTarget(target, "", "http")
	const want = `httpurl: the request target's scheme is not the connection's: target "https://example.com/a?token=xxxxx": the connection's scheme is "http" at offset 0`
	if err == nil || err.Error() != want {
		t.Errorf("error text %v\nwant %s", err, want)
	}
}

// TestSchemeMismatchEndToEnd: a client that connects over plain TCP to a
// server behind Handler and sends an https absolute-form target gets 400,
// and its handler never runs; the same target with http is served.
func TestSchemeMismatchEndToEnd(t *testing.T) {
	rig := newProxyRig(t, httpurl.Options{})
	for i, tc := range []struct {
		target string
		status int
	}{
		{"https://good.example/login", http.StatusBadRequest},
		{"http://good.example/login", http.StatusOK},
	} {
		probe := "scheme" + strconv.Itoa(i)
		status := rig.send(t, tc.target, "good.example", probe)
		rig.mu.Lock()
		u, routed := rig.routed[probe]
		rig.mu.Unlock()
		if status != tc.status || routed != (tc.status == http.StatusOK) {
			t.Errorf("%q: status %d, routed %v as %q; want status %d", tc.target, status, routed, u.Href(), tc.status)
		}
		if routed && u.Scheme() != "http" {
			t.Errorf("%q: routed as %q over plain TCP", tc.target, u.Href())
		}
	}
}
