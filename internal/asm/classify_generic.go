package asm

// Block holds class masks for up to 64 consecutive input bytes: bit i of each mask
// describes byte i of the block. Bits for positions at or past the end of the input are
// zero in every mask, so a caller can test masks without knowing where the input ends.
//
// The fields are in the order of the class bits of classOf (classStruct is bit 0, classTerm
// bit 7); ClassifyGeneric and the AVX-512 kernel rely on that.
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
	// Slash marks '/'.
	Slash uint64
	// Dot marks '.'.
	Dot uint64
	// ColonBackslash marks ':' and '\\': the one ':' of a port, and the '\\' that a special
	// URL's authority or path may not hold, found without looking at every other byte of Struct.
	ColonBackslash uint64
	// Term marks '?' and '#' (the ends of a path).
	Term uint64
}

// Other is the mask of the Struct bytes of no subclass: '@', '%', '[' and ']'. A scanner that
// has found the one delimiter it looks for uses it to tell whether anything else is there.
func (b *Block) Other() uint64 {
	return b.Struct &^ (b.Slash | b.Dot | b.ColonBackslash | b.Term)
}

// Class bits returned by classOf, one per field of Block, in field order. Struct, Bad, Extra
// and Upper are disjoint; Slash, Dot, ColonBackslash and Term are disjoint subsets of Struct. The
// assembly kernels have their own encodings of the classes, but build their tables from
// classOf, so it is the single definition.
const (
	classStruct = 1 << iota
	classBad
	classExtra
	classUpper
	classSlash
	classDot
	classColonBackslash
	classTerm

	// classBase is the four disjoint classes; every byte is in at most one of them.
	classBase = classStruct | classBad | classExtra | classUpper
)

// classOf is the definition of the classes, written as a readable predicate. Every table
// (spreadTable here, the kernels' tables beside their assembly) is built from it, so no
// implementation can drift from it; TestClassOf and TestBlockDocs check it against the
// Block documentation.
func classOf(c byte) uint8 {
	switch {
	case c < 0x20 || c >= 0x7F || c == ' ' || c == '"' || c == '<' || c == '>':
		return classBad
	case 'A' <= c && c <= 'Z':
		return classUpper
	}
	switch c {
	case '/':
		return classStruct | classSlash
	case '.':
		return classStruct | classDot
	case ':', '\\':
		return classStruct | classColonBackslash
	case '?', '#':
		return classStruct | classTerm
	case '@', '%', '[', ']':
		return classStruct
	case '`', '{', '}', '\'', '^', '|':
		return classExtra
	}
	return 0
}

// spreadTable maps each byte value to its class bits spread over the eight bytes of a word:
// bit j of classOf (field j of Block) in bit 0 of byte j. Shifting entry i of an 8-byte
// group left by i and ORing the 8 entries gives, in byte j, the group's 8-bit mask of class
// j: three instructions per byte. Transposing the 8x8 matrix of bytes of a block's 8 words
// then gives the eight 64-bit masks.
var spreadTable = func() (t [256]uint64) {
	for c := range t {
		k := uint64(classOf(byte(c)))
		for j := 0; j < 8; j++ {
			t[c] |= (k >> j & 1) << (8 * j)
		}
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
		var w [8]uint64 // word g, byte j: the mask of class j for bytes 8g..8g+7
		for g := 0; g < len(chunk); g += 8 {
			if g+8 <= len(chunk) {
				p := chunk[g : g+8]
				w[g/8] = spreadTable[p[0]] | spreadTable[p[1]]<<1 | spreadTable[p[2]]<<2 |
					spreadTable[p[3]]<<3 | spreadTable[p[4]]<<4 | spreadTable[p[5]]<<5 |
					spreadTable[p[6]]<<6 | spreadTable[p[7]]<<7
			} else {
				var x uint64
				for i := len(chunk) - 1; i >= g; i-- {
					x = x<<1 | spreadTable[chunk[i]]
				}
				w[g/8] = x
			}
		}
		// Transpose the 8x8 matrix of bytes (byte j of word g to byte g of word j) by
		// swapping ever larger blocks: bytes, then 2-byte and 4-byte halves.
		w0, w1, w2, w3, w4, w5, w6, w7 := w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]
		const m8, m16, m32 = 0x00FF00FF00FF00FF, 0x0000FFFF0000FFFF, 0x00000000FFFFFFFF
		t0, t1, t2, t3 := (w0>>8^w1)&m8, (w2>>8^w3)&m8, (w4>>8^w5)&m8, (w6>>8^w7)&m8
		w0, w1, w2, w3, w4, w5, w6, w7 = w0^t0<<8, w1^t0, w2^t1<<8, w3^t1, w4^t2<<8, w5^t2, w6^t3<<8, w7^t3
		t0, t1, t2, t3 = (w0>>16^w2)&m16, (w1>>16^w3)&m16, (w4>>16^w6)&m16, (w5>>16^w7)&m16
		w0, w2, w1, w3, w4, w6, w5, w7 = w0^t0<<16, w2^t0, w1^t1<<16, w3^t1, w4^t2<<16, w6^t2, w5^t3<<16, w7^t3
		t0, t1, t2, t3 = (w0>>32^w4)&m32, (w1>>32^w5)&m32, (w2>>32^w6)&m32, (w3>>32^w7)&m32
		w0, w4, w1, w5, w2, w6, w3, w7 = w0^t0<<32, w4^t0, w1^t1<<32, w5^t1, w2^t2<<32, w6^t2, w3^t3<<32, w7^t3
		dst[n] = Block{Struct: w0, Bad: w1, Extra: w2, Upper: w3, Slash: w4, Dot: w5, ColonBackslash: w6, Term: w7}
		n++
	}
	return n
}
