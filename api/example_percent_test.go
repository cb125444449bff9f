package api_test

import (
	"fmt"

	"github.com/spanurl/spanurl/api"
)

func ExamplePercentEncode() {
	s := "a b/c?d#é~"
	fmt.Println(api.PercentEncode(s, api.Path))
	fmt.Println(api.PercentEncode(s, api.Query))
	fmt.Println(api.PercentEncode(s, api.Component)) // encodeURIComponent
	fmt.Println(api.PercentEncode(s, api.FormURLEncoded))
	fmt.Println(api.PercentDecodeString("a%20b%2Fc%3F%C3%A9%zz"))
	// Output:
	// a%20b/c%3Fd%23%C3%A9~
	// a%20b/c?d%23%C3%A9~
	// a%20b%2Fc%3Fd%23%C3%A9~
	// a%20b%2Fc%3Fd%23%C3%A9%7E
	// a b/c?é%zz
}
