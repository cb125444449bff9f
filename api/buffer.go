package api

import (
	"unsafe"

	"github.com/spanurl/spanurl/internal/splice"
	"github.com/spanurl/spanurl/span"
)

// A URL object builds the hrefs of its spliced setters (internal/splice)
// in a buffer of its own, which it writes again on the next setter instead
// of allocating, as long as no string over that buffer is reachable from
// outside the object: a string in Go must never change. Every method that
// hands out the URL, a getter's substring of it or something built over it
// (Span, Href, the component getters, the query object's list, an origin)
// marks the buffer live first; a live buffer is never written again, and
// the next splice builds in new memory, which becomes the object's buffer.
// A URL set again and again and read only when it is done thus allocates
// nothing once its buffer has grown, and one that is read after every set
// allocates its new href, as a URL value built afresh does.

// sp returns u's URL as internal/splice's URL: the same two fields in
// the same memory, so that a splice edits u's URL in place, with direct
// calls and no copy of the URL in or out. internal/splice sits below span
// and cannot name span.URL; TestSpliceLayout checks, through span.URL's
// methods, that the two layouts agree.
func (u *URL) sp() *splice.URL { return (*splice.URL)(unsafe.Pointer(&u.url)) }

// view returns u's URL for a caller that may keep it or a string in it,
// marking the buffer live when the href is in it.
func (u *URL) view() span.URL {
	if u.inBuf {
		u.bufLive = true
	}
	return u.url
}

// href returns u's href as view().Href() does, reading only the string:
// a copy of the whole URL would load its string header as one wide word
// that the splice's two narrow stores cannot forward, a stall on the
// common set-then-read path.
func (u *URL) href() string {
	if u.inBuf {
		u.bufLive = true
	}
	return u.url.Href()
}

// spliceBuf returns the memory a splice may build in: u's buffer; nil
// when u has none (the first splice allocates the new href and no more,
// as an object set once and read is the common case); or when a string
// over the buffer may be reachable an empty non-nil slice (which makes
// the splice allocate with room to grow).
func (u *URL) spliceBuf() []byte {
	if u.buf == nil {
		return nil
	}
	if u.bufLive {
		return []byte{}
	}
	return u.buf
}

// adopt records that a splice which took its value was given buf (from
// spliceBuf) and built u's href in it, if it did.
func (u *URL) adopt(buf []byte) {
	if len(buf) > 0 && unsafe.StringData(u.url.Href()) == unsafe.SliceData(buf) {
		u.buf, u.inBuf, u.bufLive = buf, true, false
	}
}

// set makes v, which is not in u's buffer, u's URL.
func (u *URL) set(v span.URL) {
	u.url = v
	if u.inBuf {
		u.inBuf = false
		if u.bufLive {
			u.buf, u.bufLive = nil, false
		}
	}
}
