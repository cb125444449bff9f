package httpurl

import (
	"strconv"
	"strings"

	"github.com/spanurl/spanurl/internal/mask"
	"github.com/spanurl/spanurl/internal/pct"
	"github.com/spanurl/spanurl/internal/reqtarget"
	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

// DefaultMaxHostLength is the MaxHostLength of a Policy that leaves it 0,
// in bytes as received: four times DNS's 253 octets, which leaves room for
// a name at DNS's limit written in UTF-8 or partly percent-encoded, with a
// port, and keeps domain to ASCII, whose cost grows with the square of a
// label's length, to microseconds.
const DefaultMaxHostLength = 1024

// DefaultMaxTargetLength is the MaxTargetLength of a Policy that leaves
// it 0: 64 KiB, eight times the request line that common servers accept
// (8 KiB), so that no URL a browser sends to a real site is refused,
// while the parser's work on one request stays bounded well below what
// net/http's default header limit (1 MiB) lets through.
const DefaultMaxTargetLength = 64 << 10

// Policy is a routing policy: rules that FromRequest (through
// Options.Policy), Policy.ParseRequestTarget and Policy.ParseConnectTarget
// apply on top of the URL Standard, so that a proxy routes, allows and
// denies on one spelling of each host and path, the one its backends
// read. The zero Policy is the strict one; each field relaxes one rule.
//
// Under the strict policy, besides what the URL parser refuses:
//
//   - The request-target, as received, is at most MaxTargetLength bytes
//     (ErrTargetTooLong), checked before anything else.
//   - The host, as received (the Host header, or the authority of an
//     absolute-form or authority-form target, port included), is at
//     most MaxHostLength bytes (ErrHostTooLong), and none of its labels
//     has more than 63 code points after percent-decoding
//     (ErrNotDNSName): both are checked before any parsing, which bounds
//     the cost of domain to ASCII.
//   - The host is a DNS name or an IP address (ErrNotDNSName). A DNS
//     name, after domain to ASCII, has labels of letters, digits and
//     hyphens, of 1 to 63 octets, separated by single dots, 253 octets
//     at most: "a\"b", "a`b", "a{b}", "a;b=c", "my_host", ".example.com",
//     "a..b", "example.com.." and ".." are refused, as any host with a
//     character outside RFC 3986's would be. An IP address is any the
//     standard reads, in the form it serializes ("0x7f.1" is 127.0.0.1).
//   - One trailing dot is removed: "example.com." and "example.com%2e"
//     route, and are forwarded, as "example.com" (DNS resolves both
//     alike; a deny rule written without the dot must match).
//   - An IPv4-mapped IPv6 address is unmapped: the URL of
//     "[::ffff:127.0.0.1]" (which the standard serializes as
//     "[::ffff:7f00:1]") is the URL of "127.0.0.1", with HostKind
//     HostIPv4 and a 4-byte HostAddr, so that an IPv4 deny list sees it.
//   - Port 0 is refused (ErrPortZero).
//   - A "%" in the path that is not followed by two hex digits is
//     refused (ErrMalformedEscape), and so are "%2F", "%5C" and "%00" in
//     any case (ErrEncodedSeparator), unless AllowEncodedSeparators.
//   - Percent-encoded unreserved characters in the path (RFC 3986's
//     ALPHA, DIGIT, "-", ".", "_" and "~": "%69", "%7E") are decoded:
//     "/adm%69n" routes, and is forwarded, as "/admin", which is how a
//     backend that decodes the path (net/http's r.URL.Path) reads it.
//     RFC 3986 (section 6.2.2.2) makes the two spellings one URI, and
//     clients that over-encode ("%7E" for "~") are common, so decoding
//     loses no honest request where refusing would. Decoding never
//     makes a dot segment (the parser has removed every segment that
//     decodes to "." or "..": their spellings are exactly the standard's
//     "%2e" ones) nor a separator or a "%" (none is unreserved), and a
//     stray "%" is refused first, so that "%%32%65" cannot become "%2e".
//   - The Host header of an absolute-form request names the target's
//     host and port, after the rules above ("EXAMPLE.com.:80" matches
//     "http://example.com/"), unless AllowHostMismatch
//     (ErrHostMismatch).
//   - The scheme of an absolute-form target is the connection's, the
//     scheme argument of ParseRequestTarget (which must then be http or
//     https, ErrInvalidScheme), unless AllowTargetScheme
//     (ErrSchemeMismatch): a client that reaches the server over plain
//     TCP and sends "GET https://example.com/login" is not on an https
//     connection, and one that sends "GET http://..." to a server
//     behind TLS termination is not on an http one. It is checked
//     before the URL parser runs.
//
// WHATWG turns all of this off but the target and host lengths and the
// target's scheme.
type Policy struct {
	// WHATWG, when set, returns the URL Standard's URL unchanged, as the
	// package's ParseRequestTarget and ParseConnectTarget return it:
	// no rule applies but MaxTargetLength, MaxHostLength and the
	// target's scheme (see AllowTargetScheme).
	WHATWG bool
	// MaxTargetLength is the longest request-target ParseRequestTarget
	// accepts, in bytes as received: DefaultMaxTargetLength when 0, no
	// limit when negative. A longer target is refused before it is read
	// (ErrTargetTooLong), so that its cost is the same whatever its
	// length.
	MaxTargetLength int
	// MaxHostLength is the longest host accepted, in bytes as received
	// (the Host header, or the authority of the target, port included):
	// DefaultMaxHostLength when 0, no limit when negative.
	MaxHostLength int
	// AllowHostMismatch accepts an absolute-form request whose Host
	// header names another host than its target: the target's host wins,
	// as RFC 9112 tells servers (the Host must still be a valid one).
	AllowHostMismatch bool
	// AllowEncodedSeparators accepts "%2F", "%5C" and "%00" in the path,
	// for a proxy whose backends do not decode them before routing. They
	// stay encoded, inside one segment, as the standard keeps them.
	AllowEncodedSeparators bool
	// AllowTargetScheme accepts an absolute-form target whose scheme is
	// not the connection's, and takes the target's scheme, as RFC 9112
	// tells a server to do and as the package's ParseRequestTarget does:
	// for a forward proxy, whose clients name the scheme of the origin
	// they want. The scheme of the URL is then the client's choice, not
	// a fact about the connection: never decide on it whether the
	// request was private (Secure cookies, HTTPS-only pages, redirects
	// to https). The scheme argument is then not used for an
	// absolute-form target, and may be empty.
	AllowTargetScheme bool
}

// ParseRequestTarget is the package's ParseRequestTarget under the policy:
// the same URL, with the policy's rules applied (see Policy). The scheme
// is the connection's, "http" or "https" (in any case): that of every
// target, absolute-form ones included, whose scheme must be the same
// (ErrSchemeMismatch) unless AllowTargetScheme. For an absolute-form
// target, host is the Host header, which must name the target's host
// unless AllowHostMismatch; it is parsed only when it is not the
// target's authority byte for byte.
func (p Policy) ParseRequestTarget(target, host, scheme string) (span.URL, error) {
	if limit := p.targetLimit(); len(target) > limit {
		_, n := httpSchemePrefix(target)
		return span.URL{}, lengthError(ErrTargetTooLong, "target", target, limit, 0, n)
	}
	limit := p.hostLimit()
	_, n := httpSchemePrefix(target)
	end := 0
	if n > 0 {
		// Only limit+1 bytes are searched for the end of the authority, so
		// that a host of any length costs no more than one at the limit.
		rest := target[n:]
		if len(rest) > limit {
			rest = rest[:limit+1]
		}
		i := strings.IndexAny(rest, "/?")
		if i < 0 {
			if len(rest) > limit {
				return span.URL{}, tooLong("target", target, limit, n)
			}
			i = len(rest)
		}
		end = n + i
	}
	if len(host) > limit {
		return span.URL{}, tooLong("host", host, limit, 0)
	}
	if n > 0 && !p.AllowTargetScheme {
		if err := checkTargetScheme(target, scheme); err != nil {
			return span.URL{}, err
		}
	}
	if p.WHATWG {
		return ParseRequestTarget(target, host, scheme)
	}
	if n == 0 {
		if err := checkLabelLengths("host", host, host, 0); err != nil {
			return span.URL{}, err
		}
		u, err := ParseRequestTarget(target, host, scheme)
		if err != nil {
			return span.URL{}, err
		}
		if err := p.checkPath(target, 0); err != nil {
			return span.URL{}, err
		}
		return applyRules(u, "host", host, host, 0, true)
	}
	if err := checkLabelLengths("target", target, target[n:end], n); err != nil {
		return span.URL{}, err
	}
	// The Host header is checked below, against the target's host.
	u, err := ParseRequestTarget(target, "", scheme)
	if err != nil {
		return span.URL{}, err
	}
	if err := p.checkPath(target, end); err != nil {
		return span.URL{}, err
	}
	if u, err = applyRules(u, "target", target, target[n:end], n, true); err != nil {
		return span.URL{}, err
	}
	if err := p.matchHost(u, target[n:end], host); err != nil {
		return span.URL{}, err
	}
	return u, nil
}

// checkTargetScheme refuses an absolute-form target whose scheme is not
// scheme, the connection's: the client that wrote the target chose its
// scheme, and only the connection (or a proxy that the server trusts)
// says whether the request came over TLS.
func checkTargetScheme(target, scheme string) error {
	conn, err := checkScheme(scheme)
	if err != nil {
		return err
	}
	if sch, _ := httpSchemePrefix(target); sch != conn {
		return newError(ErrSchemeMismatch, "target", target, "the connection's scheme is "+strconv.Quote(conn), 0, nil)
	}
	return nil
}

// ParseConnectTarget is the package's ParseConnectTarget under the
// policy: the host rules apply to the target (see Policy).
func (p Policy) ParseConnectTarget(target string) (span.URL, error) {
	limit := p.hostLimit()
	if len(target) > limit {
		return span.URL{}, tooLong("target", target, limit, 0)
	}
	if p.WHATWG {
		return ParseConnectTarget(target)
	}
	if err := checkLabelLengths("target", target, target, 0); err != nil {
		return span.URL{}, err
	}
	u, err := ParseConnectTarget(target)
	if err != nil {
		return span.URL{}, err
	}
	return applyRules(u, "target", target, target, 0, false)
}

// hostLimit is MaxHostLength with its default and "no limit" resolved.
func (p Policy) hostLimit() int {
	switch {
	case p.MaxHostLength == 0:
		return DefaultMaxHostLength
	case p.MaxHostLength < 0:
		return int(^uint(0) >> 1)
	}
	return p.MaxHostLength
}

// targetLimit is MaxTargetLength with its default and "no limit"
// resolved.
func (p Policy) targetLimit() int {
	switch {
	case p.MaxTargetLength == 0:
		return DefaultMaxTargetLength
	case p.MaxTargetLength < 0:
		return int(^uint(0) >> 1)
	}
	return p.MaxTargetLength
}

// tooLong is the error of a host longer than limit at offset base of
// value.
func tooLong(field, value string, limit, base int) *Error {
	return lengthError(ErrHostTooLong, field, value, limit, base, base)
}

// lengthError is the error kind of a value whose part from base on is
// longer than limit. Of a value longer than an Error quotes, it reads
// only what it quotes, so that the refusal costs the same whatever the
// length; a password there is masked from the first ":" after
// authority, where the value's authority starts, to the end of the
// quote, since finding the "@" that would end it means reading all of
// value.
func lengthError(kind error, field, value string, limit, base, authority int) *Error {
	reason := "longer than " + strconv.Itoa(limit) + " bytes"
	if len(value) <= maxQuoted {
		return newError(kind, field, value, reason, base+limit, nil)
	}
	head := value[:maxQuoted]
	from := min(authority, maxQuoted)
	colon := strings.IndexByte(head[from:], ':')
	v, _ := mask.Quote(head, from+colon+1, len(head), colon >= 0)
	return &Error{Kind: kind, Field: field, Value: v + "...", Reason: reason, Offset: base + limit}
}

// matchHost checks the Host header host of an absolute-form request whose
// URL is u and whose authority, as received, is authority: it must be a
// valid host and, unless AllowHostMismatch, name u's host and port after
// the host rules. A Host equal to authority is not parsed again.
func (p Policy) matchHost(u span.URL, authority, host string) error {
	if host == "" || host == authority {
		return nil
	}
	if limit := p.hostLimit(); len(host) > limit {
		return tooLong("host", host, limit, 0)
	}
	if !p.AllowHostMismatch {
		if err := checkLabelLengths("host", host, host, 0); err != nil {
			return err
		}
	}
	h, err := ParseHost(host, u.Scheme())
	if err != nil {
		return err
	}
	if p.AllowHostMismatch {
		return nil
	}
	if h, err = applyRules(h, "host", host, host, 0, false); err != nil {
		return err
	}
	if h.Host() != u.Host() {
		return newError(ErrHostMismatch, "host", host, "the target names "+strconv.Quote(u.Host()), -1, nil)
	}
	return nil
}

// checkPath refuses, in the path of target (from offset start to the
// query), a "%" not followed by two hex digits and, unless
// AllowEncodedSeparators, "%2F", "%5C" and "%00". The parser neither makes
// nor removes such escapes (it never encodes "/", "\" or "%", and refuses
// NUL), so the raw target says where they are.
func (p Policy) checkPath(target string, start int) *Error {
	path := target[start:]
	if q := strings.IndexByte(path, '?'); q >= 0 {
		path = path[:q]
	}
	for i := 0; ; i++ {
		j := strings.IndexByte(path[i:], '%')
		if j < 0 {
			return nil
		}
		i += j
		c, ok := pct.DecodeHex2(path[i+1:])
		switch {
		case !ok:
			return newError(ErrMalformedEscape, "target", target, "", start+i, nil)
		case (c == '/' || c == '\\' || c == 0) && !p.AllowEncodedSeparators:
			return newError(ErrEncodedSeparator, "target", target, path[i:i+3], start+i, nil)
		}
	}
}

// checkLabelLengths refuses, before domain to ASCII runs on it, a host
// (raw as received, at offset base of value) with a label of more than
// 63 code points, counted after percent-decoding, between "." or "%2E":
// no DNS label is longer, since every code point that domain to ASCII
// keeps adds at least one octet to the label. Domain to ASCII then runs on
// labels of at most 63 code points (before mapping), where its cost,
// which grows with the square of a label's length, stays small. An IPv6
// literal has no labels.
func checkLabelLengths(field, value, raw string, base int) *Error {
	name, _ := splitPort(raw)
	if name != "" && name[0] == '[' {
		return nil
	}
	count := 0
	for i := 0; i < len(name); i++ {
		c, next := name[i], i
		if c == '%' {
			if d, ok := pct.DecodeHex2(name[i+1:]); ok {
				c, next = d, i+2
			}
		}
		switch {
		case c == '.':
			count = 0
		case c < 0x80 || c >= 0xC0: // an ASCII byte or the first of a UTF-8 sequence
			count++
			if count > reqtarget.MaxDNSLabel {
				return newError(ErrNotDNSName, field, value, "label longer than "+strconv.Itoa(reqtarget.MaxDNSLabel)+" code points", base+i, nil)
			}
		}
		i = next
	}
	return nil
}

// applyRules applies the host rules to u, parsed from the host raw as
// received (found at offset base of value, in field), and when path is
// set decodes the unreserved characters of its path; it returns u, or the
// URL with its host and path as the rules make them.
func applyRules(u span.URL, field, value, raw string, base int, path bool) (span.URL, error) {
	host, err := routedHost(u, field, value, raw, base)
	if err != nil {
		return span.URL{}, err
	}
	var pathname string
	if path {
		pathname = decodeUnreserved(u.Pathname())
	}
	if host == "" && pathname == "" {
		return u, nil
	}
	href, o := u.Href(), u.Offsets()
	pathEnd := uint32(len(href))
	if o.QueryStart != record.Omitted {
		pathEnd = o.QueryStart
	} else if o.FragmentStart != record.Omitted {
		pathEnd = o.FragmentStart
	}
	if host == "" {
		host = href[o.HostStart:o.HostEnd]
	}
	if pathname == "" {
		pathname = href[o.PathStart:pathEnd]
	}
	// Both are in serialized form, and the rules make neither a
	// delimiter nor a dot segment: the parse keeps the string as it is.
	return span.Parse(href[:o.HostStart] + host + href[o.HostEnd:o.PathStart] + pathname + href[pathEnd:])
}

// routedHost checks u's host against the host rules and returns the host
// to route on when it is not u's Hostname ("" when it is).
func routedHost(u span.URL, field, value, raw string, base int) (string, *Error) {
	name, portAt := splitPort(raw)
	if p, ok := u.PortNumber(); ok && p == 0 {
		return "", newError(ErrPortZero, field, value, "", base+portAt, nil)
	}
	switch u.HostKind() {
	case record.HostDomain:
	case record.HostIPv6:
		if a, ok := u.HostAddr(); ok && a.Is4In6() {
			return a.Unmap().String(), nil
		}
		return "", nil
	case record.HostIPv4:
		return "", nil
	default:
		return "", newError(ErrNotDNSName, field, value, "", base, nil)
	}
	h := u.Hostname()
	trimmed := strings.TrimSuffix(h, ".")
	// The parser maps an ASCII name without "%" byte for byte (it only
	// lowercases it), so an offset in the host is one in raw; otherwise
	// the error is at the start of the host.
	at := func(i int) int {
		for j := 0; j < len(name); j++ {
			if name[j] == '%' || name[j] >= 0x80 {
				return base
			}
		}
		return base + i
	}
	switch problem, i := reqtarget.CheckDNSName(trimmed); problem {
	case reqtarget.DNSNameTooLong:
		return "", newError(ErrNotDNSName, field, value, "longer than "+strconv.Itoa(reqtarget.MaxDNSName)+" octets", at(i), nil)
	case reqtarget.DNSEmptyLabel:
		return "", newError(ErrNotDNSName, field, value, "empty label", at(i), nil)
	case reqtarget.DNSLabelTooLong:
		return "", newError(ErrNotDNSName, field, value, "label longer than "+strconv.Itoa(reqtarget.MaxDNSLabel)+" octets", at(i), nil)
	case reqtarget.DNSBadCharacter:
		return "", newError(ErrNotDNSName, field, value, "character "+strconv.QuoteRune(rune(trimmed[i])), at(i), nil)
	}
	if len(trimmed) == len(h) {
		return "", nil
	}
	return trimmed, nil
}

// splitPort returns the host name of raw, a host[:port] that the parser
// has accepted, and the offset of its port (len(raw) when it has none).
func splitPort(raw string) (string, int) {
	i := strings.IndexByte(raw, ':')
	if raw != "" && raw[0] == '[' {
		i = strings.IndexByte(raw, ']') + 1
		if i == len(raw) {
			i = -1
		}
	}
	if i < 0 {
		return raw, len(raw)
	}
	return raw[:i], i + 1
}

// decodeUnreserved returns path with every percent-encoded unreserved
// character decoded, or "" when it has none.
func decodeUnreserved(path string) string {
	first := -1
	for i := 0; ; i++ {
		j := strings.IndexByte(path[i:], '%')
		if j < 0 {
			break
		}
		i += j
		if c, ok := pct.DecodeHex2(path[i+1:]); ok && pct.IsUnreserved(c) {
			first = i
			break
		}
	}
	if first < 0 {
		return ""
	}
	b := make([]byte, first, len(path))
	copy(b, path)
	for i := first; i < len(path); i++ {
		if path[i] == '%' {
			if c, ok := pct.DecodeHex2(path[i+1:]); ok && pct.IsUnreserved(c) {
				b = append(b, c)
				i += 2
				continue
			}
		}
		b = append(b, path[i])
	}
	return string(b)
}
