package asm

// classifyBlockGo is ClassifyBlock through Classify: every kernel but
// AVX-512's, which returns the masks without a Block in memory to zero
// first.
func classifyBlockGo(s string) Block {
	var dst [1]Block
	Classify(dst[:], s)
	return dst[0]
}
