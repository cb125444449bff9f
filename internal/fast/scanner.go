package fast

import (
	"math/bits"

	"github.com/spanurl/spanurl/internal/asm"
)

// window is how many 64-byte blocks a scanner classifies at once: four
// cover 256 bytes, past the 99th percentile of real URLs' lengths.
const window = 4

// scanner holds the class masks of a string, classified lazily a window
// at a time, so that a URL of any length is scanned without allocating.
type scanner struct {
	s      string
	first  int // block index of blocks[0]
	count  int // valid entries in blocks
	blocks [window]asm.Block
}

func (sc *scanner) init(s string) {
	sc.s = s
	sc.first = 0
	sc.count = asm.Classify(sc.blocks[:], s)
}

// block returns the masks of 64-byte block k.
func (sc *scanner) block(k int) *asm.Block {
	if k < sc.first || k >= sc.first+sc.count {
		sc.first = k
		sc.count = asm.Classify(sc.blocks[:], sc.s[64*k:])
	}
	return &sc.blocks[k-sc.first]
}

// spanMask is the mask of bit positions [lo, hi) of a block, 0 <= lo <= hi <= 64.
func spanMask(lo, hi int) uint64 {
	if hi <= lo {
		return 0
	}
	return (^uint64(0) << uint(lo)) & (^uint64(0) >> uint(64-hi))
}

type class uint8

const (
	classStruct class = iota
	classBad
	classExtra
	classUpper
)

func pick(b *asm.Block, c class) uint64 {
	switch c {
	case classStruct:
		return b.Struct
	case classBad:
		return b.Bad
	case classExtra:
		return b.Extra
	}
	return b.Upper
}

// next returns the position of the first byte of class c in [i, end), or
// -1.
func (sc *scanner) next(c class, i, end int) int {
	for i < end {
		k := i >> 6
		m := pick(sc.block(k), c) & spanMask(i&63, min(end-k*64, 64))
		if m != 0 {
			return k*64 + bits.TrailingZeros64(m)
		}
		i = (k + 1) * 64
	}
	return -1
}

// has reports whether [i, end) holds a byte of class c.
func (sc *scanner) has(c class, i, end int) bool { return sc.next(c, i, end) >= 0 }
