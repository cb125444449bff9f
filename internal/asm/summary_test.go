package asm

import (
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
