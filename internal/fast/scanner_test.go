package fast

import (
	"testing"

	"github.com/spanurl/spanurl/internal/asm"
)

// scannerOf sets up a scanner over s, as ParseAbsolute and Resolve do.
func scannerOf(s string) *scanner {
	sc := &scanner{s: s}
	sc.count, sc.sum = asm.ClassifySummary(sc.blocks[:], s)
	return sc
}

// TestSpanMask checks spanMask against a bit-by-bit construction for every
// lo and hi in 0..64, including the empty spans (hi <= lo).
func TestSpanMask(t *testing.T) {
	for lo := 0; lo <= 64; lo++ {
		for hi := 0; hi <= 64; hi++ {
			var want uint64
			for i := lo; i < hi; i++ {
				want |= 1 << uint(i)
			}
			if got := spanMask(lo, hi); got != want {
				t.Fatalf("spanMask(%d, %d) = %#x, want %#x", lo, hi, got, want)
			}
		}
	}
}
