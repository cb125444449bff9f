package httpurl_test

import (
	"bufio"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/httpurl"
	"github.com/spanurl/spanurl/span"
)

var strict httpurl.Policy

// policyHosts: Host headers and what the strict policy makes of them: the
// host the URL has ("" when refused), or the error and its offset.
var policyHosts = []struct {
	host   string
	want   string // the URL's Host, "" when refused
	err    error
	offset int
}{
	{host: "example.com", want: "example.com"},
	{host: "EXAMPLE.com:80", want: "example.com"},
	{host: "example.com:8080", want: "example.com:8080"},
	{host: "localhost:3000", want: "localhost:3000"},
	{host: "a-b.c-d.example", want: "a-b.c-d.example"},
	{host: "xn--bcher-kva.example", want: "xn--bcher-kva.example"},
	{host: "bücher.example", want: "xn--bcher-kva.example"},
	{host: "ｅｘａｍｐｌｅ.com", want: "example.com"}, // fullwidth letters map to ASCII
	{host: "ex%61mple.com", want: "example.com"},
	{host: strings.Repeat("a", 63) + ".example", want: strings.Repeat("a", 63) + ".example"},
	{host: name253, want: name253},
	{host: name253 + ".", want: name253},
	// One trailing dot is removed.
	{host: "example.com.", want: "example.com"},
	{host: "Example.COM.:8080", want: "example.com:8080"},
	{host: "example.com%2e", want: "example.com"},
	{host: "example.com%2E:80", want: "example.com"},
	// IP addresses, IPv4-mapped IPv6 ones unmapped.
	{host: "127.0.0.1", want: "127.0.0.1"},
	{host: "0x7f.1", want: "127.0.0.1"},
	{host: "127.0.0.1.", want: "127.0.0.1"},
	{host: "[::1]", want: "[::1]"},
	{host: "[2001:db8::1]:8443", want: "[2001:db8::1]:8443"},
	{host: "[::ffff:127.0.0.1]", want: "127.0.0.1"},
	{host: "[::ffff:7f00:1]:8080", want: "127.0.0.1:8080"},
	{host: "[0:0:0:0:0:FFFF:a00:1]", want: "10.0.0.1"},
	{host: "[::7f00:1]", want: "[::7f00:1]"}, // IPv4-compatible: not a mapped address
	// Not DNS names: characters outside letters, digits and hyphens.
	{host: `a"b`, err: httpurl.ErrNotDNSName, offset: 1},
	{host: "a`b", err: httpurl.ErrNotDNSName, offset: 1},
	{host: "a{b}", err: httpurl.ErrNotDNSName, offset: 1},
	{host: "a;b=c", err: httpurl.ErrNotDNSName, offset: 1},
	{host: "ex.a;b=c:8080", err: httpurl.ErrNotDNSName, offset: 4},
	{host: "my_host", err: httpurl.ErrNotDNSName, offset: 2},
	{host: "a~b", err: httpurl.ErrNotDNSName, offset: 1},
	{host: "a!$&'()*+,b", err: httpurl.ErrNotDNSName, offset: 1},
	{host: "a%22b", err: httpurl.ErrNotDNSName, offset: 0}, // decoded: the offset is the host's
	{host: "＂a", err: httpurl.ErrNotDNSName, offset: 0},    // fullwidth '"' maps to '"'
	// Empty labels.
	{host: "example.com..", err: httpurl.ErrNotDNSName, offset: 12},
	{host: "example.com%2e%2e", err: httpurl.ErrNotDNSName, offset: 0},
	{host: ".example.com", err: httpurl.ErrNotDNSName, offset: 0},
	{host: "a..b", err: httpurl.ErrNotDNSName, offset: 2},
	{host: "..", err: httpurl.ErrNotDNSName, offset: 0},
	{host: ".", err: httpurl.ErrNotDNSName, offset: 0},
	// Lengths after domain to ASCII.
	{host: strings.Repeat("a", 64) + ".example", err: httpurl.ErrNotDNSName, offset: 63},
	{host: "a." + name253, err: httpurl.ErrNotDNSName, offset: 253},
	// A label of more than 63 code points, refused before domain to ASCII.
	{host: strings.Repeat("一", 64) + ".example", err: httpurl.ErrNotDNSName, offset: 63 * 3},
	{host: "a." + strings.Repeat("%E4%B8%80", 64), err: httpurl.ErrNotDNSName, offset: 2 + 63*9},
	{host: "a%2E" + strings.Repeat("a", 64), err: httpurl.ErrNotDNSName, offset: 4 + 63},
	{host: strings.Repeat("一", 20) + ".example", want: "xn--4gqaaaaaaaaaaaaaaaaaaa.example"},
	// Port 0.
	{host: "example.com:0", err: httpurl.ErrPortZero, offset: 12},
	{host: "example.com:000", err: httpurl.ErrPortZero, offset: 12},
	{host: "[::1]:0", err: httpurl.ErrPortZero, offset: 6},
	{host: "[::ffff:127.0.0.1]:0", err: httpurl.ErrPortZero, offset: 19},
	// The host length, before any parsing.
	{host: strings.Repeat("a", 1025), err: httpurl.ErrHostTooLong, offset: 1024},
	{host: strings.Repeat("é", 513), err: httpurl.ErrHostTooLong, offset: 1024},
}

// reparse is the URL of s, or the zero URL.
func reparse(s string) span.URL {
	u, _ := span.Parse(s)
	return u
}

// name253 is a DNS name of 253 octets, DNS's longest.
var name253 = strings.Repeat(strings.Repeat("a", 63)+".", 4)[:253]

func TestPolicyHosts(t *testing.T) {
	if len(name253) != 253 || strings.HasSuffix(name253, ".") {
		t.Fatalf("name253: %d octets", len(name253))
	}
	for _, tc := range policyHosts {
		// As the Host of an origin-form target, as the authority of an
		// absolute-form one, and (with a port) of an authority-form one.
		check := func(what string, u span.URL, err error, offset int) {
			t.Helper()
			if tc.err != nil {
				var e *httpurl.Error
				if !errors.Is(err, tc.err) || !errors.Is(err, httpurl.ErrPolicy) || !errors.Is(err, httpurl.ErrInvalidHost) ||
					!errors.As(err, &e) || e.Offset != offset || !u.IsZero() {
					t.Errorf("%s %q: %q, %v; want %v at offset %d", what, tc.host, u.Href(), err, tc.err, offset)
				}
				return
			}
			if err != nil || u.Host() != tc.want {
				t.Errorf("%s %q: host %q, %v; want %q", what, tc.host, u.Host(), err, tc.want)
			}
			if reparse(u.Href()) != u {
				t.Errorf("%s %q: %q is not in serialized form", what, tc.host, u.Href())
			}
		}
		u, err := strict.ParseRequestTarget("/x", tc.host, "http")
		check("Host", u, err, tc.offset)
		if u.Href() != "" && u.Pathname() != "/x" {
			t.Errorf("Host %q: pathname %q", tc.host, u.Pathname())
		}
		u, err = strict.ParseRequestTarget("http://"+tc.host+"/x", "", "http")
		check("absolute-form", u, err, len("http://")+tc.offset)
		if errors.Is(err, httpurl.ErrPolicy) && !errors.Is(err, httpurl.ErrInvalidTarget) {
			t.Errorf("absolute-form %q: %v does not match ErrInvalidTarget", tc.host, err)
		}
		if !strings.Contains(tc.host, ":") || strings.HasSuffix(tc.host, "]") {
			u, err = strict.ParseConnectTarget(tc.host + ":443")
			if tc.err == httpurl.ErrHostTooLong {
				continue // the port makes it longer
			}
			if tc.err == nil {
				u = reparse(strings.Replace(u.Href(), "https://", "http://", 1))
			}
			check("authority-form", u, err, tc.offset)
		}
	}
}

// TestPolicyWHATWG: the WHATWG policy is the standard's URL, as the
// package's functions give it, for every host and path of the tables.
func TestPolicyWHATWG(t *testing.T) {
	std := httpurl.Policy{WHATWG: true}
	var targets, hosts []string
	for _, h := range policyHosts {
		if h.err != httpurl.ErrHostTooLong {
			hosts = append(hosts, h.host)
		}
	}
	for _, p := range policyPaths {
		targets = append(targets, p.target)
	}
	targets = append(targets, traversals...)
	for _, nt := range notTraversals {
		targets = append(targets, nt.target)
	}
	same := func(what string, u, v span.URL, err1, err2 error) {
		t.Helper()
		if u != v || fmt.Sprint(err1) != fmt.Sprint(err2) {
			t.Errorf("%s: WHATWG policy %q, %v; standard %q, %v", what, u.Href(), err1, v.Href(), err2)
		}
	}
	for _, h := range hosts {
		u, err1 := std.ParseRequestTarget("/x", h, "http")
		v, err2 := httpurl.ParseRequestTarget("/x", h, "http")
		same(h, u, v, err1, err2)
		u, err1 = std.ParseRequestTarget("http://"+h+"/x", "", "http")
		v, err2 = httpurl.ParseRequestTarget("http://"+h+"/x", "", "")
		same(h, u, v, err1, err2)
		u, err1 = std.ParseConnectTarget(h + ":8443")
		v, err2 = httpurl.ParseConnectTarget(h + ":8443")
		same(h, u, v, err1, err2)
	}
	for _, target := range targets {
		u, err1 := std.ParseRequestTarget(target, "example.com.", "https")
		v, err2 := httpurl.ParseRequestTarget(target, "example.com.", "https")
		same(target, u, v, err1, err2)
	}
	// The host length still applies, unless lifted.
	long := strings.Repeat("a", 2000)
	if _, err := std.ParseRequestTarget("/", long, "http"); !errors.Is(err, httpurl.ErrHostTooLong) {
		t.Errorf("WHATWG policy, 2000-byte host: %v", err)
	}
	if u, err := (httpurl.Policy{WHATWG: true, MaxHostLength: -1}).ParseRequestTarget("/", long, "http"); err != nil || u.Hostname() != long {
		t.Errorf("WHATWG policy without a limit, 2000-byte host: %q, %v", u.Href(), err)
	}
	if _, err := (httpurl.Policy{MaxHostLength: 10}).ParseRequestTarget("/", "example.com", "http"); !errors.Is(err, httpurl.ErrHostTooLong) {
		t.Errorf("MaxHostLength 10, example.com: %v", err)
	}
}

// policyPaths: origin-form targets and what the strict policy makes of
// them: the pathname ("" when refused), or the error and its offset.
var policyPaths = []struct {
	target   string
	pathname string
	err      error
	offset   int
}{
	{target: "/adm%69n", pathname: "/admin"},
	{target: "/ADM%49N", pathname: "/ADMIN"},
	{target: "/%7Euser/%7efile", pathname: "/~user/~file"},
	{target: "/a%2D%5F%2E%2e", pathname: "/a-_.."},
	{target: "/%41%5A%61%7A%30%39", pathname: "/AZaz09"},
	{target: "/a/%2e%2e%2e/b", pathname: "/a/.../b"},
	{target: "/a/%2e%2e/adm%69n", pathname: "/admin"},
	{target: "/x/%2E./adm%69n/.", pathname: "/admin/"},
	{target: "/a%25%36%39", pathname: "/a%2569"}, // "%25" is not decoded: still "%69" once decoded
	{target: "/a%252e%252e/b", pathname: "/a%252e%252e/b"},
	{target: "/a%20b%3F%23%40", pathname: "/a%20b%3F%23%40"}, // reserved and others stay
	{target: "/é%C3%A9", pathname: "/%C3%A9%C3%A9"},
	{target: "/a?q=%2F&r=%zz&s=%69", pathname: "/a"},
	{target: "/a/..;/b", pathname: "/a/..;/b"},
	// Encoded separators.
	{target: "/a%2Fb", err: httpurl.ErrEncodedSeparator, offset: 2},
	{target: "/a%2fb", err: httpurl.ErrEncodedSeparator, offset: 2},
	{target: "/a%5Cb", err: httpurl.ErrEncodedSeparator, offset: 2},
	{target: "/a%5cb", err: httpurl.ErrEncodedSeparator, offset: 2},
	{target: "/a%00b", err: httpurl.ErrEncodedSeparator, offset: 2},
	{target: "/public/..%2fadmin%2fx", err: httpurl.ErrEncodedSeparator, offset: 10},
	{target: "/a/%2e%2e%2fadmin", err: httpurl.ErrEncodedSeparator, offset: 9},
	{target: "/a%2f/../b", err: httpurl.ErrEncodedSeparator, offset: 2}, // even in a segment ".." removes
	// Malformed escapes.
	{target: "/x%zz", err: httpurl.ErrMalformedEscape, offset: 2},
	{target: "/x%", err: httpurl.ErrMalformedEscape, offset: 2},
	{target: "/x%2", err: httpurl.ErrMalformedEscape, offset: 2},
	{target: "/x%2g", err: httpurl.ErrMalformedEscape, offset: 2},
	{target: "/x%%32%65", err: httpurl.ErrMalformedEscape, offset: 2},
	{target: "/public/..%2fadmin%2fx%zz", err: httpurl.ErrEncodedSeparator, offset: 10},
	{target: "/x%u002e", err: httpurl.ErrMalformedEscape, offset: 2},
}

func TestPolicyPaths(t *testing.T) {
	for _, tc := range policyPaths {
		for _, prefix := range []string{"", "http://example.com", "https://example.com:8443"} {
			host := "example.com"
			if strings.HasSuffix(prefix, ":8443") {
				host += ":8443"
			}
			scheme := "https"
			if strings.HasPrefix(prefix, "http:") {
				scheme = "http" // the connection's scheme, as an absolute-form target must name it
			}
			u, err := strict.ParseRequestTarget(prefix+tc.target, host, scheme)
			if tc.err != nil {
				var e *httpurl.Error
				if !errors.Is(err, tc.err) || !errors.Is(err, httpurl.ErrPolicy) || !errors.Is(err, httpurl.ErrInvalidTarget) ||
					!errors.As(err, &e) || e.Offset != len(prefix)+tc.offset || !u.IsZero() {
					t.Errorf("%q: %q, %v; want %v at offset %d", prefix+tc.target, u.Href(), err, tc.err, len(prefix)+tc.offset)
				}
				continue
			}
			if err != nil || u.Pathname() != tc.pathname {
				t.Errorf("%q: pathname %q, %v; want %q", prefix+tc.target, u.Pathname(), err, tc.pathname)
				continue
			}
			v, _ := httpurl.ParseRequestTarget(prefix+tc.target, host, "https")
			if u.Search() != v.Search() || u.Host() != v.Host() {
				t.Errorf("%q: %q; the standard's %q", prefix+tc.target, u.Href(), v.Href())
			}
			if reparse(u.Href()) != u {
				t.Errorf("%q: %q is not in serialized form", prefix+tc.target, u.Href())
			}
		}
	}
	// AllowEncodedSeparators keeps them, as the standard does; malformed
	// escapes are still refused.
	allow := httpurl.Policy{AllowEncodedSeparators: true}
	for _, target := range []string{"/a%2Fb", "/a%2f%5C%5c%00/../adm%69n", "/public/..%2fadmin%2fx"} {
		u, err := allow.ParseRequestTarget(target, "example.com", "https")
		v, _ := httpurl.ParseRequestTarget(target, "example.com", "https")
		if want := strings.ReplaceAll(v.Pathname(), "%69", "i"); err != nil || u.Pathname() != want {
			t.Errorf("AllowEncodedSeparators %q: %q, %v; want pathname %q", target, u.Href(), err, want)
		}
	}
	if _, err := allow.ParseRequestTarget("/x%zz", "example.com", "https"); !errors.Is(err, httpurl.ErrMalformedEscape) {
		t.Errorf("AllowEncodedSeparators /x%%zz: %v", err)
	}
}

// TestDecodeEveryByte: of the 512 spellings "%XX" (both cases of each
// hex digit pair), the policy decodes exactly the unreserved characters,
// and nothing else in the path changes.
func TestDecodeEveryByte(t *testing.T) {
	allow := httpurl.Policy{AllowEncodedSeparators: true}
	for b := range 256 {
		for _, format := range []string{"/x%%%02Xy", "/x%%%02xy"} {
			target := fmt.Sprintf(format, b)
			u, err := allow.ParseRequestTarget(target, "h", "http")
			if err != nil {
				t.Errorf("%q: %v", target, err)
				continue
			}
			c := byte(b)
			want := target
			if strings.IndexByte(unreservedChars, c) >= 0 {
				want = "/x" + string(c) + "y"
			}
			if u.Pathname() != want {
				t.Errorf("%q: pathname %q, want %q", target, u.Pathname(), want)
			}
		}
	}
}

// TestDecodeMakesNoDotSegment: for every path of three segments drawn
// from dot-segment spellings, escapes of unreserved characters and names,
// the policy's pathname is the standard's with those escapes decoded, has
// as many segments, has no dot segment, is stable under a second parse
// and under the policy again.
func TestDecodeMakesNoDotSegment(t *testing.T) {
	parts := []string{"a", ".", "..", "%2e", "%2E", "%2e%2e", ".%2e", "%2E.", "%2e%2e%2e", "a%2e", "%2ea", "%61",
		"%7e", "%2e%61", "%25%32%65", "%252e", "%41%2e", "%2e%2E%2e%2E", ""}
	seps := []string{"/", `\`}
	n := 0
	var gen func(prefix string, depth int)
	gen = func(prefix string, depth int) {
		if depth == 0 {
			n++
			checkDecoded(t, prefix)
			return
		}
		for _, s := range seps {
			for _, p := range parts {
				gen(prefix+s+p, depth-1)
			}
		}
	}
	gen("", 3)
	t.Logf("%d generated targets", n)
}

// checkDecoded checks the policy's URL of the origin-form target against
// the standard's, when the standard accepts it.
func checkDecoded(t *testing.T, target string) {
	t.Helper()
	v, err := httpurl.ParseRequestTarget(target, "h", "http")
	if err != nil {
		return
	}
	u, err := strict.ParseRequestTarget(target, "h", "http")
	if err != nil {
		if errors.Is(err, httpurl.ErrEncodedSeparator) || errors.Is(err, httpurl.ErrMalformedEscape) {
			return
		}
		t.Fatalf("%q: the standard accepts it, the policy: %v", target, err)
	}
	checkNoDotSegments(t, u)
	if want := decodeByHand(v.Pathname()); u.Pathname() != want {
		t.Errorf("%q: pathname %q, want %q", target, u.Pathname(), want)
	}
	if strings.Count(u.Pathname(), "/") != strings.Count(v.Pathname(), "/") || strings.Contains(u.Pathname(), `\`) {
		t.Errorf("%q: pathname %q, the standard's %q: another number of separators", target, u.Pathname(), v.Pathname())
	}
	if w, err := span.Parse(u.Href()); err != nil || w != u {
		t.Errorf("%q: %q parses as %q, %v", target, u.Href(), w.Href(), err)
	}
	if w, err := strict.ParseRequestTarget(u.Href()[u.Offsets().PathStart:], "h", "http"); err != nil || w != u {
		t.Errorf("%q: the policy again on %q gives %q, %v", target, u.Href(), w.Href(), err)
	}
}

// decodeByHand decodes the escapes of unreserved characters in path.
func decodeByHand(path string) string {
	var b strings.Builder
	for i := 0; i < len(path); i++ {
		if path[i] == '%' && i+2 < len(path) {
			c, err := strconv.ParseUint(path[i+1:i+3], 16, 8)
			if err == nil && strings.IndexByte(unreservedChars, byte(c)) >= 0 {
				b.WriteByte(byte(c))
				i += 2
				continue
			}
		}
		b.WriteByte(path[i])
	}
	return b.String()
}

const unreservedChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"

// FuzzPolicy: whatever the target, the policy's URL keeps the guarantees:
// no dot segment, no encoded separator or malformed escape in the path, a
// DNS name or IP address as host, serialized form, the standard's URL
// with unreserved escapes decoded, and the policy applied again changes
// nothing.
func FuzzPolicy(f *testing.F) {
	for _, target := range traversals {
		f.Add(target, "example.com")
	}
	for _, nt := range notTraversals {
		f.Add(nt.target, "example.com")
	}
	for _, p := range policyPaths {
		f.Add(p.target, "example.com.")
	}
	for _, h := range policyHosts {
		f.Add("/adm%69n", h.host)
	}
	f.Add("http://a.example/x/../y", "b.example")
	f.Fuzz(func(t *testing.T, target, host string) {
		u, err := strict.ParseRequestTarget(target, host, "https")
		if err != nil {
			var e *httpurl.Error
			if !errors.As(err, &e) {
				t.Fatalf("%q: %v is not an *Error", target, err)
			}
			return
		}
		checkNoDotSegments(t, u)
		p := strings.ToLower(u.Pathname())
		for _, sep := range []string{"%2f", "%5c", "%00"} {
			if strings.Contains(p, sep) {
				t.Errorf("%q: %s in the pathname %q", target, sep, u.Pathname())
			}
		}
		for i := 0; i < len(p); i++ {
			if p[i] == '%' && (i+2 >= len(p) || !isHex(p[i+1]) || !isHex(p[i+2])) {
				t.Errorf("%q: malformed escape at %d in %q", target, i, u.Pathname())
			}
		}
		if _, ok := u.HostAddr(); !ok {
			for label := range strings.SplitSeq(u.Hostname(), ".") {
				if label == "" || len(label) > 63 || strings.Trim(label, "abcdefghijklmnopqrstuvwxyz0123456789-") != "" {
					t.Errorf("%q, %q: hostname %q", target, host, u.Hostname())
				}
			}
		} else if a, _ := u.HostAddr(); a.Is4In6() {
			t.Errorf("%q, %q: a mapped address %q", target, host, u.Hostname())
		}
		if w, err := span.Parse(u.Href()); err != nil || w != u {
			t.Errorf("%q: %q parses as %q, %v", target, u.Href(), w.Href(), err)
		}
		if w, err := strict.ParseRequestTarget(u.Href()[u.Offsets().PathStart:], u.Host(), "https"); err != nil || w != u {
			t.Errorf("%q: the policy again on %q gives %q, %v", target, u.Href(), w.Href(), err)
		}
		if v, err := httpurl.ParseRequestTarget(target, host, "https"); err != nil || decodeByHand(v.Pathname()) != u.Pathname() || v.Search() != u.Search() {
			t.Errorf("%q: %q; the standard's %q, %v", target, u.Href(), v.Href(), err)
		}
	})
}

func isHex(c byte) bool { return strings.IndexByte("0123456789abcdefABCDEF", c) >= 0 }

// TestPolicyHostMismatch: the Host header of an absolute-form request must
// name the target's host and port, after the host rules.
func TestPolicyHostMismatch(t *testing.T) {
	for _, tc := range []struct {
		target, host string
		err          error
	}{
		{"http://a.example/x", "", nil},
		{"http://a.example/x", "a.example", nil},
		{"http://a.example/x", "A.EXAMPLE:80", nil},
		{"http://a.example/x", "a.example.", nil},
		{"http://a.example./x", "a.example", nil},
		{"http://a.example/x", "a%2Eexample", nil},
		{"http://10.0.0.1/x", "[::ffff:10.0.0.1]", nil},
		{"http://a.example/x", "b.example", httpurl.ErrHostMismatch},
		{"http://a.example/x", "a.example:8080", httpurl.ErrHostMismatch},
		{"https://a.example/x", "a.example:80", httpurl.ErrHostMismatch},
		{"http://admin.example/x/../y", "www.example", httpurl.ErrHostMismatch},
		{"http://a.example/x", "a.example..", httpurl.ErrNotDNSName},
		{"http://a.example/x", "bad host", httpurl.ErrInvalidHost},
		{"http://a.example/x", strings.Repeat("a", 1025), httpurl.ErrHostTooLong},
	} {
		scheme, _, _ := strings.Cut(tc.target, ":") // the connection's, as the target must name it
		u, err := strict.ParseRequestTarget(tc.target, tc.host, scheme)
		if tc.err == nil {
			if err != nil {
				t.Errorf("%q, Host %q: %v", tc.target, tc.host, err)
			}
		} else if !errors.Is(err, tc.err) || !errors.Is(err, httpurl.ErrPolicy) && tc.err != httpurl.ErrInvalidHost || !u.IsZero() {
			t.Errorf("%q, Host %q: %q, %v; want %v", tc.target, tc.host, u.Href(), err, tc.err)
		}
		u, err = httpurl.Policy{AllowHostMismatch: true}.ParseRequestTarget(tc.target, tc.host, scheme)
		if tc.err == httpurl.ErrHostMismatch && (err != nil || u.Hostname() != strings.Split(tc.target, "/")[2]) {
			t.Errorf("AllowHostMismatch: %q, Host %q: %q, %v", tc.target, tc.host, u.Href(), err)
		}
		if tc.err == httpurl.ErrInvalidHost && !errors.Is(err, tc.err) {
			t.Errorf("AllowHostMismatch: %q, Host %q: %v, want %v", tc.target, tc.host, err, tc.err)
		}
	}
	// FromRequest checks r.Host and every Host header left in r.Header.
	for _, tc := range []struct {
		host    string
		headers []string
		err     error
	}{
		{"a.example", nil, nil},
		{"a.example", []string{"a.example:80"}, nil},
		{"b.example", nil, httpurl.ErrHostMismatch},
		{"a.example", []string{"b.example"}, httpurl.ErrHostMismatch},
		{"a.example", []string{"a.example", "b.example"}, httpurl.ErrHostMismatch},
	} {
		r := &http.Request{Method: "GET", RequestURI: "http://a.example/x", Host: tc.host, Header: http.Header{}}
		if tc.headers != nil {
			r.Header["Host"] = tc.headers
		}
		u, err := httpurl.FromRequest(r, httpurl.Options{})
		if tc.err == nil && (err != nil || u.Href() != "http://a.example/x") || tc.err != nil && !errors.Is(err, tc.err) {
			t.Errorf("FromRequest, Host %q, headers %q: %q, %v; want %v", tc.host, tc.headers, u.Href(), err, tc.err)
		}
		if _, err := httpurl.FromRequest(r, httpurl.Options{Policy: httpurl.Policy{AllowHostMismatch: true}}); err != nil {
			t.Errorf("FromRequest, AllowHostMismatch, Host %q, headers %q: %v", tc.host, tc.headers, err)
		}
	}
}

// TestAbsoluteFormThroughServer: what net/http's server leaves of an
// absolute-form request's Host (r.Host is the target's authority, the Host
// header is gone), so that FromRequest routes on the target's host, which
// is what the documentation says.
func TestAbsoluteFormThroughServer(t *testing.T) {
	type seen struct {
		host, header, url string
	}
	got := make(chan seen, 1)
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u, err := httpurl.FromRequest(r, httpurl.Options{})
		res := u.Href()
		if err != nil {
			res = err.Error()
		}
		got <- seen{r.Host, strings.Join(r.Header["Host"], ","), res}
	}))
	defer s.Close()
	for _, tc := range []struct {
		target, host string
		want         seen
	}{
		{"http://Admin.Example/x/../y", "www.example", seen{"Admin.Example", "", "http://admin.example/y"}},
		{"http://admin.example.:80/y", "admin.example", seen{"admin.example.:80", "", "http://admin.example/y"}},
		{"http://a.example/y", "A.EXAMPLE", seen{"a.example", "", "http://a.example/y"}},
	} {
		c, err := net.Dial("tcp", s.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", tc.target, tc.host)
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		c.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("GET %s with Host %s: %s", tc.target, tc.host, resp.Status)
			continue
		}
		if g := <-got; g != tc.want {
			t.Errorf("GET %s with Host %s: the handler saw %+v, want %+v", tc.target, tc.host, g, tc.want)
		}
	}
}

// TestPolicyErrorText: what the policy's errors say.
func TestPolicyErrorText(t *testing.T) {
	for _, tc := range []struct{ target, host, want string }{
		{"/", "a;b=c", `httpurl: host is not a DNS name or an IP address: host "a;b=c": character ';' at offset 1`},
		{"/", "a..b", `httpurl: host is not a DNS name or an IP address: host "a..b": empty label at offset 2`},
		{"/", "example.com:0", `httpurl: port 0: host "example.com:0" at offset 12`},
		{"/a/..%2fb", "h", `httpurl: encoded separator in the path: target "/a/..%2fb": %2f at offset 5`},
		{"/a%zz", "h", `httpurl: percent sign not followed by two hex digits: target "/a%zz" at offset 2`},
		{"http://a.example/", "b.example", `httpurl: the request target does not match the Host header: host "b.example": the target names "a.example" at offset -1`},
		{"http://" + strings.Repeat("a", 1100), "", `httpurl: host longer than the policy's limit: target "http://` + strings.Repeat("a", 249) + `...": longer than 1024 bytes at offset 1031`},
	} {
		_, err := strict.ParseRequestTarget(tc.target, tc.host, "http")
		if want := strings.TrimSuffix(tc.want, " at offset -1"); err == nil || err.Error() != want {
			t.Errorf("%q, %q: %v\nwant %s", tc.target, tc.host, err, want)
		}
	}
}

// TestPolicyAllocs: a request the policy leaves as it is costs what the
// standard's parse costs.
func TestPolicyAllocs(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { strict.ParseRequestTarget("/a/b?q=1", "example.com", "https") }); n != 1 {
		t.Errorf("origin-form: %v allocations, want 1", n)
	}
	if n := testing.AllocsPerRun(100, func() { strict.ParseRequestTarget("http://example.com/a", "example.com", "http") }); n != 0 {
		t.Errorf("absolute-form with its Host: %v allocations, want 0", n)
	}
	r := &http.Request{Method: "GET", RequestURI: "/a/b?q=1", Host: "example.com", Header: http.Header{}}
	if n := testing.AllocsPerRun(100, func() { httpurl.FromRequest(r, httpurl.Options{}) }); n != 1 {
		t.Errorf("FromRequest: %v allocations, want 1", n)
	}
}

// TestHostTooLongMasksPassword: the error of a host too long to read in
// full still never shows a password.
func TestHostTooLongMasksPassword(t *testing.T) {
	long := strings.Repeat("a", 2000)
	for _, tc := range []struct{ target, host string }{
		{"/", "user:secret" + long + "@example.com"},
		{"/", "user:secret@" + long},
		{"http://user:secret" + long + "@example.com/", ""},
		{"http://user:secret@" + long + "/", ""},
	} {
		_, err := strict.ParseRequestTarget(tc.target, tc.host, "http")
		if !errors.Is(err, httpurl.ErrHostTooLong) || strings.Contains(fmt.Sprint(err), "secret") {
			t.Errorf("%.30q, %.30q: %v", tc.target, tc.host, err)
		}
	}
	if _, err := strict.ParseConnectTarget("user:secret@" + long + ":443"); !errors.Is(err, httpurl.ErrHostTooLong) || strings.Contains(err.Error(), "secret") {
		t.Errorf("CONNECT: %v", err)
	}
}
