package fast

import (
	"github.com/spanurl/spanurl/internal/offsets"
	"github.com/spanurl/spanurl/internal/uts46"
)

// Verdict is the answer of a validation-only run: whether the input
// parses, or that the slow path must tell.
type Verdict uint8

const (
	Decline Verdict = iota // the slow path must decide
	Parses                 // the basic URL parser returns a URL
	Fails                  // the basic URL parser returns failure
)

func (v Verdict) String() string {
	switch v {
	case Parses:
		return "parses"
	case Fails:
		return "fails"
	}
	return "decline"
}

// maxValidate is the longest input (with its base's href) a validation
// run decides: a byte of the input serializes to at most nine ("%EF%BF%BD"
// for a byte of invalid UTF-8), so the serialization of anything shorter
// stays under offsets.MaxInput, past which a parse fails.
const maxValidate = offsets.MaxInput / 16

// CanParse tells whether s parses as an absolute URL (the basic URL parser
// with no base) without building anything, or declines.
//
// It reads only what can make the parser fail: the scheme and, for a URL
// with an authority, the host and the port. The states after the host
// (path start, path, opaque path, query, fragment) never return failure,
// whatever they read, so the bytes they would read are not looked at: a
// tab or newline there, which the parser removes first, or a trailing C0
// control or space, which it strips, changes nothing. It declines a
// leading C0 control or space, a tab or newline in what it reads, a
// trailing C0 control or space that ends an authority, a file: URL, and
// the hosts whose parse needs more than a scan of their bytes (see
// authority).
func CanParse(s string) Verdict {
	// The basic URL parser, 1-3: remove leading and trailing C0 controls
	// and spaces, then tabs and newlines: declined when present where read.
	if len(s) == 0 || len(s) > maxValidate || s[0] <= ' ' {
		return Decline
	}
	if end, _ := lowerHTTP(s); end > 0 {
		// "http://" or "https://": the scheme state sets the special
		// authority slashes state, which takes the "//".
		return authority(s, end+3, true)
	}
	end := schemeOf(s)
	switch {
	case end < 0:
		return Decline
	case end == 0:
		// No scheme state, 1: with no base, failure.
		return Fails
	}
	return afterScheme(s, end)
}

// CanResolve tells whether ref parses against the base URL whose href is
// bh and offsets bp (the basic URL parser with that base), as CanParse
// does for an absolute URL, or declines. It decides against a special base
// other than file:, where the base decides only whether a reference is
// relative: its path, query and fragment, which a relative reference may
// keep, are never read.
func CanResolve(bh string, bp offsets.Packed, ref string) Verdict {
	scheme := bh[:bp.SchemeEnd()]
	return resolve(scheme, bp.Flags()&offsets.FlagSpecial != 0 && scheme != "file", len(bh), ref)
}

// CanParseWithBase tells whether ref parses against the URL that base
// parses to (URL.canParse(ref, base)), as CanResolve does, without parsing
// the base either: a base that fails makes the answer false, and
// otherwise only its scheme matters to CanResolve.
func CanParseWithBase(ref, base string) Verdict {
	switch CanParse(base) {
	case Fails:
		// URL.canParse, API URL parser 2.2: a base that fails to parse.
		return Fails
	case Decline:
		return Decline
	}
	// A base that parses has a scheme; it is a special URL with a host,
	// or else resolve declines every relative reference.
	end := schemeOf(base)
	if end <= 0 {
		return Decline
	}
	kind := specialScheme(base, end)
	return resolve(base[:end], kind != schemeOther && kind != schemeFile, len(base), ref)
}

// resolve is CanResolve against a base whose scheme is baseScheme (in
// any case), special and not file: when specialBase, and whose input or
// href has baseLen bytes.
func resolve(baseScheme string, specialBase bool, baseLen int, ref string) Verdict {
	if len(ref) > maxValidate-baseLen {
		return Decline
	}
	if end, _ := lowerHTTP(ref); end > 0 {
		// "http://" or "https://": whatever the base, the special
		// authority slashes state (another scheme) or the special relative
		// or authority state (the base's) takes the "//".
		return authority(ref, end+3, true)
	}
	if ref == "" {
		// The relative state at EOF: the base's URL without its fragment.
		if specialBase {
			return Parses
		}
		return Decline
	}
	if ref[0] <= ' ' {
		return Decline
	}
	end := schemeOf(ref)
	switch {
	case end < 0:
		return Decline
	case end == 0:
		// No scheme state, 3: the relative state, for a base that is not
		// file: (and a special one has no opaque path).
		if !specialBase {
			return Decline
		}
		return relative(ref, 0)
	}
	if specialBase && specialScheme(ref, end) != schemeOther && asciiFold(ref[:end], baseScheme) {
		// The scheme state, 2.6: the special relative or authority state,
		// whose "//" and the relative state's slashes lead to the same
		// authority.
		return relative(ref, end+1)
	}
	return afterScheme(ref, end)
}

// relative is the relative state of a reference against a special base,
// from s[i]: a reference that begins with two slashes or backslashes (in
// any mix) has an authority, any other is a path, query or fragment of
// the base's URL, which parses.
func relative(s string, i int) Verdict {
	// Relative state, 3-4: "/" or "\" to the relative slash state, whose
	// "/" or "\" is the special authority ignore slashes state.
	for k := i; k < i+2 && k < len(s); k++ {
		switch s[k] {
		case '\t', '\n', '\r':
			return Decline
		case '/', '\\':
			continue
		}
		// Relative state, 5, or relative slash state, 3: the path state
		// or the query or fragment state, which never fail.
		return Parses
	}
	if i+2 > len(s) {
		return Parses // "" or a single "/" or "\": the path state
	}
	return authority(s, i+2, true)
}

// schemeOf returns where the scheme at the start of s ends (its ':'), 0
// when s has none, and -1 when a tab or newline keeps the answer from
// being read off the bytes.
func schemeOf(s string) int {
	// The scheme start state, 1: an ASCII alpha.
	if c := s[0] | 0x20; c < 'a' || c > 'z' {
		return 0
	}
	// The scheme state, 1-3.
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c|0x20 >= 'a' && c|0x20 <= 'z', c >= '0' && c <= '9', c == '+', c == '-', c == '.':
		case c == ':':
			return i
		case c == '\t' || c == '\n' || c == '\r':
			return -1
		default:
			return 0
		}
	}
	return 0
}

// afterScheme is the scheme state, 2.5-2.9, with no base or a base whose
// scheme is not s[:end]'s: the scheme ends at s[end], a ':'.
func afterScheme(s string, end int) Verdict {
	switch specialScheme(s, end) {
	case schemeFile:
		return Decline
	case schemeOther:
	default:
		// 2.7: the special authority slashes state and the special
		// authority ignore slashes state take any run of "/" and "\".
		return authority(s, end+1, true)
	}
	// 2.8: "/" after the scheme is the path or authority state, which a
	// second "/" makes the authority state; anything else is the path
	// state or (2.9) the opaque path state, which never fail.
	for k := end + 1; k < end+3 && k < len(s); k++ {
		switch s[k] {
		case '\t', '\n', '\r':
			return Decline
		case '/':
			continue
		}
		return Parses
	}
	if end+3 > len(s) {
		return Parses
	}
	return authority(s, end+3, false)
}

// The classes of a byte of an authority, for hostClass: what the
// authority and host states do with it.
const (
	hostEnd       = 1 << iota // "/", "?", "#", and "\" in a special URL: the authority ends
	hostAt                    // "@": credentials end
	hostColon                 // ":": the port begins
	hostDecline               // tab, newline, "%", "[", "]": declined
	hostForbidden             // a forbidden host (special: domain) code point not above
	hostHigh                  // a byte of a non-ASCII code point
)

// hostClass is the class of each byte in the authority of a special URL
// ([0]) and of a URL with another scheme ([1]): the forbidden domain code
// points and the forbidden host code points.
var hostClass = func() (t [2][256]uint8) {
	sp, other := &t[0], &t[1]
	for b := range 0x20 {
		sp[b] = hostForbidden
	}
	sp[0x7f] = hostForbidden
	for b := 0x80; b < 0x100; b++ {
		sp[b] = hostHigh
	}
	for _, b := range []byte(" <>^|") {
		sp[b] = hostForbidden
	}
	sp['/'], sp['?'], sp['#'], sp['\\'] = hostEnd, hostEnd, hostEnd, hostEnd
	sp['@'], sp[':'] = hostAt, hostColon
	for _, b := range []byte("\t\n\r%[]") {
		sp[b] = hostDecline
	}
	// An opaque host takes the C0 controls other than NUL, DEL, "%" and
	// any non-ASCII byte (the opaque-host parser percent-encodes them),
	// and "\" does not end its authority: it is a forbidden host code
	// point.
	*other = *sp
	for b := 1; b < 0x20; b++ {
		other[b] = 0
	}
	other[0x7f], other['%'] = 0, 0
	for b := 0x80; b < 0x100; b++ {
		other[b] = 0
	}
	other['\t'], other['\n'], other['\r'], other['\\'] = hostDecline, hostDecline, hostDecline, hostForbidden
	return t
}()

// authority runs the authority, host and port states on s from i (after
// the slashes the states before them take; special: in a special URL,
// which skips any more "/" and "\"), up to the end of the authority, and
// tells whether they fail. The host parser's answer is read off the bytes
// of an ASCII host or a plain Unicode domain (see internal/uts46); a host
// with "%" (percent-decoded first), "[" or "]" (an IPv6 address, or a
// failure), or with non-ASCII code points that are not a plain domain is
// declined, as is one with a tab or newline.
func authority(s string, i int, special bool) Verdict {
	n := len(s)
	class := &hostClass[0]
	if special {
		// The special authority ignore slashes state, 2.
		for i < n && (s[i] == '/' || s[i] == '\\') {
			i++
		}
	} else {
		class = &hostClass[1]
	}
	// The authority state: the host (and port) begin after the last "@"
	// before the authority's end (1), which is the first "/", "?" or "#",
	// or "\" in a special URL (2). seen holds the classes of the bytes
	// from h on.
	h, colon, at := i, -1, false
	var seen uint8
	for ; i < n; i++ {
		c := class[s[i]]
		if c == 0 {
			continue
		}
		if c == hostEnd {
			break
		}
		if c == hostAt {
			h, colon, seen, at = i+1, -1, 0, true
			continue
		}
		if c == hostColon && colon < 0 {
			colon = i
		}
		seen |= c
	}
	end := i
	// A trailing C0 control or space is stripped from the input first:
	// declined where it would end the host or port.
	if end == n && n > 0 && s[n-1] <= ' ' {
		return Decline
	}
	// Authority state, 2.1: credentials and nothing after them fail.
	if at && h == end {
		return Fails
	}
	if seen&hostDecline != 0 {
		return Decline
	}
	hostEnd := end
	if colon >= 0 {
		hostEnd = colon
	}
	host := s[h:hostEnd]
	// Host state, 2.1 (a ":" after nothing) and 3.1 (a special URL's
	// empty host): host-missing.
	if host == "" && (special || colon >= 0) {
		return Fails
	}
	// The port state: ASCII digits up to the authority's end, a 16-bit
	// unsigned integer when there are any (1, 2.1.2); any other byte is
	// port-invalid (3).
	if colon >= 0 && !offsets.PortDigits(s[colon+1:end]) {
		return Fails
	}
	if !special {
		// The opaque-host parser fails on a forbidden host code point (1)
		// and on nothing else.
		if seen&hostForbidden != 0 {
			return Fails
		}
		return Parses
	}
	// The host parser with isOpaque false: percent-decoding (4) changes
	// nothing without "%". Domain to ASCII (5) is ASCII lowercasing for an
	// ASCII domain, and then fails on a forbidden domain code point (3.2).
	// With a non-ASCII code point, normalization could compose a forbidden
	// byte with the mark after it ("<" and U+0338 make U+226E), so only a
	// plain domain is taken, and it has neither.
	if seen&hostHigh != 0 {
		if seen&hostForbidden != 0 || !uts46.Plain(host) {
			return Decline
		}
	} else if seen&hostForbidden != 0 {
		return Fails
	}
	// 7: a domain that ends in a number is the IPv4 parser's, which may
	// fail. Domain to ASCII changes neither the labels' separators nor a
	// label of ASCII digits and letters but for case, which the checks
	// ignore. A canonical IPv4 address, the common case, is valid on
	// sight (hostNumber).
	if mayEndInANumber(host[len(host)-1]) {
		if _, ok := hostNumber(host); !ok && !validIPv4(host) {
			return Fails
		}
	}
	return Parses
}

// validIPv4 reports whether the IPv4 parser returns an address for host,
// an ASCII string (ASCII case ignored, as for the domain it lowercases).
// It runs the parser's steps in one pass over the bytes, a part at a time.
func validIPv4(host string) bool {
	n := len(host)
	// 1-2. Strictly split on "."; an empty last part is removed when there
	// are others.
	if n > 1 && host[n-1] == '.' {
		n--
	}
	for i, parts := 0, 1; ; parts++ {
		// 3. If parts's size is greater than 4, return failure.
		if parts > 4 {
			return false
		}
		// 5.1-5.2: the IPv4 number parser, failing on failure. 1: an empty
		// part fails. 4-5: R is 16 after "0x" or "0X", 8 after another
		// leading "0" of a part of two or more code points, else 10.
		if i == n || host[i] == '.' {
			return false
		}
		r := uint64(10)
		if host[i] == '0' && i+1 < n && host[i+1] != '.' {
			if host[i+1]|0x20 == 'x' {
				r, i = 16, i+2
			} else {
				r, i = 8, i+1
			}
		}
		// 6-8. The value of what is left (0 when nothing is), failing on a
		// code point that is not a radix-R digit; saturated at 1<<32,
		// above every limit below.
		v := uint64(0)
		for ; i < n && host[i] != '.'; i++ {
			d := uint64(hexValue[host[i]])
			if d >= r {
				return false
			}
			v = min(v*r+d, 1<<32)
		}
		if i == n {
			// 8. If the last number is greater than or equal to
			// 256^(5 − numbers's size), return failure.
			return v < 1<<(8*(5-parts))
		}
		// 7. If any but the last number is greater than 255, return failure.
		if v > 255 {
			return false
		}
		i++
	}
}

// hexValue is the value of each ASCII hex digit, and 0xff for any other
// byte.
var hexValue = func() (t [256]uint8) {
	for b := range t {
		t[b] = 0xff
	}
	for b := byte('0'); b <= '9'; b++ {
		t[b] = b - '0'
	}
	for b := byte('a'); b <= 'f'; b++ {
		t[b], t[b-'a'+'A'] = b-'a'+10, b-'a'+10
	}
	return t
}()

// asciiFold reports whether a and b are equal ASCII case-insensitively.
func asciiFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if lowerASCII(a[i]) != lowerASCII(b[i]) {
			return false
		}
	}
	return true
}

func lowerASCII(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		c += 'a' - 'A'
	}
	return c
}
