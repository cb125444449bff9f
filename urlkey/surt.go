package urlkey

import (
	"bytes"
	"slices"
	"strings"
	"unsafe"

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
	host, port := surtHost(u.Hostname()), u.Port()
	path := newSURTText(u.Pathname())
	q, hasQuery := u.Query()
	var query surtText
	if hasQuery {
		query = newSURTText(q)
	}
	// The key is built in one buffer of the length it has before its
	// sessions are removed, the text of each part written where it ends
	// up: the host's labels keep their length when reversed, an empty
	// path is written "/", and the path's sessions and the query's
	// are removed in place.
	n := len(host) + 1 + max(path.n, 1)
	if port != "" {
		n += 1 + len(port)
	}
	if hasQuery {
		n += 1 + query.n
	}
	b := make([]byte, 0, n)
	b = appendSURTHost(b, host)
	if port != "" {
		b = append(b, ':')
		b = append(b, port...)
	}
	b = append(b, ')')
	start := len(b)
	b = path.appendTo(b)
	b = b[:start+stripPathSessionIDs(b[start:])]
	if len(b)-start > 1 && b[len(b)-1] == '/' {
		b = b[:len(b)-1]
	}
	if len(b) == start {
		b = append(b, '/')
	}
	if hasQuery {
		b = append(b, '?')
		start = len(b)
		b = query.appendTo(b)
		b = b[:start+sortSURTParams(b[start:])]
		if len(b) == start {
			b = b[:start-1]
		}
	}
	// A key that removed sessions leaves room at the end of its buffer,
	// which a copy gives back when it is more than a little.
	if waste := cap(b) - len(b); waste > 32 && waste > len(b)/8 {
		return string(b)
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// surtHost returns host without a first label "www" or "www" followed by
// digits, when two labels or more follow it.
func surtHost(host string) string {
	if host[0] == '[' {
		return host
	}
	if i := strings.IndexByte(host, '.'); i >= 0 && isWWWLabel(host[:i]) && strings.IndexByte(host[i+1:], '.') >= 0 {
		return host[i+1:]
	}
	return host
}

// appendSURTHost appends host's labels in reverse order, joined by ",";
// an IPv6 literal is appended as it is.
func appendSURTHost(b []byte, host string) []byte {
	if host[0] == '[' {
		return append(b, host...)
	}
	for {
		i := strings.LastIndexByte(host, '.')
		b = append(b, host[i+1:]...)
		if i < 0 {
			return b
		}
		b = append(b, ',')
		host = host[:i]
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

// surtText is a path or a query on its way into a key: its
// percent-encoded bytes decoded until none decodes any more, then the
// bytes that a key must not hold as they are (controls, space, bytes
// above 0x7E, "#" and "%") percent-encoded again, and the result
// lowercased.
//
// Where no escape of s decodes to "%" or to a hex digit, a decoded byte
// never completes a new escape, so one pass of decoding decodes all, and
// the text is written straight from s, never held decoded. Otherwise s
// is decoded by surtDecode first.
type surtText struct {
	s       string
	decoded []byte // s decoded by surtDecode; nil when one pass suffices
	n       int    // the length of the text
}

func newSURTText(s string) surtText {
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) && pct.IsASCIIHexDigit(s[i+1]) && pct.IsASCIIHexDigit(s[i+2]) {
			c = pct.HexValue(s[i+1])<<4 | pct.HexValue(s[i+2])
			if c == '%' || pct.IsASCIIHexDigit(c) {
				return newDecodedSURTText(s)
			}
			i += 2
		}
		n += keyByteLen(c)
	}
	return surtText{s: s, n: n}
}

// newDecodedSURTText returns the surtText of s decoded by surtDecode,
// which newSURTText gives where one pass of decoding may not suffice.
func newDecodedSURTText(s string) surtText {
	t := surtText{s: s, decoded: surtDecode(s)}
	for _, c := range t.decoded {
		t.n += keyByteLen(c)
	}
	return t
}

// appendTo appends the text to b.
func (t surtText) appendTo(b []byte) []byte {
	if t.decoded != nil {
		for _, c := range t.decoded {
			b = appendKeyByte(b, c)
		}
		return b
	}
	s := t.s
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) && pct.IsASCIIHexDigit(s[i+1]) && pct.IsASCIIHexDigit(s[i+2]) {
			c = pct.HexValue(s[i+1])<<4 | pct.HexValue(s[i+2])
			i += 2
		}
		b = appendKeyByte(b, c)
	}
	return b
}

// keyByteLen returns the length of the decoded byte c in a key: 3 for a
// byte that is percent-encoded again, 1 for the others.
func keyByteLen(c byte) int {
	if c <= ' ' || c >= 0x7F || c == '#' || c == '%' {
		return 3
	}
	return 1
}

// appendKeyByte appends the decoded byte c as a key holds it: "%xx" (the
// hex digits lowercased with the rest of the key) for a byte that
// keyByteLen encodes, c lowercased otherwise.
func appendKeyByte(b []byte, c byte) []byte {
	const hex = "0123456789abcdef"
	if c <= ' ' || c >= 0x7F || c == '#' || c == '%' {
		return append(b, '%', hex[c>>4], hex[c&15])
	}
	if 'A' <= c && c <= 'Z' {
		c += 'a' - 'A'
	}
	return append(b, c)
}

// surtDecode decodes s's percent-encoded bytes until none decodes any
// more, into a new slice, never nil.
//
// It decodes in one pass, with the output as a stack: after each byte it
// appends, it decodes the "%XX" that ends the output, as long as there is
// one. Decoding in passes over the whole string until one changes
// nothing gives the same string: two escapes never overlap ("%" is not a
// hex digit), so the order in which escapes are decoded does not change
// the string that has none left, and the stack leaves none, since an
// escape that a decoded byte completes ends where that byte is.
func surtDecode(s string) []byte {
	first := strings.IndexByte(s, '%')
	if first < 0 {
		first = len(s)
	}
	b := make([]byte, first, len(s))
	copy(b, s)
	for i := first; i < len(s); i++ {
		b = append(b, s[i])
		for n := len(b); n >= 3 && b[n-3] == '%' && pct.IsASCIIHexDigit(b[n-2]) && pct.IsASCIIHexDigit(b[n-1]); n = len(b) {
			b = append(b[:n-3], pct.HexValue(b[n-2])<<4|pct.HexValue(b[n-1]))
		}
	}
	return b
}

// sortSURTParams removes from the lowercased query q its session
// parameters and its empty ones (isSessionParam), sorts the others by
// their bytes, and returns the length of their join by "&", which it
// leaves at the start of q. A query in order, the common one, is only
// moved down over the parameters removed; only one out of order is
// copied, to be sorted.
func sortSURTParams(q []byte) int {
	w := 0     // q[:w] holds the parameters kept so far
	last := -1 // where the last parameter kept starts in q
	sorted := true
	for start := 0; start <= len(q); {
		end := bytes.IndexByte(q[start:], '&')
		if end < 0 {
			end = len(q)
		} else {
			end += start
		}
		if p := q[start:end]; !isSessionParam(p) {
			if w > 0 {
				q[w] = '&'
				w++
			}
			at := w
			w += copy(q[w:], p)
			if last >= 0 && bytes.Compare(q[last:at-1], q[at:w]) > 0 {
				sorted = false
			}
			last = at
		}
		start = end + 1
	}
	if sorted {
		return w
	}
	params := strings.Split(string(q[:w]), "&")
	slices.Sort(params)
	w = 0
	for i, p := range params {
		if i > 0 {
			q[w] = '&'
			w++
		}
		w += copy(q[w:], p)
	}
	return w
}

// isSessionParam reports whether a lowercased query parameter is a
// session identifier that web archives drop, or empty.
func isSessionParam(p []byte) bool {
	name, value, _ := bytes.Cut(p, []byte("="))
	switch {
	case string(name) == "jsessionid", string(name) == "phpsessid":
		return len(value) == 32
	case string(name) == "sid":
		return len(value) == 32 && len(bytes.Trim(value, "0123456789abcdef")) == 0
	case bytes.HasPrefix(name, []byte("aspsessionid")) && len(name) == len("aspsessionid")+8:
		return len(value) == 24
	case string(name) == "cfid", string(name) == "cftoken":
		return true
	}
	return len(p) == 0
}

// stripPathSessionIDs removes ASP.NET's cookieless session segments,
// "/(s(...))/" and "/(xxxxxxxxxxxxxxxxxxxxxxxx)/" (24 characters), and
// the "/(a(...)s(...)f(...))/" form, from a lowercased path, in place,
// and returns the length of what is left: from each "/(" that is not
// inside a removed segment, up to the first ")/" after it, the text
// between them is a session (see isASPSessionSegment) or stays. It is
// linear in the path's length: the first ")/" after a "/(" is found once
// for all the "/(" before it, a segment is read only as far as its first
// byte that no session has, and each byte kept is moved once.
func stripPathSessionIDs(path []byte) int {
	w := 0     // path[:w] is the path with segments removed, up to kept
	kept := 0  // path[kept:] is not moved yet (0: nothing is removed)
	next := -1 // the first ")/" at or after the last "/(" searched from
	for i := 0; i+2 < len(path); i++ {
		if path[i] != '/' || path[i+1] != '(' {
			continue
		}
		if next < i {
			j := bytes.Index(path[i:], []byte(")/"))
			if j < 0 {
				break
			}
			next = i + j
		}
		if !isASPSessionSegment(path[i+2 : next]) {
			continue
		}
		// Remove "/(...)", keeping the "/" that follows, from which the
		// search goes on. What is moved ends before i, so the bytes yet
		// to read stay as they are.
		w += copy(path[w:], path[kept:i])
		kept = next + 1
		i = next
	}
	if kept == 0 {
		return len(path)
	}
	return w + copy(path[w:], path[kept:])
}

// isASPSessionSegment reports whether seg (the text between "/(" and
// ")/") is a cookieless ASP.NET session: 24 lowercase letters and digits,
// or one or more "x(...)" groups, each a lowercase letter and lowercase
// letters and digits in parentheses.
func isASPSessionSegment(seg []byte) bool {
	if len(seg) == 24 && alnumPrefix(seg) == 24 {
		return true
	}
	if len(seg) == 0 {
		return false
	}
	for len(seg) > 0 {
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
func alnumPrefix(s []byte) int {
	for i, c := range s {
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9') {
			return i
		}
	}
	return len(s)
}
