package span_test

import (
	"strings"
	"testing"

	"github.com/spanurl/spanurl/internal/lineartest"
	"github.com/spanurl/spanurl/span"
)

// The sizes of the helpers' linear-time checks: 8x the input may take at
// most 16x the time. Both sizes, and what a helper builds of them, fit
// a core's L2 cache, so that the ratio measures the algorithm rather than
// the step from cache to memory; a quadratic cost is still 64 times.
const (
	helperSmall = 16 << 10
	helperLarge = 8 * helperSmall
	helperLimit = 16
)

// Sinks keep the compiler from dropping a call whose result is unused.
var (
	sinkString string
	sinkBool   bool
	sinkURL    span.URL
)

// repeat returns unit repeated to about size bytes.
func repeat(unit string, size int) string {
	return strings.Repeat(unit, max(1, size/len(unit)))
}

// helperShape is a named input shape: run(size) returns a call of a
// helper on inputs of about size bytes.
type helperShape struct {
	name string
	run  func(size int) func()
}

// checkHelperLinear checks that run(size) grows linearly from the small
// size to the large one.
func checkHelperLinear(t *testing.T, run func(size int) func()) {
	t.Helper()
	lineartest.Check(t, helperLimit, run(helperSmall), run(helperLarge))
}

// TestHelpersLinearTime: JoinPath, TrimPathPrefix, HasPathPrefix, the
// With methods and MakeRelative take time linear in their inputs, on
// shapes built to make a helper redo work: many elements, dot segments
// that climb, long common prefixes, deep directories.
func TestHelpersLinearTime(t *testing.T) {
	if testing.Short() {
		t.Skip("linear-time ratios need full-size inputs")
	}
	join := []helperShape{
		{"one-long-element", func(n int) func() {
			u, e := span.MustParse("https://h/a?q#f"), repeat("ab/", n)
			return func() { u.JoinPath(e) }
		}},
		{"many-elements", func(n int) func() {
			u, e := span.MustParse("s3://"), strings.Split(repeat("a/", n), "/")
			return func() { u.JoinPath(e...) }
		}},
		{"dot-segments", func(n int) func() {
			u, e := span.MustParse("foo:/.//x"), strings.Split(repeat("a,..,", n), ",")
			return func() { u.JoinPath(e...) }
		}},
		{"encoded", func(n int) func() {
			u, e := span.MustParse("https://h/"), repeat("? #\t", n)
			return func() { u.JoinPath(e) }
		}},
		{"long-base", func(n int) func() {
			u := span.MustParse("https://h/" + repeat("a/", n) + "?" + repeat("q", n))
			return func() { u.JoinPath("x") }
		}},
	}
	for _, c := range join {
		t.Run("JoinPath/"+c.name, func(t *testing.T) { checkHelperLinear(t, c.run) })
	}
	prefix := []helperShape{
		{"match", func(n int) func() {
			p := "/" + repeat("a/", n)
			u := span.MustParse("https://h" + p + "x")
			return func() { sinkString, sinkBool = u.TrimPathPrefix(p); sinkBool = u.HasPathPrefix(p) }
		}},
		{"mismatch-at-end", func(n int) func() {
			p := "/" + repeat("a/", n)
			u := span.MustParse("https://h" + p[:len(p)-2] + "b/x")
			return func() { sinkString, sinkBool = u.TrimPathPrefix(p); sinkBool = u.HasPathPrefix(p) }
		}},
	}
	for _, c := range prefix {
		t.Run("TrimPathPrefix/"+c.name, func(t *testing.T) { checkHelperLinear(t, c.run) })
	}
	// A URL of about n bytes, a third each in path, query and fragment.
	long := func(n int) span.URL {
		return span.MustParse("https://u:p@h:8080/" + repeat("p/", n/3) + "?" + repeat("q", n/3) + "#" + repeat("f", n/3))
	}
	with := []helperShape{
		{"WithPathname/spliced", func(n int) func() {
			u, v := long(n), repeat("ab/", n)
			return func() { u.WithPathname(v) }
		}},
		{"WithPathname/dot-segments", func(n int) func() {
			u, v := long(n), repeat("a/../", n)
			return func() { u.WithPathname(v) }
		}},
		{"WithSearch/encoded", func(n int) func() {
			u, v := long(n), repeat("a b&", n)
			return func() { u.WithSearch(v) }
		}},
		{"WithSearch/null", func(n int) func() {
			u := long(n)
			return func() { u.WithSearch("") }
		}},
		{"WithHash/encoded", func(n int) func() {
			u, v := long(n), repeat("é ", n)
			return func() { u.WithHash(v) }
		}},
		{"WithHost/labels", func(n int) func() {
			u, v := long(n), repeat("ab.", n)+"com:1"
			return func() { u.WithHost(v) }
		}},
		{"WithHost/opaque-host", func(n int) func() {
			u, v := span.MustParse("foo://h/"+repeat("p", n)), repeat("a%", n)
			return func() { u.WithHost(v) }
		}},
		{"WithPort/zeros", func(n int) func() {
			u, v := long(n), repeat("0", n)+"80"
			return func() { u.WithPort(v) }
		}},
		{"WithoutCredentials", func(n int) func() {
			u := long(n)
			return func() { u.WithoutCredentials() }
		}},
		{"WithoutFragment", func(n int) func() {
			u := long(n)
			return func() { sinkURL = u.WithoutFragment() }
		}},
	}
	for _, c := range with {
		t.Run(c.name, func(t *testing.T) { checkHelperLinear(t, c.run) })
	}
	rel := []helperShape{
		{"climb", func(n int) func() {
			base, u := span.MustParse("https://h/"+repeat("a/", n)+"x"), span.MustParse("https://h/b/"+repeat("c/", n))
			return func() { span.MakeRelative(base, u) }
		}},
		{"common-prefix", func(n int) func() {
			p := repeat("ab/", n)
			base, u := span.MustParse("https://h/"+p+"x"), span.MustParse("https://h/"+p+"y?q")
			return func() { span.MakeRelative(base, u) }
		}},
		{"same-path-query", func(n int) func() {
			p := repeat("ab/", n)
			base, u := span.MustParse("https://h/"+p+"?a"), span.MustParse("https://h/"+p+"?"+repeat("b", n)+"#f")
			return func() { span.MakeRelative(base, u) }
		}},
		{"other-host", func(n int) func() {
			base, u := span.MustParse("https://h/"+repeat("a/", n)), span.MustParse("https://g/"+repeat("a/", n))
			return func() { span.MakeRelative(base, u) }
		}},
		{"root-path", func(n int) func() {
			base, u := span.MustParse("foo:/"+repeat("0/", n)), span.MustParse("foo://"+repeat("/", n))
			return func() { span.MakeRelative(base, u) }
		}},
	}
	for _, c := range rel {
		t.Run("MakeRelative/"+c.name, func(t *testing.T) { checkHelperLinear(t, c.run) })
	}
}
