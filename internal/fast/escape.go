package fast

import (
	"unicode/utf8"

	"github.com/spanurl/spanurl/internal/pct"
)

// The URL-parsing states a percent-encoding fix-up starts in.
type escapeState uint8

const (
	inPath escapeState = iota
	inQuery
	inFragment
	// inOpaquePath is a non-special URL's opaque path: the C0 control set,
	// a space before '?' or '#' written "%20", and then the query set.
	inOpaquePath
	// inNonSpecialPath is a non-special URL's path after a host: the path
	// set, and then the query set.
	inNonSpecialPath
)

// escapable reports whether rest, the path, query and fragment of a special
// URL, differs from its serialization only by bytes that the path, query
// and fragment states percent-encode, and if so how many bytes longer
// appendEscaped makes it at most (growth: each Bad or Extra byte it may
// encode becomes three). It does not when rest holds a C0 control (tabs
// and newlines are removed, other controls at the ends stripped), begins
// or ends with a space (stripped at the ends of the input, which a
// reference's rest can begin) or is not valid UTF-8 (each bad sequence
// becomes U+FFFD): those are for the slow path.
//
// rest is sc.s[from:]. The C0 controls and non-ASCII bytes are all Bad:
// only Bad and Extra bytes are looked at, and UTF-8 is checked only when
// there is a non-ASCII one. The check and the count are one pass: past
// the scanner's window every pass that starts over classifies the blocks
// again.
func escapable(sc *scanner, from int) (growth int, ok bool) {
	rest := sc.s[from:]
	if rest != "" && (rest[0] == ' ' || rest[len(rest)-1] == ' ') {
		return 0, false
	}
	ascii := true
	encoded := 0
	var it iter
	it.init(sc, classGrowth, from, len(sc.s))
	for i := it.next(sc); i >= 0; i = it.next(sc) {
		switch c := sc.s[i]; {
		case c < 0x20:
			return 0, false
		case c >= 0x80:
			// A run of non-ASCII bytes (a word in another script) in one step.
			ascii = false
			end := pct.NonASCIIEnd(sc.s, i)
			encoded += end - i
			it.skipTo(sc, end)
		default:
			encoded++
		}
	}
	return 2 * encoded, ascii || utf8.ValidString(rest)
}

// appendEscaped appends escapable sc.s[from:] to dst, from state on, as
// the URL's path, query and fragment states write it: the path ends at the
// first '?' or '#', the query at the first '#' after it, and each
// percent-encodes the bytes of its set (a special URL's path,
// special-query and fragment percent-encode sets; from inOpaquePath, the
// opaque path state's encoding and the query percent-encode set). It
// returns where the query and fragment begin in out, or -1. Only the bytes
// of classEscape can be encoded or change the state: it visits those and
// copies the runs between them whole.
func appendEscaped(dst []byte, sc *scanner, from int, state escapeState) (out []byte, query, fragment int) {
	s := sc.s
	query, fragment = -1, -1
	set, querySet := encodeSets(state)
	run := from // s[run:i] is written as it is
	var it iter
	it.init(sc, classEscape, from, len(s))
	for i := it.next(sc); i >= 0; i = it.next(sc) {
		c := s[i]
		switch {
		case c == '#' && state != inFragment:
			dst = append(dst, s[run:i]...)
			run = i
			state, set, fragment = inFragment, &pct.FragmentSet, len(dst)
		case c == '?' && (state == inPath || state == inOpaquePath || state == inNonSpecialPath):
			dst = append(dst, s[run:i]...)
			run = i
			state, set, query = inQuery, querySet, len(dst)
		case c == ' ' && state == inOpaquePath && i+1 < len(s) && (s[i+1] == '?' || s[i+1] == '#'):
			dst = append(append(dst, s[run:i]...), "%20"...)
			run = i + 1
		case set.Contains(c):
			dst = append(dst, s[run:i]...)
			if c < 0x80 {
				dst = pct.AppendByte(dst, c)
				run = i + 1
			} else {
				dst, run = appendNonASCII(dst, sc, &it, i)
			}
		}
	}
	return append(dst, s[run:]...), query, fragment
}

// appendNonASCII appends the run of non-ASCII bytes at sc.s[i], encoded,
// and moves it past the run, whose end it returns: appendEscaped's loop
// takes a word in another script in one step. It is a function of its own,
// not inlined, so that the loop over the other bytes keeps its registers.
//
//go:noinline
func appendNonASCII(dst []byte, sc *scanner, it *iter, i int) ([]byte, int) {
	end := pct.NonASCIIEnd(sc.s, i)
	dst = pct.AppendAll(dst, sc.s[i:end])
	it.skipTo(sc, end)
	return dst, end
}

// encodeSets returns the percent-encode set that state writes with, and
// the one of the query that a '?' begins from it.
func encodeSets(state escapeState) (set, querySet *pct.Set) {
	switch state {
	case inQuery:
		return &pct.SpecialQuerySet, &pct.SpecialQuerySet
	case inFragment:
		return &pct.FragmentSet, &pct.SpecialQuerySet
	case inOpaquePath:
		return &pct.C0ControlSet, &pct.QuerySet
	case inNonSpecialPath:
		return &pct.PathSet, &pct.QuerySet
	}
	return &pct.PathSet, &pct.SpecialQuerySet
}
