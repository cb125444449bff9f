package fast

import (
	"math/bits"

	"github.com/spanurl/spanurl/internal/asm"
)

// window is how many 64-byte blocks a scanner classifies at once: four
// cover 256 bytes, past the 99th percentile of real URLs' lengths.
const window = 4

// scanner holds the class masks of a string, classified a window at a
// time, so that a URL of any length is scanned without allocating, and
// which classes occur anywhere in it: most URLs have no Bad and no Extra
// byte, and then no component needs a closer look.
//
// A scanner starts as a zero value with s set and the first window
// classified, written out where one is made (ParseAbsolute, Resolve):
//
//	var sc scanner
//	sc.s = s
//	sc.count, sc.sum = asm.ClassifySummary(sc.blocks[:], s)
//
// rather than in a method, which would be over the inliner's budget, and
// a call on every URL.
type scanner struct {
	s      string
	first  int         // block index of blocks[0]
	count  int         // valid entries in blocks
	sum    asm.Summary // which classes occur anywhere in s
	blocks [window]asm.Block
}

// block returns the masks of 64-byte block k.
func (sc *scanner) block(k int) *asm.Block {
	if b := sc.cached(k); b != nil {
		return b
	}
	return sc.refill(k)
}

// cached returns the masks of block k if the window holds them, else nil.
// It makes no call, so the compiler inlines it: the hottest loops use it
// and refill themselves, where a call to block would cost more than the
// lookup. TestInlining checks that it stays inlined.
func (sc *scanner) cached(k int) *asm.Block {
	if j := k - sc.first; uint(j) < uint(sc.count) {
		return &sc.blocks[j]
	}
	return nil
}

func (sc *scanner) refill(k int) *asm.Block {
	sc.first = k
	sc.count = asm.Classify(sc.blocks[:], sc.s[64*k:])
	return &sc.blocks[0]
}

// spanMask is the mask of bit positions [lo, hi) of a block, for lo and
// hi in 0..64; it is 0 when hi <= lo. No branch: Go shifts a uint64 by 64
// or more to 0, so the two halves are disjoint exactly when hi <= lo.
func spanMask(lo, hi int) uint64 {
	return (^uint64(0) << uint(lo)) & (^uint64(0) >> uint(64-hi))
}

type class uint8

const (
	classStruct class = iota
	classBad
	classExtra
	classUpper
	// classEscape is every byte appendEscaped may change or that changes
	// its state: Bad and Extra (every percent-encode set it uses is made of
	// them) and '?' and '#' (Term).
	classEscape
	// classGrowth is Bad and Extra: the bytes appendEscaped may encode.
	classGrowth
)

func pick(b *asm.Block, c class) uint64 {
	switch c {
	case classStruct:
		return b.Struct
	case classBad:
		return b.Bad
	case classExtra:
		return b.Extra
	case classEscape:
		return b.Bad | b.Extra | b.Term
	case classGrowth:
		return b.Bad | b.Extra
	}
	return b.Upper
}

// iter walks the positions of the bytes of one class in [i, end), in
// order.
type iter struct {
	c   class
	k   int // current block
	m   uint64
	end int
}

// init starts it over [i, end). It fills the iterator in place: an
// iterator built as a value and copied has its fields stored one by one
// and reloaded as one wide word, a store-forwarding stall that costs more
// than the whole scan. The iterator holds no pointer to the scanner (next
// takes it): storing one would make the scanner escape to the heap.
func (it *iter) init(sc *scanner, c class, i, end int) {
	it.c, it.end = c, end
	it.skipTo(sc, i)
}

// skipTo moves it on to position j, at or past the last one next
// returned: the next call returns the first position from j on. A caller
// that handles a run of bytes itself passes over it this way rather than
// visiting every byte.
func (it *iter) skipTo(sc *scanner, j int) {
	it.k, it.m = j>>6, 0
	if j < it.end {
		it.m = pick(sc.block(it.k), it.c) & spanMask(j&63, min(it.end-it.k*64, 64))
	}
}

// next returns the next position, or -1 when there is none.
func (it *iter) next(sc *scanner) int {
	for it.m == 0 {
		it.k++
		if it.k*64 >= it.end {
			return -1
		}
		it.m = pick(sc.block(it.k), it.c) & spanMask(0, min(it.end-it.k*64, 64))
	}
	i := it.k*64 + bits.TrailingZeros64(it.m)
	it.m &= it.m - 1
	return i
}

// has reports whether [i, end) holds a byte of class c.
func (sc *scanner) has(c class, i, end int) bool {
	for i < end {
		k := i >> 6
		if pick(sc.block(k), c)&spanMask(i&63, min(end-k*64, 64)) != 0 {
			return true
		}
		i = (k + 1) * 64
	}
	return false
}
