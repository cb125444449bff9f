package asm

// Summary tells which classes occur anywhere in a string: bit j is set when field j of
// Block (in field order, as in classOf) is nonzero in some block of it.
type Summary uint8

// Bad reports whether the string has a byte of Block.Bad.
func (m Summary) Bad() bool { return m&classBad != 0 }

// Extra reports whether the string has a byte of Block.Extra.
func (m Summary) Extra() bool { return m&classExtra != 0 }

// classifySummaryGo is ClassifySummary built on classifySummed: the blocks past dst are
// classified into a window of its own, for the summary only. It is what the kernels
// without a summary of their own (NEON, the portable one) run, and what amd64 runs for
// an s longer than dst below AVX-512.
func classifySummaryGo(dst []Block, s string) (int, Summary) {
	n, sum := classifySummed(dst, s)
	if 64*n >= len(s) {
		return n, sum
	}
	var rest [4]Block
	for k := n; 64*k < len(s); {
		m, more := classifySummed(rest[:], s[64*k:])
		sum |= more
		k += m
	}
	return n, sum
}

// summarize is the Summary of blocks. Whether each class occurs is computed without a
// branch per class: where no kernel makes the summary (NEON, the portable kernel) this
// runs on every URL, and which classes a URL holds follows no pattern a predictor could
// learn.
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
	return Summary(nonzero(or.Struct) | nonzero(or.Bad)<<1 | nonzero(or.Extra)<<2 | nonzero(or.Upper)<<3 |
		nonzero(or.Slash)<<4 | nonzero(or.Dot)<<5 | nonzero(or.ColonBackslash)<<6 | nonzero(or.Term)<<7)
}

// nonzero is 1 when m is not 0, else 0, as arithmetic: (m | -m) has its top bit set
// exactly when m is not 0.
func nonzero(m uint64) uint8 {
	return uint8((m | -m) >> 63)
}
