package fast

import (
	"encoding/binary"
	"math/bits"
	"unsafe"

	"github.com/spanurl/spanurl/internal/asm"
	"github.com/spanurl/spanurl/internal/offsets"
	"github.com/spanurl/spanurl/internal/pct"
	"github.com/spanurl/spanurl/internal/uts46"
	"github.com/spanurl/spanurl/record"
)

// ParseAbsolute parses s as an absolute URL with no base, or declines
// (ok false). When the serialization differs from s (a fix-up), it is
// built as buf says (see Buffer).
func ParseAbsolute(s string, buf *Buffer) (href string, p offsets.Packed, ok bool) {
	if len(s) == 0 || len(s) > offsets.MaxInput {
		return "", p, false
	}
	end, port := lowerHTTP(s)
	if n := len(s); end > 0 && n <= 64 {
		// The quick way (see shortHost).
		a := end + 3 // s[:a] is "http://" or "https://"
		var blocks [1]asm.Block
		asm.Classify(blocks[:], s)
		b := &blocks[0]
		if hostEnd, ok := shortHost(b, a, n); ok && b.Bad|b.Extra == 0 && !(mayEndInANumber(s[hostEnd-1]) && endsInANumber(s[a:hostEnd]) != numberNo) {
			if hostEnd == n {
				// No path: the serialization adds "/".
				if !building(buf) {
					return "", p, true
				}
				out := append(grow(buf, n+1), s...)
				return finish(buf, append(out, '/')), pack(end, a, n, -1, n, -1, -1, record.HostDomain, offsets.FlagSpecial), true
			}
			if term, look := shortPath(n, b, hostEnd); look == 0 || plainPath(s, 0, look) {
				query, fragment := termsAt(s, term)
				return s, pack(end, a, hostEnd, -1, hostEnd, query, fragment, record.HostDomain, offsets.FlagSpecial), true
			}
		}
	}
	var sc scanner // set up as its type's comment says
	sc.s = s
	sc.count, sc.sum = asm.ClassifySummary(sc.blocks[:], s)
	// Leading/trailing C0 or space, tabs, newlines, non-ASCII: all Bad.
	// They are checked per component below; the scheme is scanned here,
	// with one compare for the two schemes of nearly every URL (lowerHTTP).
	if end > 0 {
		if n := len(s); n > 64 && n <= 64*window && !sc.sum.Bad() && !sc.sum.Extra() {
			if p, ok := parseWindow(&sc, s, end); ok {
				return s, p, true
			}
		}
		return parseSpecial(&sc, s, end, false, port, buf)
	}
	schemeEnd, upperScheme := scanScheme(s)
	if schemeEnd <= 0 {
		return "", p, false
	}
	return parseAfterScheme(&sc, s, schemeEnd, upperScheme, buf)
}

// parseAfterScheme is ParseAbsolute once the scanner of s is set up and
// s[:schemeEnd] is known to be a scheme (upperScheme: with uppercase
// letters).
func parseAfterScheme(sc *scanner, s string, schemeEnd int, upperScheme bool, buf *Buffer) (href string, p offsets.Packed, ok bool) {
	switch specialScheme(s, schemeEnd) {
	case schemeOther:
	case schemeHTTP:
		return parseSpecial(sc, s, schemeEnd, upperScheme, 80, buf)
	case schemeHTTPS:
		return parseSpecial(sc, s, schemeEnd, upperScheme, 443, buf)
	case schemeFTP:
		return parseSpecial(sc, s, schemeEnd, upperScheme, 21, buf)
	default: // file:
		return "", p, false
	}
	return parseOpaque(sc, s, schemeEnd, upperScheme, buf)
}

// Valid reports whether the fast path accepts s as an absolute URL, which
// then parses; false means only that the slow path must decide.
func Valid(s string) bool {
	buf := Buffer{ValidateOnly: true}
	_, _, ok := ParseAbsolute(s, &buf)
	return ok
}

// lowerHTTP tells the start of nearly every URL, "https://" or "http://",
// with one compare: it returns the scheme's end and default port, or 0.
// Which of the two it is comes out as arithmetic, not a branch: a quarter
// to a half of real URLs are https, in no order a predictor could learn.
func lowerHTTP(s string) (schemeEnd, defaultPort int) {
	if len(s) < 8 {
		return 0, 0 // "http://" alone has no host: the slow path says so
	}
	const (
		https = 'h' | 't'<<8 | 't'<<16 | 'p'<<24 | 's'<<32 | ':'<<40 | '/'<<48 | '/'<<56
		http  = 'h' | 't'<<8 | 't'<<16 | 'p'<<24 | ':'<<32 | '/'<<40 | '/'<<48
	)
	w := binary.LittleEndian.Uint64(unsafe.Slice(unsafe.StringData(s), 8))
	isHTTPS := b2i(w == https)
	isHTTP := b2i(w&(1<<56-1) == http)
	return (4 + isHTTPS) * (isHTTPS | isHTTP), 80 + 363*isHTTPS
}

// b2i is 1 for true and 0 for false, which the compiler makes a SETcc,
// not a branch.
func b2i(b bool) int {
	var i int
	if b {
		i = 1
	}
	return i
}

type schemeKind uint8

const (
	schemeOther schemeKind = iota
	schemeHTTP             // http, ws: default port 80
	schemeHTTPS            // https, wss: default port 443
	schemeFTP
	schemeFile
)

// specialScheme tells which special scheme s[:end] is, in any case. Every
// scheme byte is alphanumeric, '+', '-' or '.', all of which have the 0x20
// bit set except uppercase letters, so OR-ing 0x20 folds the case; the
// bytes are read as one little-endian word rather than copied.
func specialScheme(s string, end int) schemeKind {
	const fold = 0x20202020
	switch end {
	case 2:
		if uint16(s[0])|uint16(s[1])<<8|0x2020 == 'w'|'s'<<8 {
			return schemeHTTP
		}
	case 3:
		switch uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | 0x202020 {
		case 'w' | 's'<<8 | 's'<<16:
			return schemeHTTPS
		case 'f' | 't'<<8 | 'p'<<16:
			return schemeFTP
		}
	case 4, 5:
		w := uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24 | fold
		switch {
		case w == 'h'|'t'<<8|'t'<<16|'p'<<24:
			if end == 4 {
				return schemeHTTP
			}
			if s[4]|0x20 == 's' {
				return schemeHTTPS
			}
		case w == 'f'|'i'<<8|'l'<<16|'e'<<24 && end == 4:
			return schemeFile
		}
	}
	return schemeOther
}

// scanScheme returns the index of the ":" ending a scheme at the start of
// s (0 or -1 when there is none) and whether the scheme has uppercase
// letters.
func scanScheme(s string) (int, bool) {
	upper := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z':
		case c >= 'A' && c <= 'Z':
			upper = true
		case i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return i, upper
		default:
			return -1, false
		}
	}
	return -1, false
}

// parseSpecial handles http, https, ws, wss and ftp URLs written as
// "scheme://host[:port][/path][?query][#fragment]".
func parseSpecial(sc *scanner, s string, schemeEnd int, upperScheme bool, defaultPort int, buf *Buffer) (href string, p offsets.Packed, ok bool) {
	n := len(s)
	// Exactly two slashes: more, fewer or backslashes go to the slow path.
	a := schemeEnd + 3
	if a > n || s[schemeEnd+1] != '/' || s[schemeEnd+2] != '/' || a < n && (s[a] == '/' || s[a] == '\\') {
		return "", p, false
	}
	// The authority ends at the first "/", "?" or "#". Of the delimiters,
	// only "." (label separators), one ":" (the port) and one "@" (after
	// credentials) may come before it: "%", "[", "]" and "\" decline. All
	// of this is mask arithmetic on the kernel's per-character masks: no
	// branch per delimiter, whose character is unpredictable. The same pass
	// collects the authority's uppercase letters, and its Bad and Extra
	// bytes, which decline (the host parser would reject, encode or map
	// them). Credentials move a past the "@" and the scan starts over there.
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
		// The mask also marks '\\', which a special URL's authority
		// reads as the start of the path: decline.
		if s[colon] != ':' {
			return "", p, false
		}
		hostEnd = colon
	}
	// A Bad or Extra byte in the host declines, and so does one in the
	// port (below, with any other non-digit), as do uppercase letters
	// there: upper != 0 is about the host whenever the URL is accepted.
	// The one exception is a host that is a plain Unicode domain (see
	// internal/uts46), such as "münchen.de": its non-ASCII bytes are Bad,
	// and domain to ASCII is its own fix-up, Punycode.
	if hostEnd == a {
		return "", p, false
	}
	idn := false
	if odd != 0 {
		if !uts46.Plain(s[a:hostEnd]) {
			return "", p, false
		}
		idn = true
	}
	upperHost := upper != 0 || idn
	kind := record.HostDomain
	// Most hosts end in a letter past "f" ("com", "org", "net"): telling
	// that here, without the call, saves parseSpecial's live registers a
	// round trip through the stack (about 6% of absolute.txt in an A/B).
	if mayEndInANumber(s[hostEnd-1]) {
		switch endsInANumber(s[a:hostEnd]) {
		case numberNo:
		case numberDecimal:
			if !isCanonicalIPv4(s[a:hostEnd]) {
				return "", p, false
			}
			kind = record.HostIPv4
		default:
			return "", p, false
		}
	}
	// The port: digits, no leading zero, at most 65535; a default or
	// empty port is dropped by the fix-up.
	port, dropPort := -1, false
	if colon >= 0 {
		digits := s[colon+1 : end]
		switch {
		case digits == "":
			dropPort = true
		case digits[0] == '0' && len(digits) > 1 || len(digits) > 5:
			return "", p, false
		default:
			port = 0
			for i := 0; i < len(digits); i++ {
				c := digits[i]
				if c < '0' || c > '9' {
					return "", p, false
				}
				port = port*10 + int(c-'0')
			}
			if port > 65535 {
				return "", p, false
			}
			if port == defaultPort {
				port, dropPort = -1, true
			}
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
	// Fix-up: lowercase scheme and host, drop the port's ":" when the
	// port is empty or default, add the "/" path, percent-encode.
	if !building(buf) {
		return "", p, true
	}
	size := n
	if idn {
		// Room for a host that Punycode makes longer ("münchen" takes 8
		// bytes, "xn--mnchen-3ya" 14); should it need more, append moves it.
		size += hostEnd - a
	}
	if escape {
		size += growth
		if size > offsets.MaxInput {
			return "", p, false
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

// parseOpaque handles a non-special scheme followed by an opaque path:
// "scheme:path[?query][#fragment]" with a path not starting with "/".
func parseOpaque(sc *scanner, s string, schemeEnd int, upperScheme bool, buf *Buffer) (href string, pk offsets.Packed, ok bool) {
	n := len(s)
	p := schemeEnd + 1
	if p < n && s[p] == '/' {
		return parseNonSpecialAuthority(sc, s, schemeEnd, upperScheme, buf)
	}
	// The opaque path ends at "?" or "#".
	end := n
	var it iter
	it.init(sc, classStruct, p, n)
	for i := it.next(sc); i >= 0; i = it.next(sc) {
		if s[i] == '?' || s[i] == '#' {
			end = i
			break
		}
	}
	// Only the C0 control set is encoded in an opaque path: of the Bad
	// bytes, '"', '<' and '>' stay as they are, and so does a space, but
	// for one right before "?" or "#" ("%20") and one at the end of the
	// input (trimmed: escapable declines it). Non-ASCII bytes and DEL are
	// percent-encoded; other controls (tabs and newlines are removed) go
	// to the slow path.
	escape := false
	if sc.sum.Bad() {
		var bad iter
		bad.init(sc, classBad, p, end)
		for i := bad.next(sc); i >= 0; i = bad.next(sc) {
			switch c := s[i]; {
			case c == '"' || c == '<' || c == '>' || c == ' ' && i+1 < end:
			case c == ' ' || c >= 0x7f:
				escape = true
			default:
				return "", pk, false
			}
		}
	}
	queryStart, fragmentStart, e := checkQueryFragment(sc, s, end, false)
	if escape || e {
		// escapable's first byte is the scheme's ':', never a space (and
		// never encoded: the growth of s[p-1:] is that of s[p:]).
		growth, ok := escapable(sc, p-1)
		if !ok {
			return "", pk, false
		}
		if !building(buf) {
			return "", pk, true
		}
		size := n + growth
		if size > offsets.MaxInput {
			return "", pk, false
		}
		out := grow(buf, size)
		out = appendLower(out, s[:p])
		out, queryStart, fragmentStart = appendEscaped(out, sc, p, inOpaquePath)
		return finish(buf, out), pack(schemeEnd, p, p, -1, p, queryStart, fragmentStart, record.HostNull, offsets.FlagOpaquePath), true
	}
	href = s
	if upperScheme && building(buf) {
		out := grow(buf, n)
		out = appendLower(out, s[:schemeEnd])
		out = append(out, s[schemeEnd:]...)
		href = finish(buf, out)
	}
	return href, pack(schemeEnd, p, p, -1, p, queryStart, fragmentStart, record.HostNull, offsets.FlagOpaquePath), true
}

// parseNonSpecialAuthority handles a non-special URL written
// "scheme://host[/path][?query][#fragment]" (app links such as
// whatsapp://send?text=...): an opaque host, kept as written, of
// printable ASCII that needs no percent-encoding and is not empty, with no
// credentials and no port; its path, query and fragment are those of a
// special URL's but for the query percent-encode set.
func parseNonSpecialAuthority(sc *scanner, s string, schemeEnd int, upperScheme bool, buf *Buffer) (href string, pk offsets.Packed, ok bool) {
	n := len(s)
	a := schemeEnd + 3
	if a >= n || s[a-1] != '/' || s[a] == '/' {
		return "", pk, false // "scheme:/path", "scheme://", "scheme:///path"
	}
	// The host ends at the first '/', '?' or '#'; in it, every other
	// delimiter (':', '@', '%', '[', ']', '\\') and every Bad or Extra
	// byte declines: forbidden host code points, bytes to percent-encode,
	// or ones this path does not tell apart from those.
	end := n
	for k := a >> 6; k*64 < n; k++ {
		b := sc.cached(k)
		if b == nil {
			b = sc.refill(k)
		}
		r := spanMask(max(a-k*64, 0), min(n-k*64, 64))
		stop := (b.Slash | b.Term) & r
		if stop != 0 {
			r &= stop&-stop - 1
		}
		if (b.Struct&^b.Dot|b.Bad|b.Extra)&r != 0 {
			return "", pk, false
		}
		if stop != 0 {
			end = k*64 + bits.TrailingZeros64(stop)
			break
		}
	}
	if end == a {
		return "", pk, false
	}
	queryStart, fragmentStart, escape := -1, -1, false
	ok = true
	if end < n && s[end] == '/' {
		queryStart, fragmentStart, escape, ok = checkPath(sc, s, end)
	} else {
		queryStart, fragmentStart, escape = checkQueryFragment(sc, s, end, false)
	}
	if !ok {
		// Dot segments (see checkDotted).
		q, f, ok := checkDotted(s, end, false)
		if !ok {
			return "", pk, false
		}
		if !building(buf) {
			return "", pk, true
		}
		out := grow(buf, n)
		out = appendLower(out, s[:schemeEnd])
		out = append(out, s[schemeEnd:end]...)
		out, q, f = appendResolved(out, end, s, end+1, q, f)
		return finish(buf, out), pack(schemeEnd, a, end, -1, end, q, f, record.HostOpaque, 0), true
	}
	growth := 0
	if escape {
		var ok bool
		if growth, ok = escapable(sc, end); !ok {
			return "", pk, false
		}
	}
	if !upperScheme && !escape {
		return s, pack(schemeEnd, a, end, -1, end, queryStart, fragmentStart, record.HostOpaque, 0), true
	}
	if !building(buf) {
		return "", pk, true
	}
	size := n
	if escape {
		size += growth
		if size > offsets.MaxInput {
			return "", pk, false
		}
	}
	out := grow(buf, size)
	out = appendLower(out, s[:schemeEnd])
	out = append(out, s[schemeEnd:end]...)
	if escape {
		out, queryStart, fragmentStart = appendEscaped(out, sc, end, inNonSpecialPath)
	} else {
		out = append(out, s[end:]...)
	}
	return finish(buf, out), pack(schemeEnd, a, end, -1, end, queryStart, fragmentStart, record.HostOpaque, 0), true
}

// pack builds the packed offsets of a URL without credentials (the
// username ends where the host starts). A port, query or fragment of -1 is
// absent: uint32(-1) is record.Omitted. It is small enough to inline, as
// every accepted URL passes here.
func pack(schemeEnd, hostStart, hostEnd, port, pathStart, query, fragment int, kind record.HostKind, flags uint8) offsets.Packed {
	return offsets.PackFields(uint32(schemeEnd), uint32(hostStart), uint32(hostStart), uint32(hostEnd), uint32(port),
		uint32(pathStart), uint32(query), uint32(fragment), kind, flags)
}
