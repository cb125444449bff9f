package span_test

import (
	"strings"
	"testing"

	"github.com/spanurl/spanurl/internal/offsets"
	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

// The components a helper may change, as flags: a helper that changes
// one not in its set breaks its doc.
const (
	cScheme = 1 << iota
	cUserinfo
	cHost // the host and its kind
	cPort
	cPath
	cQuery
	cFragment
)

// parts are the components of a URL, as its getters return them.
type parts struct {
	scheme, username, password, host, port string
	kind                                   record.HostKind
	path                                   string
	opaque                                 bool
	query                                  string
	hasQuery                               bool
	fragment                               string
	hasFragment                            bool
}

func partsOf(u span.URL) parts {
	p := parts{
		scheme: u.Scheme(), username: u.Username(), password: u.Password(),
		host: u.Hostname(), port: u.Port(), kind: u.HostKind(),
		path: u.Pathname(), opaque: u.HasOpaquePath(),
	}
	p.query, p.hasQuery = u.Query()
	p.fragment, p.hasFragment = u.Fragment()
	return p
}

// changed returns the components in which a and b differ.
func (a parts) changed(b parts) int {
	c := 0
	if a.scheme != b.scheme {
		c |= cScheme
	}
	if a.username != b.username || a.password != b.password {
		c |= cUserinfo
	}
	if a.host != b.host || a.kind != b.kind {
		c |= cHost
	}
	if a.port != b.port {
		c |= cPort
	}
	if a.path != b.path || a.opaque != b.opaque {
		c |= cPath
	}
	if a.query != b.query || a.hasQuery != b.hasQuery {
		c |= cQuery
	}
	if a.fragment != b.fragment || a.hasFragment != b.hasFragment {
		c |= cFragment
	}
	return c
}

// checkOnly asserts that v, what a helper made of u, differs from u in no
// component outside may, that it is u itself when the helper reports
// failure, and that it is a URL its own href parses to.
func checkOnly(t *testing.T, what string, u, v span.URL, ok bool, may int) {
	t.Helper()
	if !ok {
		if v != u {
			t.Fatalf("%s on %q failed but returned %q", what, u.Href(), v.Href())
		}
		return
	}
	if v.IsZero() {
		if !u.IsZero() {
			t.Fatalf("%s on %q returned the zero URL", what, u.Href())
		}
		return
	}
	if msg := offsets.Check(v.Offsets(), v.Href()); msg != "" {
		t.Fatalf("%s on %q = %q: %s", what, u.Href(), v.Href(), msg)
	}
	if again, err := span.Parse(v.Href()); err != nil || again != v {
		t.Fatalf("%s on %q = %q, which parses to %q, %v", what, u.Href(), v.Href(), again.Href(), err)
	}
	if c := partsOf(u).changed(partsOf(v)); c&^may != 0 {
		t.Fatalf("%s on %q = %q: changed %s\nbefore %+v\nafter  %+v", what, u.Href(), v.Href(),
			componentNames(c&^may), partsOf(u), partsOf(v))
	}
}

func componentNames(c int) string {
	var names []string
	for i, n := range []string{"scheme", "userinfo", "host", "port", "path", "query", "fragment"} {
		if c&(1<<i) != 0 {
			names = append(names, n)
		}
	}
	return strings.Join(names, ", ")
}

// hostValueHasPort reports whether a host setter's value names a port: a
// ":" outside brackets, before the end of the host (the host state's
// insideBrackets flag and the code points that end the host).
func hostValueHasPort(u span.URL, value string) bool {
	inside := false
	for i := 0; i < len(value); i++ {
		switch c := value[i]; {
		case c == '/' || c == '?' || c == '#' || c == '\\' && u.IsSpecial():
			return false
		case c == '[':
			inside = true
		case c == ']':
			inside = false
		case c == ':' && !inside:
			return true
		}
	}
	return false
}

// withOps are the With methods of span.URL (testdata/api/span.txt), each
// with the components its doc says it changes.
var withOps = []struct {
	name string
	may  func(u span.URL, value string) int
	run  func(u span.URL, value string) (span.URL, bool)
}{
	{"WithPathname", func(span.URL, string) int { return cPath }, span.URL.WithPathname},
	{"WithSearch", func(span.URL, string) int { return cQuery }, span.URL.WithSearch},
	{"WithHash", func(span.URL, string) int { return cFragment }, span.URL.WithHash},
	{"WithHost", func(u span.URL, v string) int {
		if hostValueHasPort(u, v) {
			return cHost | cPort
		}
		return cHost
	}, span.URL.WithHost},
	{"WithPort", func(span.URL, string) int { return cPort }, span.URL.WithPort},
	{"WithoutCredentials", func(span.URL, string) int { return cUserinfo },
		func(u span.URL, _ string) (span.URL, bool) { return u.WithoutCredentials(), true }},
	{"WithoutFragment", func(span.URL, string) int { return cFragment },
		func(u span.URL, _ string) (span.URL, bool) { return u.WithoutFragment(), true }},
}

// checkWith runs the With method op picks on u with value.
func checkWith(t *testing.T, u span.URL, op byte, value string) {
	t.Helper()
	w := withOps[int(op)%len(withOps)]
	v, ok := w.run(u, value)
	checkOnly(t, w.name+"("+value+")", u, v, ok, w.may(u, value))
}

// checkJoinPath asserts that JoinPath changes the path alone, and that,
// with no dot segment or percent sign in its elements, the old path is a
// prefix of the new one.
func checkJoinPath(t *testing.T, u span.URL, elem ...string) {
	t.Helper()
	v, err := u.JoinPath(elem...)
	what := "JoinPath(" + strings.Join(elem, ", ") + ")"
	if err != nil {
		if !v.IsZero() {
			t.Fatalf("%s on %q failed (%v) but returned %q", what, u.Href(), err, v.Href())
		}
		if !u.IsZero() && !u.HasOpaquePath() && len(u.Href())+len(strings.Join(elem, "/")) < 1<<20 {
			t.Fatalf("%s on %q: %v", what, u.Href(), err)
		}
		return
	}
	checkOnly(t, what, u, v, true, cPath)
	if !strings.ContainsAny(strings.Join(elem, ""), ".%") && !strings.HasPrefix(v.Pathname(), u.Pathname()) {
		t.Fatalf("%s on %q = %q: the path %q does not start with %q", what, u.Href(), v.Href(), v.Pathname(), u.Pathname())
	}
}

// checkPathPrefix asserts what TrimPathPrefix and HasPathPrefix promise:
// they agree; the rest is "/" or a suffix of the pathname that starts
// with "/" and follows prefix's segments, and a substring of the href;
// and setting the rest as the pathname (a proxy's use) changes the path
// alone.
func checkPathPrefix(t *testing.T, u span.URL, prefix string) {
	t.Helper()
	rest, ok := u.TrimPathPrefix(prefix)
	if has := u.HasPathPrefix(prefix); has != ok {
		t.Fatalf("%q: HasPathPrefix(%q) = %v, TrimPathPrefix ok = %v", u.Href(), prefix, has, ok)
	}
	if !ok {
		if rest != "" {
			t.Fatalf("%q: TrimPathPrefix(%q) = %q, false", u.Href(), prefix, rest)
		}
		return
	}
	path, p := u.Pathname(), strings.TrimSuffix(prefix, "/")
	if !strings.HasPrefix(rest, "/") || !strings.Contains(u.Href(), rest) ||
		path != p+rest && !(rest == "/" && path == p) {
		t.Fatalf("%q: TrimPathPrefix(%q) = %q, not the path %q less the prefix", u.Href(), prefix, rest, path)
	}
	v, set := u.WithPathname(rest)
	checkOnly(t, "WithPathname(TrimPathPrefix("+prefix+"))", u, v, set, cPath)
}

// checkMakeRelative asserts that the reference resolves against base to
// u exactly, which keeps u's scheme and authority.
func checkMakeRelative(t *testing.T, base, u span.URL) {
	t.Helper()
	rel := span.MakeRelative(base, u)
	if u.IsZero() {
		return
	}
	back, err := base.Parse(rel)
	if base.IsZero() {
		back, err = span.Parse(rel)
	}
	if err != nil || back != u {
		t.Fatalf("MakeRelative(%q, %q) = %q, which resolves to %q, %v", base.Href(), u.Href(), rel, back.Href(), err)
	}
}

// helperURLs are URLs of every shape: special and not, with a host, an
// empty host or none, an empty path, a path the serializer writes "/."
// before, an opaque path, credentials, ports, queries and fragments.
var helperURLs = []string{
	"https://u:p@h.example:8443/a/b?q#f",
	"https://h/",
	"http://[::1]:80/x/",
	"file:///C:/a/b",
	"file://server/share/x",
	"file:///",
	"s3://",
	"s3://?q#f",
	"foo://?q",
	"git+ssh://#f",
	"foo://h",
	"foo://u@h:1?q",
	"foo:///",
	"foo:/",
	"foo:/.//x/y",
	"foo://h//x",
	"foo:opaque a?q#f",
	"mailto:a@b",
	"javascript:alert(1) ",
	"blob:https://h/uuid",
	"data:,x",
	"ws://h:0/",
}

// helperValues are values for the With methods and JoinPath's elements:
// ones that name an authority, dot segments, separators, ports, and the
// bytes the parser encodes or removes.
var helperValues = []string{
	"", "/", "//", "x", "/x", "//evil.example/x", "user:pw@evil.example:8080", "evil.example",
	"evil.example:8080", "[::1]", "[::1]:99", "h:", ":80", "80", "65536", "8080/x", "..", "../..",
	"%2e%2e/x", "a/..//x", `\\evil`, "a?b#c", "?q", "#f", "a b\t\n", "x ", "C|", "C:/", "é", "xn--a",
	"0x7f.1", "h/p?q#f", "\x00", "%", "@", ":",
}

// TestHelpersChangeOnlyWhatTheySay: JoinPath, each With method,
// TrimPathPrefix and MakeRelative change no component of their input that
// their doc does not name, on URLs of every shape: a helper is never a
// way to move text into the scheme, the userinfo, the host or the port.
func TestHelpersChangeOnlyWhatTheySay(t *testing.T) {
	urls := []span.URL{{}}
	for _, s := range helperURLs {
		urls = append(urls, span.MustParse(s))
	}
	for _, u := range urls {
		for _, value := range helperValues {
			for op := range withOps {
				checkWith(t, u, byte(op), value)
			}
			checkJoinPath(t, u, value)
			checkJoinPath(t, u, value, value)
			checkJoinPath(t, u, "", value, "x")
			checkPathPrefix(t, u, value)
			if v, err := u.Parse(value); err == nil {
				checkMakeRelative(t, u, v)
				checkMakeRelative(t, v, u)
			}
		}
		for _, v := range urls {
			checkMakeRelative(t, u, v)
		}
	}
}

// helperSeeds adds fuzz seeds: each URL of helperURLs with a few values,
// and each value of helperValues with a URL, op picking a With method.
func helperSeeds(add func(input string, op byte, value string)) {
	for i, s := range helperURLs {
		for op := range withOps {
			add(s, byte(op), helperValues[(i+5*op)%len(helperValues)])
		}
	}
	for j, v := range helperValues {
		add(helperURLs[j%len(helperURLs)], byte(j%len(withOps)), v)
	}
}

// FuzzJoinPath: JoinPath never panics, and changes the path alone.
func FuzzJoinPath(f *testing.F) {
	helperSeeds(func(input string, _ byte, value string) { f.Add(input, value, "x") })
	f.Fuzz(func(t *testing.T, input, a, b string) {
		u, _ := span.Parse(input)
		checkJoinPath(t, u, a)
		checkJoinPath(t, u, a, b)
		checkJoinPath(t, u, strings.Split(a, ",")...)
	})
}

// FuzzPathPrefix: TrimPathPrefix and HasPathPrefix never panic and keep
// their promises.
func FuzzPathPrefix(f *testing.F) {
	helperSeeds(func(input string, _ byte, value string) { f.Add(input, value) })
	for _, p := range [][2]string{{"https://h/api/v1", "/api"}, {"https://h/apix", "/api"}, {"foo:/.//x", "//x"}, {"foo://h", ""}} {
		f.Add(p[0], p[1])
	}
	f.Fuzz(func(t *testing.T, input, prefix string) {
		u, _ := span.Parse(input)
		checkPathPrefix(t, u, prefix)
		checkPathPrefix(t, u, u.Pathname())
	})
}

// FuzzWith: every With method (picked by op) never panics and changes
// only the components its doc names.
func FuzzWith(f *testing.F) {
	helperSeeds(func(input string, op byte, value string) { f.Add(input, op, value) })
	f.Fuzz(func(t *testing.T, input string, op byte, value string) {
		u, _ := span.Parse(input)
		checkWith(t, u, op, value)
	})
}
