//go:build (!amd64 && !arm64) || noasm

package asm

// Classify fills dst[k] with the masks of bytes s[64k : 64k+64] for k = 0, 1, ..., as many
// blocks as fit in dst (min(len(dst), ceil(len(s)/64))), and returns how many it filled. It
// never reads outside s and does not allocate.
//
// On this build (no assembly kernel for the architecture, or the noasm tag) it is
// ClassifyGeneric.
func Classify(dst []Block, s string) int {
	return ClassifyGeneric(dst, s)
}

// ClassifySummary is Classify, and also returns the Summary of all of s: of every block,
// also those past len(dst). It does not allocate.
func ClassifySummary(dst []Block, s string) (int, Summary) {
	return classifySummaryGo(dst, s)
}
