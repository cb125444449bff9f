package urlpattern

import (
	"encoding/json"
	"testing"

	"github.com/spanurl/spanurl/internal/wptpattern"
)

// compareMatchers runs the direct matcher and the regexp on input and
// returns what differs, or "".
func compareMatchers(c *component, input string) string {
	if c.direct == nil {
		return ""
	}
	gd := make([]Group, len(c.nameList))
	gr := make([]Group, len(c.nameList))
	okd := c.direct.match(input, gd, false)
	okr := c.execRegexp(input, gr)
	if okd != okr {
		return "direct " + boolString(okd) + ", regexp " + boolString(okr)
	}
	if okd != c.direct.match(input, nil, false) {
		return "direct matcher without groups disagrees with itself"
	}
	if !okd {
		return ""
	}
	for i := range gd {
		if gd[i] != gr[i] {
			return "direct " + groupsString(gd) + ", regexp " + groupsString(gr)
		}
	}
	return ""
}

// variations returns inputs near s: s itself, with a delimiter added or
// removed at the ends, with its case changed, and empty.
func variations(s string) []string {
	out := []string{s, "", "/", ".", s + "/", "/" + s, s + "/x", "x/" + s, s + ".", "." + s, s + s}
	if len(s) > 0 {
		out = append(out, s[1:], s[:len(s)-1])
	}
	up := []byte(s)
	for i, c := range up {
		if 'a' <= c && c <= 'z' {
			up[i] = c - 32
		}
	}
	return append(out, string(up))
}

func TestDirectVsRegexpWPT(t *testing.T) {
	cases := loadWPT[wptCase](t, "urlpatterntestdata.json")
	direct, total := 0, 0
	for _, tc := range cases {
		p, err := construct(tc.Pattern)
		if err != nil {
			continue
		}
		var inputs [8][]string
		if len(tc.Inputs) > 0 {
			var values [8]string
			in, err := wptpattern.DecodeInputs(tc.Inputs)
			switch {
			case err != nil:
			case in.IsString:
				var base []string
				if in.BaseURL != nil {
					base = append(base, *in.BaseURL)
				}
				if u, ok := parseInput(in.String, base); ok {
					urlComponents(u, &values)
				}
			default:
				initComponents(Init(in.Init), &values)
			}
			for i := range values {
				inputs[i] = variations(values[i])
			}
		}
		for i, c := range p.components() {
			total++
			if c.direct != nil {
				direct++
			}
			for _, in := range append(inputs[i], variations(c.patternString)...) {
				if d := compareMatchers(c, in); d != "" {
					b, _ := json.Marshal(tc.Pattern)
					t.Errorf("%s %s %q on %q: %s", b, componentNames[i], c.regexpString, in, d)
				}
			}
		}
	}
	t.Logf("%d of %d components of the WPT patterns are matched directly", direct, total)
}

// TestDirectShapes checks which part lists the direct matcher serves, so
// that the routes it is for do not fall back to the regexp unnoticed.
func TestDirectShapes(t *testing.T) {
	tests := []struct {
		pattern string
		opts    options
		direct  bool
	}{
		{"/books/:id", pathnameOptions, true},
		{"/api/v:version/*", pathnameOptions, true},
		{"/:path*", pathnameOptions, true},
		{"/:path+", pathnameOptions, true},
		{"/products/:id?", pathnameOptions, true},
		{"/:a/:b/:c", pathnameOptions, true},
		{"/:a/:b/:c/:path*", pathnameOptions, true},
		{"/:a/*.txt", pathnameOptions, true},
		{"/:a/:b?", pathnameOptions, true},
		{"/:id.json", pathnameOptions, true},
		{"*", defaultOptions, true},
		{"", defaultOptions, true},
		{"*.example.com", hostnameOptions, true},
		{"{:sub.}?example.com", hostnameOptions, true},
		{":sub.example.com", hostnameOptions, true},
		{"/items/:id(\\d+)", pathnameOptions, true},
		{"/items/:id(\\d+)/:page", pathnameOptions, true},
		{"/items/:id(\\d+).json", pathnameOptions, true},
		{"/items/:id(.*)/:page", pathnameOptions, false},
		{"/items/:id([^x]+)/:page", pathnameOptions, false},
		{"/items/:id(\\d+)?", pathnameOptions, false},
		{"/items/:id(\\bx)", pathnameOptions, false},
		{"/items/:id((?<n>a))", pathnameOptions, false},
		{"/items/(x|y)", pathnameOptions, true},
		{"/*/foo", pathnameOptions, true},
		{"/*/:id", pathnameOptions, false},
		{"/:a:b", pathnameOptions, false},
		{"/:a-:b", pathnameOptions, false},
		{"/{foo}?", pathnameOptions, false},
		{"/:a?/:b", pathnameOptions, false},
	}
	for _, tc := range tests {
		c, err := compileComponent(tc.pattern, func(s string) (string, error) { return s, nil }, tc.opts)
		if err != nil {
			t.Fatalf("%q: %v", tc.pattern, err)
		}
		if (c.direct != nil) != tc.direct {
			t.Errorf("%q: direct = %v, want %v", tc.pattern, c.direct != nil, tc.direct)
		}
	}
}

func FuzzDirectVsRegexp(f *testing.F) {
	seeds := []struct {
		pattern, input string
	}{
		{"/books/:id", "/books/12"}, {"/api/v:version/*", "/api/v2/a/b"}, {"/:path*", "/a/b/c"},
		{"/:path+", "/"}, {"/products/:id?", "/products"}, {"/:a/:b?", "/x/y"}, {"/:id.json", "/a.json.json"},
		{"*", "\n"}, {"{:x}?", ""}, {"(.*)?", ""}, {"*{}**?", "foobar"}, {"{a:x*b}?", "axxb"}, {"/:a/*", "/a//"},
		{"/FOO/:bar", "/foo/\u212a"}, {"{*}+", ""}, {":x*", "a/b"},
		{"/items/:id(\\d+)", "/items/12"}, {"/:a(\\d*)/:b", "//x"}, {"/:a(x|y)/:b(.*)", "/x/a/b"},
		{"/:a([a-z]+)-:b(\\d+)", "/ab-12"}, {":a(K)", "\u212a"}, {"/:a(\\w+)/*", "/ſ/x"},
	}
	for _, s := range seeds {
		for o := uint8(0); o < 6; o++ {
			f.Add(s.pattern, s.input, o)
		}
	}
	f.Fuzz(func(t *testing.T, pattern, input string, o uint8) {
		opts := [3]options{defaultOptions, hostnameOptions, pathnameOptions}[o%3]
		opts.ignoreCase = o >= 3
		c, err := compileComponent(pattern, func(s string) (string, error) { return s, nil }, opts)
		if err != nil {
			return
		}
		if d := compareMatchers(c, input); d != "" {
			t.Errorf("%q (options %d) on %q: regexp %q: %s", pattern, o, input, c.regexpString, d)
		}
	})
}
