//go:build !amd64 || noasm

package asm

// classifySummed is Classify that also returns the Summary of the blocks it fills. No
// kernel of this build makes one, so it is summarized after.
func classifySummed(dst []Block, s string) (int, Summary) {
	n := Classify(dst, s)
	return n, summarize(dst[:n])
}

// summaryPast is the Summary of s from block k on (see summaryPastGeneric).
func summaryPast(s string, k int) Summary {
	return summaryPastGeneric(s, k)
}
