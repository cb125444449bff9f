package span_test

import (
	"flag"
	"strconv"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/internal/testvectors"
	"github.com/spanurl/spanurl/span"
)

// TestLongComponent checks the URL of a slow-path parse whose path,
// query or fragment is long (which the href is written around, in that
// component's memory): the same URL as Parse gives, for a long component
// at each place among the others, against a base or none, including
// segments that the parser changes ("." and "..", a Windows drive
// letter) and characters that it percent-encodes.
func TestLongComponent(t *testing.T) {
	long := strings.Repeat("%x", 64<<10)
	tests := []struct{ base, input string }{
		{"", "http://h/" + long},
		{"", "http://h/a/b/" + long},
		{"", "http://h/" + long + "/c/d"},
		{"", "http://h/" + long + "/" + long},
		{"", "http://h/" + long + "/../" + long + "/./x"},
		{"", "http://h/" + long + "?q#f"},
		{"", "http://u:p@h:81/p?" + long + "#f"},
		{"", "http://h/p?q#" + long},
		{"", "http://h/" + long + "?" + long + "#" + long},
		{"", "http://h/" + long + " é\t"},
		{"", "file:///C|/" + long},
		{"", "mailto:" + long + "?q"},
		{"", "non-special://h/" + long},
		{"", "non-special:/" + long},
		{"http://b.example:8080/dir/f?q#r", "/" + long},
		{"http://b.example:8080/dir/f?q#r", long},
		{"http://b.example:8080/dir/f?q#r", "?" + long},
		{"http://b.example:8080/dir/f?q#r", "#" + long},
		{"non-special:/.//x", "/" + long},
	}
	for _, tc := range tests {
		base := span.URL{}
		if tc.base != "" {
			base = span.MustParse(tc.base)
		}
		name := tc.base + " " + strings.ReplaceAll(tc.input, long, "LONG")
		want, wantErr := base.Parse(tc.input)
		got, _, err := span.ParseWithErrors(tc.input, base)
		if (err != nil) != (wantErr != nil) {
			t.Fatalf("%s: ParseWithErrors: %v; Parse: %v", name, err, wantErr)
		}
		if got != want {
			t.Errorf("%s: ParseWithErrors gives %.80q, Parse %.80q", name, got.Href(), want.Href())
		}
		// A Parser serializes its slow path's record into its own
		// buffer: a reference apart from the record's memory.
		var p span.Parser
		if ref, _ := p.ParseRef(base, []byte(tc.input)); ref.Href() != got.Href() || ref.Pathname() != got.Pathname() || ref.Search() != got.Search() || ref.Hash() != got.Hash() {
			t.Errorf("%s: ParseWithErrors gives %.80q, a Parser %.80q", name, got.Href(), ref.Href())
		}
	}
}

// TestLongComponentAllocations checks that the validating parser holds
// a long path segment, query, opaque path or fragment once while it
// parses: what a parse of one allocates in all is about the input's
// length (the parser's buffer, which becomes the path or query, or the
// room the opaque path or fragment is given, and then the href), not
// three times it or more.
func TestLongComponentAllocations(t *testing.T) {
	const n = 4 << 20
	long := strings.Repeat("%", n)
	tests := []struct{ base, input string }{
		{"", "http://h/" + long},
		{"", "http://h/a/b/" + long},
		{"http://b.example/dir/f", "/" + long},
		{"", "http://h/p?" + long},
		{"", "non-special://h/p?" + long},
		{"http://b.example/dir/f", "?" + long},
		{"", "http://h/p?q#" + long},
		{"http://b.example/dir/f", "#" + long},
		{"", "mailto:" + long},
		{"", "mailto:x?q#" + long},
	}
	for _, tc := range tests {
		base := span.URL{}
		if tc.base != "" {
			base = span.MustParse(tc.base)
		}
		u, errs, err := span.ParseWithErrors(tc.input, base)
		if err != nil || errs.Len() != n || !strings.HasSuffix(u.Href(), tc.input[len(tc.input)-n:]) {
			t.Fatalf("ParseWithErrors(%.20q, %q): %d errors, %v", tc.input, tc.base, errs.Len(), err)
		}
		_, total := bytesPerOp(3, func() { span.ParseWithErrors(tc.input, base) })
		t.Logf("%.20q against %q: %d bytes allocated for %d bytes of input", tc.input, tc.base, total, len(tc.input))
		if limit := int64(len(tc.input)) * 3 / 2; total > limit {
			t.Errorf("%.20q against %q: %d bytes allocated, more than %d", tc.input, tc.base, total, limit)
		}
	}
}

// bytesPerOp runs f as a benchmark of runs calls and returns what one
// call allocates, in allocations and bytes: the testing package's
// averages, which the runtime's own allocations, or another goroutine's,
// move by far less than the megabytes that f allocates. runs sets the
// benchmark's count (-test.benchtime=Nx) for the call, since the default
// of a second for each of many long inputs would make the tests slow.
func bytesPerOp(runs int, f func()) (allocs, bytes int64) {
	if bt := flag.Lookup("test.benchtime"); bt != nil {
		old := bt.Value.String()
		if err := bt.Value.Set(strconv.Itoa(runs) + "x"); err == nil {
			defer bt.Value.Set(old)
		}
	}
	r := testing.Benchmark(func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			f()
		}
	})
	return r.AllocsPerOp(), r.AllocedBytesPerOp()
}

// TestLongComponentGrowth checks that a long component which the parser
// makes longer than the input (percent-encoding spaces, or the U+FFFD of
// bytes that are not UTF-8) or builds of many short segments (a slash for
// each backslash) gets its memory at once, not a copy outgrown at every
// step: a slow-path parse allocates at most twice the input and the href
// together, where growing step by step allocates several times the href.
func TestLongComponentGrowth(t *testing.T) {
	if testvectors.RaceEnabled {
		t.Skip("the race detector changes what allocates: counted without it")
	}
	const n = 1 << 20
	tests := []struct{ name, input string }{
		{"path-spaces", "http://h/" + strings.Repeat(" ", n) + "x"},
		{"path-ff", "http://h/" + strings.Repeat("\xff", n)},
		{"path-backslashes", "http://h/" + strings.Repeat(`\`, n)},
		{"path-segments", "http://h/" + strings.Repeat("a/", n/2)},
		{"query-spaces", "http://h/?" + strings.Repeat(" ", n) + "x"},
		{"query-ff", "http://h/?" + strings.Repeat("\xff", n)},
		{"fragment-spaces", "http://h/#" + strings.Repeat(" ", n) + "x"},
		{"opaque-ff", "mailto:" + strings.Repeat("\xff", n)},
		{"non-special-ff", "non-special://h/" + strings.Repeat("\xff", n)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			u, _, err := span.ParseWithErrors(tc.input, span.URL{})
			if err != nil {
				t.Fatal(err)
			}
			if want, _ := span.Parse(tc.input); u != want {
				t.Fatalf("ParseWithErrors gives %.40q, Parse %.40q", u.Href(), want.Href())
			}
			_, total := bytesPerOp(3, func() { span.ParseWithErrors(tc.input, span.URL{}) })
			limit := int64(2 * (len(tc.input) + len(u.Href())))
			t.Logf("%d bytes allocated for %d bytes of input and %d of href", total, len(tc.input), len(u.Href()))
			if total > limit {
				t.Errorf("%d bytes allocated, more than %d", total, limit)
			}
		})
	}
}
