package span_test

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

func ExampleParse() {
	u, err := span.Parse("HTTPS://user@EXAMPLE.com:443/a/./b/../c?q=1#top")
	if err != nil {
		panic(err)
	}
	fmt.Println(u.Href())
	fmt.Println(u.Hostname(), u.Port() == "", u.PortOrDefault())
	fmt.Println(u.Pathname(), u.Search(), u.Hash())

	_, err = span.Parse("https://exa mple.com/")
	fmt.Println(err)
	fmt.Println(errors.Is(err, record.DomainInvalidCodePoint))
	// Output:
	// https://user@example.com/a/c?q=1#top
	// example.com true 443
	// /a/c ?q=1 #top
	// invalid URL "https://exa mple.com/": domain-invalid-code-point at offset 8
	// true
}

func ExampleURL_Parse() {
	base, _ := span.Parse("https://example.com/docs/guide/intro.html?x#y")
	for _, ref := range []string{"setup.html", "../api/", "/", "?page=2", "#faq", "//cdn.example/lib.js", "mailto:a@example.com"} {
		u, err := base.Parse(ref)
		if err != nil {
			panic(err)
		}
		fmt.Println(u)
	}
	// Output:
	// https://example.com/docs/guide/setup.html
	// https://example.com/docs/api/
	// https://example.com/
	// https://example.com/docs/guide/intro.html?page=2
	// https://example.com/docs/guide/intro.html?x#faq
	// https://cdn.example/lib.js
	// mailto:a@example.com
}

func ExampleCanParse() {
	for _, s := range []string{"https://example.com", "example.com", "http://[::1", "web+app:anything"} {
		fmt.Println(s, span.CanParse(s))
	}
	// Output:
	// https://example.com true
	// example.com false
	// http://[::1 false
	// web+app:anything true
}

// A log processor reads one URL per line into a reused buffer: a Parser
// allocates nothing once warm, and its results are valid until its next
// call (Clone keeps one).
func ExampleParser() {
	logs := "https://a.example/x?id=1\nHTTP://B.EXAMPLE:80/y\nnot a url\nhttps://a.example/z\n"
	var p span.Parser
	hosts := map[string]int{}
	var kept span.URL
	sc := bufio.NewScanner(strings.NewReader(logs))
	for sc.Scan() {
		u, err := p.Parse(sc.Bytes())
		if err != nil {
			fmt.Println("skip:", err)
			continue
		}
		hosts[strings.Clone(u.Hostname())]++ // the getter's string dies with the next call
		if kept.IsZero() {
			kept = u.Clone()
		}
	}
	fmt.Println(hosts["a.example"], hosts["b.example"], kept)
	// Output:
	// skip: invalid URL "not a url": missing-scheme-non-relative-URL at offset 0
	// 2 1 https://a.example/x?id=1
}

// A crawler resolves the links of each page it fetches against the page's
// URL and keeps them: an Arena writes their hrefs into shared blocks rather
// than allocating each, and its results stay valid for good.
func ExampleArena() {
	page, _ := span.Parse("https://news.example/world/today.html")
	links := []string{"story-1.html", "/about", "?page=2", "//cdn.example/app.js", "HTTPS://Other.Example:443/"}
	var a span.Arena
	var frontier []span.URL
	for _, link := range links {
		if u, err := a.ParseRef(page, link); err == nil {
			frontier = append(frontier, u)
		}
	}
	for _, u := range frontier {
		fmt.Println(u)
	}
	// Output:
	// https://news.example/world/story-1.html
	// https://news.example/about
	// https://news.example/world/today.html?page=2
	// https://cdn.example/app.js
	// https://other.example/
}

func ExampleURL_Redacted() {
	u, _ := span.Parse("https://user:secret@example.com/a")
	fmt.Println(u.Redacted())
	// Output: https://user:xxxxx@example.com/a
}

func ExampleURL_MarshalJSON() {
	type link struct {
		Href span.URL `json:"href"`
		Next span.URL `json:"next"`
	}
	var l link
	_ = json.Unmarshal([]byte(`{"href":"HTTPS://Example.COM/a/../b"}`), &l)
	out, _ := json.Marshal(l)
	fmt.Println(string(out))
	// Output: {"href":"https://example.com/b","next":null}
}

func ExampleURL_ToNetURL() {
	u, _ := span.Parse("https://user:p%40ss@example.com:8443/a%2Fb/c?q=1#f")
	nu := u.ToNetURL()
	p, _ := nu.User.Password()
	fmt.Println(nu.Host, nu.Path, nu.RawPath, nu.EscapedPath(), p)
	fmt.Println(nu.String() == u.Href())

	// net/url cannot hold a path with "|" in Path and RawPath (it would
	// send "/../admin%7C"), so it goes in Opaque, verbatim.
	odd, _ := span.Parse("https://example.com/..%2Fadmin|")
	fmt.Println(odd.ToNetURL().Opaque, odd.ToNetURL().RequestURI())

	back, _ := span.FromNetURL(&url.URL{Scheme: "HTTP", Host: "Example.com:80", Path: "/a/../b"})
	fmt.Println(back)
	// Output:
	// example.com:8443 /a/b/c /a%2Fb/c /a%2Fb/c p@ss
	// true
	// //example.com/..%2Fadmin| https://example.com/..%2Fadmin|
	// http://example.com/b
}

func ExampleURL_HostAddr() {
	for _, s := range []string{"http://0x7f.1/", "http://[::ffff:10.0.0.1]/", "https://example.com/"} {
		u, _ := span.Parse(s)
		a, ok := u.HostAddr()
		fmt.Println(u.Hostname(), a, ok, ok && a.Unmap().IsPrivate())
	}
	// Output:
	// 127.0.0.1 127.0.0.1 true false
	// [::ffff:a00:1] ::ffff:10.0.0.1 true true
	// example.com invalid IP false false
}

// A parse error names the validation error that made the parse fail:
// errors.Is matches it against the record.ErrorType, and errors.As gives
// the *span.ParseError with the offset and the input, its password and
// its parameter values masked.
func ExampleParseError() {
	_, err := span.Parse("https://user:secret@exa mple.com/?token=secret")
	fmt.Println(errors.Is(err, record.DomainInvalidCodePoint))
	var pe *span.ParseError
	if errors.As(err, &pe) {
		fmt.Println(pe.Type, pe.Offset)
		fmt.Println(pe.Input)
	}
	fmt.Println(err)

	_, err = span.Parse("https://example.com:99999/")
	fmt.Println(errors.Is(err, record.PortOutOfRange), errors.Is(err, span.ErrInputTooLong))
	// Output:
	// true
	// domain-invalid-code-point 20
	// https://user:xxxxx@exa mple.com/?token=xxxxx
	// invalid URL "https://user:xxxxx@exa mple.com/?token=xxxxx": domain-invalid-code-point at offset 20
	// true false
}
