package httpurl_test

import (
	"crypto/tls"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/spanurl/spanurl/httpurl"
)

func TestFromRequestServer(t *testing.T) {
	tests := []struct {
		name    string
		method  string
		target  string
		host    string
		tls     bool
		headers map[string][]string
		opts    httpurl.Options
		want    string // "" for failure
		wantErr error
	}{
		{name: "plain", target: "/a/../b?q", host: "example.com", want: "http://example.com/b?q"},
		{name: "tls", target: "/a", host: "example.com", tls: true, want: "https://example.com/a"},
		{name: "tls default port", target: "/", host: "example.com:443", tls: true, want: "https://example.com/"},
		{name: "fixed scheme", target: "/", host: "example.com", opts: httpurl.Options{Scheme: "https"}, want: "https://example.com/"},
		{name: "bad fixed scheme", target: "/", host: "example.com", opts: httpurl.Options{Scheme: "gopher"}, wantErr: httpurl.ErrInvalidScheme},
		{name: "forwarded headers ignored by default", target: "/", host: "example.com",
			headers: map[string][]string{"X-Forwarded-Proto": {"https"}, "Forwarded": {"proto=https"}},
			want:    "http://example.com/"},
		{name: "X-Forwarded-Proto", target: "/", host: "example.com", opts: httpurl.Options{TrustForwarded: true},
			headers: map[string][]string{"X-Forwarded-Proto": {"https"}}, want: "https://example.com/"},
		{name: "X-Forwarded-Proto last value", target: "/", host: "example.com", opts: httpurl.Options{TrustForwarded: true},
			headers: map[string][]string{"X-Forwarded-Proto": {"https", "http, HTTPS"}}, want: "https://example.com/"},
		{name: "X-Forwarded-Proto over TLS", target: "/", host: "example.com", tls: true, opts: httpurl.Options{TrustForwarded: true},
			headers: map[string][]string{"X-Forwarded-Proto": {"http"}}, want: "http://example.com/"},
		{name: "Forwarded", target: "/", host: "example.com", opts: httpurl.Options{TrustForwarded: true},
			headers: map[string][]string{"Forwarded": {`for=192.0.2.60;proto=https;by=203.0.113.43`}}, want: "https://example.com/"},
		{name: "Forwarded last element", target: "/", host: "example.com", opts: httpurl.Options{TrustForwarded: true},
			headers: map[string][]string{"Forwarded": {`proto=http, for="[2001:db8::1]:4711";Proto="https"`}}, want: "https://example.com/"},
		{name: "Forwarded quoted comma", target: "/", host: "example.com", opts: httpurl.Options{TrustForwarded: true},
			headers: map[string][]string{"Forwarded": {`for="a,b";proto=https`}}, want: "https://example.com/"},
		{name: "Forwarded wins over X-Forwarded-Proto", target: "/", host: "example.com", opts: httpurl.Options{TrustForwarded: true},
			headers: map[string][]string{"Forwarded": {"proto=https"}, "X-Forwarded-Proto": {"http"}}, want: "https://example.com/"},
		{name: "Forwarded without proto", target: "/", host: "example.com", opts: httpurl.Options{TrustForwarded: true},
			headers: map[string][]string{"Forwarded": {"proto=https, for=1.2.3.4"}, "X-Forwarded-Proto": {"http"}}, want: "http://example.com/"},
		{name: "bad X-Forwarded-Proto", target: "/", host: "example.com", opts: httpurl.Options{TrustForwarded: true},
			headers: map[string][]string{"X-Forwarded-Proto": {"javascript"}}, wantErr: httpurl.ErrInvalidScheme},
		{name: "bad Forwarded", target: "/", host: "example.com", opts: httpurl.Options{TrustForwarded: true},
			headers: map[string][]string{"Forwarded": {"proto=ftp"}}, wantErr: httpurl.ErrInvalidScheme},
		{name: "absolute-form", target: "http://Other.example/x", host: "other.example", want: "http://other.example/x"},
		{name: "CONNECT", method: http.MethodConnect, target: "example.com:8443", host: "example.com:8443", want: "https://example.com:8443/"},
		{name: "OPTIONS *", method: http.MethodOptions, target: "*", host: "example.com", wantErr: httpurl.ErrAsteriskForm},
		{name: "bad host", target: "/", host: "[::1]junk", wantErr: httpurl.ErrInvalidHost},
		{name: "traversal", target: "/static/%2E%2E/api/x", host: "example.com", want: "http://example.com/api/x"},
	}
	for _, tc := range tests {
		method := tc.method
		if method == "" {
			method = http.MethodGet
		}
		r := httptest.NewRequest(method, "/", nil)
		r.RequestURI, r.Host = tc.target, tc.host
		if tc.tls {
			r.TLS = &tls.ConnectionState{}
		} else {
			r.TLS = nil
		}
		for k, v := range tc.headers {
			r.Header[k] = v
		}
		u, err := httpurl.FromRequest(r, tc.opts)
		if tc.wantErr != nil {
			if !errors.Is(err, tc.wantErr) {
				t.Errorf("%s: FromRequest = %q, %v; want %v", tc.name, u.Href(), err, tc.wantErr)
			}
			continue
		}
		if err != nil || u.Href() != tc.want {
			t.Errorf("%s: FromRequest = %q, %v; want %q", tc.name, u.Href(), err, tc.want)
		}
	}
}

func TestFromRequestClient(t *testing.T) {
	r, _ := http.NewRequest("GET", "https://example.com/a/%2e%2e/b?q#frag", nil)
	u, err := httpurl.FromRequest(r, httpurl.Options{})
	if err != nil || u.Href() != "https://example.com/b?q" {
		t.Errorf("client request: %q, %v", u.Href(), err)
	}
	r.Host = "other.example:8443"
	u, err = httpurl.FromRequest(r, httpurl.Options{})
	if err != nil || u.Href() != "https://other.example:8443/b?q" {
		t.Errorf("client request with Host: %q, %v", u.Href(), err)
	}
	r, _ = http.NewRequest("CONNECT", "http://proxy.example:3128", nil)
	r.Host = "example.com:443"
	u, err = httpurl.FromRequest(r, httpurl.Options{})
	if err != nil || u.Href() != "https://example.com/" || u.PortOrDefault() != 443 {
		t.Errorf("client CONNECT: %q, %v", u.Href(), err)
	}
	if _, err := httpurl.FromRequest(&http.Request{Method: "GET"}, httpurl.Options{}); !errors.Is(err, httpurl.ErrInvalidTarget) {
		t.Errorf("request without URL: %v", err)
	}
}

// TestFromRequestThroughServer: the real net/http server's requests, under
// a policy that allows encoded separators and under the strict one.
func TestFromRequestThroughServer(t *testing.T) {
	for _, tc := range []struct {
		opts httpurl.Options
		want string
	}{
		{httpurl.Options{Policy: httpurl.Policy{AllowEncodedSeparators: true}}, "http://example.com/b%2Fc/d?x=1"},
		{httpurl.Options{Policy: httpurl.Policy{WHATWG: true}}, "http://example.com/b%2Fc/d?x=1"},
		{httpurl.Options{}, `httpurl: encoded separator in the path: target "/a/%2e%2e/b%2Fc/./d?x=xxxxx": %2F at offset 11`},
	} {
		got := make(chan string, 1)
		s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			u, err := httpurl.FromRequest(r, tc.opts)
			if err != nil {
				got <- err.Error()
				return
			}
			got <- u.Href()
		}))
		r, _ := http.NewRequest("GET", s.URL+"/a/%2e%2e/b%2Fc/./d?x=1", nil)
		r.Host = "Example.COM:80"
		resp, err := s.Client().Do(r)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if h := <-got; h != tc.want {
			t.Errorf("through the server, %+v: %q, want %q", tc.opts.Policy, h, tc.want)
		}
		s.Close()
	}
}
