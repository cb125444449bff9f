package api_test

import (
	"fmt"

	"github.com/spanurl/spanurl/api"
	"github.com/spanurl/spanurl/span"
)

func ExamplePublicSuffix() {
	for _, host := range []string{"www.example.com", "whatwg.github.io", "example.com.", "EXAMPLE.إختبار", "[::1]"} {
		ps, ok := api.PublicSuffix(host)
		fmt.Printf("%s: %q %v\n", host, ps, ok)
	}
	// Output:
	// www.example.com: "com" true
	// whatwg.github.io: "github.io" true
	// example.com.: "com." true
	// EXAMPLE.إختبار: "xn--kgbechtv" true
	// [::1]: "" false
}

func ExampleRegistrableDomain() {
	for _, host := range []string{"sub.www.example.com", "whatwg.github.io", "github.io", "www.bbc.co.uk"} {
		rd, ok := api.RegistrableDomain(host)
		fmt.Printf("%s: %q %v\n", host, rd, ok)
	}
	// Output:
	// sub.www.example.com: "example.com" true
	// whatwg.github.io: "whatwg.github.io" true
	// github.io: "" false
	// www.bbc.co.uk: "bbc.co.uk" true
}

func ExampleRegistrableDomainICANN() {
	for _, host := range []string{"alice.github.io", "bob.github.io", "www.example.co.uk"} {
		all, _ := api.RegistrableDomain(host)
		icann, _ := api.RegistrableDomainICANN(host)
		fmt.Println(host, all, icann)
	}
	// Output:
	// alice.github.io alice.github.io github.io
	// bob.github.io bob.github.io github.io
	// www.example.co.uk example.co.uk example.co.uk
}

func ExamplePublicSuffixICANN() {
	all, _ := api.PublicSuffix("alice.github.io")
	icann, _ := api.PublicSuffixICANN("alice.github.io")
	fmt.Println(all, icann)
	// Output: github.io io
}

func ExampleURLRegistrableDomainICANN() {
	u := span.MustParse("https://alice.github.io/blog/")
	all, _ := api.URLRegistrableDomain(u)
	icann, _ := api.URLRegistrableDomainICANN(u)
	fmt.Println(all, icann)
	// Output: alice.github.io github.io
}
