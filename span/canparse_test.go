package span_test

import (
	"testing"

	"github.com/spanurl/spanurl/internal/testvectors"
	"github.com/spanurl/spanurl/span"
)

// checkCanParse fails when base.CanParse(ref) is not whether base.Parse
// succeeds.
func checkCanParse(t *testing.T, base span.URL, ref string) {
	t.Helper()
	_, err := base.Parse(ref)
	if got := base.CanParse(ref); got != (err == nil) {
		t.Fatalf("%q.CanParse(%q) = %v, but Parse gives error %v", base.Href(), ref, got, err)
	}
}

// TestCanParseRefDatasets holds (URL).CanParse to (URL).Parse on every
// reference of relative.tsv and requests.txt and on the inputs of
// messy.txt against a few bases.
func TestCanParseRefDatasets(t *testing.T) {
	dir := testvectors.DatasetsDir(t)
	others := []span.URL{span.MustParse("https://example.com/a/b?q#f"), span.MustParse("sc://h/p"), span.MustParse("file:///C:/x/y"), span.MustParse("data:,x")}
	for _, name := range []string{"relative.tsv", "requests.txt", "messy.txt"} {
		eachCorpusCase(t, dir, name, func(line int, ref, _ string, base *span.URL) {
			switch {
			case name == "messy.txt":
				checkCanParse(t, others[line%len(others)], ref)
			case base != nil:
				checkCanParse(t, *base, ref)
			}
		})
	}
}

// FuzzCanParseRef holds (URL).CanParse to (URL).Parse.
func FuzzCanParseRef(f *testing.F) {
	for _, s := range [][2]string{
		{"https://example.com/a/b", "../c?d#e"}, {"https://example.com/", "//other.org:8080/x"},
		{"sc://h/p", "q"}, {"file:///C:/x", "/D:/y"}, {"data:,x", "#f"}, {"https://h/", "http://[::1"},
		{"https://h/", "\\\\x"}, {"https://h/", "%2e%2E/a"}, {"", "https://x/"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, base, ref string) {
		b, err := span.Parse(base)
		if err != nil {
			b = span.URL{}
		}
		checkCanParse(t, b, ref)
	})
}

// TestCanParseRefAllocs checks that a can-parse against a base builds
// nothing, on both paths.
func TestCanParseRefAllocs(t *testing.T) {
	if testvectors.RaceEnabled {
		t.Skip("under -race sync.Pool drops a quarter of what it is given, so the slow path's pooled scratch is made again")
	}
	base := span.MustParse("https://example.com/a/b/c?q=1")
	for _, ref := range []string{"/x/y?z", "../d", "https://other.org/", "//cdn.example.net/lib.js", "#f", "?q", "%zz/\\x", "http://[::1]:8080/", "a b/c"} {
		if n := testing.AllocsPerRun(100, func() { base.CanParse(ref) }); n != 0 {
			t.Errorf("CanParse(%q): %v allocations", ref, n)
		}
	}
}
