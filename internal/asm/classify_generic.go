package asm

// Block holds class masks for up to 64 consecutive input bytes: bit i of each mask
// describes byte i of the block. Bits for positions at or past the end of the input are
// zero in every mask, so a caller can test masks without knowing where the input ends.
type Block struct {
	// Struct marks ':' '/' '?' '#' '@' '%' '.' '[' ']' '\\': delimiters whose meaning
	// depends on position.
	Struct uint64
	// Bad marks every C0 control (0x00-0x1F, including tab, LF and CR), space, '"', '<',
	// '>', DEL and every byte >= 0x80: bytes a canonical URL never contains.
	Bad uint64
	// Extra marks '`' '{' '}' '\'' '^' '|': allowed in some URL components, not in others.
	Extra uint64
	// Upper marks 'A'-'Z'.
	Upper uint64
}

// Class bits returned by classOf. The assembly kernels have their own encodings of the
// classes, but build their tables from classOf, so it is the single definition.
const (
	classStruct = 1 << iota
	classBad
	classExtra
	classUpper
)

// classOf is the definition of the classes, written as a readable predicate. Every table
// (spreadTable here, the kernels' tables beside their assembly) is built from it, so no
// implementation can drift from it; TestClassOf checks it against the Block documentation.
func classOf(c byte) uint8 {
	switch {
	case c < 0x20 || c >= 0x7F || c == ' ' || c == '"' || c == '<' || c == '>':
		return classBad
	case 'A' <= c && c <= 'Z':
		return classUpper
	}
	switch c {
	case ':', '/', '?', '#', '@', '%', '.', '[', ']', '\\':
		return classStruct
	case '`', '{', '}', '\'', '^', '|':
		return classExtra
	}
	return 0
}

// spreadTable maps each byte value to its class bits spread over the four 16-bit lanes of a
// word: Struct in bit 0, Bad in bit 16, Extra in bit 32, Upper in bit 48. Shifting entry i of
// a 16-byte group left by i and ORing the 16 entries gives the group's four 16-bit masks in
// one word, three instructions per byte.
var spreadTable = func() (t [256]uint64) {
	for c := range t {
		k := uint64(classOf(byte(c)))
		t[c] = k&1 | (k>>1&1)<<16 | (k>>2&1)<<32 | (k>>3&1)<<48
	}
	return t
}()

// ClassifyGeneric fills dst[k] with the masks of bytes s[64k : 64k+64] for k = 0, 1, ...,
// as many blocks as fit in dst (min(len(dst), ceil(len(s)/64))), and returns how many it
// filled. It is the portable implementation and the reference for the assembly kernels;
// Classify uses it when no kernel applies. It does not allocate.
func ClassifyGeneric(dst []Block, s string) int {
	n := 0
	for n < len(dst) && len(s) > 0 {
		chunk := s
		if len(chunk) > 64 {
			chunk = chunk[:64]
		}
		s = s[len(chunk):]
		var b Block
		for g := 0; g < len(chunk); g += 16 {
			var w uint64
			if g+16 <= len(chunk) {
				p := chunk[g : g+16]
				w = spreadTable[p[0]] | spreadTable[p[1]]<<1 | spreadTable[p[2]]<<2 |
					spreadTable[p[3]]<<3 | spreadTable[p[4]]<<4 | spreadTable[p[5]]<<5 |
					spreadTable[p[6]]<<6 | spreadTable[p[7]]<<7 | spreadTable[p[8]]<<8 |
					spreadTable[p[9]]<<9 | spreadTable[p[10]]<<10 | spreadTable[p[11]]<<11 |
					spreadTable[p[12]]<<12 | spreadTable[p[13]]<<13 | spreadTable[p[14]]<<14 |
					spreadTable[p[15]]<<15
			} else {
				for i := len(chunk) - 1; i >= g; i-- {
					w = w<<1 | spreadTable[chunk[i]]
				}
			}
			b.Struct |= (w & 0xFFFF) << g
			b.Bad |= (w >> 16 & 0xFFFF) << g
			b.Extra |= (w >> 32 & 0xFFFF) << g
			b.Upper |= (w >> 48) << g
		}
		dst[n] = b
		n++
	}
	return n
}
