package api_test

import (
	"fmt"

	"github.com/spanurl/spanurl/api"
	"github.com/spanurl/spanurl/span"
)

func ExampleDomainToASCII() {
	fmt.Println(api.DomainToASCII("☕.Example", false))
	fmt.Println(api.DomainToASCII("a_b.example", false))
	_, err := api.DomainToASCII("a_b.example", true) // UseSTD3ASCIIRules
	fmt.Println(err)
	fmt.Println(api.DomainToUnicode("xn--53h.example"))
	fmt.Printf("%q %q\n", api.LegacyDomainToASCII("0x7f.1"), api.LegacyDomainToASCII("a/b"))
	// Output:
	// xn--53h.example <nil>
	// a_b.example <nil>
	// domain-to-ASCII
	// ☕.example <nil>
	// "127.0.0.1" ""
}

func ExampleHostForDisplay() {
	u, _ := span.Parse("https://xn--bcher-kva.example/")
	fmt.Println(u.Hostname(), api.HostForDisplay(u))
	// Output:
	// xn--bcher-kva.example bücher.example
}
