package asm

// Summary tells whether a string has a Bad byte and whether it has an Extra byte anywhere,
// past the blocks that fit in dst too: bits classBad and classExtra (summaryClasses) of
// classOf's encoding, the other bits zero. A scanner learns from it that no component needs
// a closer look, which is all it asks. The other classes are not summarized: the AVX2
// kernel's loop then ORs two masks per block instead of testing each of eight.
type Summary uint8

// summaryClasses are the classes a Summary tells about.
//
//lint:ignore U1000 the AVX-512 kernel reads it (const_summaryClasses), which staticcheck does not see
const summaryClasses = classBad | classExtra

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
	return n, sum | summaryPast(s, n)
}

// summaryPastGeneric is the Summary of s from block k on, its blocks classified into a
// window of their own: what summaryPast is where no kernel summarizes without classifying.
func summaryPastGeneric(s string, k int) Summary {
	var rest [4]Block
	var sum Summary
	for 64*k < len(s) {
		m, more := classifySummed(rest[:], s[64*k:])
		sum |= more
		k += m
	}
	return sum
}

// summarize is the Summary of blocks. Whether each class occurs is computed without a
// branch: where no kernel makes the summary (NEON, the portable kernel) this runs on every
// URL, and which classes a URL holds follows no pattern a predictor could learn.
func summarize(blocks []Block) Summary {
	var bad, extra uint64
	for i := range blocks {
		bad |= blocks[i].Bad
		extra |= blocks[i].Extra
	}
	return Summary(nonzero(bad)*classBad | nonzero(extra)*classExtra)
}

// nonzero is 1 when m is not 0, else 0, as arithmetic: (m | -m) has its top bit set
// exactly when m is not 0.
func nonzero(m uint64) uint8 {
	return uint8((m | -m) >> 63)
}
