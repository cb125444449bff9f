package accesslog

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/httpurl"
	"github.com/spanurl/spanurl/internal/testvectors"
	"github.com/spanurl/spanurl/span"
)

// kinds are the sentinels whose matches a logged request and a live one
// share.
var kinds = []error{
	httpurl.ErrInvalidTarget, httpurl.ErrInvalidHost, httpurl.ErrControlCharacter,
	httpurl.ErrAsteriskForm, httpurl.ErrInvalidScheme, httpurl.ErrHostMismatch,
	httpurl.ErrPolicy, httpurl.ErrHostTooLong, httpurl.ErrTargetTooLong,
	httpurl.ErrNotDNSName, httpurl.ErrPortZero, httpurl.ErrEncodedSeparator,
	httpurl.ErrMalformedEscape, httpurl.ErrSchemeMismatch, httpurl.ErrConnect,
	span.ErrInvalidTarget, span.ErrInvalidHost,
}

// live returns what a server built on httpurl makes of the request with
// method, target, host (its Host) and scheme (its connection's) under
// policy: the URL that httpurl.Handler hands on (FromRequest's), or the
// refusal, as the text of the response and as an error (FromRequest's).
func live(method, target, host, scheme string, policy httpurl.Policy) (span.URL, string, error) {
	if n := strings.Index(target, "://"); n > 0 && httpurl.FormOf(target) == httpurl.AbsoluteForm {
		// net/http's server makes the authority of an absolute-form
		// target the request's Host, and drops the Host header.
		authority := target[n+3:]
		if i := strings.IndexAny(authority, "/?"); i >= 0 {
			authority = authority[:i]
		}
		host = authority
	}
	r := &http.Request{Method: method, RequestURI: target, Host: host, Header: http.Header{}}
	opts := httpurl.Options{Policy: policy, Scheme: scheme}
	var routed span.URL
	rec := httptest.NewRecorder()
	httpurl.Handler(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		routed, _ = httpurl.URLFromContext(r.Context())
	}), opts).ServeHTTP(rec, r)
	text := strings.TrimSuffix(rec.Body.String(), "\n")
	if method == http.MethodConnect {
		return span.URL{}, text, nil
	}
	u, err := httpurl.FromRequest(r, opts)
	if err == nil && routed.Href() != u.Href() {
		text = "Handler routes " + routed.Href()
	}
	return u, text, err
}

// sameAsLive checks that the URL of l, from Line.URLWithPolicy and from
// Parser.URL, is the live request's: the same URL, or an error with the
// same text that matches the same sentinels.
func sameAsLive(t *testing.T, p *Parser, l *Line, host, scheme, what string) {
	t.Helper()
	h, sch := l.Server(host, scheme)
	want, text, wantErr := live(string(l.Method), string(l.Target), h, sch, p.Policy)
	for _, f := range []struct {
		name string
		url  func() (span.URL, error)
	}{
		{"Line.URLWithPolicy", func() (span.URL, error) { return l.URLWithPolicy(p.Policy, host, scheme) }},
		{"Parser.URL", func() (span.URL, error) { return p.URL(l, host, scheme) }},
	} {
		u, err := f.url()
		switch {
		case string(l.Method) == http.MethodConnect:
			if err == nil || err.Error() != text || !errors.Is(err, httpurl.ErrConnect) {
				t.Errorf("%s: %s gives %q, %v; the live request %q", what, f.name, u.Href(), err, text)
			}
		case (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() || u.Href() != want.Href():
			t.Errorf("%s: %s gives %q, %v; the live request %q, %v", what, f.name, u.Href(), err, want.Href(), wantErr)
		case err != nil && err.Error() != text:
			t.Errorf("%s: %s gives %v; httpurl.Handler answers %q", what, f.name, err, text)
		case err == nil && text != "":
			t.Errorf("%s: %s gives %q; %s", what, f.name, u.Href(), text)
		default:
			for _, k := range kinds {
				if errors.Is(err, k) != errors.Is(wantErr, k) {
					t.Errorf("%s: %s gives %v, which matches %v: %t; the live request's error %v: %t", what, f.name, err, k, errors.Is(err, k), wantErr, errors.Is(wantErr, k))
				}
			}
		}
	}
}

// policies are the policies the tests compare logged and live requests
// under.
var policies = []httpurl.Policy{{}, {WHATWG: true}, {AllowEncodedSeparators: true, AllowTargetScheme: true}}

// TestURLMatchesLive: a logged request gives the URL, or the refusal,
// that httpurl.FromRequest and httpurl.Handler give the same request
// arriving live, under the strict policy (the default) and others.
func TestURLMatchesLive(t *testing.T) {
	tests := []struct {
		request, want string // want: the URL under the strict policy
		err           error
	}{
		{"GET /a/../b?q HTTP/1.1", "https://example.com/b?q", nil},
		{"GET //x/y HTTP/1.1", "https://example.com//x/y", nil},
		{"GET /adm%69n HTTP/1.1", "https://example.com/admin", nil},
		{"GET /%7Euser/ HTTP/1.1", "https://example.com/~user/", nil},
		{"GET /a%2Fb HTTP/1.1", "", httpurl.ErrEncodedSeparator},
		{"GET /a%zz HTTP/1.1", "", httpurl.ErrMalformedEscape},
		{"CONNECT example.org:443 HTTP/1.1", "", httpurl.ErrConnect},
		{"CONNECT example.org HTTP/1.1", "", httpurl.ErrConnect},
		{"CONNECT /x HTTP/1.1", "", httpurl.ErrConnect},
		{"OPTIONS * HTTP/1.1", "", httpurl.ErrAsteriskForm},
		{"GET * HTTP/1.1", "", httpurl.ErrAsteriskForm},
		{"GET example.org:443 HTTP/1.1", "", httpurl.ErrInvalidTarget},
		{"GET https://h.example/x HTTP/1.1", "https://h.example/x", nil},
		{"GET http://h.example/x HTTP/1.1", "", httpurl.ErrSchemeMismatch},
		{"GET https://u@h.example/ HTTP/1.1", "", httpurl.ErrInvalidHost},
		{"GET https://h.example./x HTTP/1.1", "https://h.example/x", nil},
		{`GET /a\tb HTTP/1.1`, "", httpurl.ErrControlCharacter},
		{"GET /a b HTTP/1.1", "", httpurl.ErrInvalidTarget},
	}
	for _, tt := range tests {
		for _, vhost := range []string{"", "example.com.:443 ", "my_host:443 ", "[::ffff:127.0.0.1]:443 ", "example.com:0 "} {
			format := Common
			if vhost != "" {
				format = VhostCombined
			}
			line := vhost + `h - - ` + date + ` "` + tt.request + `" 200 1`
			for _, pol := range policies {
				p := Parser{Format: format, Policy: pol}
				var l Line
				if err := p.Parse([]byte(line), &l); err != nil {
					t.Fatalf("%q: %v", line, err)
				}
				sameAsLive(t, &p, &l, "example.com", "https", fmt.Sprintf("%q under %+v", line, pol))
			}
		}
		var l Line
		p := Parser{Format: Common}
		if err := p.Parse([]byte(`h - - `+date+` "`+tt.request+`" 200 1`), &l); err != nil {
			t.Fatal(err)
		}
		u, err := l.URL("example.com", "https")
		switch {
		case tt.err != nil && !errors.Is(err, tt.err):
			t.Errorf("%q: got %v, want %v", tt.request, err, tt.err)
		case tt.err == nil && (err != nil || u.Href() != tt.want):
			t.Errorf("%q: got %q, %v, want %q", tt.request, u.Href(), err, tt.want)
		}
	}
}

// TestURLMatchesLiveLogs compares the URL of every request of the test
// logs with the live request's, on several servers and policies.
func TestURLMatchesLiveLogs(t *testing.T) {
	for _, g := range goldenLogs {
		data, err := os.ReadFile(filepath.Join("testdata", g.file))
		if err != nil {
			t.Fatal(err)
		}
		for _, pol := range policies {
			p := Parser{Format: g.format, Policy: pol}
			for n, line := range bytes.Split(data, []byte("\n")) {
				var l Line
				if err := p.Parse(line, &l); err != nil {
					continue
				}
				for _, server := range [][2]string{{"example.com", "http"}, {"Example.COM.:443", "HTTPS"}, {"a b", "http"}, {"example.com", "ftp"}} {
					sameAsLive(t, &p, &l, server[0], server[1], fmt.Sprintf("%s:%d on %s under %+v", g.file, n+1, server, pol))
				}
			}
		}
	}
}

// TestURLMatchesLiveRequests compares the URL of the request targets and
// hosts of requests.txt, written as nginx writes them, with the live
// requests'.
func TestURLMatchesLiveRequests(t *testing.T) {
	f, err := os.Open(filepath.Join(testvectors.DatasetsDir(t), "requests.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p := Parser{Format: CombinedHost}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n := 0
	for sc.Scan() {
		if testing.Short() && n == 5000 {
			break
		}
		line, _ := requestLogLine(sc.Text())
		n++
		var l Line
		if err := p.Parse([]byte(line), &l); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		sameAsLive(t, &p, &l, "example.com", "https", line)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n < 1000 {
		t.Errorf("requests.txt: %d lines", n)
	}
}

// FuzzURLMatchesLive checks, for any request line and Host, that a
// logged request gives what the live one gives (URL, or refusal with the
// same text and sentinels), from Line.URLWithPolicy and Parser.URL, under
// each policy.
func FuzzURLMatchesLive(f *testing.F) {
	for _, s := range [][2]string{
		{"GET /adm%69n HTTP/1.1", "example.com"},
		{"GET /%7Euser/ HTTP/1.1", "EXAMPLE.com."},
		{"CONNECT h:443 HTTP/1.1", "h:443"},
		{"OPTIONS * HTTP/1.1", "example.com"},
		{"GET http://h/x HTTP/1.1", "h"},
		{"GET /a%2f%5C HTTP/1.1", "[::ffff:127.0.0.1]"},
		{"GET /x HTTP/1.1", "a_b.example:0"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, request, host string) {
		if strings.ContainsAny(host, "\"\\") {
			return // the Host field cannot hold them unescaped
		}
		line := []byte(`192.0.2.1 - - [10/Oct/2024:13:55:36 +0000] "` + nginxEscape(request) + `" 200 1 "-" "-" "` + host + `"`)
		for _, pol := range policies {
			p := Parser{Format: CombinedHost, Policy: pol}
			var l Line
			if err := p.Parse(line, &l); err != nil {
				return
			}
			sameAsLive(t, &p, &l, "example.com", "https", fmt.Sprintf("%q under %+v", line, pol))
		}
	})
}
