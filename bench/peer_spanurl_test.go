package bench

import (
	"strings"
	"sync/atomic"
	"testing"

	"github.com/spanurl/spanurl/span"
)

func init() {
	register(&peer{
		name: "spanurl",
		rank: 0,
		href: func(ref, base string) (string, error) {
			var b span.URL
			if base != "" {
				var err error
				if b, err = span.Parse(base); err != nil {
					return "", err
				}
			}
			u, err := b.Parse(ref)
			return u.Href(), err
		},
		absolute: func(lines []string) loop {
			return func(ops int) int {
				n := 0
				for i, k := 0, 0; k < ops; i, k = next(i, len(lines)), k+1 {
					u, err := span.Parse(lines[i])
					if err != nil {
						n++
						continue
					}
					n += len(u.Href())
				}
				return n
			}
		},
		canParse: func(lines []string) loop {
			return func(ops int) int {
				n := 0
				for i, k := 0, 0; k < ops; i, k = next(i, len(lines)), k+1 {
					if span.CanParse(lines[i]) {
						n++
					}
				}
				return n
			}
		},
		relative: func(r *Refs) loop {
			bases := spanBases(r)
			return func(ops int) int {
				n := 0
				for i, k := 0, 0; k < ops; i, k = next(i, len(r.Ref)), k+1 {
					u, err := bases[r.Base[i]].Parse(r.Ref[i])
					if err != nil {
						n++
						continue
					}
					n += len(u.Href())
				}
				return n
			}
		},
		hosts: func(urls []string) loop {
			return func(ops int) int {
				n := 0
				for i, k := 0, 0; k < ops; i, k = next(i, len(urls)), k+1 {
					u, err := span.Parse(urls[i])
					if err != nil {
						n++
						continue
					}
					n += len(u.Hostname()) + len(u.Host())
				}
				return n
			}
		},
	})
}

// BenchmarkAbsoluteParallel: Absolute for spanurl from GOMAXPROCS goroutines
// (run with -cpu 1,2 to see the scaling).
func BenchmarkAbsoluteParallel(b *testing.B) {
	l := lines(b, "absolute.txt")
	b.Run("spanurl", func(b *testing.B) {
		lines := l.Lines
		runParallel(b, len(lines), l.AvgBytes, func(pb *testing.PB, i int) int {
			n := 0
			for pb.Next() {
				u, err := span.Parse(lines[i])
				if err != nil {
					n++
				} else {
					n += len(u.Href())
				}
				i = next(i, len(lines))
			}
			return n
		})
	})
}

// BenchmarkRelativeParallel: Relative for spanurl from GOMAXPROCS
// goroutines sharing the parsed bases (run with -cpu 1,2).
func BenchmarkRelativeParallel(b *testing.B) {
	r, err := LoadRelative()
	skipOnNoData(b, err)
	b.Run("spanurl", func(b *testing.B) {
		bases := spanBases(r)
		runParallel(b, len(r.Ref), r.AvgBytes, func(pb *testing.PB, i int) int {
			n := 0
			for pb.Next() {
				u, err := bases[r.Base[i]].Parse(r.Ref[i])
				if err != nil {
					n++
				} else {
					n += len(u.Href())
				}
				i = next(i, len(r.Ref))
			}
			return n
		})
	})
}

// runParallel is the frame of the Parallel benchmarks over a corpus of n
// items: body runs in each of GOMAXPROCS goroutines from its own place i
// in the corpus, until pb says stop, and returns its count for consume.
// The timer starts here: what the caller set up before is not measured.
func runParallel(b *testing.B, n int, bytes int64, body func(pb *testing.PB, i int) int) {
	meterSteal(b)
	b.SetBytes(bytes)
	b.ReportAllocs()
	var start atomic.Int64
	stop := meterAllocs(b)
	b.RunParallel(func(pb *testing.PB) {
		consume(body(pb, int(start.Add(7919))%n))
	})
	stop()
}

// BenchmarkSpinParallel is the control for the Parallel benchmarks: a loop
// of register arithmetic with no memory traffic and nothing shared, run
// the same way (-cpu 1,2). Its speedup is what this machine's cores give
// to work that shares nothing at all and waits on each step's result, which
// leaves most of a core idle: it does not see a thread that shares the
// physical core (SpinWideParallel does).
func BenchmarkSpinParallel(b *testing.B) {
	b.Run("control", func(b *testing.B) {
		meterSteal(b)
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			x := uint64(88172645463325252)
			for pb.Next() {
				for range 64 { // about as long as parsing one URL
					x ^= x << 13
					x ^= x >> 7
					x ^= x << 17
				}
			}
			consume(int(x & 1))
		})
	})
}

// BenchmarkSpinWideParallel is SpinParallel with eight chains of the same
// arithmetic side by side instead of one: as much work per op, but no
// longer one step at a time, so that it keeps the core busy as a parse
// does. The chains live in an array, which Go keeps in memory, so each
// step also loads and stores its chain, as a parse reads and writes its
// masks. One chain cannot tell whether it has the physical
// core to itself: a second thread on it (a sibling hyperthread, here
// another guest's vCPU, which the hypervisor may schedule there) takes the
// units it leaves idle. Eight chains notice, so its speedup, beside
// SpinParallel's, shows how much of a spread in the URL workloads'
// speedups the machine makes with nothing shared in the program at all.
func BenchmarkSpinWideParallel(b *testing.B) {
	b.Run("control", func(b *testing.B) {
		meterSteal(b)
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			var x [8]uint64
			for i := range x {
				x[i] = 88172645463325252 + uint64(i)*7919
			}
			for pb.Next() {
				for range 8 { // 8 x 8 steps: SpinParallel's 64
					for i := range x {
						x[i] ^= x[i] << 13
						x[i] ^= x[i] >> 7
						x[i] ^= x[i] << 17
					}
				}
			}
			v := uint64(0)
			for _, xi := range x {
				v ^= xi
			}
			consume(int(v & 1)) // every chain's result, so that none can be dropped
		})
	})
}

// BenchmarkSpinAllocParallel is the control's loop with Relative's
// allocations added: every op about 40 rounds of the same arithmetic, and
// two ops in five join a 25-byte string to a 40-59-byte one (0.4 new
// strings and about 30 B per op, as (URL).Parse makes on relative.tsv).
// Its speedup against SpinParallel's is what Go's allocator and collector
// leave of this machine's two cores to work that allocates at that rate,
// with nothing else shared.
func BenchmarkSpinAllocParallel(b *testing.B) {
	b.Run("control", func(b *testing.B) {
		prefix := strings.Repeat("p", 25)
		tails := make([]string, 1024)
		for i := range tails {
			tails[i] = strings.Repeat("t", 40+i%20)
		}
		meterSteal(b)
		b.ReportAllocs()
		stop := meterAllocs(b)
		defer stop()
		b.RunParallel(func(pb *testing.PB) {
			x := uint64(88172645463325252)
			n, i := 0, 0
			for pb.Next() {
				for range 40 {
					x ^= x << 13
					x ^= x >> 7
					x ^= x << 17
				}
				if i++; i%5 < 2 {
					n += len(prefix + tails[i&1023])
				}
			}
			consume(n + int(x&1))
		})
	})
}
