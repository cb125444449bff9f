package span_test

import (
	"errors"
	"fmt"

	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

// A log processor reads request targets as bytes and resolves each
// against the server's host, reusing one Parser: "//a//b" is a path on
// the host, and bytes that are not UTF-8 are kept.
func ExampleParser_ParseRequestTarget() {
	var p span.Parser
	for _, target := range []string{"/a?b", "//a//b", "/caf\xe9", "http://other.example/x", "/a b"} {
		u, err := p.ParseRequestTarget([]byte(target), "example.com", "https")
		if err != nil {
			fmt.Println(errors.Is(err, span.ErrInvalidTarget), err)
			continue
		}
		fmt.Println(u.Href())
	}
	u, _ := p.ParseConnectTarget([]byte("example.com:8443"))
	fmt.Println(u.Href())
	// Output:
	// https://example.com/a?b
	// https://example.com//a//b
	// https://example.com/caf%E9
	// http://other.example/x
	// true invalid URL "/a b": invalid request target
	// https://example.com:8443/
}

// The validation errors of each line go into one slice, reused.
func ExampleParser_ParseWithErrors() {
	var p span.Parser
	var errs []record.ValidationError
	for _, line := range []string{"https://example.com/", "https:example.com/a b", "http://[::1"} {
		u, v, err := p.ParseWithErrors([]byte(line), span.URL{}, errs)
		errs = v.List
		if typ, ok := span.ErrorType(err); ok {
			fmt.Println("failure:", typ)
			continue
		}
		fmt.Println(u.Href(), v.List)
	}
	// Output:
	// https://example.com/ []
	// https://example.com/a%20b [special-scheme-missing-following-solidus at offset 6 invalid-URL-unit at offset 19]
	// failure: IPv6-unclosed
}
