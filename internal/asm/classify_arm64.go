//go:build arm64 && !noasm

package asm

import "unsafe"

// Classify fills dst[k] with the masks of bytes s[64k : 64k+64] for k = 0, 1, ..., as many
// blocks as fit in dst (min(len(dst), ceil(len(s)/64))), and returns how many it filled. It
// never reads outside s and does not allocate.
func Classify(dst []Block, s string) int {
	return classifyNEONBlocks(dst, s)
}

// classifyNEONBlocks runs the NEON kernel, which only handles whole 64-byte blocks, and
// deals with the last partial block here: when s has 64 bytes or more, it classifies the
// last 64 bytes of s and shifts out the bytes already covered; when s is shorter, it copies s
// into a zeroed 64-byte buffer on the stack and clears the Bad bits of the zero padding (the
// only class 0x00 is in). Either way nothing outside s is read. Every ARMv8-A CPU has NEON,
// so there is no feature check.
func classifyNEONBlocks(dst []Block, s string) int {
	full := min(len(dst), len(s)/64)
	if full > 0 {
		classifyNEON(&dst[0], unsafe.StringData(s), full)
	}
	if full == len(dst) || len(s) == 64*full {
		return full
	}
	rest := len(s) - 64*full // 1..63 bytes, and dst has room for their block
	var b Block
	if len(s) >= 64 {
		classifyNEON(&b, unsafe.StringData(s[len(s)-64:]), 1)
		sh := uint(64 - rest)
		b = Block{Struct: b.Struct >> sh, Bad: b.Bad >> sh, Extra: b.Extra >> sh, Upper: b.Upper >> sh,
			Slash: b.Slash >> sh, Dot: b.Dot >> sh, ColonBackslash: b.ColonBackslash >> sh, Term: b.Term >> sh}
	} else {
		var buf [64]byte
		copy(buf[:], s)
		classifyNEON(&b, &buf[0], 1)
		b.Bad &= 1<<rest - 1
	}
	dst[full] = b
	return full + 1
}

// classifyNEON classifies n >= 1 whole 64-byte blocks starting at src into dst[0:n].
//
//go:noescape
func classifyNEON(dst *Block, src *byte, n int)

// Class flags of the NEON kernel's table (neonTable), one bit per class. Bad is bit 7 so
// that ORing the input byte into its table entry marks bytes >= 0x80 (which the lookup maps
// to 0) Bad as well; the kernel tests the other flags in the entry alone.
const (
	neonStruct         = 0x01
	neonExtra          = 0x02
	neonUpper          = 0x04
	neonSlash          = 0x08
	neonDot            = 0x10
	neonColonBackslash = 0x20
	neonTerm           = 0x40
	neonBad            = 0x80
)

// neonTable is the 128-entry flag table the NEON kernel looks ASCII bytes up in (TBL over
// entries 0-63, TBX over 64-127), built from classOf so the two cannot disagree.
var neonTable = func() (t [128]byte) {
	flags := [8]byte{neonStruct, neonBad, neonExtra, neonUpper, neonSlash, neonDot, neonColonBackslash, neonTerm}
	for c := range t {
		k := classOf(byte(c))
		for j, f := range flags { // bit j of k is field j of Block
			if k>>j&1 != 0 {
				t[c] |= f
			}
		}
	}
	return t
}()

// ClassifySummary is Classify, and also returns the Summary of all of s: of every block,
// also those past len(dst). It does not allocate.
func ClassifySummary(dst []Block, s string) (int, Summary) {
	return classifySummaryGo(dst, s)
}
