package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
)

// missingData marks a skip for want of test data; internal/testvectors
// begins such skips with it.
const missingData = "test data not found"

// event is one line of `go test -json` (cmd/test2json's TestEvent).
type event struct {
	Action  string
	Package string
	Test    string
	Output  string
}

// skip is one skipped test and the reason it gave.
type skip struct {
	pkg, test, reason string
}

// summary is what report found: whether anything failed and every skip.
type summary struct {
	failed bool
	skips  []skip
}

func main() {
	s := report(os.Stdin, os.Stdout)
	os.Exit(s.exitCode(os.Stdout, os.Getenv("SPANURL_ALLOW_SKIP") == "1"))
}

// report copies a plain `go test` view of the events in r to w and
// returns the failures and skips it saw.
func report(r io.Reader, w io.Writer) summary {
	var s summary
	output := map[[2]string][]string{} // each running test's lines
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if len(line) == 0 || line[0] != '{' || json.Unmarshal(line, &e) != nil {
			fmt.Fprintf(w, "%s\n", line)
			continue
		}
		key := [2]string{e.Package, e.Test}
		switch {
		case e.Action == "output" && e.Test != "":
			output[key] = append(output[key], e.Output)
		case e.Action == "output" || e.Action == "build-output":
			if o := e.Output; o != "PASS\n" && !strings.HasPrefix(o, "=== ") {
				fmt.Fprint(w, o)
			}
		case e.Action == "fail" || e.Action == "build-fail":
			s.failed = true
			for _, o := range output[key] {
				fmt.Fprint(w, o)
			}
			delete(output, key)
		case e.Action == "skip" && e.Test != "":
			s.skips = append(s.skips, skip{e.Package, e.Test, reason(output[key])})
			delete(output, key)
		case e.Action == "pass":
			delete(output, key)
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintf(w, "testreport: reading the events: %v\n", err)
		s.failed = true
	}
	return s
}

// reason returns a skipped test's own words: its output less the lines
// that the testing package writes around every test.
func reason(lines []string) string {
	var words []string
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "=== ") || strings.HasPrefix(l, "--- SKIP") {
			continue
		}
		words = append(words, l)
	}
	return strings.Join(words, " ")
}

// exitCode lists the skips on w, one line for the tests of a package
// that skipped for the same reason, and returns the status to exit with.
func (s summary) exitCode(w io.Writer, allowSkip bool) int {
	missing := 0
	if len(s.skips) > 0 {
		fmt.Fprintf(w, "skipped tests: %d\n", len(s.skips))
	}
	type group struct{ pkg, reason string }
	var order []group
	tests := map[group][]string{}
	for _, k := range s.skips {
		g := group{k.pkg, k.reason}
		if _, ok := tests[g]; !ok {
			order = append(order, g)
		}
		tests[g] = append(tests[g], k.test)
		if strings.Contains(k.reason, missingData) {
			missing++
		}
	}
	for _, g := range order {
		names := tests[g]
		list := strings.Join(names[:min(len(names), 3)], ", ")
		if len(names) > 3 {
			list += fmt.Sprintf(" and %d more", len(names)-3)
		}
		fmt.Fprintf(w, "  SKIP %s %s: %s\n", g.pkg, list, g.reason)
	}
	switch {
	case s.failed:
		return 1
	case missing > 0 && !allowSkip:
		fmt.Fprintf(w, "%d tests skipped for want of test data: set $SPANURL_DATASETS_DIR, or $SPANURL_ALLOW_SKIP=1 to accept it\n", missing)
		return 1
	}
	return 0
}
