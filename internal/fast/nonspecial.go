package fast

import (
	"math/bits"

	"github.com/spanurl/spanurl/internal/offsets"
	"github.com/spanurl/spanurl/record"
)

// parseOpaque is tier 4: a non-special scheme followed by an opaque path,
// "scheme:path[?query][#fragment]" with a path not starting with "/", or
// by "//" and an opaque host (parseNonSpecialAuthority).
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
