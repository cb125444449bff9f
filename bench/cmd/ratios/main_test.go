package main

import (
	"strings"
	"testing"
)

func TestPaired(t *testing.T) {
	in := `
BenchmarkAbsolute/spanurl-2   100   100.0 ns/op   0 allocs/op
BenchmarkAbsolute/neturl-2    100  1000.0 ns/op   2 allocs/op
BenchmarkAbsolute/ada-2       100   300.0 ns/op
BenchmarkAbsolute/spanurl-2   100   200.0 ns/op   0 allocs/op
BenchmarkAbsolute/neturl-2    100  1600.0 ns/op   2 allocs/op
BenchmarkAbsolute/ada-2       100   500.0 ns/op
BenchmarkAbsolute/spanurl-2   100   150.0 ns/op   0 allocs/op
BenchmarkAbsolute/neturl-2    100  1350.0 ns/op   2 allocs/op
BenchmarkParserAbsolute/spanurl-2 100 90.0 ns/op 0 allocs/op
BenchmarkSpinParallel/control   100 160.0 ns/op 0 allocs/op
BenchmarkSpinParallel/control-2 100  80.0 ns/op 0 allocs/op
BenchmarkSpinParallel/control   100 100.0 ns/op 0 allocs/op
BenchmarkSpinParallel/control-2 100  40.0 ns/op 0 allocs/op
BenchmarkSpinParallel/control   100 120.0 ns/op 0 allocs/op
BenchmarkSpinParallel/control-2 100 100.0 ns/op 0 allocs/op
`
	got := render(in)
	// Medians: spanurl 150, net/url 1350 (9.00x), ada 400 over two rounds
	// against three of spanurl's (2.67x).
	for _, want := range []string{
		"| Absolute | 150.0 | 0 | 1350.0, 2 (9.00x) | 400.0, - (2.67x) |",
		// Per round: net/url 10, 8, 9; ada has two rounds to spanurl's
		// three, so it is not paired.
		"| Absolute | 9.00x, 8.00-10.00 | - |",
		"| ParserAbsolute | spanurl | 2 | 90.0 | 0 |",
		// Medians 120 and 80 (1.50x); per round 2.00, 2.50 and 1.20.
		"| SpinParallel | control | 1 | 120.0 | 0 | 8.33M | 1.00x | - |",
		"| SpinParallel | control | 2 | 80.0 | 0 | 12.5M | 1.50x | 2.00x, 1.20-2.50 |",
	} {
		expect(t, got, want, true)
	}
	// The control is no peer: no column of the main table, no row there.
	for _, unwanted := range []string{"control ns/URL", "| SpinParallel | 160.0"} {
		expect(t, got, unwanted, false)
	}
}

func TestSteal(t *testing.T) {
	in := `
BenchmarkAbsolute/spanurl-2   100   100.0 ns/op   0 steal-%   0 allocs/op
BenchmarkAbsolute/neturl-2    100  1000.0 ns/op   3 steal-%   2 allocs/op
BenchmarkAbsolute/ada-2       100   300.0 ns/op   3.5 steal-%
BenchmarkAbsolute/spanurl-2   100   200.0 ns/op   40 steal-%  0 allocs/op
`
	// Sorted 0, 3, 3.5, 40: median 3.25, 90th percentile the fourth
	// (index 3), and two over 3% (3 itself is not).
	expect(t, render(in), "steal-% of the 4 lines: median 3.25, 90th percentile 40.00, max 40.00; 2 over 3%.", true)
	expect(t, render("BenchmarkAbsolute/spanurl-2 100 100.0 ns/op\n"), "steal", false)
}

func TestExactAllocs(t *testing.T) {
	// allocs/URL, where a line has it, replaces go test's truncated
	// allocs/op: 0.4 not 0, 82.5 not 82; lines without it keep allocs/op.
	in := `
BenchmarkRelative/spanurl-2    100   200.0 ns/op   30 B/op   0 allocs/op   0.4012 allocs/URL
BenchmarkRelative/whatwgurl-2  100  9000.0 ns/op  900 B/op  82 allocs/op  82.4711 allocs/URL
BenchmarkRelative/neturl-2     100  2000.0 ns/op  300 B/op   4 allocs/op
BenchmarkRelative/spanurl-2    100   210.0 ns/op   30 B/op   0 allocs/op   0.3990 allocs/URL
BenchmarkRelative/whatwgurl-2  100  9100.0 ns/op  900 B/op  82 allocs/op  82.5289 allocs/URL
BenchmarkRelative/neturl-2     100  2100.0 ns/op  300 B/op   4 allocs/op
`
	got := render(in)
	expect(t, got, "| Relative | 205.0 | 0.40 | 9050.0, 82.5 (44.15x) | 2050.0, 4 (10.00x) |", true)
}

func TestTargets(t *testing.T) {
	in := `
BenchmarkAbsolute/spanurl-2    100   100.0 ns/op
BenchmarkAbsolute/ada-2        100   250.0 ns/op
BenchmarkAbsolute/neturl-2     100  1100.0 ns/op
BenchmarkAbsolute/fasthttp-2   100   300.0 ns/op
BenchmarkAbsolute/spanurl-2    100   100.0 ns/op
BenchmarkAbsolute/ada-2        100   350.0 ns/op
BenchmarkAbsolute/neturl-2     100   900.0 ns/op
BenchmarkAbsolute/fasthttp-2   100   300.0 ns/op
BenchmarkHosts/spanurl-2       100    50.0 ns/op
BenchmarkHosts/fasthttp-2      100    50.0 ns/op
BenchmarkHosts/spanurl-2       100    50.0 ns/op
BenchmarkHosts/fasthttp-2      100    50.0 ns/op
BenchmarkAbsoluteParallel/spanurl     100 100.0 ns/op
BenchmarkAbsoluteParallel/spanurl-2   100  50.0 ns/op
BenchmarkAbsoluteParallel/spanurl     100 100.0 ns/op
BenchmarkAbsoluteParallel/spanurl-2   100  55.0 ns/op
`
	got := render(in)
	for _, want := range []string{
		// ada: medians 100 and 300, 3.00x, met; per round 2.50 and 3.50.
		"| Absolute ≤ ⅓ ada | 3.00x | 3.00x, 2.50-3.50; 1 of 2 | met |",
		// net/url: medians 1000, 10.00x, met though one round read 9.
		"| Absolute ≥ 10x net/url | 10.00x | 10.00x, 9.00-11.00; 1 of 2 | met |",
		// "faster than" is strict, and "*" reads the lowest workload:
		// Hosts at 1.00x, not Absolute at 3.00x.
		"| faster than fasthttp everywhere (lowest: Hosts) | 1.00x | 1.00x, 1.00-1.00; 0 of 2 | **missed** |",
		// Scaling: 100 over 52.5 (1.905); per round 2.00 and 1.82.
		"| AbsoluteParallel ≥ 1.9x -cpu 1 | 1.90x | 1.91x, 1.82-2.00; 1 of 2 | met |",
		"3 of 4 targets met by the ratio of the medians.",
	} {
		expect(t, got, want, true)
	}
	// Targets whose benchmarks the run lacks are left out, not missed.
	for _, unwanted := range []string{"Relative ≥ 10x", "whatwg-url"} {
		expect(t, got, unwanted, false)
	}
}

// render returns the tables ratios prints for the benchmark lines in.
func render(in string) string {
	var out strings.Builder
	tableOf(in).print(&out)
	return out.String()
}

// tableOf reads the benchmark lines in into a table.
func tableOf(in string) *table {
	tb := newTable()
	tb.read(strings.NewReader(in))
	return tb
}

// expect fails t unless got contains s (want) or lacks it (!want).
func expect(t *testing.T, got, s string, want bool) {
	t.Helper()
	switch has := strings.Contains(got, s); {
	case want && !has:
		t.Errorf("output lacks %q:\n%s", s, got)
	case !want && has:
		t.Errorf("output has %q:\n%s", s, got)
	}
}

// TestHrefs: a workload's Href control gets a row of its own beside the
// workload's spanurl, Parser and ada lines, and no row of the scaling table.
func TestHrefs(t *testing.T) {
	in := `
BenchmarkRequests/spanurl-2        100  200.0 ns/op  1.000 allocs/URL
BenchmarkRequests/ada-2            100  400.0 ns/op
BenchmarkParserRequests/spanurl-2  100  120.0 ns/op  0 allocs/URL
BenchmarkArenaRequests/spanurl-2   100  160.0 ns/op  0.0200 allocs/URL
BenchmarkRequestsHref/control-2    100  100.0 ns/op  0.9990 allocs/URL
BenchmarkRequestsHref/control-2    100  140.0 ns/op  0.9990 allocs/URL
BenchmarkRelativeHref/control-2    100   40.0 ns/op  0.4000 allocs/URL
BenchmarkRequestsHref/ada-2        100   30.0 ns/op
`
	got := render(in)
	expect(t, got, "| Requests | 2 | 120.0, 1.00 | 30.0 | 200.0 | 160.0 | 120.0 | 400.0 | 2.00x, 2.50x, 3.33x | 0.30 |", true)
	// No ada, no spanurl line for Relative: dashes, not a made-up ratio.
	expect(t, got, "| Relative | 2 | 40.0, 0.40 | - | - | - | - | - | -, -, - | - |", true)
	// The C++ control is not a peer of a workload of the main table.
	expect(t, got, "| RequestsHref |", false)
	// The Arena's row sits in the table of spanurl-only workloads, as the
	// Parser's does.
	expect(t, got, "| ArenaRequests | spanurl | 2 | 160.0 | 0.02 |", true)
}

// TestAcross: -runs gives each file a column, the met ratio plain and the
// missed one in bold with its rounds, "-" where a run lacks the benchmarks,
// and counts per run.
func TestAcross(t *testing.T) {
	one := `
BenchmarkAbsolute/spanurl-2    100   100.0 ns/op
BenchmarkAbsolute/ada-2        100   350.0 ns/op
BenchmarkAbsolute/spanurl-2    100   100.0 ns/op
BenchmarkAbsolute/ada-2        100   250.0 ns/op
`
	two := `
BenchmarkAbsolute/spanurl-2    100   100.0 ns/op
BenchmarkAbsolute/ada-2        100   400.0 ns/op
BenchmarkAbsolute/neturl-2     100   900.0 ns/op
BenchmarkSpinWideParallel/control     100   100.0 ns/op
BenchmarkSpinWideParallel/control-2   100    80.0 ns/op
BenchmarkSpinWideParallel/control     100   120.0 ns/op
BenchmarkSpinWideParallel/control-2   100    50.0 ns/op
`
	var out strings.Builder
	printAcross(&out, []string{"s1", "s2"}, []*table{tableOf(one), tableOf(two)})
	got := out.String()
	for _, want := range []string{
		"| target (issue 4) | s1 | s2 |",
		// s1: medians 100 and 300, met; s2: 4.00x, met.
		"| Absolute ≤ ⅓ ada | 3.00x | 4.00x |",
		// s1 has no net/url; s2 reads 9.00x in its one round.
		"| Absolute ≥ 10x net/url | - | **9.00x** (0 of 1) |",
		"| targets met | 1 of 1 | 1 of 2 |",
		// A control's speedup, of the medians (110/65) and per round
		// (1.25x, 2.40x), where the run has it.
		"| SpinWideParallel speedup (control, not a target) | - | 1.69x (1.82x, 1.25-2.40) |",
	} {
		expect(t, got, want, true)
	}
	// A target neither run has is no row at all.
	expect(t, got, "Relative", false)
}

func TestRunName(t *testing.T) {
	for path, want := range map[string]string{
		"out/a/bench.txt": "a",
		"bench.txt":       "bench",
		"/tmp/new.txt":    "new",
		"old":             "old",
	} {
		if got := runName(path); got != want {
			t.Errorf("runName(%q) = %q, want %q", path, got, want)
		}
	}
}

// TestSetHrefIsAWorkload: a workload whose name ends in "Href" is a
// control only when the workload it names is measured too.
func TestSetHrefIsAWorkload(t *testing.T) {
	got := render(`
BenchmarkSetHref/spanurl-2   100   80.0 ns/op   0 allocs/op
BenchmarkSetHref/ada-2       100  400.0 ns/op
`)
	expect(t, got, "| SetHref | 80.0 | 0 | 400.0, - (5.00x) |", true)
}

// TestAdaBuild: -ada names the native ada above the tables and, by its
// version, in the ada column's head; without it the column is "ada".
func TestAdaBuild(t *testing.T) {
	in := "BenchmarkCanParse/spanurl-2 100 20.0 ns/op 0 allocs/op\nBenchmarkCanParse/ada-2 100 60.0 ns/op\n"
	expect(t, render(in), "| ada ns/URL, allocs (x spanurl) |", true)
	*adaBuild = "ada 3.4.4 from /tmp/ada-3.4.4; g++ 12; -O3 -DNDEBUG -std=c++20"
	defer func() { *adaBuild = "" }()
	got := render(in)
	expect(t, got, "native ada: ada 3.4.4 from /tmp/ada-3.4.4; g++ 12; -O3 -DNDEBUG -std=c++20", true)
	expect(t, got, "| ada 3.4.4 ns/URL, allocs (x spanurl) |", true)
}
