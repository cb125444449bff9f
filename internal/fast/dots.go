package fast

import (
	"bytes"
	"strings"

	"github.com/spanurl/spanurl/internal/pct"
)

// Paths with single- and double-dot segments ("/a/./b", "/a/../b", also
// in their %2e forms), which checkPath declines: the path state removes
// them, so the serialization differs from the input. When nothing else in
// the path, query or fragment needs the slow path or percent-encoding,
// the fast path builds the serialization with the dot segments resolved.
// These are rare in real URLs, so this is a second, plain pass over the
// bytes, apart from the scanner's hot loops.

// checkDotted checks s[p:], a path (s[p] == '/' or the first byte of a
// path-relative reference's segment), its query and fragment, for a
// result built by appendDotted: nothing to percent-encode (which also
// keeps out C0 controls, spaces and non-ASCII) and no backslash. It
// returns where the query and fragment begin, or -1.
func checkDotted(s string, p int, special bool) (query, fragment int, ok bool) {
	query, fragment = -1, -1
	set := &pct.PathSet
	for i := p; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '#' && fragment < 0:
			fragment, set = i, &pct.FragmentSet
		case c == '?' && query < 0 && fragment < 0:
			query, set = i, &pct.SpecialQuerySet
			if !special {
				set = &pct.QuerySet
			}
		case c == '\\' && query < 0 && fragment < 0, set.Contains(c):
			return -1, -1, false
		}
	}
	return query, fragment, true
}

// appendDotted appends to out, whose path begins at pathStart, the
// segments of rel (a path after one of its '/'), resolving single- and
// double-dot segments as the path state does: a single dot is dropped, a
// double dot removes the segment before it, and either, when it is the
// last, leaves the path ending in '/' (an empty last segment).
func appendDotted(out []byte, pathStart int, rel string) []byte {
	for {
		seg, rest, more := strings.Cut(rel, "/")
		switch {
		case isDoubleDot(seg):
			if len(out) > pathStart {
				out = out[:pathStart+bytes.LastIndexByte(out[pathStart:], '/')]
			}
			if !more {
				out = append(out, '/')
			}
		case isSingleDot(seg):
			if !more {
				out = append(out, '/')
			}
		default:
			out = append(out, '/')
			out = append(out, seg...)
		}
		if !more {
			return out
		}
		rel = rest
	}
}

// appendResolved appends s[rel:], which checkDotted accepted with query
// and fragment at q and f (or -1), to out: its path with the dot
// segments resolved (appendDotted, out's path beginning at pathStart),
// then the query and fragment as they are. It returns where those begin
// in out, or -1.
func appendResolved(out []byte, pathStart int, s string, rel, q, f int) ([]byte, int, int) {
	pathEnd := len(s)
	switch {
	case q >= 0:
		pathEnd = q
	case f >= 0:
		pathEnd = f
	}
	out = appendDotted(out, pathStart, s[rel:pathEnd])
	shift := len(out) - pathEnd
	return append(out, s[pathEnd:]...), moved(q, shift), moved(f, shift)
}

func isSingleDot(seg string) bool { return seg == "." || len(seg) == 3 && is2e(seg) }

func isDoubleDot(seg string) bool { return len(seg) != 1 && len(seg) != 3 && isDotSegment(seg) }
