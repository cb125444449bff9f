package fast

import (
	"strings"
	"unsafe"

	"github.com/spanurl/spanurl/record"
)

// Resolve resolves ref against the base URL whose href is bh and offsets
// bp, or declines. It takes the common
// reference forms against a special base with a host (not file:): "",
// "#f", "?q", "/path", "//host/path", "path" (no dot segments), and
// absolute URLs. The result is built as buf says (see Buffer); an empty
// reference returns a substring of the base.
func Resolve(bh string, bp record.Packed, ref string, buf *Buffer) (href string, p record.Packed, ok bool) {
	kind := bp.Kind()
	// file: bases keep their Windows drive letter quirks on the slow path.
	if bp.Flags()&record.FlagSpecial == 0 || kind == record.HostNull || kind == record.HostEmpty ||
		bh[:bp.SchemeEnd()] == "file" || len(ref) > record.MaxInput-len(bh) {
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
	var sc scanner
	sc.init(ref)
	switch c := ref[0]; {
	case c == '#':
		// The fragment of the base's URL is replaced.
		if _, _, ok := checkQueryFragment(&sc, ref, 0, true); !ok {
			return "", p, false
		}
		return concat(buf, bh[:fragAt], ref), bp.WithQueryFragment(bp.QueryStart(), uint32(fragAt)), true
	case c == '?':
		q, f, ok := checkQueryFragment(&sc, ref, 0, true)
		if !ok {
			return "", p, false
		}
		return concat(buf, bh[:pathEnd], ref), bp.WithQueryFragment(omittedOr(q, pathEnd), omittedOr(f, pathEnd)), true
	case c == '/':
		if len(ref) > 1 && (ref[1] == '/' || ref[1] == '\\') {
			// Scheme-relative: the base's scheme, then an authority.
			if ref[1] == '\\' {
				return "", p, false
			}
			// Parse "scheme:" + ref; a canonical result aliases that text,
			// which a Buffer keeps in its second slice.
			if buf == nil {
				return ParseAbsolute(bh[:bp.SchemeEnd()+1]+ref, nil)
			}
			buf.tmp = append(append(buf.tmp[:0], bh[:bp.SchemeEnd()+1]...), ref...)
			return ParseAbsolute(unsafe.String(unsafe.SliceData(buf.tmp), len(buf.tmp)), buf)
		}
		q, f, ok := checkPath(&sc, ref, 0)
		if !ok {
			return "", p, false
		}
		return withPath(bp, bh[:pathStart], ref, q, f, buf)
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
	dirEnd := pathStart + strings.LastIndexByte(bh[pathStart:pathEnd], '/') + 1
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
			dirEnd = pathStart + strings.LastIndexByte(bh[pathStart:dirEnd-1], '/') + 1
		}
		start += dots
		if start < len(ref) && ref[start] == '/' {
			start++
		}
	}
	prefix := bh[:dirEnd]
	var q, f int
	if start < len(ref) && (ref[start] == '?' || ref[start] == '#') {
		q, f, ok = checkQueryFragment(&sc, ref, start, true)
	} else {
		q, f, ok = checkRelativePath(&sc, ref, start)
	}
	if !ok {
		return "", p, false
	}
	return withPath(bp, prefix, ref[start:], q-start, f-start, buf)
}

// checkRelativePath checks ref[start:], a path-relative reference with
// its leading dot segments removed: its first segment, then the rest as
// checkPath would.
func checkRelativePath(sc *scanner, ref string, start int) (q, f int, ok bool) {
	if start == len(ref) {
		return -1, -1, true
	}
	segEnd := len(ref)
	if i := strings.IndexAny(ref[start:], "/?#\\"); i >= 0 {
		segEnd = start + i
		if ref[segEnd] == '\\' {
			return -1, -1, false
		}
	}
	if isDotSegment(ref[start:segEnd]) ||
		sc.anyBad && sc.has(classBad, start, segEnd) || sc.anyExtra && hasPathExtra(sc, ref, start, segEnd) {
		return -1, -1, false
	}
	if segEnd == len(ref) || ref[segEnd] != '/' {
		return checkQueryFragment(sc, ref, segEnd, true)
	}
	return checkPath(sc, ref, segEnd)
}

// withPath builds prefix (the base up to where ref's path goes) + ref; q
// and f are ref's query and fragment positions, negative for none.
func withPath(bp record.Packed, prefix, ref string, q, f int, buf *Buffer) (string, record.Packed, bool) {
	shift := len(prefix)
	if q < 0 {
		q = -1
	}
	if f < 0 {
		f = -1
	}
	return concat(buf, prefix, ref), bp.WithQueryFragment(omittedOr(q, shift), omittedOr(f, shift)), true
}

func concat(buf *Buffer, a, b string) string {
	if !building(buf) {
		return ""
	}
	if buf == nil {
		// One allocation, which the runtime does not zero first, as a
		// []byte from grow would be.
		return a + b
	}
	out := grow(buf, len(a)+len(b))
	out = append(out, a...)
	out = append(out, b...)
	return finish(buf, out)
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
