package fast

import (
	"math/bits"

	"github.com/spanurl/spanurl/internal/uts46"
	"github.com/spanurl/spanurl/record"
)

// parseSpecial handles http, https, ws, wss and ftp URLs written as
// "scheme://host[:port][/path][?query][#fragment]".
func parseSpecial(sc *scanner, s string, schemeEnd int, upperScheme bool, defaultPort int, buf *Buffer) (href string, p record.Packed, ok bool) {
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
			return s, record.PackFields(uint32(schemeEnd), uint32(userEnd), uint32(a), uint32(hostEnd), uint32(port),
				uint32(end), uint32(queryStart), uint32(fragmentStart), kind, record.FlagSpecial), true
		}
		return s, pack(schemeEnd, a, hostEnd, port, end, queryStart, fragmentStart, kind, record.FlagSpecial), true
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
		if size > record.MaxInput {
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
		return finish(buf, out), pack(schemeEnd, a, hostOut, port, pathStart, queryStart, fragmentStart, kind, record.FlagSpecial), true
	}
	shift := len(out) - end // how far the rest of s moves
	out = append(out, s[end:]...)
	return finish(buf, out), pack(schemeEnd, a, hostOut, port, pathStart, moved(queryStart, shift), moved(fragmentStart, shift), kind, record.FlagSpecial), true
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
		if record.UserinfoSet.Contains(c) {
			return -1
		}
	}
	return userEnd
}

// isCanonicalIPv4 reports whether host is an IPv4 address in the IPv4
// serializer's form: four decimal numbers 0-255 without leading zeros,
// no trailing dot. One pass over the bytes, no search per part.
func isCanonicalIPv4(host string) bool {
	if len(host) < 7 || len(host) > 15 {
		return false
	}
	parts, v, digits := 0, 0, 0
	for i := 0; i < len(host); i++ {
		c := host[i]
		if c == '.' {
			if digits == 0 || parts == 3 {
				return false
			}
			parts++
			v, digits = 0, 0
			continue
		}
		if c < '0' || c > '9' || digits > 0 && v == 0 {
			return false // not a digit, or a leading zero
		}
		v = v*10 + int(c-'0')
		digits++
		if v > 255 {
			return false
		}
	}
	return parts == 3 && digits > 0
}

// specialDotted is parseSpecial's build for a path that checkPath declined
// (see checkDotted): s[end] == '/'; the rest as parseSpecial has it.
func specialDotted(s string, schemeEnd, a, hostEnd, colon, end, port int, dropPort bool, kind record.HostKind, buf *Buffer) (string, record.Packed, bool) {
	q, f, ok := checkDotted(s, end, true)
	if !ok {
		return "", record.Packed{}, false
	}
	if !building(buf) {
		return "", record.Packed{}, true
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
	return finish(buf, out), pack(schemeEnd, a, hostEnd, port, pathStart, q, f, kind, record.FlagSpecial), true
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
