package span_test

import (
	"fmt"

	"github.com/spanurl/spanurl/span"
)

func ExampleCanParseBytes() {
	for _, line := range [][]byte{[]byte("https://example.com/a"), []byte("https://exa mple.com/"), []byte("/relative")} {
		fmt.Println(span.CanParseBytes(line))
	}
	// Output:
	// true
	// false
	// false
}

func ExampleArena_ParseRefBytes() {
	var arena span.Arena // one per goroutine; its URLs are as permanent as Parse's
	page := span.MustParse("https://example.com/docs/guide/")
	buf := []byte("../api/?q=1")
	link, err := arena.ParseRefBytes(page, buf)
	copy(buf, "XXXXXXXXXXX") // the caller may reuse its slice: the URL owns its bytes
	fmt.Println(link, err)
	// Output: https://example.com/docs/api/?q=1 <nil>
}

func ExampleURL_CanParse() {
	base := span.MustParse("https://example.com/a/b")
	fmt.Println(base.CanParse("../c?d"), base.CanParse("//exa mple.com/"), base.CanParse("http://[::1"))
	// Output: true false false
}
