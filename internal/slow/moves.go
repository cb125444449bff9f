package slow

import (
	"bytes"
	"slices"

	"github.com/spanurl/spanurl/internal/pct"
	"github.com/spanurl/spanurl/record"
)

// A long path segment or query is held in the parser's buffer and then
// again in the URL record, which a caller then serializes: three times the
// input at once. When the record is the Parser's own, the steps that append
// the buffer to the record move its memory there instead of copying it, so
// that the input's length is held once beside the input; the buffer has
// room for the whole input and for what a relative reference takes from
// the base (see run), and so for the whole href (span writes it there).
// An opaque path or a fragment, which the parser appends to the record
// directly, gets that room when it starts (roomForRest).

// movedBuffer is the length from which a buffer's memory moves into the
// record rather than being copied.
const movedBuffer = 64 << 10

// baseLen is the length of base's serialization, 0 for none.
func baseLen(base *record.URL) int {
	if base == nil {
		return 0
	}
	return base.SerializedLen()
}

// appendBufferToPath appends the segment in *buffer to u's list path, as
// appendPathSegment does. When u is p's own record, a long segment that
// the path's memory cannot take but its own can is moved within its
// memory behind a copy of the path and a "/", and that memory becomes the
// path's while the path's old memory becomes the buffer's.
//
// A long path that outgrows its memory while the input's rest (from
// pointer on, up to the first byte of stops) is long gets room at once
// for all of that rest percent-encoded and for the href around it, as
// roomToEncode gives: a path of many short segments would otherwise be
// copied into larger memory time and again. (A short one grows as it
// is, so that a long segment after it moves.)
func (p *Parser) appendBufferToPath(u *record.URL, buffer *[]byte, pointer int, stops string) {
	seg := *buffer
	n := len(u.Path) + 1 + len(seg)
	if u != &p.url || len(seg) < movedBuffer || n <= cap(u.Path) || n > cap(seg) {
		if u == &p.url && len(u.Path) >= movedBuffer {
			u.Path = p.roomToEncode(u, u.Path, true, 1+len(seg), 1+len(seg), pointer, stops)
		}
		appendPathSegment(u, seg)
		return
	}
	path := seg[:n]
	copy(path[len(u.Path)+1:], seg)
	path[len(u.Path)] = '/'
	copy(path, u.Path)
	u.Path, *buffer = path, u.Path[:0]
}

// appendBufferToQuery percent-encodes *buffer after encoding with set and
// appends the result to u's query. When u is p's own record with an empty
// query, and a long buffer percent-encodes as itself in UTF-8 (ASCII
// bytes outside set), the buffer's memory becomes the query's and the
// query's old memory the buffer's; a long buffer that encodes otherwise
// gives the query room for all of it at once.
func (p *Parser) appendBufferToQuery(u *record.URL, encoding *Encoding, buffer *[]byte, set *pct.Set) {
	b := *buffer
	if u == &p.url && encoding == nil && len(u.Query) == 0 && len(b) >= movedBuffer && len(b) > cap(u.Query) && encodesAsItself(b, set) {
		u.Query, *buffer = b, u.Query[:0]
		return
	}
	if u == &p.url && encoding == nil && len(b) >= movedBuffer && cap(u.Query)-len(u.Query) < len(b) {
		// Room at once for the query's end and the href around it, as
		// roomToEncode gives.
		u.Query = slices.Grow(u.Query, encodedBound(b)+u.SerializedLen()-len(u.Query))
	}
	u.Query = appendPercentEncodeAfterEncodingWith(u.Query, encoding, b, set, false, &p.xtext)
}

// encodesAsItself reports whether UTF-8 percent-encoding b with set leaves
// it as it is: every byte is ASCII and outside set.
func encodesAsItself(b []byte, set *pct.Set) bool {
	for _, c := range b {
		if c >= 0x80 || set.Contains(c) {
			return false
		}
	}
	return true
}

// roomForRest returns dst, an empty opaque path or fragment of u that the
// parser is about to append the input to from pointer on (up to the
// first byte of stops, if any), with room for that rest of the input and
// for u's serialization so far when the rest is long: appended step by
// step, a long component would be copied into larger memory time and
// again, every outgrown copy left to the collector, and the room for the
// whole href lets span write it there. The room is the parser's buffer,
// empty in these states, when u is p's own record and the buffer has it:
// dst's old memory becomes the buffer's.
func (p *Parser) roomForRest(u *record.URL, dst []byte, buffer *[]byte, pointer int, stops string) []byte {
	if len(dst) > 0 || len(p.input)-pointer < movedBuffer {
		return dst
	}
	rest := len(p.input) - pointer
	if stops != "" {
		if i := bytes.IndexAny(p.input[pointer:], stops); i >= 0 {
			rest = i
		}
	}
	if rest < movedBuffer || cap(dst) >= rest {
		return dst
	}
	room := u.SerializedLen() + rest
	if b := *buffer; u == &p.url && len(b) == 0 && cap(b) >= room {
		*buffer = dst[:0]
		return b
	}
	return slices.Grow(dst, room)
}

// encodedBound returns the most bytes that UTF-8 percent-encoding s with
// the path, query, special-query, fragment or C0 control percent-encode
// set gives: three for a byte that one of them holds, one for the rest.
// (The path percent-encode set holds every byte of the others but the
// special-query set's "'".)
func encodedBound(s []byte) int {
	n := len(s)
	for _, c := range s {
		if pct.PathSet.Contains(c) || c == '\'' {
			n += 2
		}
	}
	return n
}

// roomToEncode returns dst, a component of u (part) or the buffer of one,
// which a step is about to append need bytes to, with room for extra
// bytes, the rest of the component and u's serialization around it when
// dst has no room for the step and the rest of the input is long. The
// rest is the input from pointer on up to the first byte of stops,
// percent-encoded at most as encodedBound has it. Outgrown step by step,
// a component that percent-encoding makes longer than the input would be
// copied into larger memory time and again, every copy left to the
// collector; with room for the whole href, span writes the href in the
// component's memory. Each rest is scanned once: the room lasts to the
// component's end.
func (p *Parser) roomToEncode(u *record.URL, dst []byte, part bool, need, extra, pointer int, stops string) []byte {
	if cap(dst)-len(dst) >= need || len(p.input)-pointer < movedBuffer {
		return dst
	}
	rest := p.input[pointer:]
	if stops != "" {
		if i := bytes.IndexAny(rest, stops); i >= 0 {
			rest = rest[:i]
		}
	}
	room := extra + encodedBound(rest) + u.SerializedLen() + 1
	if part {
		room -= len(dst) + 1
	}
	return slices.Grow(dst, room)
}
