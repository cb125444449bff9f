package urlpattern

import (
	"strconv"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/internal/lineartest"
	"github.com/spanurl/spanurl/span"
)

// routes are typical routing patterns that the direct matcher serves in
// every component.
var routes = []struct{ pattern, match, other string }{
	{"https://example.com/books/:id", "https://example.com/books/42", "https://example.com/authors/42"},
	{"https://example.com/api/v:version/*", "https://example.com/api/v2/users/7", "https://example.com/web/v2/users"},
	{"https://*.example.com/:path*", "https://www.example.com/a/b/c", "https://example.org/a"},
	{"https://example.com/products/:id?", "https://example.com/products", "https://example.com/products/1/2"},
	{"https://example.com/items/:id(\\d+)", "https://example.com/items/12", "https://example.com/items/x"},
	{"https://example.com/items/:id(\\d+)/:page", "https://example.com/items/12/3", "https://example.com/items/1x/3"},
}

func TestRoutesAreDirect(t *testing.T) {
	for _, r := range routes {
		p := MustNew(r.pattern)
		for i, c := range p.components() {
			if c.direct == nil {
				t.Errorf("%s: the %s component %q is not matched directly", r.pattern, componentNames[i], c.patternString)
			}
		}
	}
}

func TestAllocs(t *testing.T) {
	for _, r := range routes {
		p := MustNew(r.pattern)
		for _, input := range []string{r.match, r.other} {
			u, err := span.Parse(input)
			if err != nil {
				t.Fatal(err)
			}
			want := input == r.match
			if got := p.TestURL(u); got != want {
				t.Fatalf("%s: TestURL(%s) = %v", r.pattern, input, got)
			}
			if n := testing.AllocsPerRun(100, func() { p.TestURL(u) }); n != 0 {
				t.Errorf("%s: TestURL(%s) allocates %v times, want 0", r.pattern, input, n)
			}
			limit := 0.0
			if want {
				limit = 1 // the Result
			}
			if n := testing.AllocsPerRun(100, func() { p.ExecURL(u) }); n > limit {
				t.Errorf("%s: ExecURL(%s) allocates %v times, want at most %v", r.pattern, input, n, limit)
			}
		}
	}
	// A pattern from an init with only a pathname has a group in each of
	// its seven other components.
	p, err := NewFromInit(Init{Pathname: String("/books/:id/:page/:line")}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		input string
		limit float64
	}{{"http://h/books/1/2/3?q#f", 1}, {"http://h/books/1/2", 0}, {"http://h/", 0}} {
		if n := testing.AllocsPerRun(100, func() { p.Exec(c.input) }); n > c.limit {
			t.Errorf("init pathname: Exec(%s) allocates %v times, want at most %v", c.input, n, c.limit)
		}
		if n := testing.AllocsPerRun(100, func() { p.Test(c.input) }); n != 0 {
			t.Errorf("init pathname: Test(%s) allocates %v times, want 0", c.input, n)
		}
	}
}

// TestURLComponentsHaveNoLineTerminators checks what the direct matcher
// relies on for a parsed URL's components (fromURL): none holds a line
// terminator, wherever the input had one.
func TestURLComponentsHaveNoLineTerminators(t *testing.T) {
	for _, lt := range []string{"\n", "\r", "\u2028", "\u2029"} {
		for _, input := range []string{
			"http://u" + lt + "s:p" + lt + "w@h" + lt + "x.com:8" + lt + "0/a" + lt + "b?c" + lt + "d#e" + lt + "f",
			"foo://h" + lt + "x/p" + lt + "q",
			"foo:op" + lt + "aque?q" + lt + "#h" + lt,
			"ht" + lt + "tp://h/",
		} {
			u, err := span.Parse(input)
			if err != nil {
				continue
			}
			var values [8]string
			urlComponents(u, &values)
			for i, v := range values {
				if hasLineTerminator(v) {
					t.Errorf("%q: the %s %q holds a line terminator", input, componentNames[i], v)
				}
			}
		}
	}
}

// TestLinearTime checks that matching time grows linearly with the input,
// for the direct matcher and for the regexp, on inputs built to make a
// backtracking matcher try many splits.
func TestLinearTime(t *testing.T) {
	patterns := []string{
		"https://example.com/:a/:b/:c/:path*", // direct
		"https://example.com/:a/*.txt",        // direct
		"https://example.com/:a/:b/*/:c*",
		"https://example.com/*/:x.json",
		"https://example.com/{:a.}*:b.txt",
		"https://example.com/(a*)*b",
	}
	for _, pattern := range patterns {
		t.Run(pattern, func(t *testing.T) {
			p := MustNew(pattern)
			run := func(n int) func() {
				u, err := span.Parse("https://example.com/" + strings.Repeat("a/", n) + strings.Repeat("a.", n) + "a")
				if err != nil {
					t.Fatal(err)
				}
				return func() {
					for range 5 {
						p.ExecURL(u)
					}
				}
			}
			// Sizes past where Go's regexp switches from its backtracker
			// to its NFA, so that both runs use the same engine. Four
			// times the input: linear is about 4x, quadratic 16x.
			lineartest.Check(t, 10, run(4000), run(16000))
		})
	}
}

// TestLinearCompile checks that compiling grows linearly with the
// pattern, with many groups and many wildcards.
func TestLinearCompile(t *testing.T) {
	build := func(n int) string {
		var b strings.Builder
		b.WriteString("https://example.com")
		for i := range n {
			b.WriteString("/:g" + strconv.Itoa(i) + "/*")
		}
		return b.String()
	}
	compile := func(n int) func() {
		pattern := build(n)
		return func() {
			if _, err := New(pattern); err != nil {
				t.Fatal(err)
			}
		}
	}
	// Four times the groups: linear is about 4x, quadratic 16x.
	lineartest.Check(t, 10, compile(2000), compile(8000))
}
