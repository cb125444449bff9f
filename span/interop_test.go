package span_test

import (
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/internal/pct"
	"github.com/spanurl/spanurl/internal/testvectors"
	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

func TestToNetURL(t *testing.T) {
	tests := []struct {
		href string
		want url.URL
	}{
		{"https://example.com/", url.URL{Scheme: "https", Host: "example.com", Path: "/"}},
		{"https://user:pa%20ss@example.com:8443/a/b?q=1&r#frag",
			url.URL{Scheme: "https", User: url.UserPassword("user", "pa ss"), Host: "example.com:8443",
				Path: "/a/b", RawQuery: "q=1&r", Fragment: "frag"}},
		{"https://user@h/", url.URL{Scheme: "https", User: url.User("user"), Host: "h", Path: "/"}},
		{"https://:pw@h/", url.URL{Scheme: "https", User: url.UserPassword("", "pw"), Host: "h", Path: "/"}},
		{"http://[::1]:8080/", url.URL{Scheme: "http", Host: "[::1]:8080", Path: "/"}},
		{"http://127.0.0.1/", url.URL{Scheme: "http", Host: "127.0.0.1", Path: "/"}},
		// Path: decoded, with RawPath when the default encoding differs.
		{"https://h/a%2Fb", url.URL{Scheme: "https", Host: "h", Path: "/a/b", RawPath: "/a%2Fb"}},
		{"https://h/a%20b", url.URL{Scheme: "https", Host: "h", Path: "/a b"}},
		{"https://h/%7e", url.URL{Scheme: "https", Host: "h", Path: "/~", RawPath: "/%7e"}},
		// Pathnames net/url cannot hold in Path and RawPath go in Opaque.
		{"https://h/%zz", url.URL{Scheme: "https", Host: "h", Opaque: "//h/%zz"}},
		{"https://h/a|b", url.URL{Scheme: "https", Host: "h", Opaque: "//h/a|b"}},
		{"http://h/public/..%2fadmin%2fx|", url.URL{Scheme: "http", Host: "h", Opaque: "//h/public/..%2fadmin%2fx|"}},
		{"http://h/public/..%2f..%2f..%2fetc%2fpasswd|", url.URL{Scheme: "http", Host: "h", Opaque: "//h/public/..%2f..%2f..%2fetc%2fpasswd|"}},
		{"http://h/public/..%2fadmin%2fx%zz?q=%zz", url.URL{Scheme: "http", Host: "h", Opaque: "//h/public/..%2fadmin%2fx%zz", RawQuery: "q=%zz"}},
		{"http://h:8080//a|?", url.URL{Scheme: "http", Host: "h:8080", Opaque: "//h:8080//a|", ForceQuery: true}},
		{"http://u:pw@h/a%2F%|#f", url.URL{Scheme: "http", User: url.UserPassword("u", "pw"), Host: "h", Opaque: "//h/a%2F%|", Fragment: "f"}},
		{"foo://h%41/%2F|", url.URL{Scheme: "foo", Host: "h%41", Opaque: "//h%41/%2F|"}},
		{"foo://h%C3%A9/%2F|", url.URL{Scheme: "foo", Host: "h\u00e9", Opaque: "//h%C3%A9/%2F|"}},
		{"foo:/%2F|", url.URL{Scheme: "foo", Opaque: "/%2F|", OmitHost: true}},
		{"foo:/.//%2F|", url.URL{Scheme: "foo", Opaque: "/.//%2F|", OmitHost: true}},
		{"foo:///a\\%2F", url.URL{Scheme: "foo", Opaque: "///a\\%2F"}},
		{"file:///C:/x|%2F", url.URL{Scheme: "file", Opaque: "///C:/x|%2F"}},
		{"http://h//a%2Fb", url.URL{Scheme: "http", Host: "h", Path: "//a/b", RawPath: "//a%2Fb"}},
		// Query and fragment.
		{"https://h/?", url.URL{Scheme: "https", Host: "h", Path: "/", ForceQuery: true}},
		{"https://h/?a=%20+b", url.URL{Scheme: "https", Host: "h", Path: "/", RawQuery: "a=%20+b"}},
		{"https://h/#a%2Fb", url.URL{Scheme: "https", Host: "h", Path: "/", Fragment: "a/b", RawFragment: "a%2Fb"}},
		{"https://h/#", url.URL{Scheme: "https", Host: "h", Path: "/"}},
		// Opaque paths.
		{"mailto:someone@example.org", url.URL{Scheme: "mailto", Opaque: "someone@example.org"}},
		{"data:text/plain,hi?x#y", url.URL{Scheme: "data", Opaque: "text/plain,hi", RawQuery: "x", Fragment: "y"}},
		{"sc:", url.URL{Scheme: "sc"}},
		// Null, empty and opaque hosts.
		{"foo:/x", url.URL{Scheme: "foo", Path: "/x", OmitHost: true}},
		{"foo:/.//x", url.URL{Scheme: "foo", Path: "/.//x", OmitHost: true}},
		{"file:///etc/hosts", url.URL{Scheme: "file", Path: "/etc/hosts"}},
		{"file://server/share", url.URL{Scheme: "file", Host: "server", Path: "/share"}},
		{"foo://", url.URL{Scheme: "foo"}},
		{"foo://h%C3%A9/p", url.URL{Scheme: "foo", Host: "h\u00e9", Path: "/p"}},
		{"foo://h%41/p", url.URL{Scheme: "foo", Host: "h%41", Path: "/p"}},
	}
	for _, tc := range tests {
		u, err := span.Parse(tc.href)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tc.href, err)
		}
		if u.Href() != tc.href {
			t.Fatalf("Parse(%q).Href() = %q: fix the table", tc.href, u.Href())
		}
		got := u.ToNetURL()
		if !reflect.DeepEqual(*got, tc.want) {
			t.Errorf("ToNetURL(%q) =\n  %#v\nwant\n  %#v", tc.href, *got, tc.want)
		}
		checkPathVerbatim(t, u, got)
		if netURLLossy(u) == "" && got.String() != tc.href {
			t.Errorf("ToNetURL(%q).String() = %q", tc.href, got.String())
		}
	}
	if (span.URL{}).ToNetURL() != nil {
		t.Error("zero URL: ToNetURL is not nil")
	}
}

func TestFromNetURL(t *testing.T) {
	mustNet := func(s string) *url.URL {
		nu, err := url.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return nu
	}
	tests := []struct {
		in   *url.URL
		want string
	}{
		{mustNet("https://example.com/a?b#c"), "https://example.com/a?b#c"},
		// What the standard normalizes and net/url keeps.
		{mustNet("HTTPS://EXAMPLE.com:443/a/../b"), "https://example.com/b"},
		{mustNet("http://h/a/%2e%2e/b"), "http://h/b"},
		{mustNet("http://0x7f.1/"), "http://127.0.0.1/"},
		{mustNet("http://[0:0::1]:80/"), "http://[::1]/"},
		{mustNet("http://h/?a b"), "http://h/?a%20b"},
		{&url.URL{Scheme: "http", Host: "bücher.example", Path: "/"}, "http://xn--bcher-kva.example/"},
		{&url.URL{Scheme: "http", Host: "h:", Path: "/"}, "http://h/"},
		{&url.URL{Scheme: "HTTP", Host: "h", Path: "/a b"}, "http://h/a%20b"},
		{&url.URL{Scheme: "http", Opaque: "//h/p"}, "http://h/p"},
		{&url.URL{Scheme: "mailto", Opaque: "x@y"}, "mailto:x@y"},
		{&url.URL{Scheme: "file", Path: "/etc/hosts", OmitHost: true}, "file:///etc/hosts"},
		{&url.URL{Scheme: "https", User: url.UserPassword("u", "p w"), Host: "h"}, "https://u:p%20w@h/"},
	}
	for _, tc := range tests {
		got, err := span.FromNetURL(tc.in)
		if err != nil || got.Href() != tc.want {
			t.Errorf("FromNetURL(%q) = %q, %v; want %q", tc.in, got.Href(), err, tc.want)
		}
	}
	failures := []struct {
		in   *url.URL
		want error
	}{
		{nil, span.ErrNotAbsolute},
		{mustNet("/relative/path"), span.ErrNotAbsolute},
		{mustNet("//host/path"), span.ErrNotAbsolute},
		{&url.URL{Scheme: "http", Path: "/x"}, span.ErrNoHost},
		{&url.URL{Scheme: "https", Opaque: "x"}, span.ErrNoHost},
		{&url.URL{Scheme: "http", Host: "[fe80::1%en0]", Path: "/"}, record.IPv6InvalidCodePoint},
		{&url.URL{Scheme: "http", Host: "a b", Path: "/"}, record.DomainInvalidCodePoint},
		{&url.URL{Scheme: "https", User: url.UserPassword("u", "secret"), Host: "a b"}, record.DomainInvalidCodePoint},
		{&url.URL{Scheme: "https", User: url.UserPassword("u", "secret"), Path: "/"}, span.ErrNoHost},
	}
	for _, tc := range failures {
		got, err := span.FromNetURL(tc.in)
		if !errors.Is(err, tc.want) {
			t.Errorf("FromNetURL(%v) = %q, %v; want %v", tc.in, got.Href(), err, tc.want)
			continue
		}
		if strings.Contains(err.Error(), "secret") {
			t.Errorf("FromNetURL(%v): %v shows the password", tc.in, err)
		}
	}
}

// netURLLossy says why ToNetURL cannot represent u exactly (net/url's
// String would not give u's href), or "" when it can. It is the list in
// ToNetURL's documentation, stated on the WHATWG components.
func netURLLossy(u span.URL) string {
	if f, ok := u.Fragment(); ok {
		if f == "" {
			return "empty fragment"
		}
		if strings.ContainsAny(f, "#\\^{|}") || badPercent(f) {
			return "fragment byte net/url re-encodes"
		}
	}
	if u.HasOpaquePath() {
		return ""
	}
	if u.HostKind() == record.HostEmpty && u.Pathname() == "" {
		return "empty host and empty path"
	}
	if p := u.Pathname(); strings.ContainsAny(p, "\\^|") || badPercent(p) {
		// The path goes in Opaque, with the host as it is.
		if u.Username() != "" || u.Password() != "" {
			return "userinfo beside a path in Opaque"
		}
		return ""
	}
	for _, s := range []string{u.Username(), u.Password()} {
		if strings.ContainsAny(s, "!'()*") || !userinfoEscapesAsNetURL(s) {
			return "userinfo net/url encodes differently"
		}
	}
	if h := u.Hostname(); strings.ContainsAny(h, "`{}") || strings.Contains(h, "%") && !nonASCIIUpperEscapes(h) {
		return "host byte net/url encodes"
	}
	return ""
}

// pathField is what ToNetURL puts in EscapedPath or Opaque for u's
// pathname: the pathname, after the "/." that the serializer puts before
// a path starting with "//" when the host is null.
func pathField(u span.URL) string {
	p := u.Pathname()
	if u.HostKind() == record.HostNull && strings.HasPrefix(p, "//") {
		return "/." + p
	}
	return p
}

// checkPathVerbatim: ToNetURL never decodes an escaped byte of the path.
// Either EscapedPath is the pathname, or the pathname is at the end of
// Opaque, after "//" and the host when there is one; and RequestURI
// writes it, then the query, as they are.
func checkPathVerbatim(t *testing.T, u span.URL, nu *url.URL) {
	t.Helper()
	if u.HasOpaquePath() {
		return
	}
	p := pathField(u)
	want := p
	if nu.Opaque == "" {
		if nu.EscapedPath() != p {
			t.Errorf("%q: EscapedPath %q, want %q", u.Href(), nu.EscapedPath(), p)
		}
		if p == "" {
			want = "/" // RequestURI's path is never empty
		}
	} else {
		if u.HostKind() != record.HostNull {
			want = "//" + u.Host() + p
			if nu.Opaque != want {
				t.Errorf("%q: Opaque %q, want %q", u.Href(), nu.Opaque, want)
			}
			want = nu.Scheme + ":" + want
		} else if nu.Opaque != p {
			t.Errorf("%q: Opaque %q, want %q", u.Href(), nu.Opaque, p)
		}
		if nu.Path != "" || nu.RawPath != "" || nu.EscapedPath() != "" {
			t.Errorf("%q: Opaque %q beside Path %q, RawPath %q", u.Href(), nu.Opaque, nu.Path, nu.RawPath)
		}
	}
	if q, ok := u.Query(); ok {
		want += "?" + q
	}
	if got := nu.RequestURI(); got != want {
		t.Errorf("%q: RequestURI %q, want %q", u.Href(), got, want)
	}
}

// badPercent reports a "%" not followed by two hex digits.
func badPercent(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && (i+2 >= len(s) || !pct.IsASCIIHexDigit(s[i+1]) || !pct.IsASCIIHexDigit(s[i+2])) {
			return true
		}
	}
	return false
}

// userinfoEscapesAsNetURL: every percent-encoded byte of s is one that
// net/url encodes in userinfo, with uppercase hex.
func userinfoEscapesAsNetURL(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		if i+2 >= len(s) || !isUpperHex(s[i+1]) || !isUpperHex(s[i+2]) {
			return false
		}
		b := unhex(s[i+1])<<4 | unhex(s[i+2])
		if 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || strings.IndexByte("-._~$&+,;=", b) >= 0 {
			return false
		}
		i += 2
	}
	return true
}

// nonASCIIUpperEscapes: every percent-encoded byte of s is above 0x7F,
// in uppercase hex.
func nonASCIIUpperEscapes(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		if i+2 >= len(s) || !isUpperHex(s[i+1]) || !isUpperHex(s[i+2]) || s[i+1] < '8' {
			return false
		}
		i += 2
	}
	return true
}

func isUpperHex(c byte) bool { return '0' <= c && c <= '9' || 'A' <= c && c <= 'F' }

func unhex(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return c - 'A' + 10
}

// netURLStats counts a set of URLs going to net/url and back.
type netURLStats struct {
	total, lossless, agree int
	lossy                  map[string]int // by netURLLossy's reason
	parseFails             int            // url.Parse rejects the href
	opaque                 int            // paths in Opaque, which url.Parse would encode again
}

// check sends u to net/url and back. The lossless ones (netURLLossy ==
// "") must come back ==, and the predicate must be exact: a URL it calls
// lossy must not survive net/url's String. Where url.Parse accepts the
// href, ToNetURL must give the very fields url.Parse gives.
func (st *netURLStats) check(t *testing.T, u span.URL) {
	t.Helper()
	st.total++
	nu := u.ToNetURL()
	checkPathVerbatim(t, u, nu)
	s := nu.String()
	if reason := netURLLossy(u); reason != "" {
		st.lossy[reason]++
		if s == u.Href() {
			t.Errorf("%q: predicted lossy (%s), but net/url's String gives it back", u.Href(), reason)
		}
	} else {
		st.lossless++
		if s != u.Href() {
			t.Errorf("%q: predicted lossless, but net/url's String gives %q", u.Href(), s)
		} else if back, err := span.FromNetURL(nu); err != nil || back != u {
			t.Errorf("%q: FromNetURL(ToNetURL) = %q, %v", u.Href(), back.Href(), err)
		}
	}
	if pu, err := url.Parse(u.Href()); err != nil {
		st.parseFails++
	} else if nu.Opaque != "" && !u.HasOpaquePath() {
		// url.Parse holds this path in a Path that it encodes again.
		st.opaque++
		if pu.EscapedPath() == pathField(u) {
			t.Errorf("%q: Opaque %q where url.Parse holds the path", u.Href(), nu.Opaque)
		}
	} else if !reflect.DeepEqual(*pu, *nu) {
		t.Errorf("%q: %s\n  url.Parse %#v\n  ToNetURL  %#v", u.Href(), diffFields(pu, nu), *pu, *nu)
	} else {
		st.agree++
	}
}

func (st *netURLStats) log(t *testing.T, name string) {
	t.Logf("%s: %d distinct hrefs; %d round-trip through net/url losslessly (FromNetURL(ToNetURL(u)) == u)", name, st.total, st.lossless)
	for _, r := range sortedKeys(st.lossy) {
		t.Logf("  lossy, %s: %d", r, st.lossy[r])
	}
	t.Logf("  url.Parse(href) fails on %d; the path is in Opaque (url.Parse would encode it again) on %d; ToNetURL equals url.Parse on all the other %d",
		st.parseFails, st.opaque, st.agree)
}

// TestNetURLRoundTripWPT: every successful href of urltestdata.json.
func TestNetURLRoundTripWPT(t *testing.T) {
	tests := testvectors.LoadJSON[testvectors.URLTest](t, "urltestdata.json")
	seen := map[string]bool{}
	st := netURLStats{lossy: map[string]int{}}
	for _, tc := range tests {
		if tc.Failure {
			continue
		}
		u, err := parseAgainst(tc.Input, tc.Base)
		if err != nil || seen[u.Href()] {
			continue
		}
		seen[u.Href()] = true
		st.check(t, u)
	}
	st.log(t, "urltestdata.json")
}

// TestNetURLRoundTripCorpora: the same over the real-world corpora.
func TestNetURLRoundTripCorpora(t *testing.T) {
	dir := testvectors.DatasetsDir(t)
	for _, name := range []string{"absolute.txt", "messy.txt"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		st := netURLStats{lossy: map[string]int{}}
		for line := range strings.Lines(string(data)) {
			u, err := span.Parse(strings.TrimSuffix(line, "\n"))
			if err != nil || seen[u.Href()] {
				continue
			}
			seen[u.Href()] = true
			st.check(t, u)
		}
		st.log(t, name)
	}
}

func diffFields(a, b *url.URL) string {
	va, vb := reflect.ValueOf(*a), reflect.ValueOf(*b)
	var names []string
	for i := 0; i < va.NumField(); i++ {
		if !reflect.DeepEqual(va.Field(i).Interface(), vb.Field(i).Interface()) {
			names = append(names, va.Type().Field(i).Name)
		}
	}
	return "differs from url.Parse in " + strings.Join(names, ",")
}

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
