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
func (p *Parser) appendBufferToPath(u *record.URL, buffer *[]byte) {
	seg := *buffer
	n := len(u.Path) + 1 + len(seg)
	if u != &p.url || len(seg) < movedBuffer || n <= cap(u.Path) || n > cap(seg) {
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
// query's old memory the buffer's.
func (p *Parser) appendBufferToQuery(u *record.URL, encoding *Encoding, buffer *[]byte, set *pct.Set) {
	b := *buffer
	if u == &p.url && encoding == nil && len(u.Query) == 0 && len(b) >= movedBuffer && len(b) > cap(u.Query) && encodesAsItself(b, set) {
		u.Query, *buffer = b, u.Query[:0]
		return
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
