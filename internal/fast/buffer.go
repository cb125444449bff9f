package fast

import (
	"unsafe"

	"github.com/spanurl/spanurl/internal/asm"
)

// Buffer is where the fix-ups build a serialization. A nil *Buffer means
// a new string for each result. A reused Buffer keeps its memory: the
// href then aliases it and is valid until the Buffer is used again. With
// ValidateOnly set nothing is built and Href is left empty (CanParse).
// With Keep set every href is permanent: it is built in the free end of a
// block of keepBlock bytes (see keepTail), which is never written again.
// Every href is a string over the bytes it is built in, made without a
// copy (see finish): that is why a reused Buffer's href lasts only until
// the Buffer's next use, and why Keep never writes below its free end.
type Buffer struct {
	b            []byte
	tmp          []byte // a scheme-relative reference with the base's scheme
	ValidateOnly bool
	Keep         bool
}

// keepBlock is the size of the blocks a Buffer with Keep allocates: one
// allocation for the hrefs of about fifty requests, and what one kept href
// can hold in memory at most. An href larger than this gets a block of its
// own size.
const keepBlock = 8 << 10

// grow returns an empty buffer with room for size bytes: the Buffer's
// memory when given, otherwise new memory.
func grow(buf *Buffer, size int) []byte {
	if buf == nil {
		return make([]byte, 0, size)
	}
	if buf.Keep {
		return keepTail(buf, size)
	}
	if cap(buf.b) < size {
		buf.b = make([]byte, 0, size+size/4)
	}
	return buf.b[:0]
}

// keepTail is grow for a Buffer with Keep: the unused end of the current
// block, as an empty slice whose capacity is that end, or a new block when
// fewer than size bytes are left. The hrefs before it in the block stay as
// they are: nothing is written below len(buf.b).
func keepTail(buf *Buffer, size int) []byte {
	if cap(buf.b)-len(buf.b) < size {
		buf.b = make([]byte, 0, max(keepBlock, size))
	}
	return buf.b[len(buf.b):len(buf.b)]
}

// finish turns the built bytes into the href: a string sharing out's
// memory. Without a Buffer, out is new and never written again, so sharing
// it is a conversion without a copy; with one, the href aliases the Buffer
// until it is used again, or for good with Keep.
func finish(buf *Buffer, out []byte) string {
	if buf != nil {
		if buf.Keep {
			keepUsed(buf, out)
		} else {
			buf.b = out
		}
	}
	return unsafe.String(unsafe.SliceData(out), len(out))
}

// keepUsed moves the start of the block's free end past out, built there
// by keepTail's slice, so that no later href is written over it. An out
// that outgrows that slice is moved by append to memory of its own, which
// the block does not hold: nothing to do then.
func keepUsed(buf *Buffer, out []byte) {
	n := len(buf.b)
	free := uintptr(unsafe.Pointer(unsafe.SliceData(buf.b))) + uintptr(n)
	if len(out) > 0 && uintptr(unsafe.Pointer(unsafe.SliceData(out))) == free && len(out) <= cap(buf.b)-n {
		buf.b = buf.b[:n+len(out)]
	}
}

// building reports whether results must be built (not only validated).
func building(buf *Buffer) bool { return buf == nil || !buf.ValidateOnly }

// concat returns a followed by b, built as buf says (see Buffer). The
// bytes are written by asm.Join, not by copy: memmove picks its code by
// the length, and with references of every length those jumps
// mispredict; make then a copy also clears the tail that the second copy
// writes again. make alone zeroes the whole size class it allocates, and
// those sizes vary less.
//
// A new href's memory has not been touched since the last garbage
// collection, so Join's stores would miss the cache: asm.PrefetchPast
// warms the lines where the allocator most likely puts the next href of
// the same size class. grow does not warm them: its hrefs (escaped,
// dotted) are rarer, and the hint costs more there than it saves.
func concat(buf *Buffer, a, b string) string {
	var out []byte
	if buf == nil {
		out = make([]byte, len(a)+len(b))
		asm.PrefetchPast(unsafe.SliceData(out), len(out))
	} else if buf.ValidateOnly {
		return ""
	} else {
		out = grow(buf, len(a)+len(b))[:len(a)+len(b)]
	}
	asm.Join(out, a, b)
	return finish(buf, out)
}

// Poison overwrites every byte of the Buffer's last href with c, so that
// a string still referring to it reads as garbage: the check that no
// caller keeps a reused Buffer's href past its next use (span's
// spanurl_poison build). A Buffer with Keep is never poisoned: its hrefs
// are permanent.
func (buf *Buffer) Poison(c byte) {
	if buf.Keep {
		return
	}
	fill(buf.b[:cap(buf.b)], c)
	fill(buf.tmp[:cap(buf.tmp)], c)
}

func fill(b []byte, c byte) {
	for i := range b {
		b[i] = c
	}
}

// KeepString returns a copy of s built as a Buffer with Keep builds an
// href, in the free end of its block: for an href that lies in memory its
// caller does not own, such as a byte slice the caller reuses.
func KeepString(buf *Buffer, s string) string {
	out := append(keepTail(buf, len(s)), s...)
	return finish(buf, out)
}
