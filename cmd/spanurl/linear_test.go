package main

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/spanurl/spanurl/internal/lineartest"
	"github.com/spanurl/spanurl/internal/testvectors"
)

// TestLinearFields checks that every field of -fields, and a log line's
// request with every field, takes time in proportion to the line on long
// lines of every shape of longLineShapes (in the path, the query and the
// fragment): a line 8 times longer takes at most 16 times as long
// (lineartest). A run on the longer line that takes more than
// linearDeadline fails at once, without the ratio's rounds.
func TestLinearFields(t *testing.T) {
	if testing.Short() {
		t.Skip("linear-time ratios need long lines")
	}
	if testvectors.RaceEnabled {
		t.Skip("linear-time ratios are not measured with the race detector")
	}
	// Lines of 16 KiB and 128 KiB keep a run's line, href and output in
	// a core's L2 cache, so that the ratio measures the work rather than
	// the step from cache to memory; a quadratic cost is still 64 times.
	const small, large = 16 << 10, 128 << 10
	var fields []string
	for _, name := range fieldNames {
		if name == "param:NAME" {
			name = "param:a"
		}
		fields = append(fields, name)
	}
	urlLine := func(unit string, size int) []byte {
		u := strings.Repeat(unit, max(1, size/3/len(unit)))
		return []byte("http://h/" + u + "?a=" + u + "#" + u + "\n")
	}
	logLine := func(unit string, size int) []byte {
		u := strings.Repeat(unit, max(1, size/len(unit)))
		return []byte(`127.0.0.1 - - [10/Oct/2000:13:55:36 -0700] "GET /` + u + `?a=` + u + ` HTTP/1.1" 200 2326 "-" "-"` + "\n")
	}
	// An escape of "%" nested n deep, "%25...2541", which a key that
	// decodes until nothing decodes might take n passes over.
	nested := func(size int) []byte {
		u := strings.Repeat("25", size/4)
		return []byte("http://h/%" + u + "41?a=%" + u + "41\n")
	}
	for _, f := range fields {
		t.Run("nested-escapes/"+f, func(t *testing.T) {
			args := []string{"-fields", f}
			switch f {
			case "status", "errors":
				args = append(args, "-validate")
			case "match", "groups":
				args = append(args, "-match", "http://h/:x*")
			}
			checkLinear(t, args, nested(small), nested(large))
		})
	}
	for _, s := range longLineShapes {
		// A line of bytes that are not UTF-8 has an href 9 times as long
		// (%EF%BF%BD for each byte), one of spaces 3 times (%20): their
		// lines are shorter, so that the href stays in the cache too.
		small, large := small, large
		switch s.name {
		case "bytes-ff":
			small, large = small/8, large/8
		case "spaces":
			small, large = small/4, large/4
		}
		for _, f := range fields {
			args := []string{"-fields", f}
			switch f {
			case "status", "errors":
				args = append(args, "-validate")
			case "match", "groups":
				args = append(args, "-match", "http://h/:x*")
			}
			t.Run(s.name+"/"+f, func(t *testing.T) {
				checkLinear(t, args, urlLine(s.url, small), urlLine(s.url, large))
			})
		}
		t.Run(s.name+"/json-all", func(t *testing.T) {
			args := []string{"-json", "-validate", "-fields", strings.Join(fields, ","), "-match", "http://h/:x*"}
			checkLinear(t, args, urlLine(s.url, small), urlLine(s.url, large))
		})
		t.Run(s.name+"/combined", func(t *testing.T) {
			var keys []string
			for _, f := range fields {
				if f != "match" && f != "groups" && f != "surt" {
					keys = append(keys, f)
				}
			}
			args := []string{"-format", "combined", "-validate", "-json", "-fields", strings.Join(keys, ",")}
			checkLinear(t, args, logLine(s.log, small), logLine(s.log, large))
		})
	}
}

// linearDeadline is how long one run of checkLinear's longer line may take.
const linearDeadline = 5 * time.Second

// checkLinear runs the command with args on the lines small and large,
// one worker, and checks by lineartest that large, 8 times longer, takes
// at most 16 times as long.
func checkLinear(t *testing.T, args []string, small, large []byte) {
	t.Helper()
	args = append([]string{"-j", "1"}, args...)
	runOn := func(line []byte) func() {
		return func() { run(args, bytes.NewReader(line), io.Discard, io.Discard) }
	}
	start := time.Now()
	runOn(large)()
	if d := time.Since(start); d > linearDeadline {
		t.Fatalf("%v: %v on a line of %d bytes: not linear", args, d, len(large))
	}
	lineartest.Check(t, 16, runOn(small), runOn(large))
}
