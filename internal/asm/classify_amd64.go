//go:build amd64 && !noasm

package asm

import "golang.org/x/sys/cpu"

// kernelLevel is the kernel Classify runs (levelGeneric, levelAVX2 or levelAVX512), chosen
// from the CPU features during package initialization and never written again, so concurrent
// callers only ever read it. It is a byte that the assembly entry point classify tests,
// rather than a function variable, on purpose: a call through a function value holding an
// assembly function goes through an ABI wrapper and an indirect call, while Classify stays
// small enough to inline (TestInlining) and its caller calls classify directly.
var kernelLevel = func() uint8 {
	switch {
	case hasAVX512:
		return levelAVX512
	case hasAVX2:
		return levelAVX2
	}
	return levelGeneric
}()

const (
	levelGeneric = iota
	levelAVX2
	levelAVX512
)

// CPU features each kernel needs. BMI2 is for BZHI/SHRX/SHLX in the tail handling; the
// Intel and AMD CPUs with AVX2 have it too, but checking costs nothing.
var (
	hasAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VL && cpu.X86.HasAVX512VBMI &&
		cpu.X86.HasAVX512GFNI && cpu.X86.HasBMI2
	hasAVX2 = cpu.X86.HasAVX2 && cpu.X86.HasBMI2
)

// Classify fills dst[k] with the masks of bytes s[64k : 64k+64] for k = 0, 1, ..., as many
// blocks as fit in dst (min(len(dst), ceil(len(s)/64))), and returns how many it filled. It
// does not allocate, and the masks depend on s alone: the AVX2 kernel loads a short s as
// the 64 bytes around it within its 4 KiB page, which cannot fault, and clears the lanes
// that are not s's.
func Classify(dst []Block, s string) int {
	n, _ := classifySummed(dst, s)
	return n
}

// classifySummed is Classify that also returns the Summary of the blocks it fills, which
// every amd64 kernel makes as it goes.
func classifySummed(dst []Block, s string) (int, Summary) {
	if kernelLevel == levelAVX512 {
		// The one AVX-512 kernel also summarizes past dst: cut s to dst's blocks.
		return classifyAVX512(dst, s[:min(len(s), 64*len(dst))])
	}
	return classify(dst, s)
}

// ClassifySummary is Classify, and also returns the Summary of all of s: of every block,
// also those past len(dst). It does not allocate.
func ClassifySummary(dst []Block, s string) (int, Summary) {
	return classifySummary(dst, s)
}

// classifySummary jumps to classifyAVX512 when kernelLevel is levelAVX512, else to classify
// when all of s fits in dst, else to classifySummaryGo: one direct call for the caller, as
// with classify.
//
//go:noescape
func classifySummary(dst []Block, s string) (n int, sum Summary)

// classify jumps to the kernel kernelLevel names below AVX-512 (classifyAVX2 or
// classifyGenericSummed), which returns the Summary of the blocks it fills with them.
//
//go:noescape
func classify(dst []Block, s string) (n int, sum Summary)

// summaryPast is the Summary of s from block k on, and maybe of some of the 64 bytes before
// it, which callers have summarized already. Below AVX-512 (whose kernel summarizes past dst
// itself) the AVX2 machine has summaryAVX2, which finds only Bad and Extra bytes, with no
// masks to make or store: the part of an input past the scanner's window (a long query
// string, often) is not classified for a summary that no one reads masks of.
func summaryPast(s string, k int) Summary {
	if kernelLevel == levelAVX2 && k > 0 && 64*k < len(s) {
		return summaryAVX2(s[min(64*k, len(s)-64):])
	}
	return summaryPastGeneric(s, k)
}

// summaryAVX2 is the Summary of s, for len(s) >= 64: 64 bytes a step, then the last 64
// bytes of s (again, in part).
//
//go:noescape
func summaryAVX2(s string) Summary

// classifyGenericSummed is ClassifyGeneric with the Summary of the blocks it fills: the
// results classify returns.
//
//lint:ignore U1000 called only from classify_amd64.s (classify's tail call below AVX2).
func classifyGenericSummed(dst []Block, s string) (int, Summary) {
	n := ClassifyGeneric(dst, s)
	return n, summarize(dst[:n])
}

// classifyAVX512 is ClassifySummary, in one pass, for CPUs with AVX-512F, AVX-512BW,
// AVX-512VL, AVX-512VBMI, GFNI and BMI2 (Intel Ice Lake and later, AMD Zen 4 and later);
// Classify calls it with s cut to the blocks that fit in dst.
//
//go:noescape
func classifyAVX512(dst []Block, s string) (n int, sum Summary)

// classifyAVX2 is Classify for CPUs with AVX2 and BMI2; it also returns the Summary of the
// blocks it fills.
//
//go:noescape
func classifyAVX2(dst []Block, s string) (n int, sum Summary)

// permTable is the 128-entry VPERMI2B table of the AVX-512 kernel: classOf itself, whose
// bits are in the order of the fields of Block.
var permTable = func() (t [128]byte) {
	for c := range t {
		t[c] = classOf(byte(c))
	}
	return t
}()

// avx512Vectors is the layout of avx512Consts, the AVX-512 kernel's constant vectors (64
// bytes each); the assembly finds the fields through go_asm.h.
type avx512Vectors struct {
	// top is 0x7F in every byte: VPMINUB maps every byte >= 0x80 to it, for the 128-entry
	// lookup; they are all in the same classes as 0x7F (checked at init).
	// reverse is the VPSHUFB index that reverses the bytes of each 8-byte group.
	// sel is the data of VGF2P8AFFINEQB: 1<<j in byte j of each 8-byte group.
	// transpose is the VPERMB index that moves byte j of group g to byte g of group j.
	top, reverse, sel, transpose [64]byte
}

var avx512Consts = func() (k avx512Vectors) {
	for c := 0x80; c < 0x100; c++ {
		if classOf(byte(c)) != classOf(0x7F) {
			panic("asm: AVX-512 kernel: a byte >= 0x80 is not in the classes of 0x7F")
		}
	}
	for i := 0; i < 64; i++ {
		g, j := i/8, i%8
		k.top[i] = 0x7F
		k.reverse[i] = byte(i%16&^7 + 7 - j) // VPSHUFB indexes within each 16-byte lane
		k.sel[i] = 1 << j
		k.transpose[i] = byte(8*j + g)
	}
	return k
}()

// avx2Vectors is the layout of avx2Consts; the assembly finds the fields through go_asm.h.
type avx2Vectors struct {
	structT, extraT, badT                    [32]byte
	question, lowBad, upperBias, upperLimit  [32]byte
	slash, dot, colon0, colon1, term0, term1 [32]byte
}

// avx2Consts holds the vectors of the AVX2 kernel, each 32 bytes (one YMM load). The kernel
// has no 128-entry lookup, so it matches each class exactly instead: VPSHUFB indexes a
// 16-entry table with the low nibble of each byte, and the byte is in the class when the
// entry equals the byte itself. That works because within each class no two ASCII bytes
// share a low nibble, except '?' and '/' among the delimiters (hence the extra compare with
// question) and the ranges handled by compares: controls, space and bytes >= 0x80 (signed
// byte < 0x21) for Bad, and 'A'..'Z' (byte+upperBias < upperLimit, signed) for Upper.
// Unused entries hold 0x80, which no ASCII byte equals; bytes >= 0x80 make VPSHUFB return
// 0, which they do not equal either. Slash and Dot are one byte each, ColonBackslash and
// Term two (slash, dot, colon0, colon1, term0, term1), found in classOf; the kernel
// compares with each.
var avx2Consts = func() (k avx2Vectors) {
	subclass := func(class uint8, vs ...*[32]byte) {
		n := 0
		for c := 0; c < 256; c++ {
			if classOf(byte(c))&class == 0 {
				continue
			}
			if n == len(vs) {
				panic("asm: AVX2 constants: a subclass has more bytes than the kernel compares with")
			}
			for i := range vs[n] {
				vs[n][i] = byte(c)
			}
			n++
		}
		if n != len(vs) {
			panic("asm: AVX2 constants: a subclass has fewer bytes than the kernel compares with")
		}
	}
	subclass(classSlash, &k.slash)
	subclass(classDot, &k.dot)
	subclass(classColonBackslash, &k.colon0, &k.colon1)
	subclass(classTerm, &k.term0, &k.term1)
	for i := 0; i < 32; i++ {
		k.structT[i], k.extraT[i], k.badT[i] = 0x80, 0x80, 0x80
		k.question[i] = '?'
		k.lowBad[i] = 0x21
		k.upperBias[i] = 0x80 - 'A'
		k.upperLimit[i] = 0x80 + 26
	}
	for c := 0x21; c < 0x80; c++ {
		var t *[32]byte
		switch classOf(byte(c)) & classBase {
		case classStruct:
			if c == '?' {
				continue
			}
			t = &k.structT
		case classExtra:
			t = &k.extraT
		case classBad:
			t = &k.badT
		default:
			continue
		}
		if t[c&15] != 0x80 {
			panic("asm: AVX2 class tables: two bytes of one class share a low nibble")
		}
		t[c&15], t[c&15+16] = byte(c), byte(c)
	}
	return k
}()
