package fast

import "github.com/spanurl/spanurl/record"

// ParseAbsolute parses s as an absolute URL with no base, or declines
// (ok false). When the serialization differs from s (a fix-up), it is
// built as buf says (see Buffer).
func ParseAbsolute(s string, buf *Buffer) (r Result, ok bool) {
	n := len(s)
	if n == 0 || n > record.MaxInput {
		return r, false
	}
	var sc scanner
	sc.init(s)
	// Leading/trailing C0 or space, tabs, newlines, non-ASCII: all Bad.
	// They are checked per component below; the scheme is scanned here.
	schemeEnd, upperScheme := scanScheme(s)
	if schemeEnd <= 0 {
		return r, false
	}
	// Which scheme: special ones are short, so a folded copy fits a small
	// array (string(lower[:k]) in a switch does not allocate).
	var lower [5]byte
	k := 0
	if schemeEnd <= len(lower) {
		for k = 0; k < schemeEnd; k++ {
			lower[k] = s[k]
			if 'A' <= s[k] && s[k] <= 'Z' {
				lower[k] |= 0x20
			}
		}
	}
	switch string(lower[:k]) {
	case "http", "ws":
		return parseSpecial(&sc, s, schemeEnd, upperScheme, 80, buf)
	case "https", "wss":
		return parseSpecial(&sc, s, schemeEnd, upperScheme, 443, buf)
	case "ftp":
		return parseSpecial(&sc, s, schemeEnd, upperScheme, 21, buf)
	case "file":
		return r, false
	}
	return parseOpaque(&sc, s, schemeEnd, upperScheme, buf)
}

// Valid reports whether the fast path accepts s as an absolute URL, which
// then parses; false means only that the slow path must decide.
func Valid(s string) bool {
	buf := Buffer{ValidateOnly: true}
	_, ok := ParseAbsolute(s, &buf)
	return ok
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
func parseSpecial(sc *scanner, s string, schemeEnd int, upperScheme bool, defaultPort int, buf *Buffer) (r Result, ok bool) {
	n := len(s)
	// Exactly two slashes: more, fewer or backslashes go to the slow path.
	a := schemeEnd + 3
	if a > n || s[schemeEnd+1] != '/' || s[schemeEnd+2] != '/' || a < n && (s[a] == '/' || s[a] == '\\') {
		return r, false
	}
	// The authority ends at the first "/", "?", "#" (or "\", which
	// declines). Inside it only "." (label separators) and one ":" (the
	// port) may appear among the delimiters.
	colon, end := -1, n
	it := sc.iter(classStruct, a, n)
scan:
	for i := it.next(); i >= 0; i = it.next() {
		switch s[i] {
		case '.':
		case ':':
			if colon >= 0 {
				return r, false
			}
			colon = i
		case '/', '?', '#':
			end = i
			break scan
		default: // '@' credentials, '%', '[', ']', '\'
			return r, false
		}
	}
	hostEnd := end
	if colon >= 0 {
		hostEnd = colon
	}
	if hostEnd == a || sc.anyBad && sc.has(classBad, a, end) || sc.anyExtra && sc.has(classExtra, a, end) {
		return r, false
	}
	upperHost := sc.anyUpper && sc.has(classUpper, a, hostEnd)
	kind := record.HostDomain
	switch endsInANumber(s[a:hostEnd]) {
	case numberNo:
	case numberDecimal:
		if !isCanonicalIPv4(s[a:hostEnd]) {
			return r, false
		}
		kind = record.HostIPv4
	default:
		return r, false
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
			return r, false
		default:
			port = 0
			for i := 0; i < len(digits); i++ {
				c := digits[i]
				if c < '0' || c > '9' {
					return r, false
				}
				port = port*10 + int(c-'0')
			}
			if port > 65535 {
				return r, false
			}
			if port == defaultPort {
				port, dropPort = -1, true
			}
		}
	}
	// The path, query and fragment.
	missingSlash := end == n || s[end] != '/'
	queryStart, fragmentStart := -1, -1
	if missingSlash {
		queryStart, fragmentStart, ok = checkQueryFragment(sc, s, end, true)
	} else {
		queryStart, fragmentStart, ok = checkPath(sc, s, end)
	}
	if !ok {
		return r, false
	}

	r.Kind, r.Special = kind, true
	if !upperScheme && !upperHost && !dropPort && !missingSlash {
		// The input is its own serialization.
		r.Href = s
		r.Off = record.Offsets{
			SchemeEnd: uint32(schemeEnd), UsernameEnd: uint32(a), HostStart: uint32(a),
			HostEnd: uint32(hostEnd), Port: record.Omitted, PathStart: uint32(end),
			QueryStart: omittedOr(queryStart, 0), FragmentStart: omittedOr(fragmentStart, 0),
		}
		if port >= 0 {
			r.Off.Port = uint32(port)
		}
		return r, true
	}
	// Fix-up: lowercase scheme and host, drop the port's ":" when the
	// port is empty or default, add the "/" path.
	if !building(buf) {
		return r, true
	}
	size := n
	if dropPort {
		size -= end - colon
	}
	if missingSlash {
		size++
	}
	out := grow(buf, size)
	out = appendLower(out, s[:schemeEnd])
	out = append(out, "://"...)
	out = appendLower(out, s[a:hostEnd])
	if colon >= 0 && !dropPort {
		out = append(out, s[colon:end]...)
	}
	pathStart := len(out)
	if missingSlash {
		out = append(out, '/')
	}
	shift := len(out) - end // how far the rest of s moves
	out = append(out, s[end:]...)
	r.Href = finish(buf, out)
	r.Off = record.Offsets{
		SchemeEnd: uint32(schemeEnd), UsernameEnd: uint32(a), HostStart: uint32(a),
		HostEnd: uint32(hostEnd), Port: record.Omitted, PathStart: uint32(pathStart),
		QueryStart: omittedOr(queryStart, shift), FragmentStart: omittedOr(fragmentStart, shift),
	}
	if port >= 0 {
		r.Off.Port = uint32(port)
	}
	return r, true
}

// parseOpaque handles a non-special scheme followed by an opaque path:
// "scheme:path[?query][#fragment]" with a path not starting with "/".
func parseOpaque(sc *scanner, s string, schemeEnd int, upperScheme bool, buf *Buffer) (r Result, ok bool) {
	n := len(s)
	p := schemeEnd + 1
	if p < n && s[p] == '/' {
		return r, false
	}
	// The opaque path ends at "?" or "#".
	end := n
	it := sc.iter(classStruct, p, n)
	for i := it.next(); i >= 0; i = it.next() {
		if s[i] == '?' || s[i] == '#' {
			end = i
			break
		}
	}
	// Only the C0 control set is encoded in an opaque path: of the Bad
	// bytes, '"', '<' and '>' stay as they are. A space is kept too, but
	// "%20" before "?" or "#" and trimming at the end make it a decline.
	if sc.anyBad {
		bad := sc.iter(classBad, p, end)
		for i := bad.next(); i >= 0; i = bad.next() {
			if c := s[i]; c != '"' && c != '<' && c != '>' {
				return r, false
			}
		}
	}
	queryStart, fragmentStart, ok := checkQueryFragment(sc, s, end, false)
	if !ok {
		return r, false
	}
	r.OpaquePath = true
	href := s
	if upperScheme && building(buf) {
		out := grow(buf, n)
		out = appendLower(out, s[:schemeEnd])
		out = append(out, s[schemeEnd:]...)
		href = finish(buf, out)
	}
	r.Href = href
	at := uint32(p)
	r.Off = record.Offsets{
		SchemeEnd: uint32(schemeEnd), UsernameEnd: at, HostStart: at, HostEnd: at,
		Port: record.Omitted, PathStart: at,
		QueryStart: omittedOr(queryStart, 0), FragmentStart: omittedOr(fragmentStart, 0),
	}
	return r, true
}
