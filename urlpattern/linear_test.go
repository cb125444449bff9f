package urlpattern

import (
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/internal/lineartest"
	"github.com/spanurl/spanurl/span"
)

// linearLimit is the most that eight times the input may cost over the
// input: a linear cost is about 8x, a quadratic one 64x.
const linearLimit = 16

// noCollector turns the garbage collector's pacing off for the test: a
// compile allocates in proportion to the pattern, and where the collector
// runs during one, and how much of the heap it finds out of cache, makes
// the ratio of two sizes wander past the limit with no quadratic step in
// the code. lineartest collects before each run, so the heap stays small.
func noCollector(t *testing.T) {
	old := debug.SetGCPercent(-1)
	t.Cleanup(func() { debug.SetGCPercent(old) })
}

// repeatShape returns n copies of the pattern text each i gives.
func repeatShape(n int, unit func(i int) string) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(unit(i))
	}
	return b.String()
}

// patternShapes are the pattern texts that compile linearly, by the
// number of units: fixed text, escapes, groups, named groups, regexp
// groups, wildcards, and the shapes of a whole constructor string.
var patternShapes = []struct {
	name string
	unit func(i int) string
	// units is the small size; the large is eight times it.
	units int
}{
	{"fixed", func(int) string { return "a" }, 4 << 10},
	{"escaped", func(int) string { return `\:` }, 2 << 10},
	{"group", func(int) string { return "{a}" }, 1 << 10},
	{"optional group", func(int) string { return "{a}?" }, 1 << 10},
	{"named", func(i int) string { return "/:g" + strconv.Itoa(i) }, 512},
	{"named regexp", func(i int) string { return "/:g" + strconv.Itoa(i) + "(a)" }, 256},
	{"regexp", func(int) string { return "(a)" }, 256},
	{"wildcard", func(int) string { return "/*" }, 512},
	{"bare wildcards", func(int) string { return "*" }, 512},
	{"segments", func(int) string { return "/a" }, 2 << 10},
	{"dot segments", func(int) string { return "/.." }, 1 << 10},
	{"percent", func(int) string { return "%2f" }, 1 << 10},
	{"non-ASCII", func(int) string { return "é" }, 2 << 10},
}

// TestLinearConstructors checks that each constructor compiles in time
// linear in the pattern, for every pattern shape, as the pathname, as
// the search, and as a constructor string.
func TestLinearConstructors(t *testing.T) {
	noCollector(t)
	for _, sh := range patternShapes {
		small, large := repeatShape(sh.units, sh.unit), repeatShape(8*sh.units, sh.unit)
		ctors := []struct {
			name string
			f    func(s string) (*Pattern, error)
		}{
			{"New", func(s string) (*Pattern, error) { return New("https://example.com/" + s + "?" + s) }},
			{"NewPathname", func(s string) (*Pattern, error) { return NewPathname("/"+s, Options{}) }},
			{"NewPathnameIgnoreCase", func(s string) (*Pattern, error) { return NewPathname("/"+s, Options{IgnoreCase: true}) }},
			{"NewFromInit", func(s string) (*Pattern, error) {
				return NewFromInit(Init{Pathname: &s, Search: &s, Hash: &s, BaseURL: String("https://example.com/")}, Options{})
			}},
		}
		for _, c := range ctors {
			t.Run(sh.name+"/"+c.name, func(t *testing.T) {
				_, errS := c.f(small)
				_, errL := c.f(large)
				if (errS == nil) != (errL == nil) {
					t.Fatalf("small compiles: %v, large: %v", errS, errL)
				}
				lineartest.Check(t, linearLimit,
					func() { c.f(small) },
					func() { c.f(large) })
			})
		}
	}
}

// TestLinearMatch checks that Test and Exec, on strings, with a base URL,
// on Init values and on parsed URLs, take time linear in the input, for
// patterns that the direct matcher serves and ones the regexp does.
func TestLinearMatch(t *testing.T) {
	patterns := []string{
		"https://example.com/:a/:b/:path*",
		"https://example.com/*.txt",
		"https://example.com/(a*)*b",
		"https://example.com/:x(a|b)+",
		"https://example.com/{:a.}*:b.txt?q=*#*",
		"*://*/*",
	}
	long := func(n int) string { return strings.Repeat("a/", n) + strings.Repeat("a.", n) + "a" }
	for _, pattern := range patterns {
		p := MustNew(pattern)
		shapes := []struct {
			name string
			f    func(s string) bool
		}{
			{"Test", func(s string) bool { return p.Test("https://example.com/" + s + "?" + s + "#" + s) }},
			{"Exec", func(s string) bool { return p.Exec("https://example.com/"+s+"?"+s) != nil }},
			{"ExecBase", func(s string) bool { return p.Exec(s+"?"+s, "https://example.com/"+s) != nil }},
			{"TestInit", func(s string) bool {
				return p.TestInit(Init{Pathname: &s, Search: &s, Hash: &s, BaseURL: String("https://example.com/" + s)})
			}},
			{"ExecInit", func(s string) bool {
				return p.ExecInit(Init{Protocol: String("https"), Hostname: &s, Pathname: &s}) != nil
			}},
		}
		for _, sh := range shapes {
			t.Run(pattern+"/"+sh.name, func(t *testing.T) {
				small, large := long(1000), long(8000)
				lineartest.Check(t, linearLimit, func() { sh.f(small) }, func() { sh.f(large) })
			})
		}
	}
}

// TestLinearRouterMatch checks that Router.Match takes time linear in the
// URL, on a table whose trie the URL's path walks deep into and whose
// patterns fail late on it, but for the least specific.
func TestLinearRouterMatch(t *testing.T) {
	var r Router[int]
	for i, p := range []string{
		"https://example.com/a/:b/*.txt", "https://example.com/:a/:b/:c*.txt", "https://example.com/*.txt",
		"https://example.com/a/a/a/a/:x", "https://example.com/(a/)*b", "https://example.com/:x+.txt",
		"https://example.com/a/:b/:c/*?q", "https://*.example.com/*", "*://*/*",
	} {
		r.Add(MustNew(p), i)
	}
	run := func(n int) func() {
		s := "https://example.com/" + strings.Repeat("a/", n) + strings.Repeat("a.", n) + "a?" + strings.Repeat("q", n)
		u, err := span.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		if v, _, _ := r.Match(u); v != 8 {
			t.Fatalf("matched route %d, want the last", v)
		}
		return func() {
			r.Match(u)
			r.MatchString(s)
		}
	}
	lineartest.Check(t, linearLimit, run(1000), run(8000))
}
