package main

import (
	"strings"
	"testing"
)

// stream is a `go test -json` run of one package: a pass, a skip for
// want of data, a skip for -short, a failure and a build error line.
const stream = `{"Action":"run","Package":"p","Test":"TestA"}
{"Action":"output","Package":"p","Test":"TestA","Output":"=== RUN   TestA\n"}
{"Action":"output","Package":"p","Test":"TestA","Output":"--- PASS: TestA (0.00s)\n"}
{"Action":"pass","Package":"p","Test":"TestA"}
{"Action":"output","Package":"p","Test":"TestData","Output":"=== RUN   TestData\n"}
{"Action":"output","Package":"p","Test":"TestData","Output":"    x_test.go:9: test data not found: set $SPANURL_DATASETS_DIR\n"}
{"Action":"output","Package":"p","Test":"TestData","Output":"--- SKIP: TestData (0.00s)\n"}
{"Action":"skip","Package":"p","Test":"TestData"}
{"Action":"output","Package":"p","Test":"TestShort","Output":"    y_test.go:3: skipped with -short\n"}
{"Action":"skip","Package":"p","Test":"TestShort"}
{"Action":"output","Package":"p","Output":"PASS\n"}
{"Action":"output","Package":"p","Output":"ok  \tp\t0.01s\n"}
{"Action":"pass","Package":"p"}
`

const failing = `{"Action":"output","Package":"q","Test":"TestB","Output":"    b_test.go:4: got 1, want 2\n"}
{"Action":"output","Package":"q","Test":"TestB","Output":"--- FAIL: TestB (0.00s)\n"}
{"Action":"fail","Package":"q","Test":"TestB"}
{"Action":"output","Package":"q","Output":"FAIL\tq\t0.01s\n"}
{"Action":"fail","Package":"q"}
# q
q.go:1: syntax error
`

func TestReport(t *testing.T) {
	var out strings.Builder
	s := report(strings.NewReader(stream), &out)
	if s.failed {
		t.Error("a passing run reads as failed")
	}
	if len(s.skips) != 2 || s.skips[0].test != "TestData" || s.skips[1].reason != "y_test.go:3: skipped with -short" {
		t.Errorf("skips = %+v", s.skips)
	}
	if got := out.String(); got != "ok  \tp\t0.01s\n" {
		t.Errorf("printed %q, want only the package's result", got)
	}

	out.Reset()
	if code := s.exitCode(&out, false); code != 1 || !strings.Contains(out.String(), "1 tests skipped for want of test data") {
		t.Errorf("a skip for want of data: exit %d, printed %q", code, out.String())
	}
	out.Reset()
	if code := s.exitCode(&out, true); code != 0 || !strings.Contains(out.String(), "SKIP p TestShort: y_test.go:3: skipped with -short") {
		t.Errorf("SPANURL_ALLOW_SKIP=1: exit %d, printed %q", code, out.String())
	}
}

func TestSkipGroups(t *testing.T) {
	s := summary{skips: []skip{
		{"p", "TestA", "under -race"}, {"p", "TestB", "under -race"}, {"p", "TestC", "under -race"},
		{"p", "TestD", "under -race"}, {"q", "TestE", "under -race"}, {"p", "TestF", "-short"},
	}}
	var out strings.Builder
	s.exitCode(&out, false)
	want := `skipped tests: 6
  SKIP p TestA, TestB, TestC and 1 more: under -race
  SKIP q TestE: under -race
  SKIP p TestF: -short
`
	if out.String() != want {
		t.Errorf("printed\n%s\nwant\n%s", out.String(), want)
	}
}

func TestReportFailure(t *testing.T) {
	var out strings.Builder
	s := report(strings.NewReader(failing), &out)
	for _, want := range []string{"got 1, want 2", "--- FAIL: TestB", "FAIL\tq", "q.go:1: syntax error"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if code := s.exitCode(&out, true); !s.failed || code != 1 {
		t.Errorf("a failed test: failed=%v exit %d", s.failed, code)
	}
}
