// Command ratios prints a compact table of spanurl against its peers from
// `go test -bench` output: for each workload, spanurl's ns/URL and
// allocs/URL, and each peer's ns/URL with the ratio peer/spanurl (above 1
// means spanurl is faster). With several runs of a benchmark (-count) it
// uses the median; -allocs=false leaves out the peers' allocs/URL.
// Benchmarks that only spanurl runs (the Parallel ones) get a scaling table
// across -cpu values instead. Allocations come from the suite's own metric
// allocs/URL (with its fraction; see ../../allocs_test.go) where a line has
// it, else from go test's allocs/op. A peer whose lines carry neither (the
// native C++ "ada" of ../../adacpp, which does not count allocations, though
// it allocates) shows "-" for them.
//
// Lines that carry steal-% (the share of the CPU time the hypervisor took
// while the benchmark ran; see ../../steal_test.go) add a last line: its
// median, 90th percentile and maximum over all lines, and how many were
// over run.sh's default limit of 3%.
//
// A second table pairs the runs round by round: for each workload and
// peer, the ratio peer/spanurl within each round (the i-th result of the
// one against the i-th of the other, as run.sh interleaves them), as the
// median and the range of those ratios. On a machine whose speed drifts
// between rounds it says how far one round's ratio can be from another's.
//
// For a workload W with a control W+"Href" (../../hrefs_test.go: making
// W's new href strings and nothing else, in Go and in C++), a table of that control beside
// W through spanurl's three APIs ((URL).Parse, ArenaW, ParserW) and native
// ada's W: how much of ada's time the allocation alone takes, and ada's
// ratio to each API.
//
// Last, issue 4's targets as the run measured them (targets.go): each
// ratio of the medians against its target, met or missed, and how many
// rounds met it on their own.
//
// With -runs, each file is a run of its own (run.sh's out/NAME/bench.txt,
// named NAME), and only the targets are printed, a column per run: how
// they moved from one run to the next.
//
//	go run ./cmd/ratios new.txt
//	go test -bench . -benchmem | go run ./cmd/ratios
//	go run ./cmd/ratios -runs out/a/bench.txt out/b/bench.txt
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
)

const ours = "spanurl"

// control is the "peer" of a benchmark that measures the machine, not a
// URL library (BenchmarkSpinParallel): it gets a row of the scaling table
// and no column of the main one.
const control = "control"

var (
	showAllocs = flag.Bool("allocs", true, "show each peer's allocs/URL beside its ns/URL")
	across     = flag.Bool("runs", false, "each file is a run of its own: print only issue 4's targets, a column per run")
	adaBuild   = flag.String("ada", "", "which native ada the peer \"ada\" is (adacpp/build.sh's last line, \"ada VERSION from ...\"): printed above the tables, its first two words in the ada column's head")
)

type key struct {
	workload string
	peer     string
	procs    int
}

type samples struct {
	ns, allocs []float64
}

type table struct {
	data      map[key]*samples
	workloads []string // in order of appearance
	peers     []string
	procs     map[string][]int // workload -> the -cpu values seen
	steal     []float64        // steal-% of every line that has it
}

// stealLimit is run.sh's default STEAL_MAX, which the summary counts against.
const stealLimit = 3

func main() {
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: ratios [file ...]   (go test -bench output; stdin without files)\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *across {
		runs, err := readRuns(flag.Args())
		if err != nil {
			fmt.Fprintln(os.Stderr, "ratios:", err)
			os.Exit(1)
		}
		names := make([]string, len(runs))
		for i, path := range flag.Args() {
			names[i] = runName(path)
		}
		printAcross(os.Stdout, names, runs)
		return
	}
	t := newTable()
	if flag.NArg() == 0 {
		t.read(os.Stdin)
	}
	for _, name := range flag.Args() {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		t.read(f)
		f.Close()
	}
	if len(t.data) == 0 {
		fmt.Fprintln(os.Stderr, "ratios: no benchmark lines found")
		os.Exit(1)
	}
	t.print(os.Stdout)
}

func newTable() *table {
	return &table{data: map[key]*samples{}, procs: map[string][]int{}}
}

// readRuns reads each file into a table of its own, for -runs.
func readRuns(paths []string) ([]*table, error) {
	if len(paths) == 0 {
		return nil, fmt.Errorf("-runs needs the runs' files (e.g. out/*/bench.txt)")
	}
	runs := make([]*table, len(paths))
	for i, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		runs[i] = newTable()
		runs[i].read(f)
		f.Close()
		if len(runs[i].data) == 0 {
			return nil, fmt.Errorf("%s: no benchmark lines found", path)
		}
	}
	return runs, nil
}

// read collects lines like
//
//	BenchmarkAbsolute/spanurl-2   1000000   712.8 ns/op   105.22 MB/s   4 B/op   0 allocs/op
func (t *table) read(r io.Reader) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		// The peer is the last level of the name, so that a workload may
		// have levels of its own (PatternTest/books-match).
		name := strings.TrimPrefix(f[0], "Benchmark")
		slash := strings.LastIndexByte(name, '/')
		if slash < 0 {
			continue
		}
		workload, peer := name[:slash], name[slash+1:]
		procs := 1
		if i := strings.LastIndexByte(peer, '-'); i >= 0 {
			if n, err := strconv.Atoi(peer[i+1:]); err == nil {
				peer, procs = peer[:i], n
			}
		}
		var s samples
		var exact []float64
		for i := 2; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				continue
			}
			switch f[i+1] {
			case "ns/op":
				s.ns = append(s.ns, v)
			case "allocs/op":
				s.allocs = append(s.allocs, v)
			case "allocs/URL":
				exact = append(exact, v)
			case "steal-%":
				t.steal = append(t.steal, v)
			}
		}
		if len(s.ns) == 0 {
			continue
		}
		if len(exact) > 0 {
			// go test's allocs/op is truncated to an integer; the
			// suite's own allocs/URL keeps the fraction.
			s.allocs = exact
		}
		k := key{workload, peer, procs}
		d := t.data[k]
		if d == nil {
			d = new(samples)
			t.data[k] = d
			if !contains(t.workloads, workload) {
				t.workloads = append(t.workloads, workload)
			}
			if peer != ours && peer != control && !contains(t.peers, peer) {
				t.peers = append(t.peers, peer)
			}
			if !containsInt(t.procs[workload], procs) {
				t.procs[workload] = append(t.procs[workload], procs)
				sort.Ints(t.procs[workload])
			}
		}
		d.ns = append(d.ns, s.ns...)
		d.allocs = append(d.allocs, s.allocs...)
	}
}

func (t *table) print(w io.Writer) {
	if *adaBuild != "" {
		fmt.Fprintf(w, "native ada: %s\n\n", *adaBuild)
	}
	// Workloads with peers: spanurl against each of them.
	fmt.Fprintf(w, "| workload | %s ns/URL | %s allocs/URL |", ours, ours)
	for _, p := range t.peers {
		if *showAllocs {
			fmt.Fprintf(w, " %s ns/URL, allocs (x %s) |", peerHead(p), ours)
		} else {
			fmt.Fprintf(w, " %s ns/URL (x %s) |", peerHead(p), ours)
		}
	}
	fmt.Fprintf(w, "\n|---|---:|---:|%s\n", strings.Repeat("---:|", len(t.peers)))
	var solo []string
	for _, wl := range t.workloads {
		if t.isHrefControl(wl) {
			continue // a table of their own (printHrefs)
		}
		hasPeer := false
		for k := range t.data {
			if k.workload == wl && k.peer != ours && k.peer != control {
				hasPeer = true
			}
		}
		if !hasPeer {
			solo = append(solo, wl)
			continue
		}
		for _, procs := range t.procs[wl] {
			name := t.rowName(wl, procs)
			base := t.data[key{wl, ours, procs}]
			fmt.Fprintf(w, "| %s | %s | %s |", name, nsCell(base), allocCell(base))
			for _, p := range t.peers {
				d := t.data[key{wl, p, procs}]
				switch {
				case d == nil:
					fmt.Fprintf(w, " - |")
				case base == nil:
					fmt.Fprintf(w, " %s%s |", nsCell(d), peerAllocs(d))
				default:
					fmt.Fprintf(w, " %s%s (%.2fx) |", nsCell(d), peerAllocs(d), ratio(d, base))
				}
			}
			fmt.Fprintln(w)
		}
	}
	t.printPaired(w)
	t.printScaling(w, solo)
	t.printHrefs(w)
	t.printTargets(w)
	t.printSteal(w)
}

// printScaling prints the table of the spanurl-only workloads (solo):
// their scaling across -cpu.
// peerHead is peer p's name in a column's head: for the native ada, with
// its version when -ada gives it ("ada 3.4.4").
func peerHead(p string) string {
	if f := strings.Fields(*adaBuild); p == "ada" && len(f) >= 2 && f[0] == "ada" {
		return "ada " + f[1]
	}
	return p
}

func (t *table) printScaling(w io.Writer, solo []string) {
	if len(solo) == 0 {
		return
	}
	// Two speedups: of the medians, and the median (min-max) of the
	// rounds' own ratios, -cpu 1 and -cpu N of the same round being
	// measured seconds apart rather than minutes.
	fmt.Fprintf(w, "\n| workload | peer | -cpu | ns/URL | allocs/URL | URLs/s | speedup vs -cpu %d | per round: median, min-max |\n|---|---|---:|---:|---:|---:|---:|---:|\n", 1)
	for _, wl := range solo {
		for _, p := range append([]string{ours, control}, t.peers...) {
			one := t.data[key{wl, p, 1}]
			for _, procs := range t.procs[wl] {
				d := t.data[key{wl, p, procs}]
				if d == nil {
					continue
				}
				speedup, rounds := "-", "-"
				if one != nil {
					speedup = fmt.Sprintf("%.2fx", ratio(one, d))
					if r := roundRatios(one, d); r != nil && procs != 1 {
						rounds = spread(r)
					}
				}
				fmt.Fprintf(w, "| %s | %s | %d | %s | %s | %.3gM | %s | %s |\n", wl, p, procs, nsCell(d), allocCell(d), 1e3/median(d.ns), speedup, rounds)
			}
		}
	}
}

// hrefSuffix names the controls of ../../hrefs_test.go: workload W+"Href"
// makes each of W's hrefs that spanurl's (URL).Parse allocates, and does
// nothing else: in Go (peer control) and in C++ with malloc, as ada makes
// its own (peer ada, ../../adacpp).
const hrefSuffix = "Href"

// isHrefControl reports whether wl is such a control: its name ends in
// "Href" and it has the Go control's lines (SetHref, a workload of its
// own, has none).
func (t *table) isHrefControl(wl string) bool {
	if !strings.HasSuffix(wl, hrefSuffix) || len(wl) == len(hrefSuffix) {
		return false
	}
	for _, procs := range t.procs[wl] {
		if t.data[key{wl, control, procs}] != nil {
			return true
		}
	}
	return false
}

// printHrefs prints, for each workload W with a control W+"Href", what
// making W's hrefs costs beside what the whole of W costs: the control in
// Go and in C++ (the hrefs' allocation and copy alone), and W through
// spanurl's three APIs: (URL).Parse (one allocation per new href),
// span.Arena (hrefs in shared blocks: workload "Arena"+W) and span.Parser
// (no allocation: "Parser"+W), then native ada. Each ns/URL is the median;
// the last columns are ada's time over each of spanurl's three (the
// figure of issue 4's "≤ ½ ada" targets) and the Go control's share of
// ada's time.
func (t *table) printHrefs(w io.Writer) {
	header := false
	for _, wl := range t.workloads {
		if !t.isHrefControl(wl) {
			continue
		}
		base := strings.TrimSuffix(wl, hrefSuffix)
		for _, procs := range t.procs[wl] {
			c := t.data[key{wl, control, procs}]
			if c == nil {
				continue
			}
			if !header {
				fmt.Fprintf(w, "\n| workload | -cpu | the hrefs alone in Go (control): ns/URL, allocs/URL | the same in C++ (malloc) | %s (URL).Parse | %s span.Arena | %s span.Parser | ada | ada over each of the three | Go's hrefs alone / ada |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n", ours, ours, ours)
				header = true
			}
			cell := func(d *samples) string {
				if d == nil {
					return "-"
				}
				return nsCell(d)
			}
			ada := t.data[key{base, "ada", procs}]
			apis := []*samples{t.data[key{base, ours, procs}], t.data[key{"Arena" + base, ours, procs}], t.data[key{"Parser" + base, ours, procs}]}
			cells := make([]string, len(apis))
			over := make([]string, len(apis))
			for i, d := range apis {
				cells[i], over[i] = cell(d), "-"
				if d != nil && ada != nil {
					over[i] = fmt.Sprintf("%.2fx", ratio(ada, d))
				}
			}
			share := "-"
			if ada != nil {
				share = fmt.Sprintf("%.2f", median(c.ns)/median(ada.ns))
			}
			fmt.Fprintf(w, "| %s | %d | %s, %s | %s | %s | %s | %s | %s |\n", base, procs, nsCell(c), allocCell(c),
				cell(t.data[key{wl, "ada", procs}]), strings.Join(cells, " | "), cell(ada), strings.Join(over, ", "), share)
		}
	}
}

// printSteal prints the summary of the lines' steal-%, if they have it.
func (t *table) printSteal(w io.Writer) {
	if len(t.steal) == 0 {
		return
	}
	v := append([]float64(nil), t.steal...)
	sort.Float64s(v)
	over := 0
	for _, x := range v {
		if x > stealLimit {
			over++
		}
	}
	fmt.Fprintf(w, "\nsteal-%% of the %d lines: median %.2f, 90th percentile %.2f, max %.2f; %d over %d%%.\n",
		len(v), median(v), v[(len(v)*9)/10], v[len(v)-1], over, stealLimit)
}

// printPaired prints the per-round ratios (see the package comment) of
// the workloads that have peers.
func (t *table) printPaired(w io.Writer) {
	fmt.Fprintf(w, "\n| workload (per-round peer/%s: median, min-max) |", ours)
	for _, p := range t.peers {
		fmt.Fprintf(w, " %s |", p)
	}
	fmt.Fprintf(w, "\n|---|%s\n", strings.Repeat("---:|", len(t.peers)))
	for _, wl := range t.workloads {
		if t.isHrefControl(wl) {
			continue
		}
		for _, procs := range t.procs[wl] {
			base := t.data[key{wl, ours, procs}]
			if base == nil {
				continue
			}
			cells, any := "", false
			for _, p := range t.peers {
				r := roundRatios(t.data[key{wl, p, procs}], base)
				if r == nil {
					cells += " - |"
					continue
				}
				any = true
				cells += " " + spread(r) + " |"
			}
			if !any {
				continue
			}
			name := t.rowName(wl, procs)
			fmt.Fprintf(w, "| %s |%s\n", name, cells)
		}
	}
}

// spread formats ratios as "median, min-max".
func spread(r []float64) string {
	lo, hi := r[0], r[0]
	for _, x := range r {
		lo, hi = min(lo, x), max(hi, x)
	}
	return fmt.Sprintf("%.2fx, %.2f-%.2f", median(r), lo, hi)
}

// ratio is slow's median ns over fast's: how many times faster fast is.
func ratio(slow, fast *samples) float64 {
	return median(slow.ns) / median(fast.ns)
}

// roundRatios returns peer.ns[i]/base.ns[i] for each round i, or nil when
// the two do not have one result per round each.
func roundRatios(peer, base *samples) []float64 {
	if peer == nil || len(peer.ns) == 0 || len(peer.ns) != len(base.ns) {
		return nil
	}
	r := make([]float64, len(base.ns))
	for i := range r {
		r[i] = peer.ns[i] / base.ns[i]
	}
	return r
}

// rowName names workload wl's row for -cpu procs: the -cpu value only when
// the workload ran at more than one.
func (t *table) rowName(wl string, procs int) string {
	if len(t.procs[wl]) > 1 {
		return fmt.Sprintf("%s (-cpu %d)", wl, procs)
	}
	return wl
}

func nsCell(s *samples) string {
	if s == nil || len(s.ns) == 0 {
		return "-"
	}
	return strconv.FormatFloat(median(s.ns), 'f', 1, 64)
}

func peerAllocs(s *samples) string {
	if !*showAllocs {
		return ""
	}
	return ", " + allocCell(s)
}

func allocCell(s *samples) string {
	if s == nil || len(s.allocs) == 0 {
		return "-"
	}
	switch v := median(s.allocs); {
	case v == float64(int64(v)):
		return strconv.FormatFloat(v, 'f', 0, 64)
	case v < 10:
		return strconv.FormatFloat(v, 'f', 2, 64)
	default:
		return strconv.FormatFloat(v, 'f', 1, 64)
	}
}

func median(v []float64) float64 {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

func contains(v []string, s string) bool {
	for _, x := range v {
		if x == s {
			return true
		}
	}
	return false
}

func containsInt(v []int, n int) bool {
	for _, x := range v {
		if x == n {
			return true
		}
	}
	return false
}
