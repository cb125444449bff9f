package main

import (
	"bytes"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"
)

// BenchmarkPipeline measures the whole command, from input bytes to output
// bytes, on one worker and on every core: MB/s (of input) and lines/s.
// Compare the j=1 and j=N lines of one run for the scaling.
func BenchmarkPipeline(b *testing.B) {
	input, err := io.ReadAll(newSynthReader(32 << 20))
	if err != nil {
		b.Fatal(err)
	}
	lines := bytes.Count(input, []byte("\n"))
	var logs strings.Builder
	for line := range strings.Lines(string(input)) {
		if len(line) > 0 && line[0] == '/' {
			logs.WriteString(logLine(strings.TrimSuffix(line, "\n")))
		} else {
			logs.WriteString(logLine("/p?u=" + strings.TrimSuffix(line, "\n")))
		}
		if logs.Len() > 32<<20 {
			break
		}
	}
	logInput := []byte(logs.String())
	logLines := bytes.Count(logInput, []byte("\n"))

	modes := []struct {
		name  string
		input []byte
		lines int
		args  []string
	}{
		{"href", input, lines, []string{"-base", "https://base.example/"}},
		{"fields", input, lines, []string{"-base", "https://base.example/", "-fields", "hostname,registrable,origin,pathname", "-stats"}},
		{"json", input, lines, []string{"-base", "https://base.example/", "-json"}},
		{"combined", logInput, logLines, []string{"-format", "combined", "-host", "example.com", "-fields", "hostname,pathname"}},
	}
	for _, m := range modes {
		for _, j := range []int{1, runtime.GOMAXPROCS(0)} {
			b.Run(fmt.Sprintf("%s/j=%d", m.name, j), func(b *testing.B) {
				args := append([]string{"-j", fmt.Sprint(j)}, m.args...)
				b.SetBytes(int64(len(m.input)))
				start := time.Now()
				for b.Loop() {
					if status := run(args, bytes.NewReader(m.input), io.Discard, io.Discard); status == exitUsage {
						b.Fatalf("status %d", status)
					}
				}
				b.ReportMetric(float64(m.lines)*float64(b.N)/time.Since(start).Seconds(), "lines/s")
			})
		}
	}
}
