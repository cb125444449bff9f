package asm

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// summaryKernel is one implementation of ClassifySummary under test.
type summaryKernel struct {
	name string
	fn   func(dst []Block, s string) (int, Summary)
}

// allSummaryKernels lists ClassifySummary as callers see it, the portable version, and the
// architecture's own (archSummaryKernels).
func allSummaryKernels() []summaryKernel {
	return append([]summaryKernel{{"ClassifySummary", ClassifySummary}, {"go", classifySummaryGo}}, archSummaryKernels()...)
}

// wantSummary is the Summary by definition: whether the Bad and the Extra fields of
// want's blocks, over all of s, are nonzero anywhere, written without summarize.
func wantSummary(s string) Summary {
	var sum Summary
	for _, b := range want(s, blocksFor(len(s))) {
		if b.Bad != 0 {
			sum |= classBad
		}
		if b.Extra != 0 {
			sum |= classExtra
		}
	}
	return sum
}

// checkSummary runs k on s with dstLen blocks: the blocks and count must be Classify's (the
// first window, even when s is longer; check tests them), and the summary that of all of s.
func checkSummary(t *testing.T, k summaryKernel, s string, dstLen int) {
	t.Helper()
	var sum Summary
	check(t, kernel{k.name, func(dst []Block, s string) int {
		n, m := k.fn(dst, s)
		sum = m
		return n
	}}, s, dstLen)
	if ws := wantSummary(s); sum != ws {
		t.Fatalf("%s(len(dst)=%d, len(s)=%d %q): summary %08b, want %08b", k.name, dstLen, len(s), s, sum, ws)
	}
}

// TestClassifySummary runs every length 0..700 (windows of 0 to 5 blocks, so the rest past
// dst is empty, whole blocks, a partial block, or both), at several alignments, on bytes of
// no class but one, of a random class, at a random place in the last 64 bytes: a summary
// that skips the part past dst or the tail shows up.
func TestClassifySummary(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const plain = "abcdefghijklmnopqrstuvwxyz0123456789-_~!$&()*+,;="
	const special = "A/.:?#@`\x80 "
	buf := make([]byte, 700+16)
	for _, k := range allSummaryKernels() {
		for n := 0; n <= 700; n++ {
			for _, off := range []int{0, 1, 15} {
				for i := range buf {
					buf[i] = plain[rng.IntN(len(plain))]
				}
				if n > 0 {
					buf[off+n-1-rng.IntN(min(n, 64))] = special[rng.IntN(len(special))]
				}
				s := string(buf[off : off+n])
				for dstLen := 0; dstLen <= 5; dstLen++ {
					checkSummary(t, k, s, dstLen)
				}
			}
		}
	}
}

// TestClassifySummaryRandom compares every implementation with the definition on random
// bytes.
func TestClassifySummaryRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, k := range allSummaryKernels() {
		for iter := 0; iter < 3000; iter++ {
			b := make([]byte, rng.IntN(600))
			for i := range b {
				b[i] = byte(rng.Uint32())
			}
			checkSummary(t, k, string(b), rng.IntN(6))
		}
	}
}

func TestClassifySummaryNoAllocs(t *testing.T) {
	s := strings.Repeat("https://example.com/path?q=1#f", 20)
	var dst [4]Block
	for _, k := range allSummaryKernels() {
		if a := testing.AllocsPerRun(100, func() { k.fn(dst[:], s) }); a != 0 {
			t.Errorf("%s: %v allocs per run, want 0", k.name, a)
		}
	}
}

// TestSummaryEveryPosition puts one byte of a class, or of none, at every position of inputs
// longer than dst, among bytes of no class: the Summary must tell that byte's classes
// wherever it is, in dst's blocks, in the whole blocks past them or in the partial last
// one (which summaryAVX2 reads as the last 64 bytes of s, overlapping the block before).
func TestSummaryEveryPosition(t *testing.T) {
	const plain = "abcdefghijklmnopqrstuvwxyz0123456789-_~!$&()*+,;="
	const special = " \x00\x7f\x80\xff\"<`{|'^A/.%"
	rng := rand.New(rand.NewPCG(9, 10))
	buf := make([]byte, 800)
	for _, k := range allSummaryKernels() {
		for _, n := range []int{65, 100, 127, 128, 129, 191, 255, 256, 257, 300, 319, 320, 321, 383, 511, 700} {
			for dstLen := 1; dstLen <= 5; dstLen++ {
				var dst [5]Block
				for p := 0; p < n; p++ {
					off := rng.IntN(32)
					for i := range buf[:off+n] {
						buf[i] = plain[rng.IntN(len(plain))]
					}
					c := special[rng.IntN(len(special))]
					buf[off+p] = c
					s := string(buf[off : off+n])
					if _, sum := k.fn(dst[:dstLen], s); sum != Summary(classOf(c)&summaryClasses) {
						t.Fatalf("%s(len(dst)=%d, len(s)=%d), %#02x at %d: summary %08b, want %08b",
							k.name, dstLen, n, c, p, sum, classOf(c)&summaryClasses)
					}
				}
			}
		}
	}
}

// BenchmarkClassifySummary is ClassifySummary as the scanner calls it, a window of four
// blocks, with each kernel level forced, on inputs that fit in the window and on longer
// ones, whose rest is only summarized.
func BenchmarkClassifySummary(b *testing.B) {
	for _, k := range benchKernels() {
		b.Run(k.name, func(b *testing.B) {
			restore := k.force()
			defer restore()
			for _, n := range []int{76, 300, 1200} {
				s := benchInput(n)
				b.Run(fmt.Sprint(n), func(b *testing.B) {
					var dst [4]Block
					b.SetBytes(int64(n))
					for b.Loop() {
						ClassifySummary(dst[:], s)
					}
				})
			}
		})
	}
}
