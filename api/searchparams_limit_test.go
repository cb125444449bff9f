package api_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/api"
)

// TestParseSearchParamsLimit checks the limit at its edges: pairs are
// counted as the form parser makes them, a leading "?" is not a pair, and
// a negative limit lifts it.
func TestParseSearchParamsLimit(t *testing.T) {
	tests := []struct {
		init  string
		max   int
		pairs int // -1: ErrTooManyParams
	}{
		{"", 0, 0},
		{"?", 0, 0},
		{"&&&", 0, 0},
		{"a", 0, -1},
		{"a", 1, 1},
		{"?a=1&b=2", 2, 2},
		{"?a=1&b=2", 1, -1},
		{"a=1&&b=2&", 2, 2},
		{"&a=1&&b=2&&", 2, 2},
		{"a=1&b=2&c", 2, -1},
		{"??a", 1, 1}, // one "?" is removed, the second is a name
		{"?", 1, 0},
		{"=&=", 2, 2},
		{"a&b&c", -1, 3},
		{strings.Repeat("&a=b", api.DefaultMaxParams), api.DefaultMaxParams, api.DefaultMaxParams},
		{strings.Repeat("&a=b", api.DefaultMaxParams+1), api.DefaultMaxParams, -1},
		{strings.Repeat("a&", api.DefaultMaxParams+1), -1, api.DefaultMaxParams + 1},
	}
	for _, tc := range tests {
		p, err := api.ParseSearchParams(tc.init, tc.max)
		name := tc.init
		if len(name) > 20 {
			name = name[:20] + "..."
		}
		if tc.pairs < 0 {
			if !errors.Is(err, api.ErrTooManyParams) || p != nil {
				t.Errorf("ParseSearchParams(%q, %d) = %v, %v; want ErrTooManyParams", name, tc.max, p, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseSearchParams(%q, %d): %v", name, tc.max, err)
			continue
		}
		if p.Size() != tc.pairs || p.String() != api.NewSearchParams(tc.init).String() {
			t.Errorf("ParseSearchParams(%q, %d) = %q (%d pairs); want NewSearchParams' %d pairs", name, tc.max, p.String(), p.Size(), tc.pairs)
		}
	}
}

// perOp runs f as a benchmark and returns what one call allocates, in
// allocations and bytes: the testing package's per-op averages over
// thousands of calls, which the runtime's own allocations, or another
// goroutine's, move by a fraction of a byte, not by kilobytes.
func perOp(f func()) (allocs, bytes int64) {
	r := testing.Benchmark(func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			f()
		}
	})
	return r.AllocsPerOp(), r.AllocedBytesPerOp()
}

// TestParseSearchParamsMemory checks that an input far past the default
// limit is refused without allocating for its pairs: 4 MiB of "&a=b" (a
// million pairs) would otherwise hold tens of MB of pairs, and more
// through Sort.
func TestParseSearchParamsMemory(t *testing.T) {
	init := strings.Repeat("&a=b", 1<<20)
	if p, err := api.ParseSearchParams(init, api.DefaultMaxParams); !errors.Is(err, api.ErrTooManyParams) || p != nil {
		t.Fatalf("ParseSearchParams: %v, %v; want ErrTooManyParams", p, err)
	}
	// The refusal allocates its error and nothing else.
	allocs, bytes := perOp(func() { api.ParseSearchParams(init, api.DefaultMaxParams) })
	if allocs > 1 || bytes > 64 {
		t.Errorf("refusing the input allocated %d times, %d bytes", allocs, bytes)
	}
	// At the limit, the pairs and Sort hold memory in proportion to the
	// limit, not to the input.
	init = strings.Repeat("&a=b", api.DefaultMaxParams)
	p, err := api.ParseSearchParams(init, api.DefaultMaxParams)
	if err != nil {
		t.Fatal(err)
	}
	if p.Size() != api.DefaultMaxParams {
		t.Errorf("Size %d", p.Size())
	}
	allocs, bytes = perOp(func() {
		p, _ := api.ParseSearchParams(init, api.DefaultMaxParams)
		p.Sort()
	})
	t.Logf("%d pairs and Sort: %d allocations, %d bytes", api.DefaultMaxParams, allocs, bytes)
	if bytes > 10<<20 {
		t.Errorf("%d pairs and Sort allocated %d bytes", api.DefaultMaxParams, bytes)
	}
}

// TestSearchParamsUnlimited checks that the standard's constructor and a
// URL's query object take any number of pairs, as the standard says.
func TestSearchParamsUnlimited(t *testing.T) {
	init := strings.Repeat("&a=b", api.DefaultMaxParams+1)
	if n := api.NewSearchParams(init).Size(); n != api.DefaultMaxParams+1 {
		t.Errorf("NewSearchParams: %d pairs", n)
	}
	u, err := api.NewURL("http://h/?" + init)
	if err != nil {
		t.Fatal(err)
	}
	if n := u.SearchParams().Size(); n != api.DefaultMaxParams+1 {
		t.Errorf("URL.SearchParams: %d pairs", n)
	}
}
