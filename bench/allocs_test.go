package bench

import (
	"math"
	"runtime"
	"testing"
)

// meterAllocs counts the heap allocations from now until the function it
// returns is called, right after the timed loop, and reports them per op
// as the metric allocs/URL, with its fraction: go test's own allocs/op is
// an integer, truncated, so that a fraction of an allocation per URL
// prints as 0. It resets the timer; the function it returns
// stops it (the framework would next, so nothing is lost). Both ends read
// runtime.MemStats, as the testing package does for allocs/op, outside
// the timed stretch.
func meterAllocs(b *testing.B) (stop func()) {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	start := m.Mallocs
	b.ResetTimer()
	return func() {
		b.StopTimer()
		runtime.ReadMemStats(&m)
		b.ReportMetric(float64(m.Mallocs-start)/float64(b.N), "allocs/URL")
	}
}

var allocSink []byte

func TestMeterAllocs(t *testing.T) {
	// Setup allocations before meterAllocs (one per op here, so that
	// counting them would show) are not counted; two ops in five allocate
	// once.
	r := testing.Benchmark(func(b *testing.B) {
		for range b.N {
			allocSink = make([]byte, 64)
		}
		stop := meterAllocs(b)
		for i := range b.N {
			if i%5 < 2 {
				allocSink = make([]byte, 64)
			}
		}
		stop()
	})
	got, ok := r.Extra["allocs/URL"]
	if !ok {
		t.Fatalf("no allocs/URL metric in %v", r.Extra)
	}
	if r.N < 1000 {
		t.Fatalf("only %d ops: the benchmark did not run long enough to test", r.N)
	}
	// The framework's own reads of the counters and a GC's bookkeeping
	// may add a few allocations per run; over thousands of ops that is far
	// below 0.01.
	if math.Abs(got-0.4) > 0.01 {
		t.Errorf("allocs/URL = %.4f over %d ops, want 0.4", got, r.N)
	}
	if r.AllocsPerOp() != 0 {
		t.Errorf("allocs/op = %d; the test expects go test's truncation to 0, which the metric is for", r.AllocsPerOp())
	}
}
