package asm

import (
	"math/rand/v2"
	"testing"
)

// blockKernel is one implementation of ClassifyBlock under test.
type blockKernel struct {
	name string
	fn   func(s string) Block
}

// allBlockKernels: ClassifyBlock as init chose, its portable version, and the
// architecture's (archBlockKernels, from the per-architecture test file).
func allBlockKernels() []blockKernel {
	return append([]blockKernel{{"ClassifyBlock", ClassifyBlock}, {"block-go", classifyBlockGo}}, archBlockKernels()...)
}

// wantBlock is the first block of want, or the zero Block for "".
func wantBlock(s string) Block {
	if w := want(s, 1); len(w) == 1 {
		return w[0]
	}
	return Block{}
}

func checkBlock(t *testing.T, k blockKernel, s string) {
	t.Helper()
	if got, w := k.fn(s), wantBlock(s); got != w {
		t.Fatalf("%s(len %d %q) = %s, want %s", k.name, len(s), s, fmtBlock(got), fmtBlock(w))
	}
}

// TestClassifyBlock: every length 0..130 (past 64 only the first block counts) at
// four alignments, with one byte of each class planted at every position of the
// first block in turn, and random inputs.
func TestClassifyBlock(t *testing.T) {
	buf := make([]byte, 140)
	for _, k := range allBlockKernels() {
		for n := 0; n <= 130; n++ {
			for off := 0; off < 4; off++ {
				for i := range buf {
					buf[i] = 'a'
				}
				s := buf[off : off+n]
				checkBlock(t, k, string(s))
				for pos := 0; pos < min(n, 64); pos += 7 {
					for _, c := range []byte{'/', '.', ':', '\\', '?', '#', '@', '%', ' ', 0x80, 'Q', '`', 0} {
						s[pos] = c
						checkBlock(t, k, string(s))
						s[pos] = 'a'
					}
				}
			}
		}
		r := rand.New(rand.NewPCG(1, 2))
		for range 2000 {
			s := make([]byte, r.IntN(100))
			for i := range s {
				s[i] = byte(r.IntN(256))
			}
			checkBlock(t, k, string(s))
		}
	}
}

func TestClassifyBlockNoAllocs(t *testing.T) {
	s := "https://example.com/a/b?c=d#e"
	for _, k := range allBlockKernels() {
		if a := testing.AllocsPerRun(100, func() { k.fn(s) }); a != 0 {
			t.Errorf("%s: %v allocs per run, want 0", k.name, a)
		}
	}
}
