package bench

import (
	"errors"
	"sort"
	"sync/atomic"
	"testing"
)

// One benchmark operation is one URL: the loops cycle through a corpus with
// a wrapping index (next), so ns/op is ns per URL and allocs/URL (see
// meterAllocs) allocations per URL.
// Every peer sees the same inputs in the same (shuffled) order. A parse
// failure is a result like any other: it is counted and the loop goes on.
//
// Each peer lives in its own file (peer_<name>_test.go) and registers the
// workloads it supports; a nil workload is skipped with the reason in
// peer.missing.

// A loop runs a peer's workload over ops URLs of its corpus, cycling
// through it, and returns a count for consume. A peer's workload function
// does its setup (parsing the bases, converting lines to bytes) before it
// returns the loop, so that the setup is neither timed nor counted.
type loop func(ops int) int

// peer is one URL parser under test.
type peer struct {
	name string
	rank int // order of the sub-benchmarks: spanurl first

	// absolute parses each line as an absolute URL and reads its href
	// (Absolute and Messy).
	absolute func(lines []string) loop
	// canParse only reports whether each line parses.
	canParse func(lines []string) loop
	// relative resolves each reference against its base, parsed once
	// beforehand when the peer's API allows it, and reads the href
	// (Relative and Requests).
	relative func(r *Refs) loop
	// request resolves a request target against its Host (Requests); when
	// nil, relative is used with the bases "http://HOST/".
	request func(r *Refs) loop
	// hosts parses "http://HOST/" and reads the hostname and host.
	hosts func(urls []string) loop

	// href parses ref (against base unless base is "") and returns the
	// href, for TestSummary: failures and disagreements, not speed.
	href func(ref, base string) (string, error)

	missing map[string]string // workload -> why the peer skips it
}

var peers []*peer

func register(p *peer) {
	peers = append(peers, p)
	sort.SliceStable(peers, func(i, j int) bool { return peers[i].rank < peers[j].rank })
}

// sink keeps results alive so the compiler cannot drop the parsing.
var sink atomic.Int64

func consume(n int) { sink.Add(int64(n)) }

func skipOnNoData(b testing.TB, err error) {
	b.Helper()
	if errors.Is(err, ErrNoData) {
		b.Skipf("skipping: %v", err)
	}
	if err != nil {
		b.Fatal(err)
	}
}

func lines(b *testing.B, name string) *Lines {
	b.Helper()
	l, err := LoadLines(name)
	skipOnNoData(b, err)
	return l
}

// runPeers runs the workload as a sub-benchmark per peer over the corpus
// in (lines or references; bytes is its average input length), with the
// loop pick gives each peer, or skips the peer that has none.
func runPeers[In any](b *testing.B, workload string, in In, bytes int64, pick func(*peer) func(In) loop) {
	for _, p := range peers {
		b.Run(p.name, func(b *testing.B) {
			f := pick(p)
			if f == nil {
				b.Skipf("%s: %s", p.name, p.missing[workload])
			}
			meterSteal(b)
			timeLoop(b, bytes, f(in))
		})
	}
}

// timeLoop times run over b.N URLs, after whatever setup built it, and
// reports MB/s from bytes (the corpus's average input length) and the
// allocations per URL.
func timeLoop(b *testing.B, bytes int64, run loop) {
	b.SetBytes(bytes)
	b.ReportAllocs()
	stop := meterAllocs(b)
	consume(run(b.N))
	stop()
}

// BenchmarkAbsolute: parse an absolute URL (absolute.txt) and read its href.
func BenchmarkAbsolute(b *testing.B) {
	l := lines(b, "absolute.txt")
	runPeers(b, "Absolute", l.Lines, l.AvgBytes, func(p *peer) func([]string) loop { return p.absolute })
}

// BenchmarkCanParse: only whether an absolute URL (absolute.txt) parses.
func BenchmarkCanParse(b *testing.B) {
	l := lines(b, "absolute.txt")
	runPeers(b, "CanParse", l.Lines, l.AvgBytes, func(p *peer) func([]string) loop { return p.canParse })
}

// BenchmarkMessy: parse a URL with oddities (messy.txt) and read its href.
func BenchmarkMessy(b *testing.B) {
	l := lines(b, "messy.txt")
	runPeers(b, "Messy", l.Lines, l.AvgBytes, func(p *peer) func([]string) loop { return p.absolute })
}

// BenchmarkRelative: resolve an href from a saved page against the page's
// URL (relative.tsv), parsed once beforehand, and read the href.
func BenchmarkRelative(b *testing.B) {
	r, err := LoadRelative()
	skipOnNoData(b, err)
	runPeers(b, "Relative", r, r.AvgBytes, func(p *peer) func(*Refs) loop { return p.relative })
}

// BenchmarkRequests: resolve an HTTP request-target (requests.txt) against
// http://HOST/ and read the href.
func BenchmarkRequests(b *testing.B) {
	r, err := LoadRequests()
	skipOnNoData(b, err)
	runPeers(b, "Requests", r, r.AvgBytes, func(p *peer) func(*Refs) loop {
		if p.request != nil {
			return p.request
		}
		return p.relative
	})
}

// BenchmarkHosts: parse http://HOST/ (hosts.txt) and read hostname and host.
func BenchmarkHosts(b *testing.B) {
	l, err := LoadHostURLs()
	skipOnNoData(b, err)
	runPeers(b, "Hosts", l.Lines, l.AvgBytes, func(p *peer) func([]string) loop { return p.hosts })
}

// next is the index after i in a corpus of n items, wrapping to 0: a compare
// where i % n would be a division on every URL, whose latency is a visible
// part of the fastest parsers' time per URL.
func next(i, n int) int {
	if i++; i == n {
		return 0
	}
	return i
}
