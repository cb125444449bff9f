package urlpattern

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/spanurl/spanurl/span"
)

func TestRouterBestMatch(t *testing.T) {
	var r Router[string]
	for _, p := range []string{
		"https://example.com/books/*",
		"https://example.com/books/:id",
		"https://example.com/books/new",
		"https://example.com/books/:other", // as specific as :id, added later
		"https://*.example.com/books/new",
		"https://example.com/books/:id/chapters/:n(\\d+)",
		"https://example.com/books/:id/chapters/:n",
		"http{s}?://example.com/*",
	} {
		r.Add(MustNew(p), p)
	}
	tests := []struct{ url, want, group string }{
		{"https://example.com/books/new", "https://example.com/books/new", ""},
		{"https://example.com/books/12", "https://example.com/books/:id", "12"},
		{"https://example.com/books/12/x", "https://example.com/books/*", ""},
		{"https://www.example.com/books/new", "https://*.example.com/books/new", ""},
		{"https://example.com/books/12/chapters/3", "https://example.com/books/:id/chapters/:n(\\d+)", "12"},
		{"https://example.com/books/12/chapters/x", "https://example.com/books/:id/chapters/:n", "12"},
		{"http://example.com/books/12", "http{s}?://example.com/*", ""},
		{"https://example.org/", "", ""},
	}
	for _, tc := range tests {
		got, res, ok := r.MatchString(tc.url)
		if ok != (tc.want != "") || got != tc.want {
			t.Errorf("%s: matched %q (%v), want %q", tc.url, got, ok, tc.want)
			continue
		}
		if tc.group != "" {
			if id, _ := res.Pathname.Get("id"); id != tc.group {
				t.Errorf("%s: id = %q, want %q", tc.url, id, tc.group)
			}
		}
	}
}

// restRoutes generates a route table of n REST-style patterns over a
// hundred resources, with the URLs that hit them.
func restRoutes(n int) (patterns, urls []string) {
	rnd := rand.New(rand.NewPCG(1, 2))
	for i := 0; len(patterns) < n; i++ {
		res := fmt.Sprintf("res%d", i%100)
		switch i / 100 % 10 {
		case 0:
			patterns = append(patterns, "https://api.example.com/v1/"+res)
		case 1:
			patterns = append(patterns, "https://api.example.com/v1/"+res+"/:id")
		case 2:
			patterns = append(patterns, "https://api.example.com/v1/"+res+"/:id/sub")
		case 3:
			patterns = append(patterns, "https://api.example.com/v1/"+res+"/:id/sub/:sub")
		case 4:
			patterns = append(patterns, "https://api.example.com/v2/"+res+"/:id(\\d+)")
		case 5:
			patterns = append(patterns, "https://api.example.com/v2/"+res+"/*")
		case 6:
			patterns = append(patterns, "https://api.example.com/v1/"+res+"/:id/actions/:action")
		case 7:
			patterns = append(patterns, "https://api.example.com/v3/"+res+"/:path*")
		case 8:
			patterns = append(patterns, "https://api.example.com/v1/"+res+"/:id/files/*")
		case 9:
			patterns = append(patterns, "https://:tenant.example.com/v1/"+res+"/:id")
		}
		urls = append(urls, fmt.Sprintf("https://api.example.com/v1/%s/%d/sub/%d", res, rnd.IntN(1000), rnd.IntN(9)))
	}
	return patterns, urls
}

func TestRouterAgreesWithScan(t *testing.T) {
	patterns, urls := restRoutes(1000)
	var r Router[int]
	compiled := make([]*Pattern, len(patterns))
	for i, p := range patterns {
		compiled[i] = MustNew(p)
		r.Add(compiled[i], i)
	}
	urls = append(urls, "https://api.example.com/v2/res3/42", "https://api.example.com/v2/res3/x",
		"https://t.example.com/v1/res9/1", "https://api.example.com/v3/res1/a/b", "https://api.example.com/v3/res1")
	for _, s := range urls {
		u, err := span.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		// The best by a scan of every pattern.
		want := -1
		for i, p := range compiled {
			if p.TestURL(u) && (want < 0 || compareSpecificity(p, compiled[want]) > 0) {
				want = i
			}
		}
		got, _, ok := r.Match(u)
		if (want >= 0) != ok || (ok && got != want) {
			t.Errorf("%s: router %d (%v), scan %d", s, got, ok, want)
		}
	}
}

// TestRouterNarrows checks that the pathname trie leaves few candidates in
// a table of 1,000 routes, and that a match then allocates nothing.
func TestRouterNarrows(t *testing.T) {
	patterns, urls := restRoutes(1000)
	var r Router[int]
	for i, p := range patterns {
		r.Add(MustNew(p), i)
	}
	for _, s := range urls[:50] {
		u, _ := span.Parse(s)
		if n := len(r.root.candidates(nil, u.Pathname(), 0)); n > 20 {
			t.Errorf("%s: %d candidates of 1000 routes", s, n)
		}
		if n := testing.AllocsPerRun(50, func() { r.Test(u) }); n != 0 {
			t.Errorf("%s: Router.Test allocates %v times", s, n)
		}
	}
}

// TestRouterTrieShapes checks the router against a scan of every pattern
// on pathname shapes that the trie reads as a path to the end, in part,
// or not at all.
func TestRouterTrieShapes(t *testing.T) {
	var compiled []*Pattern
	add := func(init Init, opts Options) {
		p, err := NewFromInit(init, opts)
		if err != nil {
			t.Fatal(err)
		}
		compiled = append(compiled, p)
	}
	for _, s := range []string{
		"/a/:b", "/a/:b/c", "/a/:b/:c", "/a/:b?", "/a/:b*", "/a/:b+", "/a/:b(\\d+)", "/a/x:b",
		"/a/:b-:c", "/a/:b.json", "/a/*", "/a/{:b}?/c", "/a/:b{/c}?", "/:a", "/", "/a/b", "/a/:b/*",
		"/a/:b/:c?", "/a/(.*)/c", "/a/:b/c/:d", "/a/:b/cd",
	} {
		add(Init{Pathname: String(s)}, Options{})
		add(Init{Protocol: String("foo"), Pathname: String(s)}, Options{})
	}
	add(Init{Pathname: String("/A/:b")}, Options{IgnoreCase: true})
	var r Router[int]
	for i, p := range compiled {
		r.Add(p, i)
	}
	for _, path := range []string{
		"/a/1", "/a/1/c", "/a/1/2", "/a", "/a/", "/a/x1", "/a/1-2", "/a/1.json", "/a//c", "/a/b", "/A/b",
		"/", "/b", "/a/1/c/2", "/a/1/cd", "/a/1/c/", "/a/x/y/z", "/a/12", "/a/b/c",
	} {
		for _, scheme := range []string{"http://h", "foo://h", "foo:"} {
			u, err := span.Parse(scheme + path)
			if err != nil {
				t.Fatal(err)
			}
			want := -1
			for i, p := range compiled {
				if p.TestURL(u) && (want < 0 || compareSpecificity(p, compiled[want]) > 0) {
					want = i
				}
			}
			got, ok := r.Test(u)
			if (want >= 0) != ok || (ok && got != want) {
				t.Errorf("%s: router %d (%v), scan %d", u.Href(), got, ok, want)
			}
		}
	}
}
