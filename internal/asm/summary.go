package asm

// Summary tells which classes occur anywhere in a string: bit j is set when field j of
// Block (in field order, as in classOf) is nonzero in some block of it.
type Summary uint8

// Bad reports whether the string has a byte of Block.Bad.
func (m Summary) Bad() bool { return m&classBad != 0 }

// Extra reports whether the string has a byte of Block.Extra.
func (m Summary) Extra() bool { return m&classExtra != 0 }

// classifySummaryGo is ClassifySummary built on Classify: the blocks past dst are
// classified into a window of its own, for the summary only. It is the portable version
// and what the AVX-512 kernel is tested against.
func classifySummaryGo(dst []Block, s string) (int, Summary) {
	n := Classify(dst, s)
	sum := summarize(dst[:n])
	if 64*n >= len(s) {
		return n, sum
	}
	var rest [4]Block
	for k := n; 64*k < len(s); {
		m := Classify(rest[:], s[64*k:])
		sum |= summarize(rest[:m])
		k += m
	}
	return n, sum
}

// summarize is the Summary of blocks.
func summarize(blocks []Block) Summary {
	var or Block
	for i := range blocks {
		b := &blocks[i]
		or.Struct |= b.Struct
		or.Bad |= b.Bad
		or.Extra |= b.Extra
		or.Upper |= b.Upper
		or.Slash |= b.Slash
		or.Dot |= b.Dot
		or.ColonBackslash |= b.ColonBackslash
		or.Term |= b.Term
	}
	var sum Summary
	for j, m := range [8]uint64{or.Struct, or.Bad, or.Extra, or.Upper, or.Slash, or.Dot, or.ColonBackslash, or.Term} {
		if m != 0 {
			sum |= 1 << j
		}
	}
	return sum
}
