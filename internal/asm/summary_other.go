//go:build !amd64 || noasm

package asm

// classifySummed is Classify that also returns the Summary of the blocks it fills. No
// kernel of this build makes one, so it is summarized after.
func classifySummed(dst []Block, s string) (int, Summary) {
	n := Classify(dst, s)
	return n, summarize(dst[:n])
}
