package span_test

import (
	"fmt"
	"slices"

	"github.com/spanurl/spanurl/span"
)

func ExampleMustParse() {
	var backend = span.MustParse("http://10.0.0.7:8080/") // a package variable
	fmt.Println(backend.DialAddr())
	// Output: 10.0.0.7:8080
}

func ExampleURL_DialAddr() {
	for _, s := range []string{"https://example.com/", "http://[2001:db8::1]/", "wss://chat.example:8443/"} {
		fmt.Println(span.MustParse(s).DialAddr()) // net.Dial("tcp", ...)
	}
	// Output:
	// example.com:443
	// [2001:db8::1]:80
	// chat.example:8443
}

func ExampleURL_AddrPort() {
	ap, ok := span.MustParse("https://[::ffff:10.0.0.1]/").AddrPort()
	fmt.Println(ap, ok, ap.Addr().Unmap().IsPrivate())
	_, ok = span.MustParse("https://example.com/").AddrPort()
	fmt.Println(ok) // a domain: resolving is the caller's business
	// Output:
	// [::ffff:10.0.0.1]:443 true true
	// false
}

func ExampleURL_RequestURI() {
	fmt.Println(span.MustParse("https://example.com/a/./b/../c?q=1#top").RequestURI())
	// Output: /a/c?q=1
}

func ExampleURL_HasPathPrefix() {
	for _, p := range []string{"/api", "/api/v1/users", "/apix", "/static/%2e%2e/api/keys"} {
		u := span.MustParse("https://example.com" + p)
		fmt.Println(p, u.HasPathPrefix("/api"))
	}
	// Output:
	// /api true
	// /api/v1/users true
	// /apix false
	// /static/%2e%2e/api/keys true
}

func ExampleURL_TrimPathPrefix() {
	u := span.MustParse("https://example.com/api/v1/users?id=7")
	rest, ok := u.TrimPathPrefix("/api")
	fmt.Println(rest, ok)
	// Output: /v1/users true
}

func ExampleURL_JoinPath() {
	base := span.MustParse("https://api.example/v1/?key=k")
	u, err := base.JoinPath("users", "a%2Fb", "../c d")
	fmt.Println(u, err)
	// Output: https://api.example/v1/users/c%20d?key=k <nil>
}

func ExampleMakeRelative() {
	page := span.MustParse("https://example.com/docs/guide/intro.html")
	for _, s := range []string{
		"https://example.com/docs/guide/setup.html",
		"https://example.com/docs/api/",
		"https://example.com/docs/guide/intro.html#install",
		"https://cdn.example.net/logo.png",
	} {
		fmt.Println(span.MakeRelative(page, span.MustParse(s)))
	}
	// Output:
	// setup.html
	// ../api/
	// #install
	// //cdn.example.net/logo.png
}

func ExampleURL_PathSegments() {
	u := span.MustParse("https://example.com/files/a%2Fb/report%20v2.pdf")
	fmt.Printf("%q\n", slices.Collect(u.PathSegments()))
	// Output: ["files" "a/b" "report v2.pdf"]
}

func ExampleURL_QueryPairs() {
	u := span.MustParse("https://example.com/search?q=caf%C3%A9+au+lait&page=2&utm_source=x")
	for name, value := range u.QueryPairs() {
		fmt.Printf("%s=%q\n", name, value)
	}
	// Output:
	// q="café au lait"
	// page="2"
	// utm_source="x"
}

func ExampleURL_Compare() {
	urls := []span.URL{
		span.MustParse("https://b.example/"),
		span.MustParse("https://a.example/z"),
		span.MustParse("https://a.example/a"),
	}
	slices.SortFunc(urls, span.URL.Compare)
	fmt.Println(urls)
	// Output: [https://a.example/a https://a.example/z https://b.example/]
}
