package urlpattern_test

import (
	"fmt"

	"github.com/spanurl/spanurl/urlpattern"
)

func Example() {
	p, err := urlpattern.New("https://*.example.com/books/:id")
	if err != nil {
		panic(err)
	}
	r := p.Exec("https://shop.example.com/books/42?ref=home")
	id, _ := r.Pathname.Get("id")
	sub, _ := r.Hostname.Get("0")
	fmt.Println(id, sub)
	fmt.Println(p.Test("https://example.com/books/42"))
	// Output:
	// 42 shop
	// false
}

func ExampleRouter() {
	var r urlpattern.Router[string]
	for _, pattern := range []string{
		"https://api.example.com/users/*",
		"https://api.example.com/users/:id",
		"https://api.example.com/users/me",
	} {
		r.Add(urlpattern.MustNew(pattern), pattern)
	}
	for _, url := range []string{
		"https://api.example.com/users/me",
		"https://api.example.com/users/7",
		"https://api.example.com/users/7/posts",
	} {
		route, _, _ := r.MatchString(url)
		fmt.Println(route)
	}
	// Output:
	// https://api.example.com/users/me
	// https://api.example.com/users/:id
	// https://api.example.com/users/*
}

func ExampleNewFromInit() {
	p, err := urlpattern.NewFromInit(urlpattern.Init{
		Pathname: urlpattern.String("/items/:id(\\d+)"),
	}, urlpattern.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Protocol(), p.Hostname(), p.Pathname(), p.HasRegExpGroups())
	fmt.Println(p.Test("http://any.host/items/12"), p.Test("http://any.host/items/twelve"))
	// Output:
	// * * /items/:id(\d+) true
	// true false
}

func ExampleNewPathname() {
	p, err := urlpattern.NewPathname("/books/:id", urlpattern.Options{})
	if err != nil {
		panic(err)
	}
	r := p.Exec("https://shop.example/books/42?ref=home")
	id, _ := r.Pathname.Get("id")
	fmt.Println(id, p.Test("http://other.example:8080/books/7"), p.Test("https://shop.example/authors/1"))
	// Output: 42 true false
}
