package fast

import (
	"encoding/binary"
	"math/bits"
	"strings"
	"unsafe"

	"github.com/spanurl/spanurl/internal/asm"
	"github.com/spanurl/spanurl/internal/offsets"
	"github.com/spanurl/spanurl/record"
)

// Resolve resolves ref against the base URL whose href is bh and offsets
// bp, or declines. It takes http(s) URLs with "//" against any base, and
// the common reference forms against a special base with a host (not
// file:): "", "#f", "?q", "/path", "//host/path", "path", and other
// absolute URLs, with dot segments resolved (dots.go) when nothing else
// needs the slow path or percent-encoding. The result is built as buf
// says (see Buffer); an empty reference returns a substring of the base.
func Resolve(bh string, bp offsets.Packed, ref string, buf *Buffer) (href string, p offsets.Packed, ok bool) {
	// Most absolute references are http or https URLs with "//", which
	// lowerHTTP tells: they are ParseAbsolute's, whatever the base, which
	// is not even read (its href is one more cache line to load). The 'h'
	// first spares the commoner "/path" references lowerHTTP's load and
	// compares.
	if ref != "" && ref[0] == 'h' {
		if httpEnd, _ := lowerHTTP(ref); httpEnd > 0 {
			return ParseAbsolute(ref, buf)
		}
	}
	kind := bp.Kind()
	// file: bases keep their Windows drive letter quirks on the slow path.
	if bp.Flags()&offsets.FlagSpecial == 0 || kind == record.HostNull || kind == record.HostEmpty ||
		bh[:bp.SchemeEnd()] == "file" || len(ref) > offsets.MaxInput-len(bh) {
		return "", p, false
	}
	pathStart := int(bp.PathStart())
	fragAt := len(bh)
	if f := bp.FragmentStart(); f != record.Omitted {
		fragAt = int(f)
	}
	pathEnd := fragAt
	if q := bp.QueryStart(); q != record.Omitted {
		pathEnd = int(q)
	}
	if ref == "" {
		// The relative state at EOF: the base without its fragment.
		return bh[:fragAt], bp.WithQueryFragment(bp.QueryStart(), record.Omitted), true
	}
	if shortPathAbsolute(ref) {
		// A short "/path" the way tier 1 takes a short URL: one Block and
		// its masks, no scanner. It is written out here, not called, for
		// the reason ParseAbsolute's tier 1 is: the call would cost more
		// than the checks.
		var blocks [1]asm.Block
		asm.Classify(blocks[:], ref)
		b := &blocks[0]
		if term, look := shortPath(len(ref), b, 0); b.Bad|b.Extra == 0 && (look == 0 || plainPath(ref, 0, look)) {
			q, f := termsAt(ref, term)
			p := bp.WithQueryFragment(omittedOr(q, pathStart), omittedOr(f, pathStart))
			return concat(buf, bh[:pathStart], ref), p, true
		}
	}
	if shortPathRelative(ref) {
		// A short path-relative reference that needs no directory moved
		// (no leading "." or "%2e") and has no scheme: the base's
		// directory, then ref, checked with one Block as the "/path" above.
		if end, _ := scanScheme(ref); end <= 0 {
			var blocks [1]asm.Block
			asm.Classify(blocks[:], ref)
			b := &blocks[0]
			if term, look := shortPath(len(ref), b, -1); b.Bad|b.Extra == 0 && (look == 0 || plainPath(ref, 0, look)) {
				dirEnd := pathStart + lastSlash(bh[pathStart:pathEnd]) + 1
				q, f := termsAt(ref, term)
				p := bp.WithQueryFragment(omittedOr(q, dirEnd), omittedOr(f, dirEnd))
				return concat(buf, bh[:dirEnd], ref), p, true
			}
		}
	}
	var sc scanner // set up as its type's comment says
	sc.s = ref
	sc.count, sc.sum = asm.ClassifySummary(sc.blocks[:], ref)
	switch c := ref[0]; {
	case c == '#':
		// The fragment of the base's URL is replaced.
		if _, _, escape := checkQueryFragment(&sc, ref, 0, true); escape {
			href, _, _, ok := joinEscaped(&sc, bh[:fragAt], ref, 0, inFragment, buf)
			return href, bp.WithQueryFragment(bp.QueryStart(), uint32(fragAt)), ok
		}
		return concat(buf, bh[:fragAt], ref), bp.WithQueryFragment(bp.QueryStart(), uint32(fragAt)), true
	case c == '?':
		q, f, escape := checkQueryFragment(&sc, ref, 0, true)
		if escape {
			href, _, f, ok := joinEscaped(&sc, bh[:pathEnd], ref, 0, inQuery, buf)
			return href, bp.WithQueryFragment(uint32(pathEnd), omittedOr(f, 0)), ok
		}
		return concat(buf, bh[:pathEnd], ref), bp.WithQueryFragment(omittedOr(q, pathEnd), omittedOr(f, pathEnd)), true
	case c == '/':
		if len(ref) > 1 && (ref[1] == '/' || ref[1] == '\\') {
			// Scheme-relative: the base's scheme, then an authority.
			if ref[1] == '\\' {
				return "", p, false
			}
			// Parse "scheme:" + ref; a canonical result aliases that text,
			// which a Buffer keeps in its second slice. A bare "//host"
			// (common: dns-prefetch and preconnect links) gets the "/" path
			// its href will have (the base is special), so that the text is
			// the href rather than one more copy with the "/" added.
			scheme := bh[:bp.SchemeEnd()+1]
			// The text is built as an href is (grow, finish), since it may
			// become one, except in a reused Buffer, whose memory for hrefs
			// ParseAbsolute may overwrite while it reads the text: there it
			// has a slice of its own.
			reused := buf != nil && !buf.Keep
			var text []byte
			if reused {
				text = buf.tmp[:0]
			} else {
				text = grow(buf, len(scheme)+len(ref)+1)
			}
			text = append(append(text, scheme...), ref...)
			if bareAuthority(&sc, ref) {
				text = append(text, '/')
			}
			if reused {
				buf.tmp = text
			} else {
				finish(buf, text)
			}
			return ParseAbsolute(unsafe.String(unsafe.SliceData(text), len(text)), buf)
		}
		q, f, escape, ok := checkPath(&sc, ref, 0)
		if !ok {
			return resolveDotted(bp, bh[:pathStart], ref, 1, buf)
		}
		return withPath(&sc, bp, bh[:pathStart], ref, 0, q, f, escape, buf)
	case c == '\\':
		return "", p, false
	}
	if end, upper := scanScheme(ref); end > 0 {
		// An absolute URL, unless it names the base's special scheme
		// without "//" (then it is relative to the base).
		if sameScheme(ref[:end], bh[:bp.SchemeEnd()]) && !strings.HasPrefix(ref[end+1:], "//") {
			return "", p, false
		}
		return parseAfterScheme(&sc, ref, end, upper, buf)
	}
	// A path-relative reference: the base's path without its last
	// segment, then ref. Leading "./" and "../" (also a final "." or "..")
	// are resolved here by moving the directory up; dot segments further in
	// go to the slow path.
	dirEnd := pathStart + lastSlash(bh[pathStart:pathEnd]) + 1
	start := 0
	for {
		rest := ref[start:]
		dots := 0
		switch {
		case strings.HasPrefix(rest, "../") || rest == ".." || strings.HasPrefix(rest, "..?") || strings.HasPrefix(rest, "..#"):
			dots = 2
		case strings.HasPrefix(rest, "./") || rest == "." || strings.HasPrefix(rest, ".?") || strings.HasPrefix(rest, ".#"):
			dots = 1
		}
		if dots == 0 {
			break
		}
		if dots == 2 && dirEnd > pathStart+1 {
			// Shorten the path: drop the directory's last segment.
			dirEnd = pathStart + lastSlash(bh[pathStart:dirEnd-1]) + 1
		}
		start += dots
		if start < len(ref) && ref[start] == '/' {
			start++
		}
	}
	prefix := bh[:dirEnd]
	var q, f int
	escape := false
	ok = true
	if start < len(ref) && (ref[start] == '?' || ref[start] == '#') {
		q, f, escape = checkQueryFragment(&sc, ref, start, true)
	} else {
		q, f, escape, ok = checkRelativePath(&sc, ref, start)
	}
	if !ok {
		// The directory without its final '/', which the segments of
		// ref[start:] each begin with.
		return resolveDotted(bp, bh[:dirEnd-1], ref, start, buf)
	}
	return withPath(&sc, bp, prefix, ref, start, q, f, escape, buf)
}

// shortPathAbsolute reports whether ref is a path-absolute reference
// ("/path", not "//" or "/\\") of at most 64 bytes, which Resolve checks
// with one Block (shortPath) before it sets up a scanner.
func shortPathAbsolute(ref string) bool {
	return len(ref) <= 64 && len(ref) > 0 && ref[0] == '/' && (len(ref) == 1 || ref[1] != '/' && ref[1] != '\\')
}

// shortPathRelative reports whether ref is a reference of at most 64
// bytes that, unless it has a scheme, is path-relative with a first
// segment that cannot be a dot segment: it does not begin with '/', '?',
// '#', '\\', '.' or '%' (of "%2e"). Resolve checks those with one Block.
func shortPathRelative(ref string) bool {
	if len(ref) == 0 || len(ref) > 64 {
		return false
	}
	switch ref[0] {
	case '/', '?', '#', '\\', '.', '%':
		return false
	}
	return true
}

// bareAuthority reports whether ref, a "//" reference whose masks are in
// sc, ends with its authority: no '/', '?' or '#' after its first two
// bytes. Only a ref within the first block is looked at; a longer one is
// reported as not bare, which costs an extra copy, never a wrong result.
func bareAuthority(sc *scanner, ref string) bool {
	if len(ref) > 64 {
		return false
	}
	b := &sc.blocks[0]
	return (b.Slash|b.Term)&spanMask(2, len(ref)) == 0
}

// lastSlash is strings.LastIndexByte(s, '/') eight bytes at a time (the
// standard library's is a loop over single bytes): the base's directory
// ends at its path's last '/', often tens of bytes before its end.
func lastSlash(s string) int {
	const ones, lows = 0x0101010101010101, 0x7f7f7f7f7f7f7f7f
	i := len(s)
	for ; i >= 8; i -= 8 {
		w := binary.LittleEndian.Uint64(unsafe.Slice(unsafe.StringData(s[i-8:]), 8))
		x := w ^ ('/' * ones) // a zero byte where w has a '/'
		// The high bit of each byte of y is set unless that byte of x is
		// zero. Adding the low seven bits never carries out of a byte, so
		// no byte is flagged for its neighbour (as x - ones could, a
		// borrow from a zero byte flagging the 0x01 above it: "/.").
		y := (x&lows + lows) | x
		if z := ^y &^ lows; z != 0 {
			return i - 8 + (63-bits.LeadingZeros64(z))/8
		}
	}
	return strings.LastIndexByte(s[:i], '/')
}

// resolveDotted builds prefix (the base up to a point in its path) and the
// segments of ref from rel on, with ref's dot segments resolved against
// the base's path (see checkDotted), then ref's query and fragment.
func resolveDotted(bp offsets.Packed, prefix, ref string, rel int, buf *Buffer) (string, offsets.Packed, bool) {
	q, f, ok := checkDotted(ref, rel, true)
	if !ok || len(prefix)+len(ref) >= offsets.MaxInput {
		return "", bp, false
	}
	if !building(buf) {
		return "", bp, true
	}
	out := grow(buf, len(prefix)+len(ref)+1)
	out = append(out, prefix...)
	out, q, f = appendResolved(out, int(bp.PathStart()), ref, rel, q, f)
	return finish(buf, out), bp.WithQueryFragment(uint32(q), uint32(f)), true
}

// checkRelativePath checks ref[start:], a path-relative reference with
// its leading dot segments removed: its first segment, then the rest as
// checkPath would.
func checkRelativePath(sc *scanner, ref string, start int) (q, f int, escape, ok bool) {
	if start == len(ref) {
		return -1, -1, false, true
	}
	// The first segment ends at the first '/', '?' or '#'; a '\\' before
	// it is for the slow path. Only the Struct bytes are looked at.
	segEnd := len(ref)
	var it iter
	it.init(sc, classStruct, start, len(ref))
	for i := it.next(sc); i >= 0; i = it.next(sc) {
		if c := ref[i]; c == '/' || c == '?' || c == '#' {
			segEnd = i
			break
		} else if c == '\\' {
			return -1, -1, false, false
		}
	}
	if isDotSegment(ref[start:segEnd]) {
		return -1, -1, false, false
	}
	escape = sc.sum.Bad() && sc.has(classBad, start, segEnd) || sc.sum.Extra() && hasPathExtra(sc, ref, start, segEnd)
	if segEnd == len(ref) || ref[segEnd] != '/' {
		q, f, e := checkQueryFragment(sc, ref, segEnd, true)
		return q, f, escape || e, true
	}
	q, f, e, ok := checkPath(sc, ref, segEnd)
	return q, f, escape || e, ok
}

// withPath builds prefix (the base up to where ref's path goes) +
// ref[start:], percent-encoding it if escape; q and f are ref's query and
// fragment positions, negative for none.
func withPath(sc *scanner, bp offsets.Packed, prefix, ref string, start, q, f int, escape bool, buf *Buffer) (string, offsets.Packed, bool) {
	if escape {
		href, q, f, ok := joinEscaped(sc, prefix, ref, start, inPath, buf)
		return href, bp.WithQueryFragment(omittedOr(q, 0), omittedOr(f, 0)), ok
	}
	shift := len(prefix) - start // omittedOr keeps a negative q or f absent
	p := bp.WithQueryFragment(omittedOr(q, shift), omittedOr(f, shift))
	return concat(buf, prefix, ref[start:]), p, true
}

// joinEscaped builds prefix + ref[start:] with the bytes of ref that the
// URL parser's states would percent-encode, from state on, encoded (see
// appendEscaped); q and f are where the query and fragment then begin, or
// -1. It declines (ok false) when ref[start:] is not escapable.
func joinEscaped(sc *scanner, prefix, ref string, start int, state escapeState, buf *Buffer) (href string, q, f int, ok bool) {
	growth, ok := escapable(sc, start)
	if !ok {
		return "", -1, -1, false
	}
	size := len(prefix) + len(ref) - start + growth
	if size > offsets.MaxInput {
		return "", -1, -1, false
	}
	if !building(buf) {
		return "", -1, -1, true
	}
	out := append(grow(buf, size), prefix...)
	out, q, f = appendEscaped(out, sc, start, state)
	return finish(buf, out), q, f, true
}

// sameScheme reports whether the scheme a (as scanScheme accepts it) is
// the lowercase scheme b in any case: of a scheme's bytes only uppercase
// letters lack the 0x20 bit, so OR-ing it in folds a's case.
func sameScheme(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if a[i]|0x20 != b[i] {
			return false
		}
	}
	return true
}
