package httpurl

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
//   - percent-encoded bytes are decoded (repeatedly: "%2541" is "A") and
//     encoded again only where a byte needs it (controls, space, bytes
//     above 0x7E, "#" and "%");
//   - the path and query are lowercased; a "/" that ends the path is
//     dropped (but the path "/" stays);
//   - session identifiers are dropped: query parameters jsessionid and
//     phpsessid with a 32-character value, sid with 32 hex digits,
//     aspsessionidXXXXXXXX with a 24-character value, cfid and cftoken,
//     and ASP.NET's "/(S(...))/" path segments;
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
func surtUnescape(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	b := []byte(s)
	for {
		n := decodeOnce(b)
		if len(n) == len(b) {
			break
		}
		b = n
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

// decodeOnce percent-decodes b in one pass (a "%" not followed by two hex
// digits stays).
func decodeOnce(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		if b[i] == '%' && i+2 < len(b) && pct.IsASCIIHexDigit(b[i+1]) && pct.IsASCIIHexDigit(b[i+2]) {
			out = append(out, pct.HexValue(b[i+1])<<4|pct.HexValue(b[i+2]))
			i += 2
			continue
		}
		out = append(out, b[i])
	}
	return out
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
// the "/(a(...)s(...)f(...))/" form, from a lowercased path.
func stripPathSessionIDs(path string) string {
	for i := 0; i+2 < len(path); i++ {
		if path[i] != '/' || path[i+1] != '(' {
			continue
		}
		end := strings.Index(path[i:], ")/")
		if end < 0 {
			break
		}
		seg := path[i+2 : i+end]
		if isASPSessionSegment(seg) {
			path = path[:i] + path[i+end+1:]
			i--
		}
	}
	return path
}

// isASPSessionSegment reports whether seg (the text between "/(" and
// ")/") is a cookieless ASP.NET session: 24 lowercase letters and digits,
// or one or more "x(...)" groups with a one-letter name.
func isASPSessionSegment(seg string) bool {
	if len(seg) == 24 && strings.Trim(seg, "abcdefghijklmnopqrstuvwxyz0123456789") == "" {
		return true
	}
	if seg == "" {
		return false
	}
	for seg != "" {
		if len(seg) < 4 || seg[1] != '(' {
			return false
		}
		close := strings.IndexByte(seg, ')')
		if close < 0 || strings.Trim(seg[2:close], "abcdefghijklmnopqrstuvwxyz0123456789") != "" {
			return false
		}
		seg = seg[close+1:]
	}
	return true
}
