package bench

import (
	"testing"
	"unsafe"

	"github.com/spanurl/spanurl/span"
)

// The Parser benchmarks run the workloads through span.Parser, the API for
// byte input whose results alias its buffer until the next call (what a log
// processor or a proxy that handles a URL and moves on would use), beside
// the package-level functions that BenchmarkAbsolute and the rest measure.
// They are spanurl's alone, so cmd/ratios lists them with the Parallel ones;
// compare them with the same workload's row of the main table.

// BenchmarkParserAbsolute: Absolute through (*span.Parser).Parse.
func BenchmarkParserAbsolute(b *testing.B) {
	l := lines(b, "absolute.txt")
	b.Run("spanurl", func(b *testing.B) {
		parserLines(b, l)
	})
}

// BenchmarkParserMessy: Messy through (*span.Parser).Parse.
func BenchmarkParserMessy(b *testing.B) {
	l := lines(b, "messy.txt")
	b.Run("spanurl", func(b *testing.B) {
		parserLines(b, l)
	})
}

// BenchmarkParserRelative: Relative through (*span.Parser).ParseRef.
func BenchmarkParserRelative(b *testing.B) {
	r, err := LoadRelative()
	skipOnNoData(b, err)
	b.Run("spanurl", func(b *testing.B) {
		parserRefs(b, r)
	})
}

// BenchmarkParserRequests: Requests through (*span.Parser).ParseRef.
func BenchmarkParserRequests(b *testing.B) {
	r, err := LoadRequests()
	skipOnNoData(b, err)
	b.Run("spanurl", func(b *testing.B) {
		parserRefs(b, r)
	})
}

// BenchmarkParserRequestsWarm is a control for ParserRequests: the same
// parse over 256 of its references (every len/256-th, so long and short
// ones come in the corpus's proportions), again and again. Their bytes and
// bases stay in the caches and the branch predictor learns them, so its
// ns/URL is the parse's own cost; ParserRequests' excess over it is what
// walking the whole corpus through memory adds.
func BenchmarkParserRequestsWarm(b *testing.B) {
	r, err := LoadRequests()
	skipOnNoData(b, err)
	b.Run("spanurl", func(b *testing.B) {
		parserRefs(b, sample(r, 256))
	})
}

// sample returns at most n of r's references, evenly spaced over it, with
// r's bases.
func sample(r *Refs, n int) *Refs {
	n = min(n, len(r.Ref))
	s := &Refs{Bases: r.Bases, Hosts: r.Hosts}
	var total int64
	for k := range n {
		i := k * len(r.Ref) / n
		s.Ref = append(s.Ref, r.Ref[i])
		s.Base = append(s.Base, r.Base[i])
		total += int64(len(r.Ref[i]))
	}
	if n > 0 {
		s.AvgBytes = total / int64(n)
	}
	return s
}

func parserLines(b *testing.B, l *Lines) {
	meterSteal(b)
	lines := l.Lines
	var p span.Parser
	timeLoop(b, l.AvgBytes, func(ops int) int {
		n := 0
		for i, k := 0, 0; k < ops; i, k = next(i, len(lines)), k+1 {
			u, err := p.Parse(asBytes(lines[i]))
			if err != nil {
				n++
				continue
			}
			n += len(u.Href())
		}
		return n
	})
}

func parserRefs(b *testing.B, r *Refs) {
	meterSteal(b)
	bases := spanBases(r)
	var p span.Parser
	timeLoop(b, r.AvgBytes, func(ops int) int {
		n := 0
		for i, k := 0, 0; k < ops; i, k = next(i, len(r.Ref)), k+1 {
			u, err := p.ParseRef(bases[r.Base[i]], asBytes(r.Ref[i]))
			if err != nil {
				n++
				continue
			}
			n += len(u.Href())
		}
		return n
	})
}

// asBytes views s as bytes without copying, as a reader's line buffer
// would hold it. The Parser only reads its input, and copies into its own
// memory only an href that lies in it (span/parser.go's view and own).
func asBytes(s string) []byte {
	return unsafe.Slice(unsafe.StringData(s), len(s))
}

// BenchmarkParserRelativeParallel: ParserRelative from GOMAXPROCS
// goroutines, each with its own span.Parser, sharing the parsed bases (run
// with -cpu 1,2): the scaling of the path that allocates nothing.
func BenchmarkParserRelativeParallel(b *testing.B) {
	r, err := LoadRelative()
	skipOnNoData(b, err)
	b.Run("spanurl", func(b *testing.B) {
		bases := spanBases(r)
		runParallel(b, len(r.Ref), r.AvgBytes, func(pb *testing.PB, i int) int {
			var p span.Parser
			n := 0
			for pb.Next() {
				u, err := p.ParseRef(bases[r.Base[i]], asBytes(r.Ref[i]))
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
