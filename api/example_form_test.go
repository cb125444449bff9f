package api_test

import (
	"fmt"

	"github.com/spanurl/spanurl/api"
)

func ExampleParseForm() {
	for _, p := range api.ParseForm("name=J%C3%BCrgen+M&&empty&=x&q=a=b") {
		fmt.Printf("%q=%q\n", p.Name, p.Value)
	}
	// Output:
	// "name"="Jürgen M"
	// "empty"=""
	// ""="x"
	// "q"="a=b"
}

func ExampleSerializeForm() {
	fmt.Println(api.SerializeForm([]api.Pair{{Name: "name", Value: "Jürgen M"}, {Name: "q", Value: "a+b=c&d~"}}))
	s, _ := api.SerializeFormWithEncoding([]api.Pair{{Name: "name", Value: "Jürgen ☃"}}, "windows-1252")
	fmt.Println(s)
	// Output:
	// name=J%C3%BCrgen+M&q=a%2Bb%3Dc%26d%7E
	// name=J%FCrgen+%26%239731%3B
}
