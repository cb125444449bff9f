package urlpattern

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/spanurl/spanurl/span"
)

// initFrom builds an Init from fuzzed strings, leaving a field nil where
// its string is "-", so that the fuzzer reaches both absent and empty
// fields.
func initFrom(protocol, hostname, port, pathname, search, hash, base string) Init {
	field := func(s string) *string {
		if s == "-" {
			return nil
		}
		return &s
	}
	return Init{
		Protocol: field(protocol), Username: field(hostname), Password: field(port),
		Hostname: field(hostname), Port: field(port), Pathname: field(pathname),
		Search: field(search), Hash: field(hash), BaseURL: field(base),
	}
}

// FuzzNewFromInit runs every constructor on fuzzed strings and Init
// values built from several of them, then the pattern's accessors,
// Generate on every component and CompareComponent: none may panic.
func FuzzNewFromInit(f *testing.F) {
	for _, s := range []struct{ protocol, hostname, port, pathname, search, hash, base string }{
		{"https", "example.com", "", "/books/:id", "", "", "-"},
		{"-", "-", "-", "a/..", "-", "-", "-"},
		{"-", "-", "-", "./..", "-", "-", "https://example.com/a/b"},
		{"http{s}?", "*.example.com", "80", "/:a/:b?", "q=:v", "h*", "-"},
		{"-", "[::1]", "-", "../x", "?a", "#b", "file:///c:/"},
		{"(a)", "{:x}.y", "(\\d+)", "/(foo|bar)/*", ":s", ":h+", "data:x"},
	} {
		f.Add(s.protocol, s.hostname, s.port, s.pathname, s.search, s.hash, s.base, false)
	}
	f.Fuzz(func(t *testing.T, protocol, hostname, port, pathname, search, hash, base string, ignoreCase bool) {
		opts := Options{IgnoreCase: ignoreCase}
		var patterns []*Pattern
		keep := func(p *Pattern, err error) {
			if err == nil {
				patterns = append(patterns, p)
			}
		}
		keep(NewFromInit(initFrom(protocol, hostname, port, pathname, search, hash, base), opts))
		keep(NewPathname(pathname, opts))
		keep(New(pathname))
		keep(NewWithOptions(pathname, opts, base))
		keep(New(protocol + "://" + hostname + ":" + port + pathname + "?" + search + "#" + hash))
		groups := map[string]string{"": pathname, "0": search, "1": hash, "id": hostname, "a": port, "x": protocol}
		for _, p := range patterns {
			_ = p.Protocol() + p.Username() + p.Password() + p.Hostname() + p.Port() + p.Pathname() + p.Search() + p.Hash()
			p.HasRegExpGroups()
			for c := Component(0); c < 10; c++ {
				p.Generate(c, groups)
				p.Generate(c, nil)
				for _, q := range patterns {
					if CompareComponent(c, p, q) != -CompareComponent(c, q, p) {
						t.Errorf("CompareComponent(%v) is not antisymmetric", c)
					}
				}
			}
		}
	})
}

// FuzzMatchInit matches fuzzed URLs, URLs against fuzzed base URLs, and
// Init values built from several fuzzed strings: Test and Exec agree,
// TestInit and ExecInit agree, and none panics.
func FuzzMatchInit(f *testing.F) {
	for _, s := range []struct{ pattern, protocol, hostname, port, pathname, search, hash, base string }{
		{"https://example.com/books/:id", "https", "example.com", "", "/books/1", "", "", "-"},
		{"*", "-", "-", "-", "./..", "-", "-", "-"},
		{"/:a/:b?", "-", "-", "-", "a/..", "-", "-", "https://example.com/x/y"},
		{"http{s}?://:host/*", "http", "h", "80", "/p", "q", "h", "-"},
		{"data\\:foo*", "data", "-", "-", "foo,bar", "-", "-", "-"},
		{"file:///:path*", "file", "", "", "C:/x", "", "", "file:///d:/"},
	} {
		f.Add(s.pattern, s.protocol, s.hostname, s.port, s.pathname, s.search, s.hash, s.base)
	}
	f.Fuzz(func(t *testing.T, pattern, protocol, hostname, port, pathname, search, hash, base string) {
		init := initFrom(protocol, hostname, port, pathname, search, hash, base)
		p, err := New(pattern)
		if err != nil {
			if p, err = NewFromInit(Init{Pathname: &pattern}, Options{}); err != nil {
				return
			}
		}
		if got, want := p.TestInit(init), p.ExecInit(init) != nil; got != want {
			t.Errorf("TestInit = %v, ExecInit = %v", got, want)
		}
		for _, input := range []string{pathname, protocol + "://" + hostname + ":" + port + pathname + "?" + search + "#" + hash} {
			if got, want := p.Test(input), p.Exec(input) != nil; got != want {
				t.Errorf("Test(%q) = %v, Exec = %v", input, got, want)
			}
			if got, want := p.Test(input, base), p.Exec(input, base) != nil; got != want {
				t.Errorf("Test(%q, %q) = %v, Exec = %v", input, base, got, want)
			}
			p.Test(input, base, hash)
			p.Exec(input, base, hash)
			if u, err := span.Parse(input); err == nil {
				if got, want := p.TestURL(u), p.ExecURL(u) != nil; got != want {
					t.Errorf("TestURL(%q) = %v, ExecURL = %v", input, got, want)
				}
			}
		}
	})
}

// FuzzRouter adds fuzzed patterns to a Router and a Mux and matches
// fuzzed URLs and requests: the Router's best match is the best of a scan
// of every pattern, and neither panics.
func FuzzRouter(f *testing.F) {
	for _, s := range []struct{ a, b, c, url, host string }{
		{"https://example.com/books/:id", "https://example.com/books/new", "https://example.com/*", "https://example.com/books/new", "example.com"},
		{"/a/:b", "/a/:b?", "/:x*", "/a/1", "h"},
		{"*", "a/..", "./..", "/../..", "h:1"},
		{"/a/(\\d+)", "{/:x}+", "/a/:b.json", "/a/1.json", "[::1]"},
	} {
		f.Add(s.a, s.b, s.c, s.url, s.host)
	}
	f.Fuzz(func(t *testing.T, a, b, c, url, host string) {
		var r Router[int]
		var mux Mux
		var compiled []*Pattern
		for _, s := range []string{a, b, c} {
			p, err := New(s)
			if err != nil {
				if p, err = NewPathname(s, Options{}); err != nil {
					continue
				}
			}
			r.Add(p, len(compiled))
			mux.HandleFunc(p, func(http.ResponseWriter, *http.Request) {})
			compiled = append(compiled, p)
		}
		r.MatchString(url)
		r.MatchString("https://" + host + url)
		if u, err := span.Parse("https://" + host + "/" + url); err == nil {
			want := -1
			for i, p := range compiled {
				if p.TestURL(u) && (want < 0 || compareSpecificity(p, compiled[want]) > 0) {
					want = i
				}
			}
			got, res, ok := r.Match(u)
			if (want >= 0) != ok || (ok && got != want) || ok != (res != nil) {
				t.Errorf("%s: router %d (%v), scan %d", u.Href(), got, ok, want)
			}
			if got, ok := r.Test(u); (want >= 0) != ok || (ok && got != want) {
				t.Errorf("%s: Test %d (%v), scan %d", u.Href(), got, ok, want)
			}
		}
		req := &http.Request{Method: http.MethodGet, RequestURI: url, Host: host, Header: http.Header{}}
		mux.ServeHTTP(httptest.NewRecorder(), req)
		req = &http.Request{Method: http.MethodConnect, RequestURI: url, Host: host, Header: http.Header{}}
		mux.ServeHTTP(httptest.NewRecorder(), req)
	})
}
