package bench

import (
	"flag"
	"fmt"
	"strings"
	"testing"
)

var (
	summary  = flag.Bool("summary", false, "run TestSummary: failures, panics and disagreements of every peer on every corpus")
	examples = flag.Int("examples", 0, "with -summary: log up to this many disagreements with ada per corpus and peer")
)

// TestSummary runs every peer once over every corpus (not timed) and
// reports, per corpus and peer, how many inputs failed, how many panicked,
// and how many hrefs differ from ada's (goada), the reference WHATWG
// implementation. It is off by default because it takes a while:
//
//	go test -run TestSummary -summary -v
func TestSummary(t *testing.T) {
	if !*summary {
		t.Skip("pass -summary to run")
	}
	var ref *peer
	for _, p := range peers {
		if p.name == "goada" && p.href != nil {
			ref = p
		}
	}
	type corpus struct {
		name  string
		items func() ([][2]string, error) // ref, base
	}
	single := func(load func() (*Lines, error)) func() ([][2]string, error) {
		return func() ([][2]string, error) {
			l, err := load()
			if err != nil {
				return nil, err
			}
			v := make([][2]string, len(l.Lines))
			for i, s := range l.Lines {
				v[i] = [2]string{s, ""}
			}
			return v, nil
		}
	}
	pairs := func(load func() (*Refs, error)) func() ([][2]string, error) {
		return func() ([][2]string, error) {
			r, err := load()
			if err != nil {
				return nil, err
			}
			v := make([][2]string, len(r.Ref))
			for i, s := range r.Ref {
				v[i] = [2]string{s, r.Bases[r.Base[i]]}
			}
			return v, nil
		}
	}
	corpora := []corpus{
		{"Absolute", single(func() (*Lines, error) { return LoadLines("absolute.txt") })},
		{"Messy", single(func() (*Lines, error) { return LoadLines("messy.txt") })},
		{"Relative", pairs(LoadRelative)},
		{"Requests", pairs(LoadRequests)},
		{"Hosts", single(LoadHostURLs)},
	}
	var out strings.Builder
	fmt.Fprintf(&out, "\n| corpus | peer | inputs | failed | panicked | href differs from ada |\n|---|---|---:|---:|---:|---:|\n")
	for _, c := range corpora {
		items, err := c.items()
		if err != nil {
			t.Skipf("skipping: %v", err)
		}
		var want []string
		var wantOK []bool
		if ref != nil {
			want = make([]string, len(items))
			wantOK = make([]bool, len(items))
			for i, it := range items {
				h, err := ref.href(it[0], it[1])
				want[i], wantOK[i] = h, err == nil
			}
		}
		for _, p := range peers {
			if p.href == nil {
				continue
			}
			failed, panicked, differ := 0, 0, 0
			var example string
			for i, it := range items {
				h, pan, err := safeHref(p, it[0], it[1])
				switch {
				case pan != nil:
					panicked++
					if example == "" {
						example = fmt.Sprintf("panic %v on %q (base %q)", pan, it[0], it[1])
					}
					continue
				case err != nil:
					failed++
				}
				if ref != nil && ((err == nil) != wantOK[i] || h != want[i]) {
					differ++
					if differ <= *examples && p != ref {
						t.Logf("%s/%s differs: %q (base %q): %q %v, ada %q ok=%v", c.name, p.name, it[0], it[1], h, err, want[i], wantOK[i])
					}
				}
			}
			d := "-"
			if ref != nil && p != ref {
				d = fmt.Sprintf("%d (%.2f%%)", differ, 100*float64(differ)/float64(len(items)))
			}
			fmt.Fprintf(&out, "| %s | %s | %d | %d | %d | %s |\n", c.name, p.name, len(items), failed, panicked, d)
			if example != "" {
				t.Logf("%s/%s: first %s", c.name, p.name, example)
			}
		}
	}
	t.Log(out.String())
}

func safeHref(p *peer, ref, base string) (h string, pan any, err error) {
	defer func() { pan = recover() }()
	h, err = p.href(ref, base)
	return h, nil, err
}
