package splice

// span owns the URL value and api holds one per URL object; api builds
// hrefs with this package in its own buffer, editing its span.URL in
// place as a URL (the two types have the same fields in the same order).
// This package sits below span, so it cannot name span.URL: span
// registers its conversions between a span.URL and a URL at its
// initialization as values of type any, and api's TestSpliceLayout
// checks that they agree with reading one type's memory as the other.
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
