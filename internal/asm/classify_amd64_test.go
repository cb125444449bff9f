//go:build amd64 && !noasm

package asm

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// archKernels lists the amd64 kernels this CPU can run (the others are skipped; see
// TestKernelsAvailable), called directly and through Classify (and its dispatch, classify)
// with kernelLevel forced to each level, which also covers its tail call into
// ClassifyGeneric. Forcing kernelLevel is a test-only hook: the tests of this package do
// not run in parallel, and the real value is restored after each call.
func archKernels() []kernel {
	ks := []kernel{{"dispatch-generic", viaLevel(levelGeneric)}}
	if hasAVX2 {
		ks = append(ks, kernel{"avx2", avx2Blocks}, kernel{"dispatch-avx2", viaLevel(levelAVX2)})
	}
	if hasAVX512 {
		ks = append(ks, kernel{"avx512", avx512Blocks}, kernel{"dispatch-avx512", viaLevel(levelAVX512)})
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

// avx512Blocks is the AVX-512 kernel called as Classify calls it, with s cut to dst's
// blocks; the summary tests run it on the whole of s.
func avx512Blocks(dst []Block, s string) int {
	n, _ := classifyAVX512(dst, s[:min(len(s), 64*len(dst))])
	return n
}

// avx2Blocks is the AVX2 kernel's blocks (its Summary is checked through ClassifySummary).
func avx2Blocks(dst []Block, s string) int {
	n, _ := classifyAVX2(dst, s)
	return n
}

func viaLevel(level uint8) func([]Block, string) int {
	return func(dst []Block, s string) int {
		saved := kernelLevel
		kernelLevel = level
		n := Classify(dst, s)
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
		t.Log("this CPU lacks AVX-512 F/BW/VL/VBMI+GFNI+BMI2: the avx512 kernel is not tested here (its model is)")
	}
}

// TestKernelModels replays, in Go, what each amd64 kernel computes with its tables, so a
// change to classOf that a kernel's encoding cannot express fails here even on a CPU that
// cannot run that kernel: the AVX-512 kernel on blocks of every byte value at every
// position, the AVX2 kernel for each of the 256 byte values.
func TestKernelModels(t *testing.T) {
	for c := 0; c < 256; c++ {
		for _, bg := range []byte{'a', '/', 0x80} {
			for _, n := range []int{1, 17, 64} {
				b := make([]byte, n)
				for i := range b {
					b[i] = bg
				}
				for pos := 0; pos < n; pos++ {
					b[pos] = byte(c)
					if got, w := avx512Model(b), want(string(b), 1)[0]; got != w {
						t.Fatalf("AVX-512 model, byte %#02x at %d of %d (around %#02x): %s, want %s",
							c, pos, n, bg, fmtBlock(got), fmtBlock(w))
					}
					b[pos] = bg
				}
			}
		}

		w := want(string([]byte{byte(c)}), 1)[0]
		b := byte(c)
		// AVX2: VPSHUFB yields 0 for bytes >= 0x80, else the entry at the low nibble.
		k := &avx2Consts
		lookup := func(tab *[32]byte) byte {
			if b >= 0x80 {
				return 0
			}
			return tab[b&15]
		}
		got := Block{
			Struct:         bit(lookup(&k.structT) == b || b == k.question[0]),
			Bad:            bit(lookup(&k.badT) == b || int8(b) < int8(k.lowBad[0])),
			Extra:          bit(lookup(&k.extraT) == b),
			Upper:          bit(int8(b+k.upperBias[0]) < int8(k.upperLimit[0])),
			Slash:          bit(b == k.slash[0]),
			Dot:            bit(b == k.dot[0]),
			ColonBackslash: bit(b == k.colon0[0] || b == k.colon1[0]),
			Term:           bit(b == k.term0[0] || b == k.term1[0]),
		}
		if got != w {
			t.Errorf("AVX2 model, byte %#02x: %s, want %s", c, fmtBlock(got), fmtBlock(w))
		}
	}
}

// avx512Model is AVX512_BLOCK in Go, instruction by instruction, for up to 64 bytes.
func avx512Model(s []byte) Block {
	k := &avx512Consts
	var v [64]byte // the masked load zeroes the lanes past the end
	copy(v[:], s)
	for i := range v { // VPMINUB
		v[i] = min(v[i], k.top[i])
	}
	for i := range v { // VPERMI2B (7-bit indexes), zeroing the lanes past the end
		if i < len(s) {
			v[i] = permTable[v[i]&0x7F]
		} else {
			v[i] = 0
		}
	}
	var r [64]byte // VPSHUFB, within 16-byte lanes
	for i := range r {
		r[i] = v[i&^15+int(k.reverse[i]&15)]
	}
	r = gf2p8affineqb(&r, &k.sel) // the class bytes are the matrices
	var out [64]byte              // VPERMB
	for i := range out {
		out[i] = r[k.transpose[i]&63]
	}
	le := func(i int) (x uint64) {
		for j := 7; j >= 0; j-- {
			x = x<<8 | uint64(out[8*i+j])
		}
		return x
	}
	return Block{le(0), le(1), le(2), le(3), le(4), le(5), le(6), le(7)}
}

// gf2p8affineqb is VGF2P8AFFINEQB with immediate 0: byte j of group g of the result has
// bit i = parity(matrix byte 7-i of group g AND data byte j of group g).
func gf2p8affineqb(matrix, data *[64]byte) (r [64]byte) {
	for i := range r {
		g := i &^ 7
		for b := 0; b < 8; b++ {
			r[i] |= byte(bits.OnesCount8(matrix[g+7-b]&data[i])&1) << b
		}
	}
	return r
}

func bit(v bool) uint64 {
	if v {
		return 1
	}
	return 0
}

// archSummaryKernels lists the AVX-512 summary kernel when the CPU has it, and
// ClassifySummary with kernelLevel forced to each level this CPU supports.
func archSummaryKernels() []summaryKernel {
	via := func(level uint8) func([]Block, string) (int, Summary) {
		return func(dst []Block, s string) (int, Summary) {
			saved := kernelLevel
			kernelLevel = level
			n, sum := ClassifySummary(dst, s)
			kernelLevel = saved
			return n, sum
		}
	}
	ks := []summaryKernel{{"summary-generic", via(levelGeneric)}}
	if hasAVX2 {
		ks = append(ks, summaryKernel{"summary-avx2", via(levelAVX2)})
	}
	if hasAVX512 {
		ks = append(ks, summaryKernel{"summary-avx512", classifyAVX512}, summaryKernel{"summary-dispatch-avx512", via(levelAVX512)})
	}
	return ks
}

// TestSummaryAVX2 compares summaryAVX2 with the Summary by definition on every length
// 64..400 at every alignment 0..31, the bytes of no class but for up to three of a random
// class at random places (none in a quarter of the inputs).
func TestSummaryAVX2(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no AVX2")
	}
	const plain = "abcdefghijklmnopqrstuvwxyz0123456789-_~!$&()*+,;=/?#.:@"
	rng := rand.New(rand.NewPCG(11, 12))
	buf := make([]byte, 400+32)
	for n := 64; n <= 400; n++ {
		for off := 0; off < 32; off++ {
			for i := range buf {
				buf[i] = plain[rng.IntN(len(plain))]
			}
			for range rng.IntN(4) {
				buf[off+rng.IntN(n)] = byte(rng.Uint32())
			}
			s := string(buf[off : off+n])
			if got, w := summaryAVX2(s), wantSummary(s); got != w {
				t.Fatalf("len %d, offset %d, %q: %08b, want %08b", n, off, s, got, w)
			}
		}
	}
}
