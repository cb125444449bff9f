package bench

import (
	"testing"

	"github.com/spanurl/spanurl/span"
)

// The Arena benchmarks run Relative and Requests through one span.Arena
// (ParseRef), whose results are as permanent as (URL).Parse's but whose
// hrefs share 8 KiB blocks instead of being allocated one by one: the API
// for a crawler that keeps what it resolves. Like the Parser ones they are
// spanurl's alone; compare them with the same workload's row of the main
// table and with its Href control (cmd/ratios lists them together).

// BenchmarkArenaRelative: Relative through (*span.Arena).ParseRef.
func BenchmarkArenaRelative(b *testing.B) {
	r, err := LoadRelative()
	skipOnNoData(b, err)
	b.Run("spanurl", func(b *testing.B) { arenaRefs(b, r) })
}

// BenchmarkArenaRequests: Requests through (*span.Arena).ParseRef.
func BenchmarkArenaRequests(b *testing.B) {
	r, err := LoadRequests()
	skipOnNoData(b, err)
	b.Run("spanurl", func(b *testing.B) { arenaRefs(b, r) })
}

func arenaRefs(b *testing.B, r *Refs) {
	meterSteal(b)
	bases := spanBases(r)
	var a span.Arena
	timeLoop(b, r.AvgBytes, func(ops int) int {
		n := 0
		for i, k := 0, 0; k < ops; i, k = next(i, len(r.Ref)), k+1 {
			u, err := a.ParseRef(bases[r.Base[i]], r.Ref[i])
			if err != nil {
				n++
				continue
			}
			n += len(u.Href())
		}
		return n
	})
}
