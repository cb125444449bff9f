package api_test

import (
	"errors"
	"fmt"

	"github.com/spanurl/spanurl/api"
)

func ExampleNewSearchParams() {
	p := api.NewSearchParams("?q=b%C3%BCcher&lang=de&q=a+b")
	fmt.Println(p.Size())
	v, ok := p.Get("q")
	fmt.Println(v, ok)
	fmt.Println(p.GetAll("q"))
	_, ok = p.Get("page")
	fmt.Println(ok)
	p.Set("page", "2")
	p.Append("tag", "x~y")
	fmt.Println(p)
	// Output:
	// 3
	// bücher true
	// [bücher a b]
	// false
	// q=b%C3%BCcher&lang=de&q=a+b&page=2&tag=x%7Ey
}

func ExampleSearchParams_Sort() {
	u, _ := api.NewURL("https://example.org/?q=🏳️‍🌈&key=e1f7bc78")
	u.SearchParams().Sort() // a stable sort by name, in UTF-16 code unit order
	fmt.Println(u.Search())
	// Output:
	// ?key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88
}

func ExampleSearchParams_All() {
	p := api.NewSearchParams("a=1&b=2&a=3")
	for name, value := range p.All() {
		fmt.Println(name, value)
	}
	// Output:
	// a 1
	// b 2
	// a 3
}

func ExampleParseSearchParams() {
	// A query from a client: at most DefaultMaxParams pairs.
	p, err := api.ParseSearchParams("?a=1&b=2", api.DefaultMaxParams)
	fmt.Println(p, err)
	_, err = api.ParseSearchParams("a=1&b=2&c=3", 2)
	fmt.Println(errors.Is(err, api.ErrTooManyParams), err)
	// Output:
	// a=1&b=2 <nil>
	// true URLSearchParams: more than 2 parameters
}
