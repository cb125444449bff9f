//go:build abfast

package bench

// An in-process A/B of internal/fast, run by ab-fast.sh: REV's copy of
// the package (old) against the working tree's (new) over the same chunks
// of the corpora, alternating which runs first. Separate binaries run
// minutes apart on a shared VM disagree by more than most changes to the
// fast path are worth; within one binary the two copies see the same
// machine, chunk by chunk, so their totals repeat from run to run.
//
// The old and new loops are written out twice rather than built from one
// function value, so that the timed loops call ParseAbsolute and Resolve
// directly, as the benchmarks do, not through an indirect call per URL.

import (
	"fmt"
	"os"
	"sort"
	"testing"
	"time"

	"github.com/spanurl/spanurl/internal/fast"
	old "github.com/spanurl/spanurl/internal/fastabold"
	"github.com/spanurl/spanurl/internal/offsets"
	"github.com/spanurl/spanurl/record"
)

func TestABFast(t *testing.T) {
	for _, name := range []string{"absolute", "messy"} {
		abs, err := readLines(name + ".txt")
		skipOnNoData(t, err)
		shuffle(abs)
		contiguous(abs)
		abCompare(name, len(abs), func(lo, hi int) int {
			n := 0
			for _, s := range abs[lo:hi] {
				h, _, _ := old.ParseAbsolute(s, nil)
				n += len(h)
			}
			return n
		}, func(lo, hi int) int {
			n := 0
			for _, s := range abs[lo:hi] {
				h, _, _ := fast.ParseAbsolute(s, nil)
				n += len(h)
			}
			return n
		})
	}
	for _, w := range []struct {
		name string
		load func() (*Refs, error)
	}{{"relative", LoadRelative}, {"requests", LoadRequests}} {
		r, err := w.load()
		skipOnNoData(t, err)
		type base struct {
			href string
			p    offsets.Packed
		}
		bases := make([]base, len(r.Bases))
		for i, s := range r.Bases {
			if h, p, ok := fast.ParseAbsolute(s, nil); ok {
				bases[i] = base{h, p}
			}
		}
		abCompare(w.name, len(r.Ref), func(lo, hi int) int {
			n := 0
			for i := lo; i < hi; i++ {
				if b := bases[r.Base[i]]; b.href != "" {
					h, _, _ := old.Resolve(b.href, b.p, r.Ref[i], nil)
					n += len(h)
				}
			}
			return n
		}, func(lo, hi int) int {
			n := 0
			for i := lo; i < hi; i++ {
				if b := bases[r.Base[i]]; b.href != "" {
					h, _, _ := fast.Resolve(b.href, b.p, r.Ref[i], nil)
					n += len(h)
				}
			}
			return n
		})
	}
}

// abCompare times a and b over the same chunks of n inputs, alternating
// which goes first, and prints the ratio of the totals and the spread of
// the per-chunk ratios.
func abCompare(name string, n int, a, b func(lo, hi int) int) {
	chunk, rounds := 2000, 3000
	if os.Getenv("AB_WHOLE") != "" {
		// Whole passes over the shuffled corpus: its lines come from all
		// over memory, as in the benchmarks, instead of from a chunk that
		// the first of the two runs leaves in the cache for the second.
		// n-1, not n: lo below is taken modulo n-chunk, which is then 1,
		// so every pass starts at line 0 and leaves out the last line.
		chunk, rounds = n-1, 40
	}
	var ta, tb time.Duration
	var ratios []float64
	sink := 0
	timed := func(f func(lo, hi int) int, lo int) time.Duration {
		start := time.Now()
		sink += f(lo, lo+chunk)
		return time.Since(start)
	}
	for round := range rounds {
		lo := round * chunk % (n - chunk)
		var da, db time.Duration
		if round%2 == 0 {
			da = timed(a, lo)
			db = timed(b, lo)
		} else {
			db = timed(b, lo)
			da = timed(a, lo)
		}
		ta += da
		tb += db
		ratios = append(ratios, float64(db)/float64(da))
	}
	consume(sink)
	sort.Float64s(ratios)
	per := func(d time.Duration) float64 { return float64(d) / float64(rounds*chunk) }
	fmt.Printf("%-9s old %6.1f ns/URL  new %6.1f ns/URL  new/old %.3f  (per chunk: median %.3f, p10 %.3f, p90 %.3f)\n",
		name, per(ta), per(tb), float64(tb)/float64(ta), ratios[len(ratios)/2], ratios[len(ratios)/10], ratios[len(ratios)*9/10])
}
