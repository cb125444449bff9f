// Package span is spanurl's URL value: one string (the URL's serialization,
// its href) plus the offsets of every component, so that every getter is a
// substring and a URL is a small comparable value, like netip.Addr.
//
//	u, err := span.Parse("https://EXAMPLE.com:443/a/./b?q#f")
//	// u.Href() == "https://example.com/a/b?q#f", u.Hostname() == "example.com"
//
// Parse follows the WHATWG URL Standard exactly: the results are what a
// browser's URL object reports. The zero URL is not a valid URL (IsZero
// reports it); == on two URLs compares their serializations.
package span
