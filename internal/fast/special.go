package fast

import (
	"encoding/binary"
	"math/bits"
	"unsafe"

	"github.com/spanurl/spanurl/internal/offsets"
	"github.com/spanurl/spanurl/internal/pct"
	"github.com/spanurl/spanurl/internal/uts46"
	"github.com/spanurl/spanurl/record"
)

// parseSpecial takes the special URLs of tier 3,
// "scheme://[credentials@]host[:port][/path][?query][#fragment]", in
// steps: where the authority's parts lie (the loop below), the host
// (specialHost), the port (specialPort), the path, query and fragment
// (checkPath or checkQueryFragment), and, when the input is not its own
// serialization, the build of the one that is (buildSpecial, or
// specialDotted for a path with dot segments). The first step is written
// out here, not called: nearly every URL of this tier runs it, and a call
// would cost parseSpecial's live registers a round trip through the stack.
func parseSpecial(sc *scanner, s string, schemeEnd int, upperScheme bool, defaultPort int, buf *Buffer) (href string, p offsets.Packed, ok bool) {
	n := len(s)
	// The authority: exactly two slashes after the scheme, then up to the
	// first "/", "?" or "#". Of the delimiters, only "." (label
	// separators), one ":" (the port) and one "@" (after credentials) may
	// come before that end: "%", "[", "]" and "\" decline. This is mask
	// arithmetic on the kernel's per-character masks, with no branch per
	// delimiter, whose character is unpredictable. The same pass collects
	// the host's and port's uppercase letters and Bad and Extra bytes.
	// Credentials move a past the "@", and the scan starts over there.
	a := schemeEnd + 3
	if a > n || s[schemeEnd+1] != '/' || s[schemeEnd+2] != '/' || a < n && (s[a] == '/' || s[a] == '\\') {
		return "", p, false
	}
	colon, end := -1, n
	userEnd := -1 // with credentials, where the username ends (its ":" or the "@")
	var upper, odd uint64
	for k := a >> 6; k*64 < n; k++ {
		b := sc.cached(k)
		if b == nil {
			b = sc.refill(k)
		}
		r := spanMask(max(a-k*64, 0), min(n-k*64, 64))
		other := b.Other()
		stop := (b.Slash | b.Term | other) & r
		if stop != 0 {
			r &= stop&-stop - 1 // up to the stop
		}
		upper |= b.Upper & r
		odd |= (b.Bad | b.Extra) & r
		if colons := b.ColonBackslash & r; colons != 0 {
			if colon >= 0 || colons&(colons-1) != 0 {
				return "", p, false
			}
			colon = k*64 + bits.TrailingZeros64(colons)
		}
		if stop != 0 {
			end = k*64 + bits.TrailingZeros64(stop)
			if stop&-stop&other != 0 {
				if s[end] != '@' || userEnd >= 0 {
					return "", p, false
				}
				if userEnd = canonicalUserinfo(s, a, end); userEnd < 0 {
					return "", p, false
				}
				a, colon, end, upper, odd = end+1, -1, n, 0, 0
				k = a>>6 - 1 // the loop's k++ makes it a's block
				continue
			}
			break
		}
	}
	hostEnd := end
	if colon >= 0 {
		// ColonBackslash marks '\\' too, which a special URL's authority
		// reads as the start of the path.
		if s[colon] != ':' {
			return "", p, false
		}
		hostEnd = colon
	}
	if hostEnd == a {
		return "", p, false
	}
	kind, idn := record.HostDomain, false
	// Most hosts have no Bad or Extra byte and end in a letter past "f"
	// ("com", "org", "net"): telling that here, without the call, keeps
	// parseSpecial's live registers out of the stack.
	if odd != 0 || mayEndInANumber(s[hostEnd-1]) {
		if kind, idn, ok = specialHost(s[a:hostEnd], odd != 0); !ok {
			return "", p, false
		}
	}
	upperHost := upper != 0 || idn
	port, dropPort := -1, false
	if colon >= 0 {
		if port, dropPort, ok = specialPort(s[colon+1:end], defaultPort); !ok {
			return "", p, false
		}
	}
	// The path, query and fragment.
	missingSlash := end == n || s[end] != '/'
	queryStart, fragmentStart, escape := -1, -1, false
	ok = true
	if missingSlash {
		queryStart, fragmentStart, escape = checkQueryFragment(sc, s, end, true)
	} else {
		queryStart, fragmentStart, escape, ok = checkPath(sc, s, end)
	}
	if userEnd >= 0 && (!ok || escape || upperScheme || upperHost || dropPort || missingSlash) {
		// Credentials are taken only as their own serialization: every
		// fix-up, specialDotted's too, builds the href from the host on.
		return "", p, false
	}
	if !ok {
		if idn {
			return "", p, false
		}
		return specialDotted(s, schemeEnd, a, hostEnd, colon, end, port, dropPort, kind, buf)
	}
	growth := 0
	if escape {
		var ok bool
		if growth, ok = escapable(sc, end); !ok {
			return "", p, false
		}
	}
	if !upperScheme && !upperHost && !dropPort && !missingSlash && !escape {
		// The input is its own serialization.
		if userEnd >= 0 {
			return s, offsets.PackFields(uint32(schemeEnd), uint32(userEnd), uint32(a), uint32(hostEnd), uint32(port),
				uint32(end), uint32(queryStart), uint32(fragmentStart), kind, offsets.FlagSpecial), true
		}
		return s, pack(schemeEnd, a, hostEnd, port, end, queryStart, fragmentStart, kind, offsets.FlagSpecial), true
	}
	if !building(buf) {
		return "", p, true
	}
	return buildSpecial(sc, schemeEnd, a, hostEnd, colon, end, port, kind, idn, dropPort, missingSlash, escape, growth, queryStart, fragmentStart, buf)
}

// canonicalUserinfo checks the credentials s[a:at] of a special URL, before
// its "@" at s[at], for the form the serializer writes back unchanged: not
// empty, no byte of the userinfo percent-encode set but one ":", and no
// empty password after that ":" (the serializer drops an empty password's
// ":" and the "@" of empty credentials). It returns where the username
// ends (the ":", or at), or -1.
func canonicalUserinfo(s string, a, at int) int {
	if at == a || s[at-1] == ':' {
		return -1
	}
	userEnd := at
	for i := a; i < at; i++ {
		c := s[i]
		if c == ':' && userEnd == at {
			userEnd = i
			continue
		}
		if pct.UserinfoSet.Contains(c) {
			return -1
		}
	}
	return userEnd
}

// specialHost checks host, a special URL's host that has Bad or Extra
// bytes (odd) or may end in a number, and tells its kind. A Bad or Extra
// byte declines but in a plain Unicode domain (see internal/uts46), such
// as "münchen.de", whose non-ASCII bytes are Bad and whose domain to
// ASCII is a fix-up of its own, Punycode (idn). A host that ends in a
// number is taken only as a canonical IPv4 address.
func specialHost(host string, odd bool) (kind record.HostKind, idn, ok bool) {
	if odd {
		if !uts46.Plain(host) {
			return 0, false, false
		}
		idn = true
	}
	kind, ok = hostNumber(host)
	return kind, idn, ok
}

// hostNumber tells how the fast path takes a host by its end: an IPv4
// address when it is one in canonical form (isCanonicalIPv4), a domain
// when it does not end in a number, and not at all (ok false) when it
// ends in a number of another form, which the IPv4 parser rewrites or
// rejects. A canonical address ends in a digit and is tried first, as it
// is the common case; the "ends in a number" checker sorts out the rest.
func hostNumber(host string) (kind record.HostKind, ok bool) {
	last := host[len(host)-1]
	if !mayEndInANumber(last) {
		return record.HostDomain, true
	}
	if last-'0' <= 9 && isCanonicalIPv4(host) {
		return record.HostIPv4, true
	}
	return record.HostDomain, endsInANumber(host) == numberNo
}

// isCanonicalIPv4 reports whether host is an IPv4 address in the IPv4
// serializer's form: four decimal numbers 0-255 without leading zeros,
// no trailing dot. Most hosts that end in a number are such addresses,
// and the digits of each part are a count no predictor learns, so the
// bytes are classified a word at a time (ipv4Words, ipv4Dots), the dots
// found as bits of a mask, and the parts checked with arithmetic, not a
// branch on their lengths (octetBad).
func isCanonicalIPv4(host string) bool {
	n := len(host)
	if n < 7 || n > 15 {
		return false
	}
	lo, hi := ipv4Words(host)
	dots, ok := ipv4Dots(lo, hi, n)
	if !ok || bits.OnesCount32(dots) != 3 {
		return false
	}
	// The dots at p0 < p1 < p2 split the host into parts of lengths
	// p0, p1-p0-1, p2-p1-1 and n-p2-1, each 1 to 3 digits.
	p0 := bits.TrailingZeros32(dots)
	rest := dots & (dots - 1)
	p1 := bits.TrailingZeros32(rest)
	p2 := 31 - bits.LeadingZeros32(rest)
	l0, l1, l2, l3 := p0, p1-p0-1, p2-p1-1, n-p2-1
	if uint(l0-1) > 2 || uint(l1-1) > 2 || uint(l2-1) > 2 || uint(l3-1) > 2 {
		return false
	}
	// w is two zero bytes, then host, then zeros: the three bytes before
	// the end of any part are in it.
	var w [18]byte
	binary.LittleEndian.PutUint64(w[2:], lo)
	binary.LittleEndian.PutUint64(w[10:], hi)
	return octetBad(&w, p0, l0)|octetBad(&w, p1, l1)|octetBad(&w, p2, l2)|octetBad(&w, n, l3) == 0
}

// ipv4Words loads host (7 to 15 bytes) as two little-endian words, byte
// i of host in byte i of lo for i < 8 and in byte i-8 of hi after, and
// zeros past its end. The loads stay within host: they overlap when it
// is shorter than 16 bytes, and the second is shifted into place.
func ipv4Words(host string) (lo, hi uint64) {
	n := len(host)
	p := unsafe.Pointer(unsafe.StringData(host))
	if n < 8 {
		// Seven bytes: bytes 0-3 and 3-6, byte 3 in both.
		lo = uint64(binary.LittleEndian.Uint32(unsafe.Slice((*byte)(p), 4))) |
			uint64(binary.LittleEndian.Uint32(unsafe.Slice((*byte)(unsafe.Add(p, 3)), 4)))<<24
		return lo, 0
	}
	lo = binary.LittleEndian.Uint64(unsafe.Slice((*byte)(p), 8))
	hi = binary.LittleEndian.Uint64(unsafe.Slice((*byte)(unsafe.Add(p, n-8)), 8)) >> (8 * (16 - n))
	return lo, hi
}

// ipv4Dots returns the mask of the '.' bytes among the first n bytes
// of the words lo and hi (as ipv4Words loads them), bit i for byte i, and
// whether every one of those bytes is a '.' or an ASCII digit.
func ipv4Dots(lo, hi uint64, n int) (dots uint32, ok bool) {
	digitLo, dotLo := digitsAndDots(lo)
	digitHi, dotHi := digitsAndDots(hi)
	all := uint32(1)<<n - 1
	dots = (byteMask(dotLo) | byteMask(dotHi)<<8) & all
	digits := (byteMask(digitLo) | byteMask(digitHi)<<8) & all
	return dots, dots|digits == all
}

// digitsAndDots returns the masks of the bytes of w that are ASCII digits
// and that are '.', as each byte's high bit. The high bits are cleared
// before the additions so that no byte carries into the next; a byte with
// its high bit set (not ASCII) is in neither mask.
func digitsAndDots(w uint64) (digit, dot uint64) {
	const ones, high = 0x0101010101010101, 0x8080808080808080
	x := w &^ high
	atLeast0 := x + (0x80-'0')*ones      // high bit set where x >= '0'
	past9 := x + (0x80-'9'-1)*ones       // high bit set where x > '9'
	notDot := (x ^ '.'*ones) + 0x7f*ones // high bit set where x != '.'
	digit = atLeast0 &^ past9 &^ w & high
	dot = ^notDot &^ w & high
	return digit, dot
}

// byteMask gathers the high bits of m's eight bytes into the low eight
// bits of the result, byte i's to bit i: the multiply adds each shifted
// copy into the top byte without carries, as the copies land on
// different bits.
func byteMask(m uint64) uint32 {
	return uint32((m >> 7) * 0x0102040810204080 >> 56)
}

// octetBad is zero when the part of l digits (1 to 3) that ends before
// host byte end is a number 0-255 without a leading zero; w holds host
// from its byte 2, as isCanonicalIPv4 fills it. The three bytes before
// the end are read whatever l is and weighed by masks made from l (all
// ones or zero), so the lengths, which vary from host to host, cost no
// branch.
func octetBad(w *[18]byte, end, l int) int {
	c := int(w[end+1]) - '0'
	b := int(w[end]) - '0'
	a := int(w[end-1]) - '0'
	two := (1 - l) >> 63   // all ones when l >= 2
	three := (2 - l) >> 63 // all ones when l == 3
	v := c + (10*b)&two + (100*a)&three
	first := int(w[end+2-l]) ^ '0' // zero when the first digit is '0'
	return (255-v)>>63 | (first-1)>>63&two
}

// specialPort parses a special URL's port, the digits after its ':':
// no leading zero, at most 65535, and anything else (an uppercase letter
// or a Bad or Extra byte too) declines. An empty port, or the scheme's
// default, is dropped by the fix-up (dropPort), and port is then -1.
func specialPort(digits string, defaultPort int) (port int, dropPort, ok bool) {
	switch {
	case digits == "":
		return -1, true, true
	case digits[0] == '0' && len(digits) > 1 || len(digits) > 5:
		return -1, false, false
	}
	port = 0
	for i := 0; i < len(digits); i++ {
		c := digits[i]
		if c < '0' || c > '9' {
			return -1, false, false
		}
		port = port*10 + int(c-'0')
	}
	if port > 65535 {
		return -1, false, false
	}
	if port == defaultPort {
		return -1, true, true
	}
	return port, false, true
}

// buildSpecial builds the serialization of the special URL sc.s that
// parseSpecial took with a fix-up: it lowercases the scheme and the host
// (or, for idn, writes the host's domain to ASCII), drops the port's ':'
// and digits for dropPort, adds the "/" path for missingSlash, and for
// escape percent-encodes the path, query and fragment, which makes them at
// most growth bytes longer. The other arguments are where parseSpecial
// found the parts in sc.s.
func buildSpecial(sc *scanner, schemeEnd, a, hostEnd, colon, end, port int, kind record.HostKind, idn, dropPort, missingSlash, escape bool, growth, queryStart, fragmentStart int, buf *Buffer) (string, offsets.Packed, bool) {
	s := sc.s
	size := len(s)
	if idn {
		// Room for a host that Punycode makes longer ("münchen" takes 8
		// bytes, "xn--mnchen-3ya" 14); should it need more, append moves it.
		size += hostEnd - a
	}
	if escape {
		size += growth
		if size > offsets.MaxInput {
			return "", offsets.Packed{}, false
		}
	}
	if dropPort {
		size -= end - colon
	}
	if missingSlash {
		size++
	}
	out := grow(buf, size)
	out = appendLower(out, s[:schemeEnd])
	out = append(out, "://"...)
	if idn {
		out = uts46.AppendPlain(out, s[a:hostEnd])
	} else {
		out = appendLower(out, s[a:hostEnd])
	}
	hostOut := len(out) // hostEnd in out: domain to ASCII may change the host's length
	if colon >= 0 && !dropPort {
		out = append(out, s[colon:end]...)
	}
	pathStart := len(out)
	if missingSlash {
		out = append(out, '/')
	}
	if escape {
		out, queryStart, fragmentStart = appendEscaped(out, sc, end, inPath)
		return finish(buf, out), pack(schemeEnd, a, hostOut, port, pathStart, queryStart, fragmentStart, kind, offsets.FlagSpecial), true
	}
	shift := len(out) - end // how far the rest of s moves
	out = append(out, s[end:]...)
	return finish(buf, out), pack(schemeEnd, a, hostOut, port, pathStart, moved(queryStart, shift), moved(fragmentStart, shift), kind, offsets.FlagSpecial), true
}

// specialDotted is parseSpecial's build for a path that checkPath declined
// (see checkDotted): s[end] == '/'; the rest as parseSpecial has it.
func specialDotted(s string, schemeEnd, a, hostEnd, colon, end, port int, dropPort bool, kind record.HostKind, buf *Buffer) (string, offsets.Packed, bool) {
	q, f, ok := checkDotted(s, end, true)
	if !ok {
		return "", offsets.Packed{}, false
	}
	if !building(buf) {
		return "", offsets.Packed{}, true
	}
	out := grow(buf, len(s))
	out = appendLower(out, s[:schemeEnd])
	out = append(out, "://"...)
	out = appendLower(out, s[a:hostEnd])
	if colon >= 0 && !dropPort {
		out = append(out, s[colon:end]...)
	}
	pathStart := len(out)
	out, q, f = appendResolved(out, pathStart, s, end+1, q, f)
	return finish(buf, out), pack(schemeEnd, a, hostEnd, port, pathStart, q, f, kind, offsets.FlagSpecial), true
}

func appendLower(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c |= 0x20
		}
		dst = append(dst, c)
	}
	return dst
}
