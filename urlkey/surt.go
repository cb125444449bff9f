package urlkey

import (
	"slices"
	"strings"

	"github.com/spanurl/spanurl/internal/pct"
	"github.com/spanurl/spanurl/span"
)

// SURT returns u's SURT key (Sort-friendly URI Reordering Transform), the
// form in which web archives (CDX indexes, the Wayback Machine) store and
// match URLs: the host's labels reversed and joined by ",", then ")",
// then the path and query, so that a site's URLs, and its subdomains',
// sort together:
//
//	https://www.Example.com:8080/A/b/?y=2&x=1#top  ->  com,example:8080)/a/b?x=1&y=2
//
// The URL is canonicalized as web archives canonicalize it before
// building the key, which makes the key match more URLs than CacheKey
// does, on purpose:
//
//   - the scheme, userinfo and fragment are dropped, and so is the port
//     when it is the scheme's default (the parser does that);
//   - a first label "www" or "www" followed by digits ("www2") is dropped
//     when labels follow it; an IPv4 address is reversed like a domain,
//     an IPv6 address kept in brackets;
//   - percent-encoded bytes are decoded (repeatedly, until none is left:
//     "%2541" is "A", and so is "%252541"), in time linear in the URL, and
//     encoded again only where a byte needs it (controls, space, bytes
//     above 0x7E, "#" and "%");
//   - the path and query are lowercased; a "/" that ends the path is
//     dropped (but the path "/" stays);
//   - session identifiers are dropped: query parameters jsessionid and
//     phpsessid with a 32-character value, sid with 32 hex digits,
//     aspsessionidXXXXXXXX with a 24-character value, cfid and cftoken,
//     and ASP.NET's cookieless session path segments, "/(" and ")/"
//     around either 24 letters and digits or one or more groups of a
//     letter and letters and digits in parentheses ("/(S(...))/",
//     "/(A(...)S(...)F(...))/"), each ending at the first ")/" after its
//     "/(";
//   - the query's parameters are sorted by their bytes, and an empty query
//     is dropped.
//
// A URL without a host (mailto:, data:, file:///x) has its href as its
// key. The zero URL's key is "".
func SURT(u span.URL) string {
	if u.IsZero() || u.Hostname() == "" {
		return u.Href()
	}
	var b strings.Builder
	b.Grow(len(u.Href()))
	writeSURTHost(&b, u.Hostname())
	if p := u.Port(); p != "" {
		b.WriteByte(':')
		b.WriteString(p)
	}
	b.WriteByte(')')
	path := strings.ToLower(surtUnescape(u.Pathname()))
	path = stripPathSessionIDs(path)
	if len(path) > 1 && path[len(path)-1] == '/' {
		path = path[:len(path)-1]
	}
	if path == "" {
		path = "/"
	}
	b.WriteString(path)
	if q, ok := u.Query(); ok {
		params := strings.Split(strings.ToLower(surtUnescape(q)), "&")
		params = slices.DeleteFunc(params, isSessionParam)
		slices.Sort(params)
		if joined := strings.Join(params, "&"); joined != "" {
			b.WriteByte('?')
			b.WriteString(joined)
		}
	}
	return b.String()
}

// writeSURTHost writes host's labels in reverse order, joined by ",",
// without a leading "www" label; an IPv6 literal is written as it is.
func writeSURTHost(b *strings.Builder, host string) {
	if host[0] == '[' {
		b.WriteString(host)
		return
	}
	labels := strings.Split(host, ".")
	if len(labels) > 2 && isWWWLabel(labels[0]) {
		labels = labels[1:]
	}
	for i := len(labels) - 1; i >= 0; i-- {
		b.WriteString(labels[i])
		if i > 0 {
			b.WriteByte(',')
		}
	}
}

// isWWWLabel reports whether label is "www" or "www" followed by digits.
func isWWWLabel(label string) bool {
	if !strings.HasPrefix(label, "www") {
		return false
	}
	for i := 3; i < len(label); i++ {
		if label[i] < '0' || label[i] > '9' {
			return false
		}
	}
	return true
}

// surtUnescape decodes s's percent-encoded bytes until none decodes any
// more, then percent-encodes the bytes that a key must not hold as they
// are: controls, space, bytes above 0x7E, "#" and "%".
//
// It decodes in one pass, with the output as a stack: after each byte it
// appends, it decodes the "%XX" that ends the output, as long as there is
// one. Decoding in passes over the whole string until one changes
// nothing gives the same string: two escapes never overlap ("%" is not a
// hex digit), so the order in which escapes are decoded does not change
// the string that has none left, and the stack leaves none, since an
// escape that a decoded byte completes ends where that byte is.
func surtUnescape(s string) string {
	first := strings.IndexByte(s, '%')
	if first < 0 {
		return s
	}
	b := make([]byte, first, len(s))
	copy(b, s)
	for i := first; i < len(s); i++ {
		b = append(b, s[i])
		for n := len(b); n >= 3 && b[n-3] == '%' && pct.IsASCIIHexDigit(b[n-2]) && pct.IsASCIIHexDigit(b[n-1]); n = len(b) {
			b = append(b[:n-3], pct.HexValue(b[n-2])<<4|pct.HexValue(b[n-1]))
		}
	}
	const hex = "0123456789ABCDEF"
	out := make([]byte, 0, len(b)+8)
	for _, c := range b {
		if c <= ' ' || c >= 0x7F || c == '#' || c == '%' {
			out = append(out, '%', hex[c>>4], hex[c&15])
			continue
		}
		out = append(out, c)
	}
	return string(out)
}

// isSessionParam reports whether a lowercased query parameter is a
// session identifier that web archives drop.
func isSessionParam(p string) bool {
	name, value, _ := strings.Cut(p, "=")
	switch {
	case name == "jsessionid", name == "phpsessid":
		return len(value) == 32
	case name == "sid":
		return len(value) == 32 && strings.Trim(value, "0123456789abcdef") == ""
	case strings.HasPrefix(name, "aspsessionid") && len(name) == len("aspsessionid")+8:
		return len(value) == 24
	case name == "cfid", name == "cftoken":
		return true
	}
	return p == ""
}

// stripPathSessionIDs removes ASP.NET's cookieless session segments,
// "/(s(...))/" and "/(xxxxxxxxxxxxxxxxxxxxxxxx)/" (24 characters), and
// the "/(a(...)s(...)f(...))/" form, from a lowercased path: from each
// "/(" that is not inside a removed segment, up to the first ")/" after
// it, the text between them is a session (see isASPSessionSegment) or
// stays. It is linear in the path's length: the first ")/" after a "/("
// is found once for all the "/(" before it, and a segment is read only
// as far as its first byte that no session has.
func stripPathSessionIDs(path string) string {
	var b []byte // the path with segments removed, up to kept
	kept := 0    // path[kept:] is not in b yet (0: nothing is removed)
	next := -1   // the first ")/" at or after the last "/(" searched from
	for i := 0; i+2 < len(path); i++ {
		if path[i] != '/' || path[i+1] != '(' {
			continue
		}
		if next < i {
			j := strings.Index(path[i:], ")/")
			if j < 0 {
				break
			}
			next = i + j
		}
		if !isASPSessionSegment(path[i+2 : next]) {
			continue
		}
		// Remove "/(...)", keeping the "/" that follows, from which the
		// search goes on.
		b = append(b, path[kept:i]...)
		kept = next + 1
		i = next
	}
	if kept == 0 {
		return path
	}
	return string(append(b, path[kept:]...))
}

// isASPSessionSegment reports whether seg (the text between "/(" and
// ")/") is a cookieless ASP.NET session: 24 lowercase letters and digits,
// or one or more "x(...)" groups, each a lowercase letter and lowercase
// letters and digits in parentheses.
func isASPSessionSegment(seg string) bool {
	if len(seg) == 24 && alnumPrefix(seg) == 24 {
		return true
	}
	if seg == "" {
		return false
	}
	for seg != "" {
		if len(seg) < 4 || seg[0] < 'a' || seg[0] > 'z' || seg[1] != '(' {
			return false
		}
		end := 2 + alnumPrefix(seg[2:])
		if end == len(seg) || seg[end] != ')' {
			return false
		}
		seg = seg[end+1:]
	}
	return true
}

// alnumPrefix returns the length of the run of lowercase ASCII letters
// and digits that s starts with.
func alnumPrefix(s string) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9') {
			return i
		}
	}
	return len(s)
}
