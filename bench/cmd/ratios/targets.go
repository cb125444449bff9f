package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
)

// A target is one of issue 4's numbers: on workload, the ratio
// peer ns / spanurl ns must be at least min (more than min when strict).
// With peer "" it is a scaling target instead: spanurl's ns at -cpu 1 over
// its ns at the highest -cpu the workload ran at. Workload "*" stands for
// every workload that both spanurl and the peer ran, read at the lowest
// ratio, since the target holds everywhere or nowhere.
type target struct {
	name     string
	workload string
	peer     string
	min      float64
	strict   bool
}

// targets are issue 4's, in its order, then a later issue's. ada is the native C++ run (run.sh's
// peer "ada"), the figure the issue compares with.
var targets = []target{
	{"Absolute ≤ ⅓ ada", "Absolute", "ada", 3, false},
	{"CanParse ≤ ½ ada", "CanParse", "ada", 2, false},
	{"Relative ≤ ½ ada", "Relative", "ada", 2, false},
	{"Requests ≤ ½ ada", "Requests", "ada", 2, false},
	{"Messy ≤ ada", "Messy", "ada", 1, false},
	{"Absolute ≥ 10x net/url", "Absolute", "neturl", 10, false},
	{"Relative ≥ 10x net/url", "Relative", "neturl", 10, false},
	{"Requests ≥ 5x net/url", "Requests", "neturl", 5, false},
	{"Messy ≥ 2x net/url", "Messy", "neturl", 2, false},
	{"≥ 20x whatwg-url everywhere", "*", "whatwgurl", 20, false},
	{"faster than fasthttp everywhere", "*", "fasthttp", 1, true},
	{"AbsoluteParallel ≥ 1.9x -cpu 1", "AbsoluteParallel", "", 1.9, false},
	{"RelativeParallel ≥ 1.9x -cpu 1", "RelativeParallel", "", 1.9, false},
	// A later issue's: the can-parse of every corpus, with no base and
	// against one, at most half of ada's.
	{"CanParseMessy ≤ ½ ada", "CanParseMessy", "ada", 2, false},
	{"CanParseHosts ≤ ½ ada", "CanParseHosts", "ada", 2, false},
	{"CanParseBase ≤ ½ ada", "CanParseBase", "ada", 2, false},
	{"CanParseRelative ≤ ½ ada", "CanParseRelative", "ada", 2, false},
}

// targetResult is a target read from one run: the ratio of the medians
// and the per-round ratios (nil when the rounds do not pair up), of the
// workload they came from (the lowest one for "*").
type targetResult struct {
	workload string
	ratio    float64
	rounds   []float64
}

// compare reads workload wl's ratio of slow over fast, of the medians and
// per round.
func compare(wl string, slow, fast *samples) targetResult {
	return targetResult{wl, ratio(slow, fast), roundRatios(slow, fast)}
}

// meets reports whether ratio meets t.
func (t target) meets(ratio float64) bool {
	if t.strict {
		return ratio > t.min
	}
	return ratio >= t.min
}

// roundsMeeting counts the per-round ratios that meet t on their own.
func (t target) roundsMeeting(rounds []float64) int {
	n := 0
	for _, x := range rounds {
		if t.meets(x) {
			n++
		}
	}
	return n
}

// evaluate reads target tg from the table, or reports false when the run
// lacks the benchmarks it needs.
func (t *table) evaluate(tg target) (targetResult, bool) {
	if tg.peer == "" {
		return t.speedup(tg.workload, ours)
	}
	workloads := []string{tg.workload}
	if tg.workload == "*" {
		workloads = t.workloads
	}
	var best targetResult
	found := false
	for _, wl := range workloads {
		for _, procs := range t.procs[wl] {
			base, peer := t.data[key{wl, ours, procs}], t.data[key{wl, tg.peer, procs}]
			if base == nil || peer == nil {
				continue
			}
			r := compare(wl, peer, base)
			if !found || r.ratio < best.ratio {
				best, found = r, true
			}
		}
	}
	return best, found
}

// speedup reads peer's scaling on workload wl: its ns at -cpu 1 over its ns
// at the highest -cpu the workload ran at, of the medians and per round, or
// reports false when the run lacks either.
func (t *table) speedup(wl, peer string) (targetResult, bool) {
	procs := t.procs[wl]
	if len(procs) < 2 || procs[0] != 1 {
		return targetResult{}, false
	}
	one, many := t.data[key{wl, peer, 1}], t.data[key{wl, peer, procs[len(procs)-1]}]
	if one == nil || many == nil {
		return targetResult{}, false
	}
	return compare(wl, one, many), true
}

// printTargets prints issue 4's targets as this run measured them: the
// ratio of the medians (which decides "met"), and the per-round ratios
// with how many rounds met the target on their own.
func (t *table) printTargets(w io.Writer) {
	var rows []string
	met := 0
	for _, tg := range targets {
		r, ok := t.evaluate(tg)
		if !ok {
			continue
		}
		verdict := "**missed**"
		if tg.meets(r.ratio) {
			verdict = "met"
			met++
		}
		rounds := "-"
		if r.rounds != nil {
			rounds = fmt.Sprintf("%s; %d of %d", spread(r.rounds), tg.roundsMeeting(r.rounds), len(r.rounds))
		}
		name := tg.name
		if tg.workload == "*" {
			name += " (lowest: " + r.workload + ")"
		}
		rows = append(rows, fmt.Sprintf("| %s | %.2fx | %s | %s |", name, r.ratio, rounds, verdict))
	}
	if len(rows) == 0 {
		return
	}
	fmt.Fprintf(w, "\n| target (issue 4) | ratio of the medians | per round: median, min-max; rounds that meet it | |\n|---|---:|---:|---|\n")
	fmt.Fprintln(w, strings.Join(rows, "\n"))
	fmt.Fprintf(w, "\n%d of %d targets met by the ratio of the medians.\n", met, len(rows))
}

// printAcross prints issue 4's targets as several runs measured them, a
// column per run: the ratio of the medians where the target is met, and
// in bold with how many rounds met it where it is missed ("-" where the
// run lacks the benchmarks), then how many targets each run met. It is the
// table a closing note compares runs with, read from their files rather
// than copied by hand.
func printAcross(w io.Writer, names []string, runs []*table) {
	fmt.Fprintf(w, "| target (issue 4) |")
	for _, name := range names {
		fmt.Fprintf(w, " %s |", name)
	}
	fmt.Fprintf(w, "\n|---|%s\n", strings.Repeat("---:|", len(names)))
	met := make([]int, len(runs))
	read := make([]int, len(runs))
	for _, tg := range targets {
		cells := make([]string, len(runs))
		seen := false
		for i, t := range runs {
			r, ok := t.evaluate(tg)
			if !ok {
				cells[i] = "-"
				continue
			}
			seen = true
			read[i]++
			if tg.meets(r.ratio) {
				met[i]++
				cells[i] = fmt.Sprintf("%.2fx", r.ratio)
				continue
			}
			cells[i] = fmt.Sprintf("**%.2fx**", r.ratio)
			if r.rounds != nil {
				cells[i] += fmt.Sprintf(" (%d of %d)", tg.roundsMeeting(r.rounds), len(r.rounds))
			}
		}
		if seen {
			fmt.Fprintf(w, "| %s | %s |\n", tg.name, strings.Join(cells, " | "))
		}
	}
	fmt.Fprintf(w, "| targets met |")
	for i := range runs {
		fmt.Fprintf(w, " %d of %d |", met[i], read[i])
	}
	fmt.Fprintln(w)
	printControlSpeedups(w, runs)
}

// printControlSpeedups adds to printAcross's table a row per control of
// the Parallel targets (SpinParallel and its kin, peer control): its
// speedup at the highest -cpu over -cpu 1 in each run, with the spread of
// its rounds. They are not targets; they say what the machine gave work
// with nothing shared during the run, beside the Parallel targets' rows.
func printControlSpeedups(w io.Writer, runs []*table) {
	var names []string
	for _, t := range runs {
		for _, wl := range t.workloads {
			if _, ok := t.speedup(wl, control); ok && !contains(names, wl) {
				names = append(names, wl)
			}
		}
	}
	for _, wl := range names {
		cells := make([]string, len(runs))
		for i, t := range runs {
			cells[i] = "-"
			if r, ok := t.speedup(wl, control); ok {
				cells[i] = fmt.Sprintf("%.2fx", r.ratio)
				if r.rounds != nil {
					cells[i] += " (" + spread(r.rounds) + ")"
				}
			}
		}
		fmt.Fprintf(w, "| %s speedup (control, not a target) | %s |\n", wl, strings.Join(cells, " | "))
	}
}

// runName names a run's column after its file: the directory of a run.sh
// output's bench.txt (out/a/bench.txt is "a"), else the file's name
// without its extension.
func runName(path string) string {
	if filepath.Base(path) == "bench.txt" {
		if dir := filepath.Base(filepath.Dir(path)); dir != "." && dir != string(filepath.Separator) {
			return dir
		}
	}
	return strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
}
