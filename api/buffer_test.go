package api

import (
	"strings"
	"testing"

	"github.com/spanurl/spanurl/internal/testvectors"
)

// TestHandedOutNeverChanges checks the buffer's rule: a span.URL or a
// string a URL object handed out keeps its text through every later
// setter, spliced in the object's buffer or not.
func TestHandedOutNeverChanges(t *testing.T) {
	u := ParseURL("https://example.com:8080/a/b?q=1#f")
	u.SetPathname("/first")
	type held struct {
		got  func() string
		want string
	}
	var hold []held
	keep := func(name string, s func() string) {
		v := s()
		hold = append(hold, held{func() string { return v }, strings.Clone(v)})
		_ = name
	}
	sp := u.Span()
	keep("span", sp.Href)
	keep("href", u.Href)
	u.SetSearch("?x=1")
	keep("pathname", u.Pathname)
	u.SetHash("#g")
	keep("search", u.Search)
	u.SetHost("example.org")
	keep("host", u.Host)
	keep("origin", u.Origin)
	u.SetPort("9090")
	keep("redacted", u.Redacted)
	list := u.SearchParams()
	u.SetPathname("/a/much/longer/path/than/before")
	u.SetPathname("/s")
	u.SetPort("")
	u.SetHash("")
	for i, h := range hold {
		if h.got() != h.want {
			t.Errorf("held string %d changed: %q, want %q", i, h.got(), h.want)
		}
	}
	if got, _ := list.Get("x"); got != "1" {
		t.Errorf("query object's value changed: %q", got)
	}
	if sp.Href() != "https://example.com:8080/first?q=1#f" {
		t.Errorf("span changed: %q", sp.Href())
	}
	if u.Href() != "https://example.org/s?x=1" {
		t.Errorf("href %q", u.Href())
	}
}

// TestSetterAllocs checks that a URL object set again and again without
// being read allocates nothing once its buffer has grown, and that the
// first set on a new object allocates only the new href.
func TestSetterAllocs(t *testing.T) {
	base := ParseURL("https://example.com/a/b/c?q=1#frag").Span()
	cases := []struct {
		name string
		set  func(u *URL, i int)
	}{
		{"pathname", func(u *URL, i int) { u.SetPathname([]string{"/x/y", "/a/much/longer/path"}[i%2]) }},
		{"search", func(u *URL, i int) { u.SetSearch([]string{"?a=b", "?c=dddddddd"}[i%2]) }},
		{"hash", func(u *URL, i int) { u.SetHash([]string{"#x", "#yyyyyyyy"}[i%2]) }},
		{"host", func(u *URL, i int) { u.SetHost([]string{"example.org", "a.example.net"}[i%2]) }},
		{"hostname", func(u *URL, i int) { u.SetHostname([]string{"example.org", "a.example.net"}[i%2]) }},
		{"port", func(u *URL, i int) { u.SetPort([]string{"8080", "1"}[i%2]) }},
		{"protocol", func(u *URL, i int) { u.SetProtocol([]string{"http", "wss"}[i%2]) }},
		{"username", func(u *URL, i int) { u.SetUsername([]string{"user", "u"}[i%2]) }},
		{"password", func(u *URL, i int) { u.SetPassword([]string{"pass", "p"}[i%2]) }},
		{"searchParams", func(u *URL, i int) { u.SearchParams().Set("q", []string{"1", "22"}[i%2]) }},
	}
	for _, c := range cases {
		u := FromSpan(base)
		if c.name == "searchParams" {
			u.SearchParams()
		}
		i := 0
		warm := testing.AllocsPerRun(100, func() { c.set(u, i); i++ })
		if warm != 0 {
			t.Errorf("%s: %v allocations per set on a warm object, want 0", c.name, warm)
		}
		if c.name == "searchParams" {
			continue
		}
		var fresh URL
		first := testing.AllocsPerRun(100, func() {
			fresh = URL{url: base}
			c.set(&fresh, 0)
		})
		if first > 1 {
			t.Errorf("%s: %v allocations for the first set on a new object, want 1", c.name, first)
		}
		if fresh.inBuf && cap(fresh.buf) != len(fresh.url.Href()) {
			t.Errorf("%s: the first set on a new object allocates %d bytes for an href of %d", c.name, cap(fresh.buf), len(fresh.url.Href()))
		}
	}
}

// TestRewriteLoop checks the loop of a proxy that reuses one URL object
// for every request: SetHref, setters, and AppendTo to copy the result
// out allocate nothing once the object's buffer has grown (AppendTo
// hands out no string over the buffer), and every result is what a new
// object gives.
func TestRewriteLoop(t *testing.T) {
	targets := []string{
		"https://example.com/a/b?q=1#top",
		"http://example.com/",
		"https://user:pass@shop.example.net:8443/cart?id=7&ref=mail",
		"http://www.example.org/index.html?",
	}
	rewrite := func(u *URL, target string) {
		if err := u.SetHref(target); err != nil {
			t.Fatalf("SetHref(%q): %v", target, err)
		}
		u.SetHost("backend.internal:8080")
		u.SetPathname("/api/v1")
		u.SetHash("")
	}
	var u URL
	var out []byte
	for _, target := range targets {
		rewrite(&u, target)
		out = u.AppendTo(out[:0])
		var fresh URL
		rewrite(&fresh, target)
		if string(out) != fresh.Href() {
			t.Errorf("%q: the reused object gives %q, a new one %q", target, out, fresh.Href())
		}
	}
	i := 0
	n := testing.AllocsPerRun(100, func() {
		rewrite(&u, targets[i%len(targets)])
		out = u.AppendTo(out[:0])
		i++
	})
	if n != 0 {
		t.Errorf("%v allocations per rewrite on a reused object, want 0", n)
	}
	// Reading the href hands the buffer out: the next set builds in new
	// memory and the string read stays as it was.
	rewrite(&u, targets[0])
	h := u.Href()
	rewrite(&u, targets[2])
	if want := "https://backend.internal:8080/api/v1?q=1"; h != want {
		t.Errorf("a string read before the next rewrite changed: %q, want %q", h, want)
	}
}

// TestCanParseBaseAllocs checks that URL.canParse with a base builds
// nothing.
func TestCanParseBaseAllocs(t *testing.T) {
	if testvectors.RaceEnabled {
		t.Skip("under -race sync.Pool drops a quarter of what it is given, so the slow path's pooled scratch is made again")
	}
	for _, c := range [][2]string{{"/x/y?z", "https://example.com/a/b"}, {"//cdn.example.net/x.js", "https://example.com/"}, {"../../a", "http://h/b/c/d"}, {"a b", "sc://h/p"}} {
		if !CanParse(c[0], c[1]) {
			t.Errorf("CanParse(%q, %q) = false", c[0], c[1])
		}
		if n := testing.AllocsPerRun(100, func() { CanParse(c[0], c[1]) }); n != 0 {
			t.Errorf("CanParse(%q, %q): %v allocations", c[0], c[1], n)
		}
	}
	if CanParse("x", "not a base") || CanParse("x", "https://a/", "https://b/") {
		t.Error("CanParse accepts a bad base or two bases")
	}
}
