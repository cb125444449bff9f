package span_test

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/spanurl/spanurl/internal/testvectors"
	"github.com/spanurl/spanurl/span"
)

// readLines returns the lines of the corpus name in ../shared/datasets.
func readLines(b testing.TB, name string) []string {
	f, err := os.Open(filepath.Join(testvectors.DatasetsDir(b), name))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines
}

var sinkLen int

// BenchmarkParseDataset is a quick in-package check of span.Parse per URL
// (the full comparison with peers lives in bench/).
func BenchmarkParseDataset(b *testing.B) {
	for _, name := range []string{"absolute.txt", "messy.txt"} {
		lines := readLines(b, name)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				u, _ := span.Parse(lines[i%len(lines)])
				sinkLen += len(u.Href())
			}
		})
	}
}

// benchParseEach runs span.Parse on each named input as a sub-benchmark,
// with MB/s and allocations per op; a parse failure fails it.
func benchParseEach(b *testing.B, inputs []struct{ name, input string }) {
	for _, c := range inputs {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.input)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := span.Parse(c.input); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkParseLong parses canonical URLs of 300 and 1200 bytes, longer
// than the fast path's window of 256, as tracking links are: a long query
// with nothing to encode, and the same with a space to encode as its
// second-to-last byte.
func BenchmarkParseLong(b *testing.B) {
	const page = "https://www.example.com/articles/2026/11/some-long-title-of-an-article"
	query := func(n int) string {
		q := "?utm_source=newsletter&utm_medium=email&utm_campaign=autumn-2026&ref="
		for len(q) < n {
			q += "&id=0123456789abcdef0123456789abcdef"
		}
		return q[:n]
	}
	var inputs []struct{ name, input string }
	for _, n := range []int{300, 1200} {
		u := page + query(n-len(page))
		inputs = append(inputs,
			struct{ name, input string }{fmt.Sprint(n), u},
			struct{ name, input string }{fmt.Sprint(n, "-space"), u[:n-2] + " x"})
	}
	benchParseEach(b, inputs)
}
