package bench

import (
	"strings"
	"testing"
)

// BenchmarkRequestsHref is the control for Requests' one allocation: each
// op makes the new string that spanurl's (URL).Parse returns for that
// request, with its bytes already known (computed before timing), and
// copies them in: what giving the caller the href costs in Go with no
// parsing at all. Read it against Requests/spanurl (the parse with that
// allocation), ArenaRequests and ParserRequests (the parse with hrefs in
// shared blocks, and without any), and against the same control in C++
// (RequestsHref/ada, run by adacpp/bench.cpp): cmd/ratios lists them all
// beside ada's Requests.
func BenchmarkRequestsHref(b *testing.B) {
	r, err := LoadRequests()
	skipOnNoData(b, err)
	b.Run("control", func(b *testing.B) { hrefControl(b, r) })
}

// BenchmarkRelativeHref is BenchmarkRequestsHref for Relative, where most
// references are absolute URLs already in their serialized form, whose
// href is the reference itself, and only the others are new strings.
func BenchmarkRelativeHref(b *testing.B) {
	r, err := LoadRelative()
	skipOnNoData(b, err)
	b.Run("control", func(b *testing.B) { hrefControl(b, r) })
}

// hrefControl times, for each reference of r in the benchmarks' order, a
// copy into new memory of spanurl's href when (URL).Parse allocates one for
// it, and nothing but the count when it does not (the href is then the
// reference or a part of the base). The hrefs are laid out one after the
// other in one string, as the loaders lay out the references, so that
// reading them costs what reading the references does.
func hrefControl(b *testing.B, r *Refs) {
	meterSteal(b)
	spanHrefs, fresh := SpanHrefs(r)
	var all strings.Builder
	ends := make([]int, len(spanHrefs))
	for i, h := range spanHrefs {
		all.WriteString(h)
		ends[i] = all.Len()
	}
	text := all.String()
	hrefs := make([]string, len(spanHrefs))
	for i := range hrefs {
		start := 0
		if i > 0 {
			start = ends[i-1]
		}
		hrefs[i] = text[start:ends[i]]
	}
	timeLoop(b, r.AvgBytes, func(ops int) int {
		n := 0
		for i, k := 0, 0; k < ops; i, k = next(i, len(hrefs)), k+1 {
			if fresh[i] {
				n += len(cloneHref(hrefs[i]))
			} else {
				n += len(hrefs[i])
			}
		}
		return n
	})
}

// cloneHref is strings.Clone kept out of line, as the library's allocation
// is: inlined into the loop, whose result only its length is read of, the
// compiler puts a copy of up to 32 bytes on the stack instead of the heap.
//
//go:noinline
func cloneHref(s string) string { return strings.Clone(s) }

// TestWithin: within tells shared memory from equal text, which is how
// SpanHrefs tells an href (URL).Parse allocated from one it did not.
func TestWithin(t *testing.T) {
	text := "http://example.com/path?q"
	other := strings.Clone(text)
	for _, c := range []struct {
		s, t string
		want bool
	}{
		{text[7:18], text, true}, // a part of text's memory
		{text, text, true},       // all of it
		{other, text, false},     // the same bytes elsewhere
		{other[7:18], text, false},
		{text[20:], text[:20], false}, // right after t's end
		{"", text, true},              // nothing to allocate
	} {
		if got := within(c.s, c.t); got != c.want {
			t.Errorf("within(%q, %q) = %v, want %v", c.s, c.t, got, c.want)
		}
	}
}
