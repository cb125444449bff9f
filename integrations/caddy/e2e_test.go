package caddyspanurl_test

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2"
	"github.com/caddyserver/caddy/v2/caddyconfig"
	_ "github.com/caddyserver/caddy/v2/caddyconfig/httpcaddyfile"
	_ "github.com/caddyserver/caddy/v2/modules/caddyhttp/standard"
	"github.com/spanurl/spanurl/httpurl"

	_ "github.com/spanurl/spanurl/integrations/caddy"
)

// attackClass is a named list of request targets, a row of the README's
// table.
type attackClass struct {
	name    string
	targets []string
}

// attackClasses: the targets of httpurl's tests (target_test.go's
// traversal tables, proxy_e2e_test.go's forwarding attacks), every
// printable byte after an encoded or literal traversal, and the bypasses
// of Caddy's own path matchers, all aimed at /admin.
func attackClasses() []attackClass {
	var bytesAfter []string
	for c := byte(' ' + 1); c <= '~'; c++ {
		s := string(c)
		for _, pre := range []string{"/public/..%2f", "/public/..%2F", "/public/%2e%2e%2f", "/public/%2E%2E%2F", "/public/..%5c", `/public/..\`, "/public/%2e%2e/"} {
			bytesAfter = append(bytesAfter, pre+"admin"+s, pre+s+"admin")
		}
		bytesAfter = append(bytesAfter, "/public/..%2fadmin%2fx"+s, "/public/"+s+"..%2fadmin", "//"+s+"/..%2fadmin")
	}
	return []attackClass{
		{"dot segments, backslashes (httpurl traversals)", []string{
			"/admin", "/a/../admin", "/a/./b/../../admin", "/a/%2e%2e/admin", "/a/%2E%2E/admin",
			"/a/%2e%2E/admin", "/a/.%2e/admin", "/a/%2e./admin", "/a/.%2E/admin", "/%2e/admin",
			"/./admin", "/a/b/c/../../../admin", "/../../../../admin", "/%2e%2e/%2e%2e/admin",
			"/a/b/../../../../../admin", `/a\..\admin`, `/a\b\..\..\admin`, `/a/%2e%2e\admin`,
			`/a\.\..\admin`, "/x/%2E%2E/admin?", "/admin/.", "/admin/x/..", "/admin/%2e",
		}},
		{"encoded separators, double encoding (httpurl notTraversals)", []string{
			"/a/..%2fadmin", "/a/..%2Fadmin", "/a/..%2f..%2fadmin", "/a/%2e%2e%2fadmin",
			"/a/..%5cadmin", "/a/%5c..%5cadmin", "/a/%252e%252e/admin", "/a/%25%32%65%25%32%65/admin",
			"/a/%c0%ae%c0%ae/admin", "/a/%e0%80%ae%e0%80%ae/admin", "/a/..%00/admin",
			"/a/%00/../admin", "/a/.../admin", "/a/%2e%2e%2e/admin", "/a/%u002e%u002e/admin",
			"/a/．．/admin",
		}},
		{"forwarding attacks (httpurl proxy_e2e_test)", []string{
			"/public/..%2fadmin%2fx|", "/public/..%2f..%2f..%2fetc%2fpasswd|", "/public/..%2fadmin%2fx%zz",
			"/public/..%2Fadmin%2Fx|", "/public/..%2fadmin%2fx^", `/public/..%2fadmin%2fx\`,
			`/public/..%2fadmin%2fx\..\..\y|`, "/public/..%2fadmin%2fx%", "/public/..%2fadmin%2fx%2",
			"/public/..%2fadmin%2fx%g0", "/public/..%2fadmin%2fx%ZZ", "/public/..%2fadmin%2fx%zz|",
			"/public/..%5cadmin%5cx|", "/public/..%5Cadmin%5Cx^", "/public/%2e%2e%2fadmin|",
			"/public/%2E%2e%2Fadmin%7c", "/public/.%2E%2fadmin%7C|", "/public/..%2fadmin%2fx%7C",
			"/public/..%2f..%2f..%2fetc%2fpasswd%00|", "/public/..%2fadmin%2fx|?q=%zz|",
			"/public/..%2fadmin%2fx?q=..%2f|#", "/public/..%252fadmin|", "/public/%c0%ae%c0%ae%2fadmin|",
			"/static/%2e%2e/admin", "/static/%2e%2e/admin|", "//a", "//a|", "//evil.example/x",
			"//evil.example/..%2fadmin|", `/\evil.example/x|`, "///x|", "//%2e%2e/admin|",
			"/é?é", "/a'b?c'd", `\admin`, `\\evil.example\admin`, "/a\tb", "/a\x00", "/a\x01",
			"/a\x7f", "/a#f", "/static/%2E%2E/admin/x", "/a/%2e%2e/admin%2Fc/./d?x=1", "*",
			"http://admin.example/x/../admin", "http://admin.example/x/%2e%2E/admin|",
			"HTTP://Admin.Example:80/%2e%2e/admin?z", "http://admin.example/public/..%2fadmin%2fx|",
			"http://admin.example//admin|", "http://0x7f.1/a/../admin", "http://[::1]:8080/a/%2e%2e/admin",
			`http://evil.example\@good.example/admin`, "http:///evil.example/admin",
		}},
		{"printable byte after ..%2f, ..%2F, %2e%2e%2f, ..%5c, ..\\, %2e%2e/", bytesAfter},
		{"case, doubled slashes, escapes (Caddy's path bypasses)", []string{
			"/ADMIN", "/Admin/x", "/aDmIn", "/%41dmin", "/%61dmin", "/adm%69n", "/ADM%49N", "/%41%44%4d%49%4e",
			"//admin", "///admin/x", "/public//..//admin", "/./admin", "/%2e/admin", "/%2E/admin",
			"/.%2e/admin", "/public/%2e%2e/admin", "/public/..%2fadmin", "/public/..%2FADMIN",
			`/public\..\admin`, `/public\..\ADMIN`, "/public%5c..%5cadmin", "/public/..%5Cadmin",
			`\admin`, "/admin%00", "/admin%2f", "/admin%2fx", "/%2fadmin", "/admin;x", "/..;/admin",
			"/admin?x", "/admin#x", "/admin.", "/admin%20", "/admin/", "/admin/../admin",
			"/admin%2e", "/public/..%2f%2e%2e%2fadmin", "/public/%252e%252e/admin",
			"http://127.0.0.1/admin", "http://127.0.0.1/public/../admin",
		}},
	}
}

// config is one of the Caddy configurations compared: the site block's
// body, with BACKEND for the backend's address.
type config struct {
	name, site string
}

var configs = []config{
	{"Caddy `path`", `
	@admin path /admin*
	handle @admin {
		respond "forbidden" 403
	}
	handle {
		reverse_proxy BACKEND
	}`},
	{"Caddy `url_pattern`", `
	@admin url_pattern /admin* {
		ignore_case
	}
	handle @admin {
		respond "forbidden" 403
	}
	handle {
		reverse_proxy BACKEND
	}`},
	{"`spanurl_pattern` alone", `
	@admin spanurl_pattern /admin* {
		ignore_case
	}
	handle @admin {
		respond "forbidden" 403
	}
	handle {
		reverse_proxy BACKEND
	}`},
	{"`spanurl` + Caddy `path`", `
	spanurl
	@admin path /admin*
	handle @admin {
		respond "forbidden" 403
	}
	handle {
		reverse_proxy BACKEND {
			header_up X-Spanurl-Uri {uri}
		}
	}`},
	{"`spanurl` + `spanurl_pattern`", spanurlSite},
}

// spanurlSite is the configuration the README recommends.
const spanurlSite = `
	spanurl
	@admin spanurl_pattern /admin* {
		ignore_case
	}
	handle @admin {
		respond "forbidden" 403
	}
	handle {
		reverse_proxy BACKEND {
			header_up X-Spanurl-Uri {uri}
		}
	}`

// hit is a request as the backend received it.
type hit struct {
	target, host, spanurlURI string
}

// backend is a loopback server that records each request it gets by its
// X-Test-Id header.
type backend struct {
	srv  *httptest.Server
	mu   sync.Mutex
	hits map[string]hit
}

func newBackend(t *testing.T) *backend {
	b := &backend{hits: map[string]hit{}}
	b.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b.mu.Lock()
		b.hits[r.Header.Get("X-Test-Id")] = hit{r.RequestURI, r.Host, r.Header.Get("X-Spanurl-Uri")}
		b.mu.Unlock()
		io.WriteString(w, "backend")
	}))
	t.Cleanup(b.srv.Close)
	return b
}

func (b *backend) get(id string) (hit, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	h, ok := b.hits[id]
	return h, ok
}

// freePort returns a loopback port that was free a moment ago.
func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// caddyfile returns the whole Caddyfile of a site body.
func caddyfile(port int, site, backendAddr string) string {
	return fmt.Sprintf(`{
	admin off
	log {
		output discard
	}
	persist_config off
	auto_https off
	servers {
		protocols h1
	}
}

http://:%d {
	bind 127.0.0.1
%s
}
`, port, strings.ReplaceAll(site, "BACKEND", backendAddr))
}

// startCaddy adapts a Caddyfile and loads it into the process's Caddy,
// replacing the running configuration.
func startCaddy(t *testing.T, cf string) {
	t.Helper()
	adapter := caddyconfig.GetAdapter("caddyfile")
	cfg, warnings, err := adapter.Adapt([]byte(cf), map[string]any{"filename": "Caddyfile"})
	if err != nil {
		t.Fatalf("adapting the Caddyfile: %v\n%s", err, cf)
	}
	for _, w := range warnings {
		t.Logf("Caddyfile warning: %s", w.String())
	}
	if err := caddy.Load(cfg, true); err != nil {
		t.Fatalf("loading the configuration: %v\n%s", err, cfg)
	}
	t.Cleanup(func() { _ = caddy.Stop() })
}

// stopCaddy stops the process's Caddy.
func stopCaddy() error { return caddy.Stop() }

// rawRequest builds a request with a target sent as it is.
func rawRequest(target, host, id string) string {
	return "GET " + target + " HTTP/1.1\r\nHost: " + host + "\r\nX-Test-Id: " + id + "\r\nConnection: close\r\n\r\n"
}

// send writes req to addr over TCP and returns the response's status
// code (0 when there is none).
func send(t *testing.T, addr, req string) int {
	t.Helper()
	var conn net.Conn
	var err error
	for range 50 {
		if conn, err = net.Dial("tcp", addr); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		t.Fatalf("dial %s: %v", addr, err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(conn, req); err != nil {
		return 0
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		return 0
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

// protectedPath reports whether p, a path as a backend routes on it, is
// under /admin.
func protectedPath(p string) bool {
	return strings.HasPrefix(p, "/admin")
}

// reaches returns the backend models under which target, as a backend
// received it, is a request for /admin or below:
//
//   - "go": net/http's r.URL.Path ("%2F" decoded), cleaned as routers
//     clean it (dot segments, doubled slashes);
//   - "windows": every escape decoded, "\" a separator, a NUL ending the
//     path, case folded, then cleaned (IIS and Windows file systems);
//   - "whatwg": the URL Standard's pathname, case folded.
func reaches(target string) []string {
	var models []string
	p := target
	if i := strings.Index(p, "://"); i >= 0 {
		rest := p[i+3:]
		if j := strings.IndexAny(rest, "/?"); j >= 0 {
			p = rest[j:]
		} else {
			p = "/"
		}
	}
	if u, err := url.ParseRequestURI(target); err == nil && protectedPath(path.Clean("/"+u.Path)) {
		models = append(models, "go")
	}
	raw, _, _ := strings.Cut(p, "?")
	dec := percentDecode(raw)
	dec = strings.ReplaceAll(dec, `\`, "/")
	if i := strings.IndexByte(dec, 0); i >= 0 {
		dec = dec[:i]
	}
	if protectedPath(path.Clean("/" + strings.ToLower(dec))) {
		models = append(models, "windows")
	}
	if u, err := httpurl.ParseRequestTarget(p, "backend.example", "http"); err == nil && protectedPath(strings.ToLower(u.Pathname())) {
		models = append(models, "whatwg")
	}
	return models
}

// reachesTomcat reports whether target is under /admin for a backend that
// drops ";" path parameters from each segment before decoding (Tomcat).
func reachesTomcat(target string) bool {
	raw, _, _ := strings.Cut(target, "?")
	segs := strings.Split(raw, "/")
	for i, s := range segs {
		s, _, _ = strings.Cut(s, ";")
		segs[i] = s
	}
	return protectedPath(path.Clean("/" + strings.ToLower(percentDecode(strings.Join(segs, "/")))))
}

// percentDecode decodes every "%" followed by two hex digits.
func percentDecode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			b.WriteByte(unhex(s[i+1])<<4 | unhex(s[i+2]))
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// libraryURL is what the library says of the raw request: the
// *http.Request net/http reads from it, given to httpurl.FromRequest
// under the strict policy, as the handler does.
func libraryURL(req string) (u string, host string, pathname string, err error) {
	r, err := http.ReadRequest(bufio.NewReader(strings.NewReader(req)))
	if err != nil {
		return "", "", "", fmt.Errorf("net/http: %w", err)
	}
	v, err := httpurl.FromRequest(r, httpurl.Options{})
	if err != nil {
		return "", "", "", err
	}
	return v.RequestURI(), v.Host(), v.Pathname(), nil
}

// outcome counts, for one configuration and one class, the requests sent,
// those that reached the backend, and those that reached it under a model
// in which they ask for /admin.
type outcome struct {
	sent, forwarded, protected, tomcat int
	models                             map[string]int
	examples                           []string
}

// TestAdminNotReachable sends every attack target to each configuration
// and counts the requests that reach the backend as requests for /admin.
// Through the spanurl handler and matcher none may, and each request the
// backend gets is the library's URL of the request, byte for byte.
func TestAdminNotReachable(t *testing.T) {
	b := newBackend(t)
	backendAddr := strings.TrimPrefix(b.srv.URL, "http://")
	classes := attackClasses()
	results := make([][]outcome, len(configs))
	id := 0
	for ci, c := range configs {
		port := freePort(t)
		addr := fmt.Sprintf("127.0.0.1:%d", port)
		startCaddy(t, caddyfile(port, c.site, backendAddr))
		results[ci] = make([]outcome, len(classes))
		for k, class := range classes {
			o := &results[ci][k]
			for _, target := range class.targets {
				if strings.ContainsAny(target, "\r\n") {
					continue
				}
				id++
				sid := fmt.Sprint(id)
				req := rawRequest(target, addr, sid)
				code := send(t, addr, req)
				o.sent++
				h, ok := b.get(sid)
				if ok {
					o.forwarded++
					if m := reaches(h.target); len(m) > 0 {
						o.protected++
						if o.models == nil {
							o.models = map[string]int{}
						}
						for _, name := range m {
							o.models[name]++
						}
						if len(o.examples) < 3 {
							o.examples = append(o.examples, fmt.Sprintf("%q -> %q %v", target, h.target, m))
						}
					}
					if reachesTomcat(h.target) {
						o.tomcat++
					}
				}
				if c.site == spanurlSite {
					checkLibrary(t, req, target, code, h, ok)
				}
			}
		}
		_ = caddy.Stop()
	}
	var sb strings.Builder
	sb.WriteString("| attack class (requests) |")
	for _, c := range configs {
		sb.WriteString(" " + c.name + " |")
	}
	sb.WriteString("\n|---|")
	for range configs {
		sb.WriteString("---|")
	}
	sb.WriteString("\n")
	totals := make([]outcome, len(configs))
	for k, class := range classes {
		fmt.Fprintf(&sb, "| %s (%d) |", class.name, results[0][k].sent)
		for ci := range configs {
			o := results[ci][k]
			fmt.Fprintf(&sb, " %d |", o.protected)
			totals[ci].sent += o.sent
			totals[ci].forwarded += o.forwarded
			totals[ci].protected += o.protected
			totals[ci].tomcat += o.tomcat
			if totals[ci].models == nil {
				totals[ci].models = map[string]int{}
			}
			for name, n := range o.models {
				totals[ci].models[name] += n
			}
		}
		sb.WriteString("\n")
	}
	fmt.Fprintf(&sb, "| **all** (%d) |", totals[0].sent)
	for _, o := range totals {
		fmt.Fprintf(&sb, " **%d** |", o.protected)
	}
	for _, model := range []string{"go", "windows", "whatwg"} {
		fmt.Fprintf(&sb, "\n| of which under /admin for the %s model |", model)
		for _, o := range totals {
			fmt.Fprintf(&sb, " %d |", o.models[model])
		}
	}
	sb.WriteString("\n| forwarded to the backend at all |")
	for _, o := range totals {
		fmt.Fprintf(&sb, " %d |", o.forwarded)
	}
	sb.WriteString("\n| under /admin for Tomcat's `;` rule (not asserted) |")
	for _, o := range totals {
		fmt.Fprintf(&sb, " %d |", o.tomcat)
	}
	t.Logf("requests that reached the backend as a request for /admin:\n%s", sb.String())
	for ci, c := range configs {
		for k := range classes {
			for _, e := range results[ci][k].examples {
				t.Logf("%s: %s", c.name, e)
			}
		}
	}
	last := len(configs) - 1
	if totals[last].protected != 0 {
		t.Errorf("%s: %d requests reached /admin on the backend", configs[last].name, totals[last].protected)
	}
}

// checkLibrary checks one request through the recommended configuration
// against the library's result on the same bytes.
func checkLibrary(t *testing.T, req, target string, code int, h hit, forwarded bool) {
	t.Helper()
	uri, host, pathname, err := libraryURL(req)
	switch {
	case err != nil:
		if forwarded || code != http.StatusBadRequest {
			t.Errorf("%q: the library refuses it (%v); Caddy answered %d, forwarded %v", target, err, code, forwarded)
		}
	case strings.Contains(pathname, "//") || strings.ContainsAny(pathname, "|^"):
		if forwarded || code != http.StatusBadRequest {
			t.Errorf("%q: pathname %q: want 400 (empty segment or unforwardable), got %d, forwarded %v", target, pathname, code, forwarded)
		}
	case protectedPath(strings.ToLower(pathname)):
		if forwarded || code != http.StatusForbidden {
			t.Errorf("%q: pathname %q: want 403, got %d, forwarded %v", target, pathname, code, forwarded)
		}
	default:
		if !forwarded || code != http.StatusOK {
			t.Errorf("%q: pathname %q: want it forwarded, got %d, forwarded %v", target, pathname, code, forwarded)
			return
		}
		if h.target != uri || h.host != host || h.spanurlURI != uri {
			t.Errorf("%q: backend got target %q host %q ({uri} %q); the library says %q host %q", target, h.target, h.host, h.spanurlURI, uri, host)
		}
	}
}
