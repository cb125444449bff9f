// Package api is the WHATWG URL Standard's API in Go's idiom: the URL class
// (NewURL, ParseURL, CanParse, every getter and setter, SearchParams),
// URLSearchParams, application/x-www-form-urlencoded, origins, and the
// host helpers (domain to ASCII and Unicode, registrable domain) that the
// standard and HTML build on them.
//
// A URL holds a span.URL, the one-string-plus-offsets value of package
// span, so that a URL which is only read costs what the span.URL costs:
// every getter is a substring of the href, and nothing else is built until
// it is asked for (the query object on the first SearchParams call, the
// setters' scratch state on the first setter call).
//
// The standard's IDL maps onto Go as follows:
//
//	new URL(url, base)         NewURL(url, base)         TypeError -> error
//	URL.parse(url, base)       ParseURL(url, base)       null -> nil
//	URL.canParse(url, base)    CanParse(url, base)
//	url.href = v               u.SetHref(v)              TypeError -> error
//	url.protocol = v  ...      u.SetProtocol(v) ...      never fail
//	url.searchParams           u.SearchParams()          [SameObject]
//	url.toJSON()               u.ToJSON(), json.Marshal(u)
//
// USVString arguments are Go strings; bytes that are not valid UTF-8 are
// read as the standard's UTF-8 decode reads them (each maximal invalid
// subpart becomes U+FFFD), which is what converting them to a USVString
// does.
//
// Setters edit the href in place when the value needs nothing the
// standard's parser would change (internal/splice), in a buffer the URL
// object keeps: a URL set again and again reuses it. Reading the href or
// a component hands that buffer out, and the next set builds in new
// memory, since a Go string never changes. A proxy that rewrites every
// request therefore keeps one URL per worker, sets it with SetHref and the
// setters, and copies the result out with AppendTo: that loop allocates
// nothing (see the AppendTo example).
//
// A *URL is not safe for concurrent use: setters modify it, and getters
// may not run concurrently with setters. Its span.URL value (Span) is
// immutable and may be shared freely.
//
// The design of the module (its layers, the fast and slow paths, where
// the tests live) is in DESIGN.md at the root of the repository.
package api
