package bench

import (
	"testing"

	gourlpattern "github.com/dunglas/go-urlpattern"
	"github.com/spanurl/spanurl/span"
	"github.com/spanurl/spanurl/urlpattern"
)

// The URL pattern benchmarks: test and exec of each PatternCase on URLs
// derived from requests.txt that match it (match) and that do not (miss),
// by spanurl's urlpattern and github.com/dunglas/go-urlpattern (and by
// ada's url_pattern in adacpp/bench.cpp), each given the URL string; and
// spanurl's Router over 1,000 routes against one pattern.

// patternPeer is a URL pattern implementation under test.
type patternPeer struct {
	name string
	// compile returns the case's test and exec on a URL string; exec
	// returns whether there was a result and keeps it alive.
	compile func(c PatternCase) (test, exec func(string) bool, err error)
}

var patternPeers = []patternPeer{
	{"spanurl", func(c PatternCase) (func(string) bool, func(string) bool, error) {
		p, err := c.Compile()
		if err != nil {
			return nil, nil, err
		}
		return func(s string) bool { return p.Test(s) },
			func(s string) bool {
				r := p.Exec(s)
				resultSink = r
				return r != nil
			}, nil
	}},
	{"gourlpattern", func(c PatternCase) (func(string) bool, func(string) bool, error) {
		var p *gourlpattern.URLPattern
		var err error
		if c.Pathname {
			pathname := c.Pattern
			p, err = (&gourlpattern.URLPatternInit{Pathname: &pathname}).New(nil)
		} else {
			p, err = gourlpattern.New(c.Pattern, "", nil)
		}
		if err != nil {
			return nil, nil, err
		}
		return func(s string) bool { return p.Test(s, "") },
			func(s string) bool {
				r := p.Exec(s, "")
				goResultSink = r
				return r != nil
			}, nil
	}},
}

var (
	resultSink   *urlpattern.Result
	goResultSink *gourlpattern.URLPatternResult
)

// BenchmarkPatternTest: whether a URL string matches the pattern.
func BenchmarkPatternTest(b *testing.B) {
	runPatternPeers(b, false)
}

// BenchmarkPatternExec: the match result of a URL string, with the groups.
func BenchmarkPatternExec(b *testing.B) {
	runPatternPeers(b, true)
}

func runPatternPeers(b *testing.B, exec bool) {
	for _, c := range PatternCases() {
		in, err := LoadPatternInputs(c.Name)
		skipOnNoData(b, err)
		for _, set := range []struct {
			name  string
			urls  []string
			bytes int64
		}{{"match", in.Match, in.AvgMatch}, {"miss", in.Miss, in.AvgMiss}} {
			b.Run(c.Name+"-"+set.name, func(b *testing.B) {
				for _, p := range patternPeers {
					b.Run(p.name, func(b *testing.B) {
						test, ex, err := p.compile(c)
						if err != nil {
							b.Fatal(err)
						}
						f := test
						if exec {
							f = ex
						}
						meterSteal(b)
						timeLoop(b, set.bytes, func(ops int) int {
							n, urls := 0, set.urls
							for i, k := 0, 0; k < ops; k++ {
								if f(urls[i]) {
									n++
								}
								i = next(i, len(urls))
							}
							return n
						})
					})
				}
			})
		}
	}
}

// routerURLs returns the router benchmark's URLs, parsed, with the
// index of the route each was made from.
func routerURLs(b *testing.B) ([]span.URL, []int, int64) {
	in, err := LoadRouterInputs()
	skipOnNoData(b, err)
	urls := make([]span.URL, len(in.URLs))
	for i, s := range in.URLs {
		urls[i], _ = span.Parse(s)
	}
	return urls, in.Route, in.AvgBytes
}

// routerLoop times test over the parsed URLs; test gets the index of
// the URL too.
func routerLoop(b *testing.B, urls []span.URL, bytes int64, test func(int, span.URL) bool) {
	meterSteal(b)
	timeLoop(b, bytes, func(ops int) int {
		n := 0
		for i, k := 0, 0; k < ops; k++ {
			if test(i, urls[i]) {
				n++
			}
			i = next(i, len(urls))
		}
		return n
	})
}

func compileRoutes(b *testing.B) []*urlpattern.Pattern {
	routes, err := LoadRoutes()
	if err != nil {
		b.Fatal(err)
	}
	compiled := make([]*urlpattern.Pattern, len(routes))
	for i, s := range routes {
		compiled[i] = urlpattern.MustNew(s)
	}
	return compiled
}

// BenchmarkPatternRouter1000: the best of the 1,000 routes of
// testdata/github-routes.txt for a parsed URL (Router.Test).
func BenchmarkPatternRouter1000(b *testing.B) {
	urls, _, bytes := routerURLs(b)
	var r urlpattern.Router[int]
	for i, p := range compileRoutes(b) {
		r.Add(p, i)
	}
	b.Run("spanurl", func(b *testing.B) {
		routerLoop(b, urls, bytes, func(_ int, u span.URL) bool { _, ok := r.Test(u); return ok })
	})
}

// BenchmarkPatternSingle: the same URLs, each against the one route it
// was made from (Pattern.TestURL), which it matches or (the requests as
// they are) does not: the router's work when it is told which route to
// try.
func BenchmarkPatternSingle(b *testing.B) {
	urls, route, bytes := routerURLs(b)
	compiled := compileRoutes(b)
	b.Run("spanurl", func(b *testing.B) {
		routerLoop(b, urls, bytes, func(i int, u span.URL) bool { return compiled[route[i]].TestURL(u) })
	})
}

// TestPatternPeersAgree checks that the peers judge every input of the
// URL pattern benchmarks as spanurl does (match or miss), and that the
// router benchmark's URLs match as they are meant to: the benchmarks
// compare the same work.
func TestPatternPeersAgree(t *testing.T) {
	for _, c := range PatternCases() {
		in, err := LoadPatternInputs(c.Name)
		skipOnNoData(t, err)
		if len(in.Match) < 10000 || len(in.Miss) < 10000 {
			t.Errorf("%s: %d matching and %d missing inputs, want at least 10,000 each", c.Name, len(in.Match), len(in.Miss))
		}
		for _, p := range patternPeers {
			test, exec, err := p.compile(c)
			if err != nil {
				t.Fatalf("%s: %s: %v", c.Name, p.name, err)
			}
			bad := 0
			for _, set := range []struct {
				urls []string
				want bool
			}{{in.Match, true}, {in.Miss, false}} {
				for _, u := range set.urls {
					if test(u) != set.want || exec(u) != set.want {
						if bad++; bad <= 3 {
							t.Errorf("%s: %s: %q: test or exec is not %v", c.Name, p.name, u, set.want)
						}
					}
				}
			}
			if bad > 0 {
				t.Errorf("%s: %s: %d inputs judged otherwise", c.Name, p.name, bad)
			}
		}
	}

	routes, err := LoadRoutes()
	if err != nil {
		t.Fatal(err)
	}
	if len(routes) != 1000 {
		t.Errorf("%s has %d routes, want 1000", RouteTable, len(routes))
	}
	var r urlpattern.Router[int]
	for i, s := range routes {
		p, err := urlpattern.New(s)
		if err != nil {
			t.Fatalf("route %q: %v", s, err)
		}
		r.Add(p, i)
	}
	in, err := LoadRouterInputs()
	skipOnNoData(t, err)
	matched := 0
	for i, s := range in.URLs {
		_, _, ok := r.MatchString(s)
		if ok {
			matched++
		}
		if i%2 == 0 && !ok {
			t.Errorf("router: %q, filled from a route, matches none", s)
		}
	}
	if matched < len(in.URLs)/2 {
		t.Errorf("router: %d of %d URLs match, want at least half", matched, len(in.URLs))
	}
}
