// Package httpurl puts spanurl between HTTP and the code that decides
// things about URLs: it builds the WHATWG URL of an HTTP request, the one a
// browser would have requested, for reverse proxies and servers that
// route, allow or deny on it. The keys under which a crawl frontier or a
// cache groups URLs are package urlkey's.
//
// # Request targets
//
// An HTTP request carries no URL. It carries a request-target (RFC 9112,
// section 3.2) in one of four forms, a Host header, and it arrives over a
// connection with or without TLS:
//
//	GET /a/./b?q HTTP/1.1           origin-form: ParseRequestTarget(target, host, scheme)
//	Host: example.com               -> https://example.com/a/b?q
//
//	GET http://h.example/p HTTP/1.1 absolute-form (to a forward proxy): the target's
//	                                scheme and host win; CheckHost compares the Host
//	CONNECT h.example:443 HTTP/1.1  authority-form: ParseConnectTarget(target)
//	OPTIONS * HTTP/1.1              asterisk-form: ErrAsteriskForm (ParseHost for the host)
//
// FromRequest does this for a *http.Request: it reads the raw target
// (r.RequestURI, never r.URL, which net/http has already decoded) and
// r.Host. The scheme, which HTTP does not send, is "https" when the
// request came over TLS and "http" otherwise, or what Options says:
// a fixed scheme for a server behind TLS termination, or the Forwarded
// or X-Forwarded-Proto header of a request from one of
// Options.TrustedProxies (or of every request, with
// Options.TrustForwarded). Those headers are never read by default: any
// client can send them. Nor does the client choose the scheme with an
// absolute-form target: one that names another scheme than the
// connection's is refused (ErrSchemeMismatch), unless
// Policy.AllowTargetScheme (a forward proxy).
//
// # The path-traversal guarantee
//
// The URL is the standard's, so its path is the one a browser requests
// and a WHATWG-conforming server reads:
//
//   - Dot segments are resolved, in every spelling the standard knows:
//     ".", "..", "%2e", ".%2e", "%2e.", "%2e%2e", in any case. A URL's
//     Pathname never has a dot segment, and ".." never climbs above "/".
//   - "\" is a path separator, as in every http and https URL.
//   - Nothing else is decoded. "%2F" and "%5C" (encoded separators),
//     "%252e" (double encoding), "%c0%ae" (overlong UTF-8), "%00", "..;"
//     and "%u002e" stay as they were, inside one segment.
//
// So "/a/%2e%2e/admin", "/a/./b/../../admin", "/a\..\admin" and "/admin"
// all have the Pathname "/admin", and route alike; "/a/..%2fadmin" is the
// segment "..%2fadmin" under "/a", which a router matching "/admin" does
// not match, and must not. (The last is the lesson of routers that
// "normalized" a path by decoding "%2F": two components then see two
// different paths in one request.)
//
// The guarantee covers the proxy and every backend that reads the path as
// the standard does. For it to hold end to end, a proxy:
//
//   - forwards the URL it routed on, its Pathname and Search, and its
//     Host, never the raw target or Host header: a backend then never
//     sees a dot segment, a backslash, or another spelling of the host.
//     SetURL does this for an outgoing request (httputil.ReverseProxy's
//     Rewrite), byte for byte: net/url cannot hold every pathname in
//     url.URL's Path and RawPath, and where it cannot it encodes the
//     decoded Path again, so that "/a/..%2fadmin|" would reach a backend
//     as "/a/../admin%7C";
//   - refuses, or routes on the decoded form, paths whose encoded bytes a
//     backend decodes before routing: net/http's r.URL.Path decodes "%2F"
//     to "/", IIS reads "%5C" as "\", Tomcat reads "..;" as "..". For a
//     Go backend that routes on r.URL.Path, refusing
//     strings.Contains(strings.ToLower(u.Pathname()), "%2f") is enough.
//
// Before the URL parser runs, the target and the host are checked for what
// the parser would silently repair: control characters (the parser removes
// TAB, CR and LF anywhere and trims the others at the ends, so
// "/ad\tmin" would become "/admin" for the proxy and stay something else
// for a backend) are ErrControlCharacter; a space or a fragment in the
// target, userinfo, a path, a query, a fragment or junk around an IPv6
// literal in the host ("[::1]x", "x[::1]", "[[::1]]", "[::1", "]") are
// ErrInvalidTarget or ErrInvalidHost. A target starting with "//" or "/\"
// is a path on the request's host, never another host.
//
// # Bytes that are not UTF-8
//
// The URL Standard parses strings of scalar values, so a byte sequence
// that is not UTF-8 becomes U+FFFD before parsing and "%EF%BF%BD" after.
// A server receives bytes, not a string: in the path and query of a
// request target, each byte of a sequence that is not UTF-8 (a stray
// 0xFF, a truncated or overlong sequence, an encoded surrogate) is
// percent-encoded on its own, so "/a\xff\xfe" gives "/a%FF%FE", the target
// a browser would have sent for those bytes, and no two distinct targets
// collapse into one URL. Valid UTF-8 is encoded as the standard encodes
// it, to the same bytes. This is the only departure from the standard's
// parse of scheme://host + target; a host that is not UTF-8 is refused.
// The same holds for span's Parser.ParseRequestTarget, which is this
// package's ParseRequestTarget, the same code, writing into the Parser's
// reusable memory.
//
// # Hosts
//
// The host of the URL is the standard's host: a domain lowercased and in
// IDNA ASCII form, an IPv4 address in dotted decimal whatever form it was
// written in ("0x7f.1", "2130706433"), an IPv6 address in brackets in its
// canonical form. Route, allow and deny on Hostname, HostKind and HostAddr
// (span.URL), never on the raw header: "EXAMPLE.com", "example.com:80"
// and "ex%61mple.com" are one host.
//
// # Routing policy
//
// The standard still leaves a proxy spellings that one component reads as
// one thing and the next as another: "example.com." is another key than
// "example.com" in a deny list but the same name to DNS; "/adm%69n" is
// not "/admin" to a router that compares pathnames but is to a backend
// that decodes the path; "[::ffff:127.0.0.1]" is 127.0.0.1 to the kernel
// but not to an IPv4 deny list. So FromRequest applies a routing policy
// to the standard's URL (Options.Policy, a Policy), strict unless the
// caller relaxes it:
//
//   - The request-target, as received, is at most
//     Policy.MaxTargetLength bytes (DefaultMaxTargetLength, 64 KiB, when
//     0), checked before it is read (ErrTargetTooLong).
//   - The host, as received (port included), is at most
//     Policy.MaxHostLength bytes (DefaultMaxHostLength, 1024, when 0),
//     and no label has more than 63 code points; both are checked before
//     the URL parser runs (ErrHostTooLong, ErrNotDNSName).
//   - The host is a DNS name or an IP address (ErrNotDNSName): after
//     domain to ASCII, letters, digits and hyphens in labels of 1 to 63
//     octets between single dots, 253 octets at most. Characters outside
//     RFC 3986 ("a\"b", "a`b", "a{b}") and those no DNS name has
//     ("a;b=c", "my_host"), and empty labels (".example.com", "a..b",
//     "example.com..", ".."), are refused.
//   - One trailing dot is removed: "example.com." and "example.com%2e"
//     give the URL of "example.com".
//   - An IPv4-mapped IPv6 address is unmapped: "[::ffff:127.0.0.1]",
//     which the standard serializes as "[::ffff:7f00:1]", gives the URL
//     of "127.0.0.1", whose HostAddr is the 4-byte address.
//   - Port 0 is refused (ErrPortZero).
//   - "%2F", "%5C" and "%00" in the path, in any case, are refused unless
//     Policy.AllowEncodedSeparators (ErrEncodedSeparator), and so is a
//     "%" not followed by two hex digits (ErrMalformedEscape).
//   - Percent-encoded unreserved characters in the path ("%69", "%7E")
//     are decoded: "/adm%69n" routes, and is forwarded, as "/admin", the
//     path a decoding backend reads. Decoding rather than refusing,
//     because RFC 3986 makes the two spellings one URI and clients that
//     over-encode ("%7E" for "~") are common; and it is safe: the parser
//     has already removed every segment that would decode to "." or ".."
//     (the standard's dot-segment spellings are exactly those with
//     "%2e"), no unreserved character is a separator or "%", and a stray
//     "%" is refused first, so that "%%32%65" cannot become "%2e".
//   - The Host header of an absolute-form request names the target's
//     host and port, after the rules above, unless
//     Policy.AllowHostMismatch (ErrHostMismatch). net/http's server
//     replaces r.Host with the target's authority and deletes the Host
//     header before a handler runs, so there this holds by construction
//     and the target's host, which RFC 9112 says wins, is routed on; a
//     server that wants no absolute-form requests refuses
//     FormOf(r.RequestURI) == AbsoluteForm.
//
// The path-traversal guarantee above holds under every policy; the strict
// one narrows what reaches a router further: no encoded separator, no
// stray "%", and no escape of a character that needs none.
//
// Each refusal is an *Error naming the rule (its sentinel), the value and
// the offset, and matches ErrPolicy as well as ErrInvalidHost or
// ErrInvalidTarget. Options{Policy: Policy{WHATWG: true}} gives the
// standard's URL unchanged, with only the host length checked (a negative
// MaxHostLength lifts it); ParseRequestTarget, ParseHost and
// ParseConnectTarget are the standard's, and Policy's ParseRequestTarget
// and ParseConnectTarget apply a policy to them.
//
// # Cost
//
// FromRequest's cost is linear in the request line, whatever its shape:
// under any policy it makes a fixed number of passes over the target (the
// scans for control characters and escapes, the URL parser, which is
// linear on every input, at most one decoding pass, and at most one more
// parse of the result, when a rule changed the URL), so that each byte
// costs at most a constant. The one step whose cost grows faster,
// domain to ASCII (Punycode's grows with the square of a label's length),
// runs once per request on a host of at most MaxHostLength bytes with
// labels of at most 63 code points before mapping: a bounded cost per
// request, not per byte. A longer host is refused after reading at most
// MaxHostLength+1 bytes of it, in a time that does not depend on its
// length, and the host is parsed once: r.Host, when it is an
// absolute-form target's authority byte for byte, is not parsed again.
//
// # Errors
//
// Every error is an *Error that says which value (target, host, scheme or
// forwarding header), what is wrong, and at which byte offset, with the
// value quoted (control characters escaped, so it is safe to log) and any
// password masked:
//
//	httpurl: invalid host: host "[::1]junk": malformed IPv6 literal (text after ']') at offset 5
//
// errors.Is matches the sentinels ErrInvalidTarget, ErrInvalidHost,
// ErrControlCharacter, ErrAsteriskForm, ErrInvalidScheme and
// ErrHostMismatch, those of the routing policy (ErrPolicy,
// ErrTargetTooLong, ErrHostTooLong, ErrNotDNSName, ErrPortZero,
// ErrEncodedSeparator, ErrMalformedEscape, ErrSchemeMismatch), and, when the URL parser refused the value, the
// record.ErrorType of the validation error (record.PortOutOfRange, ...):
// answer 400 to the first ones.
//
// # For a reverse proxy
//
//	u, err := httpurl.FromRequest(r, httpurl.Options{})
//	if err != nil {
//		http.Error(w, "bad request", http.StatusBadRequest)
//		return
//	}
//	backend := route(u.Hostname(), u.Pathname()) // normalized: see above
//	// in httputil.ReverseProxy's Rewrite: httpurl.SetURL(pr.Out, u),
//	// which forwards u's path, query and host, never r.RequestURI
//
// Example_reverseProxy is a complete httputil.ReverseProxy that does this.
// For a server that routes with http.ServeMux, Handler runs FromRequest
// before the mux and gives it the URL that was checked (WithURL), so that
// its patterns and PathValue see the normalized path; URLFromContext gives
// the URL to the handlers. For CORS and CSRF checks, api.ParseOrigin reads
// an Origin header without allocating.
//
// A crawler, which fetches URLs rather than serving them, needs none of
// this package: package urlkey has the keys of its frontier.
//
// # For a log pipeline
//
// Access logs hold request-targets and hosts; ParseRequestTarget turns
// each into the URL the client asked for, so that counts and keys are per
// resource, not per spelling:
//
//	u, err := httpurl.ParseRequestTarget(target, host, "https")
//	if err != nil {
//		malformed[errKind(err)]++ // attacks and broken clients live here
//		continue
//	}
//	hits[urlkey.CacheKey(u)]++ // package urlkey: reordered queries are one key
//
// For one absolute URL per line, span.Parser parses without allocating,
// and its ParseRequestTarget gives this package's results from a []byte
// target without allocating either (package accesslog splits the lines).
//
// The design of the module (its layers, the fast and slow paths, where
// the tests live) is in DESIGN.md at the root of the repository.
package httpurl
