package span_test

import (
	"fmt"

	"github.com/spanurl/spanurl/span"
)

// A reverse proxy sends a request to its backend: another host and port,
// a path without the public prefix, no fragment and no credentials.
func ExampleURL_WithHost() {
	u := span.MustParse("https://user:pw@www.example.com/api/v1/items?id=7#top")
	u, _ = u.WithHost("backend.internal:8443")
	u, _ = u.WithPathname(u.Pathname()[len("/api"):])
	u, _ = u.WithHash("")
	fmt.Println(u.WithoutCredentials())
	// Output: https://backend.internal:8443/v1/items?id=7
}

// The setters ignore some values; the With methods say so.
func ExampleURL_WithPort() {
	u := span.MustParse("https://example.com/")
	for _, port := range []string{"8443", "443", "99999", "x"} {
		v, ok := u.WithPort(port)
		fmt.Println(port, v, ok)
	}
	// Output:
	// 8443 https://example.com:8443/ true
	// 443 https://example.com/ true
	// 99999 https://example.com/ false
	// x https://example.com/ false
}

func ExampleURL_WithSearch() {
	u := span.MustParse("https://example.com/search?q=old")
	v, _ := u.WithSearch("q=new words")
	fmt.Println(v)
	w, _ := v.WithSearch("")
	fmt.Println(w)
	// Output:
	// https://example.com/search?q=new%20words
	// https://example.com/search
}

func ExampleURL_WithPathname() {
	u := span.MustParse("mailto:someone@example.com")
	_, ok := u.WithPathname("/x") // an opaque path has no pathname setter
	fmt.Println(ok)
	v, _ := span.MustParse("https://example.com/a/b").WithPathname("/c/../d e")
	fmt.Println(v)
	// Output:
	// false
	// https://example.com/d%20e
}

func ExampleURL_WithHash() {
	u := span.MustParse("https://example.com/doc")
	v, _ := u.WithHash("#section-2")
	fmt.Println(v.Hash())
	// Output: #section-2
}

func ExampleURL_WithoutCredentials() {
	u := span.MustParse("ftp://anonymous:guest@ftp.example.org/pub/")
	fmt.Println(u.WithoutCredentials())
	// Output: ftp://ftp.example.org/pub/
}
