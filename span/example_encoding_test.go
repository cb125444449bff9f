package span_test

import (
	"fmt"

	"github.com/spanurl/spanurl/span"
)

// The links of a page served as Shift_JIS: its encoding is looked up once,
// and the Arena encodes every query in it, as the page's browser does.
func ExampleLookupEncoding() {
	enc, err := span.LookupEncoding("shift_jis")
	if err != nil {
		panic(err)
	}
	page := span.MustParse("https://example.jp/search/")
	a := span.Arena{Encoding: enc}
	for _, href := range []string{"?q=日本", "/wiki/日本?q=日本", "wss://example.jp/?q=日本"} {
		u, _ := a.ParseRef(page, href)
		fmt.Println(u)
	}
	fmt.Println(enc.Name())
	// Output:
	// https://example.jp/search/?q=%93%FA%96{
	// https://example.jp/wiki/%E6%97%A5%E6%9C%AC?q=%93%FA%96{
	// wss://example.jp/?q=%E6%97%A5%E6%9C%AC
	// Shift_JIS
}

// Lines read into one reused buffer: the URLs an Arena returns own their
// bytes, so they stay as they were when the buffer is overwritten.
func ExampleArena_ParseBytes() {
	var a span.Arena
	var kept []span.URL
	buf := make([]byte, 0, 64)
	for _, line := range []string{"https://example.com/a", "HTTPS://EXAMPLE.com/b"} {
		buf = append(buf[:0], line...)
		if !span.CanParseBytes(buf) {
			continue
		}
		u, _ := a.ParseBytes(buf)
		kept = append(kept, u)
	}
	fmt.Println(kept)
	// Output: [https://example.com/a https://example.com/b]
}
