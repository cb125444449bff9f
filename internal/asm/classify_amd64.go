//go:build amd64 && !noasm

package asm

import "golang.org/x/sys/cpu"

// kernelLevel is the kernel Classify runs (levelGeneric, levelAVX2 or levelAVX512), chosen
// from the CPU features during package initialization and never written again, so concurrent
// callers only ever read it. It is a byte that the assembly entry point classify tests,
// rather than a function variable, on purpose: a call through a function value holding an
// assembly function goes through an ABI wrapper and an indirect call, while Classify stays
// small enough to inline and its caller calls classify directly.
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
	hasAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VBMI && cpu.X86.HasBMI2
	hasAVX2   = cpu.X86.HasAVX2 && cpu.X86.HasBMI2
)

// Classify fills dst[k] with the masks of bytes s[64k : 64k+64] for k = 0, 1, ..., as many
// blocks as fit in dst (min(len(dst), ceil(len(s)/64))), and returns how many it filled. It
// never reads outside s and does not allocate.
func Classify(dst []Block, s string) int {
	return classify(dst, s)
}

// classify jumps to the kernel kernelLevel names (classifyAVX512, classifyAVX2, or
// ClassifyGeneric).
//
//go:noescape
func classify(dst []Block, s string) int

// classifyAVX512 is Classify for CPUs with AVX-512F, AVX-512BW, AVX-512VBMI and BMI2.
//
//go:noescape
func classifyAVX512(dst []Block, s string) int

// classifyAVX2 is Classify for CPUs with AVX2 and BMI2.
//
//go:noescape
func classifyAVX2(dst []Block, s string) int

// Class ids of the AVX-512 kernel: VPERMI2B maps each ASCII byte to one id (classes are
// disjoint), and one compare per class turns the ids into mask bits. Bad is bit 7 so that
// VPMOVB2M extracts it and so that bytes >= 0x80, which skip the lookup and keep their own
// value, come out Bad for free. The assembly reads these through go_asm.h.
const (
	idStruct = 1
	idExtra  = 2
	idUpper  = 3
	idBad    = 0x80
)

// permTable is the 128-entry class-id table of the AVX-512 kernel, built from classOf so
// the two cannot disagree.
var permTable = func() (t [128]byte) {
	for c := range t {
		switch classOf(byte(c)) {
		case classStruct:
			t[c] = idStruct
		case classExtra:
			t[c] = idExtra
		case classUpper:
			t[c] = idUpper
		case classBad:
			t[c] = idBad
		}
	}
	return t
}()

// avx512Vectors is the layout of avx512Consts, the AVX-512 kernel's constant vectors (64
// bytes each, used as memory operands): 0x80 and the three class ids in every byte.
type avx512Vectors struct {
	high, idStruct, idExtra, idUpper [64]byte
}

var avx512Consts = func() (k avx512Vectors) {
	for i := 0; i < 64; i++ {
		k.high[i], k.idStruct[i], k.idExtra[i], k.idUpper[i] = 0x80, idStruct, idExtra, idUpper
	}
	return k
}()

// avx2Vectors is the layout of avx2Consts; the assembly finds the fields through go_asm.h.
type avx2Vectors struct {
	structT, extraT, badT                   [32]byte
	question, lowBad, upperBias, upperLimit [32]byte
}

// avx2Consts holds the vectors of the AVX2 kernel, each 32 bytes (one YMM load). The kernel
// has no 128-entry lookup, so it matches each class exactly instead: VPSHUFB indexes a
// 16-entry table with the low nibble of each byte, and the byte is in the class when the
// entry equals the byte itself. That works because within each class no two ASCII bytes
// share a low nibble, except '?' and '/' among the delimiters (hence the extra compare with
// question) and the ranges handled by compares: controls, space and bytes >= 0x80 (signed
// byte < 0x21) for Bad, and 'A'..'Z' (byte+upperBias < upperLimit, signed) for Upper.
// Unused entries hold 0x80, which no ASCII byte equals; bytes >= 0x80 make VPSHUFB return
// 0, which they do not equal either.
var avx2Consts = func() (k avx2Vectors) {
	for i := 0; i < 32; i++ {
		k.structT[i], k.extraT[i], k.badT[i] = 0x80, 0x80, 0x80
		k.question[i] = '?'
		k.lowBad[i] = 0x21
		k.upperBias[i] = 0x80 - 'A'
		k.upperLimit[i] = 0x80 + 26
	}
	for c := 0x21; c < 0x80; c++ {
		var t *[32]byte
		switch classOf(byte(c)) {
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
