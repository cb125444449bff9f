//go:build amd64 && !noasm

package asm

import "testing"

// archKernels lists the amd64 kernels this CPU can run (the others are skipped; see
// TestKernelsAvailable), called directly and through the dispatching entry point classify
// with kernelLevel forced to each level, which also covers its tail call into
// ClassifyGeneric. Forcing kernelLevel is a test-only hook: the tests of this package do
// not run in parallel, and the real value is restored after each call.
func archKernels() []kernel {
	ks := []kernel{{"dispatch-generic", viaLevel(levelGeneric)}}
	if hasAVX2 {
		ks = append(ks, kernel{"avx2", classifyAVX2}, kernel{"dispatch-avx2", viaLevel(levelAVX2)})
	}
	if hasAVX512 {
		ks = append(ks, kernel{"avx512", classifyAVX512}, kernel{"dispatch-avx512", viaLevel(levelAVX512)})
	}
	return ks
}

// benchKernels forces kernelLevel to each level this CPU supports.
func benchKernels() []benchKernel {
	force := func(level uint8) func() func() {
		return func() func() {
			saved := kernelLevel
			kernelLevel = level
			return func() { kernelLevel = saved }
		}
	}
	ks := []benchKernel{{"generic", force(levelGeneric)}}
	if hasAVX2 {
		ks = append(ks, benchKernel{"avx2", force(levelAVX2)})
	}
	if hasAVX512 {
		ks = append(ks, benchKernel{"avx512", force(levelAVX512)})
	}
	return ks
}

func viaLevel(level uint8) func([]Block, string) int {
	return func(dst []Block, s string) int {
		saved := kernelLevel
		kernelLevel = level
		n := classify(dst, s)
		kernelLevel = saved
		return n
	}
}

func TestKernelsAvailable(t *testing.T) {
	t.Logf("AVX-512 kernel: %v, AVX2 kernel: %v, Classify uses level %d", hasAVX512, hasAVX2, kernelLevel)
	if !hasAVX2 {
		t.Log("this CPU lacks AVX2+BMI2: the avx2 kernel is not tested here")
	}
	if !hasAVX512 {
		t.Log("this CPU lacks AVX-512 F/BW/VBMI+BMI2: the avx512 kernel is not tested here")
	}
}

// TestKernelModels replays, in Go, what each amd64 kernel computes for one byte with its
// tables, for all 256 byte values, so a change to classOf that a kernel's encoding cannot
// express fails here even on a CPU that cannot run that kernel.
func TestKernelModels(t *testing.T) {
	for c := 0; c < 256; c++ {
		w := want(string([]byte{byte(c)}), 1)[0]
		b := byte(c)

		// AVX-512: ASCII bytes take their permTable id, the others keep their value.
		id := b
		if b < 0x80 {
			id = permTable[b]
		}
		got := Block{Struct: bit(id == idStruct), Bad: bit(id&0x80 != 0), Extra: bit(id == idExtra), Upper: bit(id == idUpper)}
		if got != w {
			t.Errorf("AVX-512 model, byte %#02x: %s, want %s", c, fmtBlock(got), fmtBlock(w))
		}

		// AVX2: VPSHUFB yields 0 for bytes >= 0x80, else the entry at the low nibble.
		k := &avx2Consts
		lookup := func(tab *[32]byte) byte {
			if b >= 0x80 {
				return 0
			}
			return tab[b&15]
		}
		got = Block{
			Struct: bit(lookup(&k.structT) == b || b == k.question[0]),
			Bad:    bit(lookup(&k.badT) == b || int8(b) < int8(k.lowBad[0])),
			Extra:  bit(lookup(&k.extraT) == b),
			Upper:  bit(int8(b+k.upperBias[0]) < int8(k.upperLimit[0])),
		}
		if got != w {
			t.Errorf("AVX2 model, byte %#02x: %s, want %s", c, fmtBlock(got), fmtBlock(w))
		}
	}
}

func bit(v bool) uint64 {
	if v {
		return 1
	}
	return 0
}
