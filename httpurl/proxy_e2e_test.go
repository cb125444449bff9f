package httpurl_test

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/spanurl/spanurl/httpurl"
	"github.com/spanurl/spanurl/span"
)

// forwardingAttacks: request targets that try to make a proxy route on
// one path and forward another, beside the tables of target_test.go
// (traversals, notTraversals). The issue's three strings come first.
var forwardingAttacks = []string{
	"/public/..%2fadmin%2fx|",
	"/public/..%2f..%2f..%2fetc%2fpasswd|",
	"/public/..%2fadmin%2fx%zz",
	// Variants: every byte net/url will not hold in a RawPath, a stray
	// "%", encoded backslashes, mixed case.
	"/public/..%2Fadmin%2Fx|",
	"/public/..%2fadmin%2fx^",
	`/public/..%2fadmin%2fx\`,
	`/public/..%2fadmin%2fx\..\..\y|`,
	"/public/..%2fadmin%2fx%",
	"/public/..%2fadmin%2fx%2",
	"/public/..%2fadmin%2fx%g0",
	"/public/..%2fadmin%2fx%ZZ",
	"/public/..%2fadmin%2fx%zz|",
	"/public/..%5cadmin%5cx|",
	"/public/..%5Cadmin%5Cx^",
	"/public/%2e%2e%2fadmin|",
	"/public/%2E%2e%2Fadmin%7c",
	"/public/.%2E%2fadmin%7C|",
	"/public/..%2fadmin%2fx%7C",
	"/public/..%2f..%2f..%2fetc%2fpasswd%00|",
	"/public/..%2fadmin%2fx|?q=%zz|",
	"/a?x=1;y=2&z=%zz", // a query ReverseProxy re-encodes before Rewrite
	"/public/..%2fadmin%2fx?q=..%2f|#",
	"/public/..%252fadmin|",
	"/public/%c0%ae%c0%ae%2fadmin|",
	"/public/..;%2fadmin|",
	"/static/%2e%2e/admin",
	"/static/%2e%2e/admin|",
	// A path starting with "//", which a URL parser reads as an
	// authority when it is a reference.
	"//a",
	"//a|",
	"//evil.example/x",
	"//evil.example/..%2fadmin|",
	`/\evil.example/x|`,
	"///x|",
	"//%2e%2e/admin|",
	// The targets of target_test.go's and request_test.go's tables.
	"/a b",
	"/é?é",
	"/a'b?c'd",
	`\admin`,
	`\\evil.example\x`,
	"/a\tb",
	"/a\nb",
	"/a\r\nX-Injected: 1",
	"/a\x00",
	"/a\x01",
	"/a\x7f",
	" /a",
	"/a#f",
	"http://h/a\tb",
	"/static/%2E%2E/api/x",
	"/a/%2e%2e/b%2Fc/./d?x=1",
	"*",
	"example.com:443",
	// Absolute-form: the target's host and path win.
	"http://admin.example/x/../y",
	"http://admin.example/x/%2e%2E/y|",
	"HTTP://Admin.Example:80/%2e%2e/y?z",
	"http://admin.example/public/..%2fadmin%2fx|",
	"http://admin.example//a|",
	"http://admin.example",
	"http://admin.example?q|",
	"https://admin.example/x/..%2fy",
	"http://0x7f.1/a/../b",
	"http://[::1]:8080/a/%2e%2e/b",
	"http://user:secret@example.com/",
	`http://evil.example\@good.example/`,
	"http:///evil.example/",
	"http:evil.example/",
	"http://h:99999/",
	"http://a\"b/x|", // a Host header cannot have '"': net/http sends none
	"http://a`b{c}/x",
	"http://a\"b//x|",
}

// forwardingTargets is every target the end-to-end test sends: the
// attacks, the traversal tables, and every printable ASCII byte after
// "..%2f".
func forwardingTargets() []string {
	targets := append([]string(nil), forwardingAttacks...)
	targets = append(targets, traversals...)
	for _, tc := range notTraversals {
		targets = append(targets, tc.target)
	}
	for c := byte(' '); c <= '~'; c++ {
		s := string(c)
		targets = append(targets,
			"/public/..%2fadmin%2fx"+s,
			"/public/..%2f"+s+"admin",
			"/public/"+s+"..%2fadmin",
			"//"+s+"/..%2fadmin")
	}
	return targets
}

// forwardingHosts: Host headers of the tables of target_test.go, which
// the end-to-end test sends with a few targets.
var forwardingHosts = []string{
	"example.com",
	"EXAMPLE.com:443",
	"Example.COM:80",
	"example.com:8080",
	"example.com:",
	"example.com.",
	"[::1]:8080",
	"[0:0::1]",
	"[::ffff:127.0.0.1]",
	"0x7f.1",
	"2130706433",
	"ex%61mple.com",
	"bücher.example",
	"xn--bcher-kva.example",
	"",
	"user:secret@example.com",
	"example.com/admin",
	`example.com\admin`,
	"example.com?x",
	"exa mple.com",
	"exa%20mple.com",
	"example.com:99999",
	"a:b:c",
	":80",
	"999.1.1.1",
	"[::1]junk",
	"x[::1]",
	"[fe80::1%eth0]",
	"a\"b",
	"a{b}",
}

// probeHeader carries a number that ties what the front routed to what
// the backend got.
const probeHeader = "X-Probe"

// proxyRig is a front server that parses each request with FromRequest,
// answers 400 to an error, and forwards the URL with SetURL through an
// httputil.ReverseProxy to a backend on loopback, which records the
// request-target and Host it gets.
type proxyRig struct {
	front, backend *httptest.Server
	backendURL     span.URL // the backend's origin, to resolve targets against

	mu      sync.Mutex
	next    int
	routed  map[string]span.URL
	got     map[string][2]string // target and Host
	proxied map[string]error     // the proxy's errors
}

// newProxyRig starts a rig whose front parses requests with opts.
func newProxyRig(tb testing.TB, opts httpurl.Options) *proxyRig {
	rig := &proxyRig{routed: map[string]span.URL{}, got: map[string][2]string{}, proxied: map[string]error{}}
	rig.backend = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rig.mu.Lock()
		rig.got[r.Header.Get(probeHeader)] = [2]string{r.RequestURI, r.Host}
		rig.mu.Unlock()
		io.WriteString(w, "backend")
	}))
	tb.Cleanup(rig.backend.Close)
	to, err := url.Parse(rig.backend.URL)
	if err != nil {
		tb.Fatal(err)
	}
	if rig.backendURL, err = span.Parse(rig.backend.URL + "/"); err != nil {
		tb.Fatal(err)
	}
	transport := &http.Transport{} // no forward proxy, whatever the environment says
	tb.Cleanup(transport.CloseIdleConnections)
	proxy := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.Out.URL.Scheme, pr.Out.URL.Host = to.Scheme, to.Host
			u, _ := httpurl.URLFromContext(pr.In.Context())
			httpurl.SetURL(pr.Out, u)
		},
		Transport: transport,
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			rig.mu.Lock()
			rig.proxied[r.Header.Get(probeHeader)] = err
			rig.mu.Unlock()
			w.WriteHeader(http.StatusBadGateway)
		},
	}
	// The front is README's recipe: Handler, then the proxy with SetURL.
	rig.front = httptest.NewServer(httpurl.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u, _ := httpurl.URLFromContext(r.Context())
		rig.mu.Lock()
		rig.routed[r.Header.Get(probeHeader)] = u
		rig.mu.Unlock()
		proxy.ServeHTTP(w, r)
	}), opts))
	tb.Cleanup(rig.front.Close)
	return rig
}

// send writes a request with target, exactly as given, to the front over
// a connection of its own, and returns the response's status.
func (rig *proxyRig) send(tb testing.TB, target, host, probe string) int {
	tb.Helper()
	conn, err := net.Dial("tcp", rig.front.Listener.Addr().String())
	if err != nil {
		tb.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	req := "GET " + target + " HTTP/1.1\r\nHost: " + host + "\r\n" + probeHeader + ": " + probe + "\r\nConnection: close\r\n\r\n"
	if _, err := io.WriteString(conn, req); err != nil {
		tb.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		tb.Fatalf("%q: reading the front's response: %v", target, err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

// check sends target to the front with Host: host and checks the
// forwarding guarantee: when the front accepts the request, the backend
// gets it, and its request-target, resolved against the backend's origin
// as the standard resolves a reference, has the pathname and query of
// the URL the front routed on, and no dot segment; its Host header is
// the host routed on. It returns whether the front accepted the request.
func (rig *proxyRig) check(tb testing.TB, target, host string) bool {
	tb.Helper()
	rig.mu.Lock()
	rig.next++
	probe := strconv.Itoa(rig.next)
	rig.mu.Unlock()
	status := rig.send(tb, target, host, probe)
	rig.mu.Lock()
	u, accepted := rig.routed[probe]
	got, forwarded := rig.got[probe]
	proxyErr := rig.proxied[probe]
	delete(rig.routed, probe)
	delete(rig.got, probe)
	delete(rig.proxied, probe)
	rig.mu.Unlock()
	switch {
	case !accepted && forwarded:
		tb.Errorf("%q: refused, yet the backend got %q", target, got[0])
		return false
	case !accepted:
		return false
	case !forwarded:
		tb.Errorf("%q: routed as %q, but the backend never got it (status %d, proxy error %v)", target, u.Href(), status, proxyErr)
		return true
	}
	b, err := rig.backendURL.Parse(got[0])
	if err != nil {
		tb.Errorf("%q: routed as %q; the backend's target %q does not parse: %v", target, u.Href(), got[0], err)
		return true
	}
	uq, uok := u.Query()
	bq, bok := b.Query()
	if b.Pathname() != u.Pathname() || bq != uq || bok != uok {
		tb.Errorf("%q: routed as %q, the backend got %q, which is %q", target, u.Href(), got[0], b.Href())
	}
	// Resolving removes dot segments; the bytes the backend got must
	// have none either, for a backend that does not resolve them.
	if seg, ok := dotSegment(targetPath(got[0])); ok {
		tb.Errorf("%q: the backend got %q, with the dot segment %q", target, got[0], seg)
	}
	if seg, ok := dotSegment(b.Pathname()); ok {
		tb.Errorf("%q: the backend got %q, which is %q, with the dot segment %q", target, got[0], b.Href(), seg)
	}
	// net/http's client sends an empty Host rather than one with bytes
	// a Host header cannot have, which the standard allows in a domain.
	if got[1] != u.Host() && !(got[1] == "" && strings.ContainsAny(u.Host(), "\"`{}")) {
		tb.Errorf("%q: routed on host %q, the backend got Host %q", target, u.Host(), got[1])
	}
	if status != http.StatusOK {
		tb.Errorf("%q: status %d", target, status)
	}
	return true
}

// targetPath returns the path of a request-target: up to "?", after the
// scheme and authority of an absolute-form target.
func targetPath(target string) string {
	target, _, _ = strings.Cut(target, "?")
	if _, rest, ok := strings.Cut(target, "://"); ok && !strings.HasPrefix(target, "/") {
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			return rest[i:]
		}
		return ""
	}
	return target
}

// dotSegment returns a segment of pathname that is a dot segment in a
// spelling the standard knows, in any case.
func dotSegment(pathname string) (string, bool) {
	for seg := range strings.SplitSeq(pathname, "/") {
		switch strings.ToLower(seg) {
		case ".", "..", "%2e", ".%2e", "%2e.", "%2e%2e":
			return seg, true
		}
	}
	return "", false
}

// TestProxyForwarding is the path-traversal guarantee end to end: a real
// net/http front server, FromRequest, httputil.ReverseProxy with SetURL,
// and a backend on loopback, for every target of forwardingTargets sent
// as raw bytes.
func TestProxyForwarding(t *testing.T) {
	for _, pol := range rigPolicies {
		t.Run(pol.name, func(t *testing.T) { testProxyForwarding(t, newProxyRig(t, pol.opts)) })
	}
}

// rigPolicies are the front's policies the guarantee is tested under: the
// strict default, and the URL Standard's URL as it is, which lets every
// hard path (encoded separators, stray "%", "|") reach the forwarding.
var rigPolicies = []struct {
	name string
	opts httpurl.Options
}{
	{"strict", httpurl.Options{}},
	{"WHATWG", httpurl.Options{Policy: httpurl.Policy{WHATWG: true}}},
}

func testProxyForwarding(t *testing.T, rig *proxyRig) {
	accepted := 0
	for _, target := range forwardingTargets() {
		if rig.check(t, target, "example.com") {
			accepted++
		}
	}
	t.Logf("%d targets, %d accepted by the front and forwarded", len(forwardingTargets()), accepted)
	if accepted == 0 {
		t.Fatal("no request accepted: the test tests nothing")
	}
	hosts := 0
	for _, host := range forwardingHosts {
		for _, target := range []string{"/", "/public/..%2fadmin%2fx|", "//a|", "http://admin.example/x/../y"} {
			if rig.check(t, target, host) {
				hosts++
			}
		}
	}
	t.Logf("%d hosts, %d requests accepted and forwarded", len(forwardingHosts), hosts)
	// Every generated traversal of up to two segments, as
	// TestPathTraversalGenerated makes them.
	n := 0
	parts := []string{"a", "..", ".", "%2e%2e", "%2E.", ".%2e", "%2e", "..%2f", "b%2fc", "", "%252e", "|", "..%2f|"}
	for _, s1 := range []string{"/", `\`} {
		for _, p1 := range parts {
			for _, s2 := range []string{"/", `\`} {
				for _, p2 := range parts {
					if rig.check(t, "/"+s1+p1+s2+p2, "example.com") {
						n++
					}
				}
			}
		}
	}
	t.Logf("%d generated targets accepted and forwarded", n)
}

// TestProxyForwardingIssueStrings: the issue's strings reach the backend
// as the path the proxy routed on, byte for byte.
func TestProxyForwardingIssueStrings(t *testing.T) {
	strict, whatwg := newProxyRig(t, rigPolicies[0].opts), newProxyRig(t, rigPolicies[1].opts)
	for _, tc := range []struct {
		rig    *proxyRig
		target string
		want   string // the backend's request-target; "" when the front refuses
	}{
		{whatwg, "/public/..%2fadmin%2fx|", "/public/..%2fadmin%2fx|"},
		{whatwg, "/public/..%2f..%2f..%2fetc%2fpasswd|", "/public/..%2f..%2f..%2fetc%2fpasswd|"},
		{strict, "/public/..%2fadmin%2fx|", ""}, // an encoded separator
		{strict, "/public/..%2f..%2f..%2fetc%2fpasswd|", ""},
		{whatwg, "/public/..%2fadmin%2fx%zz", ""}, // net/http's server answers 400 to the stray "%"
		{strict, "/public/..%2fadmin%2fx%zz", ""},
		{whatwg, "/static/%2e%2e/admin", "/admin"},
		{strict, "/static/%2e%2e/adm%69n", "/admin"}, // unreserved bytes decoded for routing
		{whatwg, "http://admin.example/x/../y", "/y"},
		{strict, "http://admin.example/x/../y", "/y"},
		{whatwg, "//evil.example/x|", "http://example.com//evil.example/x|"},
		{strict, "//evil.example/x|", "http://example.com//evil.example/x|"},
	} {
		rig := tc.rig
		rig.mu.Lock()
		rig.next++
		probe := strconv.Itoa(rig.next)
		rig.mu.Unlock()
		status := rig.send(t, tc.target, "example.com", probe)
		rig.mu.Lock()
		got := rig.got[probe][0]
		rig.mu.Unlock()
		if got != tc.want || (tc.want == "") != (status == http.StatusBadRequest) {
			t.Errorf("%q: status %d, the backend got %q; want %q", tc.target, status, got, tc.want)
		}
	}
}

// FuzzProxyForwarding: the same guarantee for any request-target.
func FuzzProxyForwarding(f *testing.F) {
	for _, target := range forwardingTargets() {
		f.Add(target)
	}
	strict, whatwg := newProxyRig(f, rigPolicies[0].opts), newProxyRig(f, rigPolicies[1].opts)
	f.Fuzz(func(t *testing.T, target string) {
		if strings.ContainsAny(target, "\r\n") || len(target) > 4096 {
			t.Skip("not one request line")
		}
		strict.check(t, target, "example.com")
		whatwg.check(t, target, "example.com")
	})
}
