package api_test

import (
	"encoding/json"
	"fmt"

	"github.com/spanurl/spanurl/api"
	"github.com/spanurl/spanurl/span"
)

func ExampleNewURL() {
	u, err := api.NewURL("https://example.org/💩")
	if err != nil {
		panic(err)
	}
	fmt.Println(u.Pathname())

	// A relative-URL string needs a base.
	_, err = api.NewURL("/🍣🍺")
	fmt.Println(err != nil)

	u, _ = api.NewURL("/🍣🍺", "https://url.spec.whatwg.org/")
	fmt.Println(u.Href())
	// Output:
	// /%F0%9F%92%A9
	// true
	// https://url.spec.whatwg.org/%F0%9F%8D%A3%F0%9F%8D%BA
}

func ExampleParseURL() {
	for _, input := range []string{"https://EXAMPLE.com:443/a/../b", "https://exa mple.com/"} {
		if u := api.ParseURL(input); u != nil {
			fmt.Println(u)
		} else {
			fmt.Println("nil")
		}
	}
	// Output:
	// https://example.com/b
	// nil
}

func ExampleCanParse() {
	fmt.Println(api.CanParse("https://example.com/"))
	fmt.Println(api.CanParse("/path"))
	fmt.Println(api.CanParse("/path", "https://example.com/"))
	// Output:
	// true
	// false
	// true
}

func ExampleURL_SetHost() {
	u, _ := api.NewURL("http://example.net:8080/path")
	// A host without a port keeps the port.
	u.SetHost("example.com")
	fmt.Println(u)
	u.SetHost("example.org:80")
	fmt.Println(u)
	// The hostname setter rejects a value with a port.
	u.SetHostname("example.net:8080")
	fmt.Println(u)
	u.SetHostname("0x7F000001")
	fmt.Println(u)
	// A URL with an opaque path has no host to set.
	m, _ := api.NewURL("mailto:me@example.net")
	m.SetHost("example.com")
	fmt.Println(m)
	// Output:
	// http://example.com:8080/path
	// http://example.org/path
	// http://example.org/path
	// http://127.0.0.1/path
	// mailto:me@example.net
}

func ExampleURL_SetPathname() {
	u, _ := api.NewURL("https://example.com/a/b?q#f")
	u.SetPathname("/x/./y/../z w")
	fmt.Println(u)
	u.SetPathname("")
	fmt.Println(u)
	// Output:
	// https://example.com/x/z%20w?q#f
	// https://example.com/?q#f
}

func ExampleURL_SetSearch() {
	u, _ := api.NewURL("https://example.com/path#frag")
	u.SetSearch("?q=a b")
	fmt.Println(u)
	fmt.Println(u.Search())
	u.SetSearch("")
	fmt.Println(u)
	// Output:
	// https://example.com/path?q=a%20b#frag
	// ?q=a%20b
	// https://example.com/path#frag
}

func ExampleURL_SetProtocol() {
	u, _ := api.NewURL("http://example.com:443/")
	u.SetProtocol("https")
	fmt.Println(u)
	// A special scheme cannot become a non-special one.
	u.SetProtocol("sc")
	fmt.Println(u)
	// Output:
	// https://example.com/
	// https://example.com/
}

func ExampleURL_SetPort() {
	u, _ := api.NewURL("https://example.com/")
	u.SetPort("8443abc")
	fmt.Println(u)
	u.SetPort("443")
	fmt.Println(u)
	// Output:
	// https://example.com:8443/
	// https://example.com/
}

func ExampleURL_SetHref() {
	u, _ := api.NewURL("https://example.com/")
	if err := u.SetHref("/relative"); err != nil {
		fmt.Println("error; href is still", u)
	}
	_ = u.SetHref("HTTP://Example.NET/a?b#c")
	fmt.Println(u)
	// Output:
	// error; href is still https://example.com/
	// http://example.net/a?b#c
}

// A proxy that rewrites every request's URL keeps one URL object per
// worker: SetHref replaces the URL, the setters edit it in the object's own
// buffer, and AppendTo copies the result out. Once the buffer has grown the
// loop allocates nothing (Href would hand the buffer out, and the next set
// would build in new memory).
func ExampleURL_AppendTo() {
	var u api.URL
	var out []byte
	for _, target := range []string{
		"https://example.com/shop/cart?id=7#summary",
		"https://example.com/shop/",
	} {
		if err := u.SetHref(target); err != nil {
			continue
		}
		u.SetHost("backend.internal:8080")
		u.SetProtocol("http")
		u.SetHash("")
		out = u.AppendTo(out[:0])
		fmt.Println(string(out))
	}
	// Output:
	// http://backend.internal:8080/shop/cart?id=7
	// http://backend.internal:8080/shop/
}

func ExampleURL_SetUsername() {
	u, _ := api.NewURL("https://example.com/")
	u.SetUsername("user name")
	u.SetPassword("p@ss")
	fmt.Println(u)
	// Output:
	// https://user%20name:p%40ss@example.com/
}

func ExampleURL_SetHash() {
	u, _ := api.NewURL("https://example.com/#old")
	u.SetHash("#new section")
	fmt.Println(u)
	u.SetHash("")
	fmt.Println(u)
	// Output:
	// https://example.com/#new%20section
	// https://example.com/
}

func ExampleURL_SearchParams() {
	u, _ := api.NewURL("https://example.com/?q=🏳️‍🌈&key=e1f7bc78")
	params := u.SearchParams()
	params.Sort()
	fmt.Println(u.Search())
	params.Set("q", "a b")
	params.Append("page", "2")
	fmt.Println(u)
	// The list follows the search setter.
	u.SetSearch("x=1")
	v, _ := params.Get("x")
	fmt.Println(params.Size(), v)
	// Output:
	// ?key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88
	// https://example.com/?key=e1f7bc78&q=a+b&page=2
	// 1 1
}

func ExampleURL_MarshalJSON() {
	u, _ := api.NewURL("https://example.com/a b")
	b, _ := json.Marshal(map[string]*api.URL{"url": u})
	fmt.Println(string(b))
	// Output:
	// {"url":"https://example.com/a%20b"}
}

func ExampleOriginOf() {
	u, _ := api.NewURL("blob:https://whatwg.org/d0360e2f-caee-469f-9a2f-87d5b0456f6f")
	fmt.Println(u.Origin())

	a := api.ParseURL("https://user@example.com:443/a").OriginValue()
	b := api.ParseURL("https://example.com/b").OriginValue()
	fmt.Println(a, a.SameOrigin(b))

	// Each opaque origin is same origin only with itself.
	d := api.ParseURL("data:,hello").OriginValue()
	fmt.Println(d, d.SameOrigin(d), d.SameOrigin(api.ParseURL("data:,hello").OriginValue()))
	// Output:
	// https://whatwg.org
	// https://example.com true
	// null true false
}

func ExampleOrigin_SameSite() {
	a := api.ParseURL("https://www.example.co.uk/").OriginValue()
	b := api.ParseURL("https://shop.example.co.uk:8443/").OriginValue()
	c := api.ParseURL("http://www.example.co.uk/").OriginValue()
	fmt.Println(a.SameOrigin(b), a.SameSite(b), a.SameSite(c), a.SchemelesslySameSite(c))
	// Output:
	// false true false true
}

// A CSRF check: a state-changing request must come from a page of the
// same origin as the URL it is sent to.
func ExampleParseOrigin() {
	target := span.MustParse("https://shop.example/cart/checkout")
	for _, header := range []string{"https://shop.example", "https://evil.example", "null", "https://shop.example/x"} {
		o, err := api.ParseOrigin(header)
		fmt.Println(header, err == nil && o.SameOrigin(api.OriginOf(target)))
	}
	// Output:
	// https://shop.example true
	// https://evil.example false
	// null false
	// https://shop.example/x false
}
