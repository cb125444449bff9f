package urlkey_test

import (
	"strings"
	"testing"

	"github.com/spanurl/spanurl/internal/lineartest"
	"github.com/spanurl/spanurl/internal/testvectors"
	"github.com/spanurl/spanurl/span"
	"github.com/spanurl/spanurl/urlkey"
)

// keyShapes are URLs built to provoke super-linear work in the keys:
// each repeats a unit inside a frame, n times.
var keyShapes = []struct {
	name                 string
	prefix, unit, suffix string
}{
	// "%2525...41" is "A" after as many decodings as there are "25"s.
	{"path-escapes", "http://example.com/%", "25", "41"},
	{"query-escapes", "http://example.com/?%", "25", "41"},
	{"escape-runs", "http://example.com/", "%25", "41"},
	{"escape-stack", "http://example.com/", "%%32", "5"},
	{"unreserved-escapes", "http://example.com/", "%7e%41", "?%7e=%41"},
	{"stray-percent-escapes", "http://example.com/", "%a%41", "?%%41=%a%41"},
	{"open-sessions", "http://example.com/", "(/", ")/x"},
	{"session-segments", "http://example.com/a/", "(s(ab))/", "x"},
	{"session-groups", "http://example.com/(", "s(ab)", ")/x"},
	{"long-host", "http://", "a", ".com/"},
	{"many-labels", "http://", "a.", "com/"},
	{"many-labels-www", "http://www.", "a.", "com/"},
	{"private-suffix-labels", "http://", "a.", "s3.amazonaws.com/"},
	// 256 bytes a parameter: fewer than api.DefaultMaxParams at 128 KiB,
	// so that the query is sorted.
	{"reversed-params", "http://example.com/?", "z=" + strings.Repeat("1", 253) + "&y=" + strings.Repeat("2", 253) + "&", "a=0"},
	{"common-prefix-params", "http://example.com/?", strings.Repeat("a", 252) + "b=1&", "a=0"},
	{"empty-params", "http://example.com/?", "&", "a"},
	{"encoded-names", "http://example.com/?", "utm%5Fx%2B=1&b%2B=2&", "a=0"},
	{"session-params", "http://example.com/?", "cfid=1&", "a=0"},
	{"non-ascii-names", "http://example.com/?", "\U0001F600=1&\uFFFD=2&", "a=0"},
	{"long-fragment", "http://example.com/?b&a#", "%7e", ""},
}

// keyFunctions are the keys whose cost TestKeysLinear measures.
var keyFunctions = []struct {
	name string
	f    func(span.URL)
}{
	{"SURT", func(u span.URL) { urlkey.SURT(u) }},
	{"CacheKey", func(u span.URL) { urlkey.CacheKey(u) }},
	{"SiteKey", func(u span.URL) { urlkey.SiteKey(u) }},
	{"Options", func(u span.URL) {
		o := urlkey.Options{
			DropParams:        []string{"fbclid", "gclid", "b+"},
			DropParamPrefixes: []string{"utm_", "x"},
			NormalizeEscapes:  true,
			KeepFragment:      true,
			ICANNOnly:         true,
		}
		o.CacheKey(u)
		o.CacheKeyURL(u)
		o.SiteKey(u)
		o.KeepOrder = true
		o.CacheKey(u)
	}},
}

// TestKeysLinear: every key costs, on a URL of each shape, at most 16
// times as much for 8 times the bytes (16 KiB and 128 KiB, which with
// what a key builds of them fit a core's L2 cache, so that the ratio
// measures the algorithm rather than the step from cache to memory):
// linear work is about 8 times, quadratic 64.
func TestKeysLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("linear-time ratios need full-size inputs")
	}
	if testvectors.RaceEnabled {
		// The race detector's cost of a large allocation grows faster
		// than its size; test.sh's noasm stage runs this test without it.
		t.Skip("linear-time ratios need a build without the race detector")
	}
	for _, s := range keyShapes {
		build := func(size int) span.URL {
			n := max(1, (size-len(s.prefix)-len(s.suffix))/len(s.unit))
			u, err := span.Parse(s.prefix + strings.Repeat(s.unit, n) + s.suffix)
			if err != nil {
				t.Fatalf("%s: %v", s.name, err)
			}
			return u
		}
		small, large := build(16<<10), build(128<<10)
		for _, k := range keyFunctions {
			t.Run(s.name+"/"+k.name, func(t *testing.T) {
				lineartest.Check(t, 16, func() { k.f(small) }, func() { k.f(large) })
			})
		}
	}
}
