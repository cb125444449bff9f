package api_test

import (
	"fmt"

	"github.com/spanurl/spanurl/api"
	"github.com/spanurl/spanurl/span"
)

func ExampleRender() {
	u, _ := span.Parse("https://examplecorp.com:pw@xn--53h.example/caf%C3%A9/a%2Fb?q=%E2%80%AE#%F0%9F%98%80")
	fmt.Println(api.Render(u))
	// Output:
	// https://☕.example/café/a%2Fb?q=%E2%80%AE#😀
}
