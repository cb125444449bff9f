package bench

import (
	"testing"

	"github.com/spanurl/spanurl/api"
	"github.com/spanurl/spanurl/span"
)

// The URL API's kernels (issue 32), spanurl's side; adacpp/bench.cpp has
// ada's under the same names (run_api there). One op is one URL of
// absolute.txt unless said otherwise.
//
//   - Set<Attr>: a new api.URL parsed from the line, one setter with a
//     fixed value, the href read. APIParse is the same without the
//     setter: the set's own cost is the difference.
//   - Set<Attr>Warm: one api.URL per line, parsed before timing, set
//     again and again with two values in turn; the href is not read in
//     the loop (reading it hands the buffer out, see api/buffer.go).
//   - SetHref: one api.URL set to each line, the href read.
//   - Rewrite: a proxy's loop on one reused api.URL: SetHref to the line,
//     SetHost and SetHash, the href copied out with AppendTo (ada: the
//     href copied into a reused std::string).
//   - CanParseMessy: CanParse on messy.txt; CanParseHosts: on hosts.txt's
//     http://HOST/; CanParseBase: a request target (requests.txt) against
//     its http://HOST/, given as a string (api.CanParse(input, base), as
//     ada::can_parse takes it); CanParseRelative: the same for
//     relative.tsv's references and their pages' URLs.
//   - SearchParams: a URLSearchParams from the line's query, sorted and
//     serialized.

// setterKernels are the setters measured, with two values each.
var setterKernels = []struct {
	name   string
	values [2]string
}{
	{"Pathname", [2]string{"/x/y", "/a/b/c"}},
	{"Search", [2]string{"?a=b", "?q=1&r=2"}},
	{"Host", [2]string{"example.org", "backend.example.net"}},
	{"Hash", [2]string{"#top", "#section-2"}},
	{"Port", [2]string{"8080", "9443"}},
}

// set runs the setter named name with a direct call, as a program would:
// through a func value the compiler cannot see that the setter keeps no
// pointer to u, and a new URL object would move to the heap.
func set(u *api.URL, name, v string) {
	switch name {
	case "Pathname":
		u.SetPathname(v)
	case "Search":
		u.SetSearch(v)
	case "Host":
		u.SetHost(v)
	case "Hash":
		u.SetHash(v)
	case "Port":
		u.SetPort(v)
	}
}

func BenchmarkAPIParse(b *testing.B) {
	l := lines(b, "absolute.txt")
	b.Run("spanurl", func(b *testing.B) {
		meterSteal(b)
		timeLoop(b, l.AvgBytes, func(ops int) int {
			n := 0
			for i, k := 0, 0; k < ops; i, k = next(i, len(l.Lines)), k+1 {
				u := api.ParseURL(l.Lines[i])
				if u == nil {
					n++
					continue
				}
				n += len(u.Href())
			}
			return n
		})
	})
}

func BenchmarkSet(b *testing.B) {
	l := lines(b, "absolute.txt")
	for _, s := range setterKernels {
		b.Run(s.name+"/spanurl", func(b *testing.B) {
			meterSteal(b)
			timeLoop(b, l.AvgBytes, func(ops int) int {
				n := 0
				for i, k := 0, 0; k < ops; i, k = next(i, len(l.Lines)), k+1 {
					u := api.ParseURL(l.Lines[i])
					if u == nil {
						n++
						continue
					}
					set(u, s.name, s.values[0])
					n += len(u.Href())
				}
				return n
			})
		})
	}
}

func BenchmarkSetWarm(b *testing.B) {
	l := lines(b, "absolute.txt")
	for _, s := range setterKernels {
		b.Run(s.name+"/spanurl", func(b *testing.B) {
			// The objects side by side in one slice, as ada's are in a
			// std::vector<url_aggregator>.
			urls := make([]api.URL, 0, len(l.Lines))
			for _, line := range l.Lines {
				if u := api.ParseURL(line); u != nil {
					urls = append(urls, *u)
				}
			}
			meterSteal(b)
			timeLoop(b, l.AvgBytes, func(ops int) int {
				for i, k := 0, 0; k < ops; i, k = next(i, len(urls)), k+1 {
					set(&urls[i], s.name, s.values[k&1])
				}
				return len(urls[0].Href())
			})
		})
	}
}

func BenchmarkSetHref(b *testing.B) {
	l := lines(b, "absolute.txt")
	b.Run("spanurl", func(b *testing.B) {
		u := api.ParseURL("https://example.com/")
		meterSteal(b)
		timeLoop(b, l.AvgBytes, func(ops int) int {
			n := 0
			for i, k := 0, 0; k < ops; i, k = next(i, len(l.Lines)), k+1 {
				if u.SetHref(l.Lines[i]) != nil {
					n++
					continue
				}
				n += len(u.Href())
			}
			return n
		})
	})
}

func BenchmarkRewrite(b *testing.B) {
	l := lines(b, "absolute.txt")
	b.Run("spanurl", func(b *testing.B) {
		var u api.URL
		var out []byte
		meterSteal(b)
		timeLoop(b, l.AvgBytes, func(ops int) int {
			n := 0
			for i, k := 0, 0; k < ops; i, k = next(i, len(l.Lines)), k+1 {
				if u.SetHref(l.Lines[i]) != nil {
					n++
					continue
				}
				u.SetHost("backend.example.net:8080")
				u.SetHash("")
				out = u.AppendTo(out[:0])
				n += len(out)
			}
			return n
		})
	})
}

func BenchmarkCanParseMessy(b *testing.B) {
	l := lines(b, "messy.txt")
	b.Run("spanurl", func(b *testing.B) {
		meterSteal(b)
		timeLoop(b, l.AvgBytes, func(ops int) int {
			n := 0
			for i, k := 0, 0; k < ops; i, k = next(i, len(l.Lines)), k+1 {
				if span.CanParse(l.Lines[i]) {
					n++
				}
			}
			return n
		})
	})
}

func BenchmarkCanParseHosts(b *testing.B) {
	l, err := LoadHostURLs()
	skipOnNoData(b, err)
	b.Run("spanurl", func(b *testing.B) {
		meterSteal(b)
		timeLoop(b, l.AvgBytes, func(ops int) int {
			n := 0
			for i, k := 0, 0; k < ops; i, k = next(i, len(l.Lines)), k+1 {
				if span.CanParse(l.Lines[i]) {
					n++
				}
			}
			return n
		})
	})
}

func BenchmarkCanParseBase(b *testing.B) {
	r, err := LoadRequests()
	skipOnNoData(b, err)
	canParseRefs(b, r)
}

func BenchmarkCanParseRelative(b *testing.B) {
	r, err := LoadRelative()
	skipOnNoData(b, err)
	canParseRefs(b, r)
}

// canParseRefs times api.CanParse(ref, base) over r, each base given as
// its string.
func canParseRefs(b *testing.B, r *Refs) {
	b.Run("spanurl", func(b *testing.B) {
		meterSteal(b)
		timeLoop(b, r.AvgBytes, func(ops int) int {
			n := 0
			for i, k := 0, 0; k < ops; i, k = next(i, len(r.Ref)), k+1 {
				if api.CanParse(r.Ref[i], r.Bases[r.Base[i]]) {
					n++
				}
			}
			return n
		})
	})
}

func BenchmarkSearchParams(b *testing.B) {
	l := lines(b, "absolute.txt")
	b.Run("spanurl", func(b *testing.B) {
		queries := make([]string, len(l.Lines))
		for i, line := range l.Lines {
			if u, err := span.Parse(line); err == nil {
				queries[i], _ = u.Query()
			}
		}
		meterSteal(b)
		timeLoop(b, l.AvgBytes, func(ops int) int {
			n := 0
			for i, k := 0, 0; k < ops; i, k = next(i, len(queries)), k+1 {
				p := api.NewSearchParams(queries[i])
				p.Sort()
				n += len(p.String())
			}
			return n
		})
	})
}
