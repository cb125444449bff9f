package httpurl_test

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/httpurl"
	"github.com/spanurl/spanurl/internal/testvectors"
	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

func TestParseRequestTargetOriginForm(t *testing.T) {
	tests := []struct{ target, host, scheme, href string }{
		{"/", "example.com", "http", "http://example.com/"},
		{"/a/b?q=1&r=2", "example.com", "https", "https://example.com/a/b?q=1&r=2"},
		{"/a?", "example.com", "https", "https://example.com/a?"},
		{"/", "EXAMPLE.com:443", "HTTPS", "https://example.com/"},
		{"/", "example.com:8080", "http", "http://example.com:8080/"},
		{"/", "example.com:", "http", "http://example.com/"},
		{"/", "[::1]:8080", "http", "http://[::1]:8080/"},
		{"/", "[0:0::1]", "http", "http://[::1]/"},
		{"/", "0x7f.1", "http", "http://127.0.0.1/"},
		{"/", "bücher.example", "http", "http://xn--bcher-kva.example/"},
		{"/", "ex%61mple.com", "http", "http://example.com/"},
		{"/a b", "h", "http", ""}, // a space: see the failures
		{"/é?é", "h", "http", "http://h/%C3%A9?%C3%A9"},
		{"/a'b?c'd", "h", "http", "http://h/a'b?c%27d"},
		// "//" starts a path here, never an authority.
		{"//evil.example/x", "example.com", "https", "https://example.com//evil.example/x"},
		{`/\evil.example/x`, "example.com", "https", "https://example.com//evil.example/x"},
		{"///x", "example.com", "https", "https://example.com///x"},
	}
	for _, tc := range tests {
		if tc.href == "" {
			continue
		}
		u, err := httpurl.ParseRequestTarget(tc.target, tc.host, tc.scheme)
		if err != nil || u.Href() != tc.href {
			t.Errorf("ParseRequestTarget(%q, %q, %q) = %q, %v; want %q", tc.target, tc.host, tc.scheme, u.Href(), err, tc.href)
		}
		if _, ok := u.Fragment(); ok {
			t.Errorf("%q: a fragment", tc.target)
		}
	}
}

// traversals: request targets that must all route as "/admin" (the
// standard resolves every one of these dot segments and backslashes).
var traversals = []string{
	"/admin",
	"/a/../admin",
	"/a/./b/../../admin",
	"/a/%2e%2e/admin",
	"/a/%2E%2E/admin",
	"/a/%2e%2E/admin",
	"/a/.%2e/admin",
	"/a/%2e./admin",
	"/a/.%2E/admin",
	"/%2e/admin",
	"/./admin",
	"/a/b/c/../../../admin",
	"/../../../../admin",
	"/%2e%2e/%2e%2e/admin",
	"/a/b/../../../../../admin",
	`/a\..\admin`,
	`/a\b\..\..\admin`,
	`/a/%2e%2e\admin`,
	`/a\.\..\admin`,
	"/x/%2E%2E/admin?",
}

// notTraversals: targets whose "..", "/" or "." is encoded in a way the
// standard does not decode: each stays in one segment, so none is
// "/admin", and each keeps its bytes.
var notTraversals = []struct{ target, pathname string }{
	{"/a/..%2fadmin", "/a/..%2fadmin"},
	{"/a/..%2Fadmin", "/a/..%2Fadmin"},
	{"/a/..%2f..%2fadmin", "/a/..%2f..%2fadmin"},
	{"/a/%2e%2e%2fadmin", "/a/%2e%2e%2fadmin"},
	{"/a/..%5cadmin", "/a/..%5cadmin"},
	{"/a/%5c..%5cadmin", "/a/%5c..%5cadmin"},
	{"/a/%252e%252e/admin", "/a/%252e%252e/admin"}, // double encoding
	{"/a/%25%32%65%25%32%65/admin", "/a/%25%32%65%25%32%65/admin"},
	{"/a/%c0%ae%c0%ae/admin", "/a/%c0%ae%c0%ae/admin"}, // overlong UTF-8 "."
	{"/a/%e0%80%ae%e0%80%ae/admin", "/a/%e0%80%ae%e0%80%ae/admin"},
	{"/a/..%00/admin", "/a/..%00/admin"},
	{"/a/%00/../admin", "/a/admin"},  // "%00" is a segment like any other
	{"/a/..;/admin", "/a/..;/admin"}, // Tomcat's path parameter: not a dot segment here
	{"/a/.../admin", "/a/.../admin"},
	{"/a/%2e%2e%2e/admin", "/a/%2e%2e%2e/admin"},
	{"/a/%u002e%u002e/admin", "/a/%u002e%u002e/admin"},
	{"/a/．．/admin", "/a/%EF%BC%8E%EF%BC%8E/admin"}, // fullwidth full stops
}

// TestPathTraversal is the package's path-traversal guarantee, as a
// table: targets that differ only in dot segments (any spelling the
// standard recognizes) and backslashes route the same, and nothing else
// is decoded.
func TestPathTraversal(t *testing.T) {
	for _, target := range traversals {
		for _, scheme := range []string{"http", "https"} {
			u, err := httpurl.ParseRequestTarget(target, "example.com", scheme)
			if err != nil || u.Pathname() != "/admin" || u.Hostname() != "example.com" || u.Search() != "" {
				t.Errorf("ParseRequestTarget(%q, %s) = %q, %v; want pathname /admin", target, scheme, u.Href(), err)
			}
			// The absolute-form says the same.
			v, err := httpurl.ParseRequestTarget(scheme+"://example.com"+target, "", "")
			if err != nil || v != u {
				t.Errorf("absolute-form of %q = %q, %v; want %q", target, v.Href(), err, u.Href())
			}
		}
	}
	// A final dot segment leaves the directory: "/admin/", which routes
	// as a directory would.
	for _, target := range []string{"/admin/.", "/admin/x/..", "/admin/%2e", "/x/../admin/%2E%2e/admin/."} {
		u, err := httpurl.ParseRequestTarget(target, "example.com", "http")
		if err != nil || u.Pathname() != "/admin/" {
			t.Errorf("ParseRequestTarget(%q) = %q, %v; want pathname /admin/", target, u.Href(), err)
		}
	}
	for _, tc := range notTraversals {
		u, err := httpurl.ParseRequestTarget(tc.target, "example.com", "https")
		if err != nil || u.Pathname() != tc.pathname {
			t.Errorf("ParseRequestTarget(%q) = %q, %v; want pathname %q", tc.target, u.Href(), err, tc.pathname)
		}
		checkNoDotSegments(t, u)
	}
}

// checkNoDotSegments: no segment of u's pathname is a dot segment in any
// spelling the standard recognizes.
func checkNoDotSegments(t *testing.T, u span.URL) {
	t.Helper()
	for seg := range strings.SplitSeq(u.Pathname(), "/") {
		s := strings.ReplaceAll(strings.ToLower(seg), "%2e", ".")
		if s == "." || s == ".." {
			t.Errorf("%q: dot segment %q in the pathname", u.Href(), seg)
		}
	}
}

// TestPathTraversalGenerated: every combination of up to four segments
// drawn from dot-segment spellings and names keeps the guarantee, and
// equals the result of resolving the dot segments by hand.
func TestPathTraversalGenerated(t *testing.T) {
	parts := []string{"a", "..", ".", "%2e%2e", "%2E.", ".%2e", "%2e", "..%2f", "b%2fc", "", "%252e"}
	seps := []string{"/", `\`}
	var gen func(prefix string, depth int)
	n := 0
	gen = func(prefix string, depth int) {
		if depth == 0 {
			if prefix[0] != '/' {
				return // an origin-form target starts with "/"
			}
			n++
			u, err := httpurl.ParseRequestTarget(prefix, "h", "http")
			if err != nil {
				t.Fatalf("%q: %v", prefix, err)
			}
			checkNoDotSegments(t, u)
			if want := resolveByHand(prefix); u.Pathname() != want {
				t.Errorf("%q: pathname %q, want %q", prefix, u.Pathname(), want)
			}
			return
		}
		for _, s := range seps {
			for _, p := range parts {
				gen(prefix+s+p, depth-1)
			}
		}
	}
	gen("", 4)
	t.Logf("%d generated targets", n)
}

// resolveByHand removes dot segments from an origin-form target the way
// RFC 3986 section 5.2.4 does, treating "\" as "/" and "%2e" (any case) as
// ".", for segments the generator makes.
func resolveByHand(target string) string {
	target = strings.ReplaceAll(target, `\`, "/")
	var out []string
	segs := strings.Split(target[1:], "/")
	for i, seg := range segs {
		last := i == len(segs)-1
		switch strings.ReplaceAll(strings.ToLower(seg), "%2e", ".") {
		case "..":
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
			if last {
				out = append(out, "")
			}
		case ".":
			if last {
				out = append(out, "")
			}
		default:
			out = append(out, seg)
		}
	}
	return "/" + strings.Join(out, "/")
}

func TestParseRequestTargetAbsoluteForm(t *testing.T) {
	tests := []struct{ target, host, href string }{
		{"http://example.com/a", "", "http://example.com/a"},
		{"http://example.com/a", "example.com", "http://example.com/a"},
		{"http://example.com/a", "other.example", "http://example.com/a"}, // the target's host wins
		{"HTTP://Example.COM:80/x?y", "", "http://example.com/x?y"},
		{"https://example.com", "", "https://example.com/"},
		{"https://example.com?q", "", "https://example.com/?q"},
		{"https://[::1]:8443/", "", "https://[::1]:8443/"},
		{"http://0x7f.1/a/../b", "", "http://127.0.0.1/b"},
		{"http://example.com/a", "", "http://example.com/a"},
	}
	for _, tc := range tests {
		u, err := httpurl.ParseRequestTarget(tc.target, tc.host, "https")
		if err != nil || u.Href() != tc.href {
			t.Errorf("ParseRequestTarget(%q, %q) = %q, %v; want %q", tc.target, tc.host, u.Href(), err, tc.href)
		}
	}
}

func TestParseRequestTargetFailures(t *testing.T) {
	tests := []struct {
		target, host, scheme string
		want                 []error // every one must match
		offset               int
	}{
		{"", "h", "http", []error{httpurl.ErrInvalidTarget}, -1},
		{"*", "h", "http", []error{httpurl.ErrAsteriskForm}, -1},
		{"example.com:443", "h", "http", []error{httpurl.ErrInvalidTarget}, 0},
		{"a/b", "h", "http", []error{httpurl.ErrInvalidTarget}, 0},
		{"ftp://h/", "h", "http", []error{httpurl.ErrInvalidTarget}, 0},
		{"http:evil.example/", "h", "http", []error{httpurl.ErrInvalidTarget}, 0},
		{"http:/evil.example/", "h", "http", []error{httpurl.ErrInvalidTarget}, 0},
		{"/", "h", "ftp", []error{httpurl.ErrInvalidScheme}, -1},
		{"/", "h", "", []error{httpurl.ErrInvalidScheme}, -1},
		// Control characters, which the URL parser would silently drop.
		{"/a\tb", "h", "http", []error{httpurl.ErrControlCharacter, httpurl.ErrInvalidTarget}, 2},
		{"/a\nb", "h", "http", []error{httpurl.ErrControlCharacter, httpurl.ErrInvalidTarget}, 2},
		{"/a\r\nX-Injected: 1", "h", "http", []error{httpurl.ErrControlCharacter}, 2},
		{"/a\x00", "h", "http", []error{httpurl.ErrControlCharacter}, 2},
		{"/a\x7f", "h", "http", []error{httpurl.ErrControlCharacter}, 2},
		{"/a\x01", "h", "http", []error{httpurl.ErrControlCharacter}, 2},
		{"/a", "h\t", "http", []error{httpurl.ErrControlCharacter, httpurl.ErrInvalidHost}, 1},
		{"/a", "h\r\nX: y", "http", []error{httpurl.ErrControlCharacter, httpurl.ErrInvalidHost}, 1},
		{"/a", "\x00h", "http", []error{httpurl.ErrControlCharacter, httpurl.ErrInvalidHost}, 0},
		{"/a", " h", "http", []error{httpurl.ErrInvalidHost}, 0},
		{"/a b", "h", "http", []error{httpurl.ErrInvalidTarget}, 2},
		{" /a", "h", "http", []error{httpurl.ErrInvalidTarget}, 0},
		{"/a#f", "h", "http", []error{httpurl.ErrInvalidTarget}, 2},
		{"http://h/a\tb", "", "http", []error{httpurl.ErrControlCharacter}, 10},
		// Hosts.
		{"/", "", "http", []error{httpurl.ErrInvalidHost}, 0},
		{"/", "user:secret@example.com", "http", []error{httpurl.ErrInvalidHost}, 11},
		{"/", "example.com/admin", "http", []error{httpurl.ErrInvalidHost}, 11},
		{"/", `example.com\admin`, "http", []error{httpurl.ErrInvalidHost}, 11},
		{"/", "example.com?x", "http", []error{httpurl.ErrInvalidHost}, 11},
		{"/", "example.com#x", "http", []error{httpurl.ErrInvalidHost}, 11},
		{"/", "exa mple.com", "http", []error{httpurl.ErrInvalidHost}, 3},
		{"/", "exa%20mple.com", "http", []error{httpurl.ErrInvalidHost, record.DomainInvalidCodePoint}, 0},
		{"/", "example.com:99999", "http", []error{httpurl.ErrInvalidHost, record.PortOutOfRange}, 12},
		{"/", "example.com:8o", "http", []error{httpurl.ErrInvalidHost, record.PortInvalid}, 13},
		{"/", "a:b:c", "http", []error{httpurl.ErrInvalidHost, record.PortInvalid}, 2},
		{"/", ":80", "http", []error{httpurl.ErrInvalidHost, record.HostMissing}, 0},
		{"/", "1.2.3.4.5", "http", []error{httpurl.ErrInvalidHost, record.IPv4TooManyParts}, 7},
		{"/", "999.1.1.1", "http", []error{httpurl.ErrInvalidHost, record.IPv4OutOfRangePart}, 0},
		{"/", "xn--a.ß", "http", []error{httpurl.ErrInvalidHost, record.DomainToASCII}, 0},
		// IPv6 bracket junk (the CVE-2026-25679 family).
		{"/", "[::1]junk", "http", []error{httpurl.ErrInvalidHost}, 5},
		{"/", "[::1]]", "http", []error{httpurl.ErrInvalidHost}, 5},
		{"/", "x[::1]", "http", []error{httpurl.ErrInvalidHost}, 1},
		{"/", "[[::1]]", "http", []error{httpurl.ErrInvalidHost}, 1},
		{"/", "[::1]:80]", "http", []error{httpurl.ErrInvalidHost}, 8},
		{"/", "[::1]:8x", "http", []error{httpurl.ErrInvalidHost}, 7},
		{"/", "[::1%25eth0]", "http", []error{httpurl.ErrInvalidHost, record.IPv6InvalidCodePoint}, 4},
		{"/", "[fe80::1%eth0]", "http", []error{httpurl.ErrInvalidHost, record.IPv6InvalidCodePoint}, 8},
		{"/", "[::ffff:127.0.0.1", "http", []error{httpurl.ErrInvalidHost}, 17},
		{"/", "[::1", "http", []error{httpurl.ErrInvalidHost}, 4},
		{"/", "::1", "http", []error{httpurl.ErrInvalidHost}, 0},
		{"/", "]", "http", []error{httpurl.ErrInvalidHost}, 0},
		{"/", "[", "http", []error{httpurl.ErrInvalidHost}, 1},
		{"/", "[]", "http", []error{httpurl.ErrInvalidHost, record.IPv6TooFewPieces}, 1},
		{"/", "[127.0.0.1]", "http", []error{httpurl.ErrInvalidHost, record.IPv6TooFewPieces}, 10},
		{`\admin`, "h", "http", []error{httpurl.ErrInvalidTarget}, 0},
		{`\\evil.example\x`, "h", "http", []error{httpurl.ErrInvalidTarget}, 0},
		{"/", "[::1]@evil", "http", []error{httpurl.ErrInvalidHost}, 5},
		{"/", "[v1.fe]", "http", []error{httpurl.ErrInvalidHost, record.IPv6InvalidCodePoint}, 1},
		// Absolute-form authorities.
		{"http://user:secret@example.com/", "", "http", []error{httpurl.ErrInvalidHost, httpurl.ErrInvalidTarget}, 18},
		{`http://evil.example\@good.example/`, "", "http", []error{httpurl.ErrInvalidHost, httpurl.ErrInvalidTarget}, 19},
		{"http:///evil.example/", "", "http", []error{httpurl.ErrInvalidHost}, 7},
		{"http://", "", "http", []error{httpurl.ErrInvalidHost}, 7},
		{"http://[::1]x/", "", "http", []error{httpurl.ErrInvalidHost}, 12},
		{"http://exa mple/", "", "http", []error{httpurl.ErrInvalidTarget}, 10},
		{"http://h:99999/", "", "http", []error{httpurl.ErrInvalidHost, record.PortOutOfRange}, 9},
		{"http://h/", "bad host", "http", []error{httpurl.ErrInvalidHost}, 3},
	}
	for _, tc := range tests {
		u, err := httpurl.ParseRequestTarget(tc.target, tc.host, tc.scheme)
		if err == nil {
			t.Errorf("ParseRequestTarget(%q, %q, %q) = %q, want an error", tc.target, tc.host, tc.scheme, u.Href())
			continue
		}
		if !u.IsZero() {
			t.Errorf("ParseRequestTarget(%q, %q): a URL with the error", tc.target, tc.host)
		}
		for _, w := range tc.want {
			if !errors.Is(err, w) {
				t.Errorf("ParseRequestTarget(%q, %q, %q) = %v; does not match %v", tc.target, tc.host, tc.scheme, err, w)
			}
		}
		var e *httpurl.Error
		if !errors.As(err, &e) {
			t.Errorf("%v is not an *Error", err)
			continue
		}
		if e.Offset != tc.offset {
			t.Errorf("ParseRequestTarget(%q, %q): %v: offset %d, want %d", tc.target, tc.host, err, e.Offset, tc.offset)
		}
		if strings.ContainsAny(err.Error(), "\r\n\x00\t") {
			t.Errorf("error text with raw control characters: %q", err.Error())
		}
	}
}

// TestErrorText: what the errors say.
func TestErrorText(t *testing.T) {
	tests := []struct{ target, host, want string }{
		{"/", "exa mple.com", `httpurl: invalid host: host "exa mple.com": space at offset 3`},
		{"/", "exa%20mple.com", `httpurl: invalid host: host "exa%20mple.com": domain-invalid-code-point at offset 0`},
		{"/", "[::1]junk", `httpurl: invalid host: host "[::1]junk": malformed IPv6 literal (text after ']') at offset 5`},
		{"/a\nb", "h", `httpurl: control character: target "/a\nb": LF at offset 2`},
		{"*", "h", `httpurl: asterisk-form request target (OPTIONS *) has no URL: target "*"`},
		{"/", "user:secret@h", `httpurl: invalid host: host "user:xxxxx@h": userinfo at offset 11`},
		{"http://u:secret@h/", "", `httpurl: invalid host: target "http://u:xxxxx@h/": userinfo at offset 15`},
	}
	for _, tc := range tests {
		_, err := httpurl.ParseRequestTarget(tc.target, tc.host, "http")
		if err == nil || err.Error() != tc.want {
			t.Errorf("ParseRequestTarget(%q, %q) = %v\nwant %s", tc.target, tc.host, err, tc.want)
		}
	}
}

// TestErrorsNeverShowPassword: hosts and targets with credentials, in
// every format.
func TestErrorsNeverShowPassword(t *testing.T) {
	var errs []error
	for _, host := range []string{"user:secret@example.com", "user:secret@exa mple.com", "user:secret@[::1", "u:secret@h:99999999"} {
		_, err := httpurl.ParseRequestTarget("/", host, "https")
		errs = append(errs, err)
		_, err = httpurl.ParseHost(host, "https")
		errs = append(errs, err)
		_, err = httpurl.ParseConnectTarget(host)
		errs = append(errs, err)
		_, err = httpurl.ParseRequestTarget("https://"+host+"/", "", "")
		errs = append(errs, err)
	}
	for _, err := range errs {
		if err == nil {
			t.Error("no error")
			continue
		}
		for _, f := range []string{"%v", "%+v", "%#v", "%s", "%q"} {
			if s := fmt.Sprintf(f, err); strings.Contains(s, "secret") {
				t.Errorf(f+" shows the password: %s", err, s)
			}
		}
	}
}

func TestParseHost(t *testing.T) {
	tests := []struct{ host, scheme, want string }{
		{"example.com", "http", "http://example.com/"},
		{"Example.COM.", "https", "https://example.com./"},
		{"example.com:80", "http", "http://example.com/"},
		{"example.com:80", "https", "https://example.com:80/"},
		{"[2001:DB8::1]:443", "https", "https://[2001:db8::1]/"},
		{"2130706433", "http", "http://127.0.0.1/"},
		{"xn--bcher-kva.example", "http", "http://xn--bcher-kva.example/"},
		{"localhost:3000", "http", "http://localhost:3000/"},
	}
	for _, tc := range tests {
		u, err := httpurl.ParseHost(tc.host, tc.scheme)
		if err != nil || u.Href() != tc.want {
			t.Errorf("ParseHost(%q, %q) = %q, %v; want %q", tc.host, tc.scheme, u.Href(), err, tc.want)
		}
	}
}

func TestParseConnectTarget(t *testing.T) {
	tests := []struct {
		target, href string
		port         uint16
	}{
		{"example.com:443", "https://example.com/", 443},
		{"Example.com:8443", "https://example.com:8443/", 8443},
		{"[::1]:22", "https://[::1]:22/", 22},
		{"10.0.0.1:80", "https://10.0.0.1:80/", 80},
		{"0x7f.1:25", "https://127.0.0.1:25/", 25},
	}
	for _, tc := range tests {
		u, err := httpurl.ParseConnectTarget(tc.target)
		if err != nil || u.Href() != tc.href || u.PortOrDefault() != tc.port {
			t.Errorf("ParseConnectTarget(%q) = %q (port %d), %v; want %q (port %d)", tc.target, u.Href(), u.PortOrDefault(), err, tc.href, tc.port)
		}
	}
	for _, bad := range []string{"", "example.com", "example.com:", "[::1]", "[::1]:", "/x", "http://example.com:80", "*",
		"u:p@example.com:443", "example.com:443/x", "example.com:99999", "[::1]x:80", "exa mple.com:443", "example.com:443\r\n"} {
		if u, err := httpurl.ParseConnectTarget(bad); err == nil || !(errors.Is(err, httpurl.ErrInvalidTarget) || errors.Is(err, httpurl.ErrInvalidHost)) {
			t.Errorf("ParseConnectTarget(%q) = %q, %v; want an error", bad, u.Href(), err)
		}
	}
}

func TestCheckHost(t *testing.T) {
	u, _ := httpurl.ParseRequestTarget("http://example.com/x", "", "")
	for _, h := range []string{"example.com", "EXAMPLE.COM", "example.com:80", "example.com:"} {
		if err := httpurl.CheckHost(u, h); err != nil {
			t.Errorf("CheckHost(%q): %v", h, err)
		}
	}
	for _, h := range []string{"example.org", "example.com:8080", "www.example.com"} {
		if err := httpurl.CheckHost(u, h); !errors.Is(err, httpurl.ErrHostMismatch) {
			t.Errorf("CheckHost(%q) = %v, want ErrHostMismatch", h, err)
		}
	}
	if err := httpurl.CheckHost(u, "exa mple.com"); !errors.Is(err, httpurl.ErrInvalidHost) {
		t.Errorf("CheckHost(invalid) = %v", err)
	}
}

func TestFormOf(t *testing.T) {
	for target, want := range map[string]httpurl.Form{
		"": httpurl.InvalidForm, "*": httpurl.AsteriskForm, "/": httpurl.OriginForm, "/a?b": httpurl.OriginForm,
		"http://h/": httpurl.AbsoluteForm, "HTTPS://h": httpurl.AbsoluteForm, "h:443": httpurl.AuthorityForm,
		"[::1]:443": httpurl.AuthorityForm, "ftp://h/": httpurl.InvalidForm, "a/b": httpurl.InvalidForm,
	} {
		if got := httpurl.FormOf(target); got != want {
			t.Errorf("FormOf(%q) = %v, want %v", target, got, want)
		}
	}
}

// TestRequestsCorpus: every request-target of the recorded traffic either
// parses, keeping the guarantees (no fragment, no dot segment, the host
// ParseHost gives), or fails with one of the sentinels.
func TestRequestsCorpus(t *testing.T) {
	f, err := os.Open(filepath.Join(testvectors.DatasetsDir(t), "requests.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	counts := map[string]int{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		target, host, _ := strings.Cut(sc.Text(), "\t")
		if host == "" {
			host = "example.com" // access logs do not record it
		}
		u, err := httpurl.ParseRequestTarget(target, host, "https")
		if err != nil {
			var e *httpurl.Error
			if !errors.As(err, &e) {
				t.Fatalf("%q: %v is not an *Error", target, err)
			}
			counts[e.Kind.Error()]++
			continue
		}
		counts["ok"]++
		checkNoDotSegments(t, u)
		if _, ok := u.Fragment(); ok {
			t.Errorf("%q: fragment", target)
		}
		if httpurl.FormOf(target) == httpurl.OriginForm {
			h, err := httpurl.ParseHost(host, "https")
			if err != nil || h.Host() != u.Host() {
				t.Errorf("%q on %q: host %q, ParseHost %q, %v", target, host, u.Host(), h.Host(), err)
			}
		}
	}
	t.Logf("requests.txt: %v", counts)
}

// TestParseRequestTargetAllocs: an origin-form target in serialized form
// costs one allocation, the href.
func TestParseRequestTargetAllocs(t *testing.T) {
	if testvectors.RaceEnabled {
		t.Skip("the race detector changes what allocates: counted without it")
	}
	if n := testing.AllocsPerRun(100, func() { httpurl.ParseRequestTarget("/a/b?q=1", "example.com", "https") }); n != 1 {
		t.Errorf("origin-form: %v allocations, want 1", n)
	}
	if n := testing.AllocsPerRun(100, func() { httpurl.ParseRequestTarget("http://example.com/a", "", "") }); n != 0 {
		t.Errorf("absolute-form without Host: %v allocations, want 0", n)
	}
	// The text of a target with bytes that are not UTF-8 is built at its
	// size, in the memory the URL keeps.
	if n := testing.AllocsPerRun(100, func() { httpurl.ParseRequestTarget("/a\xff\xfe", "example.com", "https") }); n != 1 {
		t.Errorf("origin-form not UTF-8: %v allocations, want 1", n)
	}
	// A refusal of the URL parser costs the text, the *Error and its
	// Value: finding the parser's error allocates nothing.
	if n := testing.AllocsPerRun(100, func() { httpurl.ParseHost("h:99999", "https") }); n > 3 {
		t.Errorf("ParseHost refused by the parser: %v allocations, want at most 3", n)
	}
}
