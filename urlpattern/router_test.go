package urlpattern

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/spanurl/spanurl/internal/lineartest"

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

// insertionRanks ranks patterns as a binary search and insert does, one
// pattern at a time: each after every pattern at least as specific.
func insertionRanks(compiled []*Pattern) []int {
	var order []int
	for i, p := range compiled {
		j, _ := slices.BinarySearchFunc(order, p, func(k int, p *Pattern) int {
			if c := compareSpecificity(compiled[k], p); c != 0 {
				return -c
			}
			return -1
		})
		order = slices.Insert(order, j, i)
	}
	ranks := make([]int, len(compiled))
	for r, i := range order {
		ranks[i] = r
	}
	return ranks
}

// TestRouterRanks checks the router's ranks against insertion one route
// at a time, on a table with many equally specific routes, and that a
// match between Adds sees the routes added before it.
func TestRouterRanks(t *testing.T) {
	patterns, _ := restRoutes(1000)
	rnd := rand.New(rand.NewPCG(3, 4))
	rnd.Shuffle(len(patterns), func(i, j int) { patterns[i], patterns[j] = patterns[j], patterns[i] })
	patterns = append(patterns, patterns[:100]...)
	var r Router[int]
	compiled := make([]*Pattern, len(patterns))
	for i, p := range patterns {
		compiled[i] = MustNew(p)
		r.Add(compiled[i], i)
	}
	r.Test(span.URL{})
	for i, want := range insertionRanks(compiled) {
		if got := r.routes[i].rank; got != want {
			t.Fatalf("route %d (%s): rank %d, want %d", i, patterns[i], got, want)
		}
	}

	var s Router[string]
	s.Add(MustNew("https://example.com/*"), "wildcard")
	u, _ := span.Parse("https://example.com/books")
	if got, _ := s.Test(u); got != "wildcard" {
		t.Fatalf("one route: %q", got)
	}
	s.Add(MustNew("https://example.com/books"), "books")
	if got, _ := s.Test(u); got != "books" {
		t.Fatalf("after a more specific route: %q, want books", got)
	}
	s.Add(MustNew("https://example.com/books"), "books again")
	if got, _ := s.Test(u); got != "books" {
		t.Fatalf("after an equal route: %q, want the first added", got)
	}
}

// TestRouterAddLinear checks that adding n routes and matching once costs
// O(n log n): eight times the routes, at most 20 times the time (a cost
// of O(n) a route is 64 times).
func TestRouterAddLinear(t *testing.T) {
	noCollector(t)
	kinds := []string{"", "/:id", "/:id/sub", "/:id(\\d+)", "/*", "/:id/actions/:action", "/:path*"}
	compiled := make([]*Pattern, 32000)
	for i := range compiled {
		compiled[i] = MustNew(fmt.Sprintf("https://api.example.com/v1/res%d%s", i/len(kinds), kinds[i%len(kinds)]))
	}
	u, _ := span.Parse("https://api.example.com/v1/res1/1")
	add := func(n int) func() {
		return func() {
			var r Router[int]
			for i, p := range compiled[:n] {
				r.Add(p, i)
			}
			r.Test(u)
		}
	}
	lineartest.Check(t, 20, add(4000), add(32000))
}

// TestRouterEmptyFixedText checks a pathname whose fixed text encodes to
// nothing ("0/.." before a wildcard): it adds nothing to the trie's path,
// rather than reading as a segment group.
func TestRouterEmptyFixedText(t *testing.T) {
	p, err := NewPathname("0/..*", Options{})
	if err != nil {
		t.Fatal(err)
	}
	var r Router[int]
	r.Add(p, 1)
	u, _ := span.Parse("https://example.com/0")
	if !p.TestURL(u) {
		t.Fatalf("pattern %q does not match %s", p.Pathname(), u.Href())
	}
	if v, ok := r.Test(u); !ok || v != 1 {
		t.Errorf("router: %d, %v; want 1, true", v, ok)
	}
}

// TestRouterConcurrentFirstMatch checks that matches racing to rank the
// routes after the Adds agree (run with -race for the ranking's locking).
func TestRouterConcurrentFirstMatch(t *testing.T) {
	patterns, urls := restRoutes(500)
	var r Router[int]
	for i, p := range patterns {
		r.Add(MustNew(p), i)
	}
	u, _ := span.Parse(urls[0])
	got := make([]int, 8)
	done := make(chan int)
	for g := range got {
		go func() {
			got[g], _ = r.Test(u)
			done <- g
		}()
	}
	for range got {
		<-done
	}
	for g := range got {
		if got[g] != got[0] {
			t.Fatalf("matches disagree: %v", got)
		}
	}
}
