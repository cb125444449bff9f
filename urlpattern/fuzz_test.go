package urlpattern

import (
	"reflect"
	"testing"
)

func FuzzPatternRoundTrip(f *testing.F) {
	for _, s := range []string{
		"/books/:id", "/api/v:version/*", "/:path*", "/products/:id?", "/items/:id(\\d+)", "{a:x*b}?",
		"*{}**?", "/foo/([^\\/]+?)", ":foo(baz)(.*)", "{:foo}(barbaz)", "/:foo\\bar", "(.*)", "\\*\\:\\?",
		"{/:x}+", "a{b}c", "/:a:b", "{:a}{(.*)bar}", "*.example.com", "/(foo|bar)?", ":x\\z",
	} {
		for o := uint8(0); o < 3; o++ {
			f.Add(s, o)
		}
	}
	f.Fuzz(func(t *testing.T, pattern string, o uint8) {
		opts := [3]options{defaultOptions, hostnameOptions, pathnameOptions}[o%3]
		identity := func(s string) (string, error) { return s, nil }
		c, err := compileComponent(pattern, identity, opts)
		if err != nil {
			return
		}
		again, err := compileComponent(c.patternString, identity, opts)
		if err != nil {
			t.Fatalf("%q: its pattern string %q does not parse: %v", pattern, c.patternString, err)
		}
		if again.patternString != c.patternString {
			t.Errorf("%q: pattern string %q, then %q", pattern, c.patternString, again.patternString)
		}
		if !reflect.DeepEqual(mergeFixed(again.parts), mergeFixed(c.parts)) {
			t.Errorf("%q: pattern string %q parses to %+v, want %+v", pattern, c.patternString, again.parts, c.parts)
		}
	})
}

// mergeFixed returns parts with each run of fixed-text parts without a
// modifier joined into one: the same pattern, and the form a pattern
// string gives, since it writes such a run as one text ("0{}*0" has the
// parts "0" and "0", and its pattern string "00" the part "00").
func mergeFixed(parts []part) []part {
	out := []part{}
	for _, p := range parts {
		if n := len(out); n > 0 && p.typ == partFixedText && p.modifier == modNone &&
			out[n-1].typ == partFixedText && out[n-1].modifier == modNone {
			out[n-1].value += p.value
			continue
		}
		out = append(out, p)
	}
	return out
}

func FuzzExec(f *testing.F) {
	for _, s := range []struct{ pattern, input, base string }{
		{"https://example.com/books/:id", "https://example.com/books/1", ""},
		{"https://*.example.com/:path*", "https://a.example.com/x/y?q#h", ""},
		{"/items/:id(\\d+)", "/items/12", "https://example.com"},
		{"http{s}?://:host/*", "http://h/p", ""},
		{"data\\:foo*", "data:foo,bar", ""},
		{"/:a/:b?", "../x", "https://example.com/a/b"},
		{"file:///:path*", "file:///C:/x", ""},
	} {
		f.Add(s.pattern, s.input, s.base, false)
		f.Add(s.pattern, s.input, s.base, true)
	}
	f.Fuzz(func(t *testing.T, pattern, input, base string, ignoreCase bool) {
		var bases []string
		if base != "" {
			bases = []string{base}
		}
		p, err := NewWithOptions(pattern, Options{IgnoreCase: ignoreCase}, bases...)
		if err != nil {
			return
		}
		r := p.Exec(input, bases...)
		if test := p.Test(input, bases...); test != (r != nil) {
			t.Errorf("Test = %v, Exec = %v", test, r != nil)
		}
		init := Init{Pathname: &input, Hostname: &input, Search: &input}
		if test := p.TestInit(init); test != (p.ExecInit(init) != nil) {
			t.Errorf("TestInit = %v, ExecInit disagrees", test)
		}
	})
}
