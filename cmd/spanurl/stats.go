package main

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/spanurl/spanurl/httpurl"
	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

// stats are the counts of one worker; the run's are their sum.
type stats struct {
	lines     int64
	blank     int64 // empty lines, neither parsed nor failed
	parsed    int64
	failed    int64 // malformed lines and failures to parse
	malformed int64 // lines without URL text (-col, access logs)
	invalid   int64 // lines that parse with validation errors (-validate)
	withHost  int64 // URLs that parse, with a non-empty host
	ranked    int64 // URLs that parse, with a value of -stats-field
	// failures counts the failures to parse by the validation error that
	// made them fail (0: a failure nothing names).
	failures [record.NumErrorTypes + 1]int64
	// refused counts the failures that no validation error names by the
	// first of refusals that they match.
	refused [len(refusals)]int64
	// withError counts, for each validation error, the lines in which the
	// parser met it (-validate).
	withError [record.NumErrorTypes + 1]int64
	hosts     *topHosts // -stats: the values of -stats-field, by default hostnames
	// routes counts the URLs that match each pattern of -match, and last
	// those that match none (-stats).
	routes []int64
}

// count adds the result of one parse.
func (s *stats) count(u span.URL, errs []record.ValidationError, err error) {
	if err != nil {
		s.failed++
		var pe *span.ParseError
		if errors.As(err, &pe) && pe.Type != 0 && int(pe.Type) < len(s.failures) {
			s.failures[pe.Type]++
		} else if i := refusal(err); i >= 0 {
			s.refused[i]++
		} else {
			s.failures[0]++
		}
	} else {
		s.parsed++
		if u.Hostname() != "" {
			s.withHost++
		}
	}
	if len(errs) > 0 {
		if err == nil {
			s.invalid++
		}
		var seen uint64
		for _, e := range errs {
			if t := e.Type; int(t) < len(s.withError) && seen&(1<<t) == 0 {
				seen |= 1 << t
				s.withError[t]++
			}
		}
	}
}

// refusals are the sentinels that name, in -stats, the failures that no
// validation error names: httpurl's (span's request-target sentinels are
// the same values), the most specific first, as package accesslog and
// httpurl.FromRequest give them.
var refusals = [...]struct {
	name string
	err  error
}{
	{"httpurl.ErrConnect", httpurl.ErrConnect},
	{"httpurl.ErrAsteriskForm", httpurl.ErrAsteriskForm},
	{"httpurl.ErrControlCharacter", httpurl.ErrControlCharacter},
	{"httpurl.ErrTargetTooLong", httpurl.ErrTargetTooLong},
	{"httpurl.ErrHostTooLong", httpurl.ErrHostTooLong},
	{"httpurl.ErrNotDNSName", httpurl.ErrNotDNSName},
	{"httpurl.ErrPortZero", httpurl.ErrPortZero},
	{"httpurl.ErrEncodedSeparator", httpurl.ErrEncodedSeparator},
	{"httpurl.ErrMalformedEscape", httpurl.ErrMalformedEscape},
	{"httpurl.ErrSchemeMismatch", httpurl.ErrSchemeMismatch},
	{"httpurl.ErrHostMismatch", httpurl.ErrHostMismatch},
	{"httpurl.ErrInvalidScheme", httpurl.ErrInvalidScheme},
	{"httpurl.ErrInvalidHost", httpurl.ErrInvalidHost},
	{"httpurl.ErrInvalidTarget", httpurl.ErrInvalidTarget},
}

// refusal returns the index in refusals of the first sentinel that err
// matches, or -1.
func refusal(err error) int {
	for i, r := range refusals {
		if errors.Is(err, r.err) {
			return i
		}
	}
	return -1
}

// add adds the counts of t to s.
func (s *stats) add(t *stats) {
	s.lines += t.lines
	s.blank += t.blank
	s.parsed += t.parsed
	s.failed += t.failed
	s.malformed += t.malformed
	s.invalid += t.invalid
	s.withHost += t.withHost
	s.ranked += t.ranked
	if s.routes == nil && t.routes != nil {
		s.routes = make([]int64, len(t.routes))
	}
	for i, n := range t.routes {
		s.routes[i] += n
	}
	for i := range s.failures {
		s.failures[i] += t.failures[i]
		s.withError[i] += t.withError[i]
	}
	for i := range s.refused {
		s.refused[i] += t.refused[i]
	}
}

// report writes the summary of -stats to w.
func (s *stats) report(w io.Writer, cfg *config, hosts []hostCount) {
	var rows [][2]string // label, count
	row := func(label string, n int64) {
		rows = append(rows, [2]string{label, strconv.FormatInt(n, 10)})
	}
	row("lines", s.lines)
	if s.blank > 0 {
		row("  blank", s.blank)
	}
	row("parsed", s.parsed)
	if cfg.validate {
		row("  with validation errors", s.invalid)
	}
	row("failed", s.failed)
	if s.malformed > 0 {
		row("  malformed line", s.malformed)
	}
	for _, r := range s.reasons() {
		row("  "+r.host, r.count)
	}
	if cfg.validate {
		rows = append(rows, [2]string{"validation errors (lines with each)", ""})
		for _, t := range byCount(s.withError[:]) {
			row("  "+record.ErrorType(t).String(), s.withError[t])
		}
	}
	if cfg.routes != nil && s.routes != nil {
		rows = append(rows, [2]string{fmt.Sprintf("routes (of %d URLs that parse)", s.parsed), ""})
		n := len(cfg.routes.patterns)
		for _, i := range byCount(s.routes[:n]) {
			row("  "+oneLine(cfg.routes.patterns[i]), s.routes[i])
		}
		for i, c := range s.routes[:n] {
			if c == 0 {
				row("  "+oneLine(cfg.routes.patterns[i]), 0)
			}
		}
		row("  (no match)", s.routes[n])
	}
	var maxErr int64
	if len(hosts) > 0 {
		title := fmt.Sprintf("top hosts (of %d URLs with a host)", s.withHost)
		if cfg.statsField != fieldHostname {
			title = fmt.Sprintf("top %s (of %d URLs with one)", cfg.statsName, s.ranked)
		}
		rows = append(rows, [2]string{title, ""})
		for _, h := range hosts {
			maxErr = max(maxErr, h.err)
			n := strconv.FormatInt(h.count, 10)
			if h.err > 0 {
				n = "~" + n
			}
			rows = append(rows, [2]string{"  " + oneLine(h.host), n})
		}
	}

	labelWidth, countWidth := 0, 0
	for _, r := range rows {
		labelWidth = max(labelWidth, len(r[0]))
		countWidth = max(countWidth, len(r[1]))
	}
	var b strings.Builder
	b.WriteString("spanurl: stats\n")
	for _, r := range rows {
		if r[1] == "" {
			b.WriteString(r[0])
		} else {
			fmt.Fprintf(&b, "%-*s  %*s", labelWidth, r[0], countWidth, r[1])
		}
		b.WriteByte('\n')
	}
	if maxErr > 0 {
		what := "hosts"
		if cfg.statsField != fieldHostname {
			what = "values"
		}
		fmt.Fprintf(&b, "(~: an estimate, too high by at most %d: more than %d distinct %s)\n", maxErr, topHostsCapacity, what)
	}
	io.WriteString(w, b.String())
}

// reasons returns the failures by their reason, the validation error or
// the sentinel that names them ("other failure" for the rest), most
// counted first.
func (s *stats) reasons() []hostCount {
	var rs []hostCount
	for _, t := range byCount(s.failures[:]) {
		name := "other failure"
		if t != 0 {
			name = record.ErrorType(t).String()
		}
		rs = append(rs, hostCount{host: name, count: s.failures[t]})
	}
	for _, i := range byCount(s.refused[:]) {
		rs = append(rs, hostCount{host: refusals[i].name, count: s.refused[i]})
	}
	slices.SortStableFunc(rs, func(a, b hostCount) int { return cmp.Compare(b.count, a.count) })
	return rs
}

// rank counts the value of -stats-field for u, which parsed from input,
// among the top values (hostnames by default). An empty value, or null,
// is not counted.
func (w *worker) rank(u span.URL, input string) {
	cfg := w.cfg
	var v string
	switch cfg.statsField {
	case fieldHostname:
		v = u.Hostname()
	case fieldInput:
		v = input
	default:
		var ok bool
		if v, ok = w.fieldString(cfg.statsField, cfg.statsParam, u); !ok {
			return
		}
	}
	if v != "" {
		w.st.ranked++
		w.st.hosts.add(v)
	}
}

// byCount returns the indexes of the non-zero counts, largest first.
func byCount(counts []int64) []int {
	var idx []int
	for i, n := range counts {
		if n > 0 {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(counts[b], counts[a]) })
	return idx
}

// topHostsCapacity is how many distinct hosts a worker counts exactly.
const topHostsCapacity = 4096

// topHosts counts hosts in bounded memory with the Space-Saving algorithm
// (Metwally, Agrawal and El Abbadi, 2005): it tracks at most capacity
// hosts, and a host met when the table is full replaces the least counted
// one, inheriting its count (which becomes the new host's error bound).
// Counts are exact while there are at most capacity distinct hosts; beyond,
// a tracked host's count is at most err too high, and every host met more
// than n/capacity times in n additions is tracked.
type topHosts struct {
	capacity int
	index    map[string]*hostEntry
	heap     []*hostEntry // a min-heap by count
}

type hostEntry struct {
	hostCount
	pos int // in heap
}

// hostCount is a host, its (estimated) count and the error bound of the
// count.
type hostCount struct {
	host       string
	count, err int64
}

func newTopHosts(capacity int) *topHosts {
	return &topHosts{capacity: capacity, index: make(map[string]*hostEntry)}
}

// add counts one occurrence of host, which may alias memory that is reused
// later.
func (t *topHosts) add(host string) {
	if e, ok := t.index[host]; ok {
		e.count++
		t.down(e.pos)
		return
	}
	if len(t.heap) < t.capacity {
		e := &hostEntry{hostCount: hostCount{host: strings.Clone(host), count: 1}, pos: len(t.heap)}
		t.index[e.host] = e
		t.heap = append(t.heap, e)
		t.up(e.pos)
		return
	}
	e := t.heap[0]
	delete(t.index, e.host)
	e.host = strings.Clone(host)
	e.err = e.count
	e.count++
	t.index[e.host] = e
	t.down(0)
}

// min returns the smallest count tracked when the table is full, the most
// a host not tracked may have been met; 0 otherwise.
func (t *topHosts) min() int64 {
	if len(t.heap) < t.capacity || len(t.heap) == 0 {
		return 0
	}
	return t.heap[0].count
}

func (t *topHosts) less(i, j int) bool { return t.heap[i].count < t.heap[j].count }

func (t *topHosts) swap(i, j int) {
	t.heap[i], t.heap[j] = t.heap[j], t.heap[i]
	t.heap[i].pos, t.heap[j].pos = i, j
}

func (t *topHosts) up(i int) {
	for i > 0 {
		parent := (i - 1) / 2
		if !t.less(i, parent) {
			return
		}
		t.swap(i, parent)
		i = parent
	}
}

func (t *topHosts) down(i int) {
	n := len(t.heap)
	for {
		l := 2*i + 1
		if l >= n {
			return
		}
		j := l
		if r := l + 1; r < n && t.less(r, l) {
			j = r
		}
		if !t.less(j, i) {
			return
		}
		t.swap(i, j)
		i = j
	}
}

// topOf merges the workers' tables and returns the n most counted hosts,
// by count then name. A host's merged count and error are the sums of its
// counts and errors; a full table that does not track the host adds its
// smallest count to both (the host may have been met that often there
// and evicted), so that the count stays an upper bound and count - err a
// lower bound. Each table adds at most its additions / capacity to err.
func topOf(tables []*topHosts, n int) []hostCount {
	merged := make(map[string]*hostCount)
	for _, t := range tables {
		for _, e := range t.heap {
			m := merged[e.host]
			if m == nil {
				m = &hostCount{host: e.host}
				merged[e.host] = m
			}
			m.count += e.count
			m.err += e.err
		}
	}
	all := make([]hostCount, 0, len(merged))
	for _, m := range merged {
		for _, t := range tables {
			if _, ok := t.index[m.host]; !ok {
				m.count += t.min()
				m.err += t.min()
			}
		}
		all = append(all, *m)
	}
	slices.SortFunc(all, func(a, b hostCount) int {
		if c := cmp.Compare(b.count, a.count); c != 0 {
			return c
		}
		return strings.Compare(a.host, b.host)
	})
	return all[:min(n, len(all))]
}
