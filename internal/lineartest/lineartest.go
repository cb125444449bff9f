package lineartest

import (
	"runtime"
	"testing"
	"time"
)

// Rounds is how many runs of each size Ratio takes.
const Rounds = 7

// Attempts is how many times Check measures a ratio over its limit before
// it fails.
const Attempts = 3

// minRun is the least time a measurement runs a function for: a call
// shorter than that is repeated and its time averaged, so that the
// clock's grain and one-off costs (a page fault, the allocator's first
// span of a size) do not decide the ratio of two short calls.
const minRun = 2 * time.Millisecond

// Ratio returns the best time of large over the best time of small, from
// rounds runs of each, interleaved: small, large, small, large, ...
// A run is one call, or the average of as many calls as take minRun.
// A best small time under a nanosecond counts as one.
func Ratio(rounds int, small, large func()) (ratio float64, bestSmall, bestLarge time.Duration) {
	bestSmall, bestLarge = time.Duration(1<<63-1), time.Duration(1<<63-1)
	timed := func(f func()) time.Duration {
		runtime.GC()
		for n := 1; ; n *= 2 {
			d := clock(func() {
				for range n {
					f()
				}
			})
			if d >= minRun || n >= 1<<20 {
				return d / time.Duration(n)
			}
		}
	}
	for range rounds {
		bestSmall = min(bestSmall, timed(small))
		bestLarge = min(bestLarge, timed(large))
	}
	return float64(bestLarge) / float64(max(bestSmall, time.Nanosecond)), bestSmall, bestLarge
}

// Check fails t when large takes more than limit times as long as small
// in Attempts measurements by Ratio in a row. It warms both up first (lazy
// tables, grown buffers) and logs the ratio it accepts or the last one.
//
// Under the race detector Check skips t: the detector's cost of a large
// allocation grows faster than its size, so a ratio would measure it
// rather than the code. test.sh runs every test without it too.
func Check(t testing.TB, limit float64, small, large func()) {
	t.Helper()
	if raceEnabled {
		t.Skip("linear-time ratios are measured without the race detector")
	}
	small()
	large()
	var ratio float64
	var ts, tl time.Duration
	for attempt := 1; attempt <= Attempts; attempt++ {
		ratio, ts, tl = Ratio(Rounds, small, large)
		if ratio <= limit {
			t.Logf("small %v, large %v: ratio %.1f (attempt %d)", ts, tl, ratio, attempt)
			return
		}
	}
	t.Errorf("small %v, large %v: ratio %.1f, over %.0f in %d attempts: not linear", ts, tl, ratio, limit, Attempts)
}
