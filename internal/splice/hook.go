package splice

// span owns the URL value and api holds one per URL object; api builds
// hrefs with this package in its own buffer and needs span's conversions
// between a span.URL and a URL to hold the result. This package sits below
// span, so it cannot name span.URL: span registers the two conversions at
// its initialization as values of type any, and api asserts their types
// once at its own, which runs after span's.
var toSpan, fromSpan any

// Register records span's conversions: to has the type
// func(URL) span.URL and from func(span.URL) URL. Only span calls it, once.
func Register(to, from any) {
	if toSpan != nil {
		panic("splice: conversions registered twice")
	}
	toSpan, fromSpan = to, from
}

// Conversions returns what span registered.
func Conversions() (to, from any) { return toSpan, fromSpan }
