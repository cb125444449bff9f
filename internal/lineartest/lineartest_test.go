package lineartest

import (
	"strings"
	"testing"
)

// quadratic does n*n/2 steps of work on s.
func quadratic(s string) int {
	n := 0
	for i := range len(s) {
		n += strings.Count(s[i:], "a")
	}
	return n
}

// TestCheck checks that Check passes a linear function and fails a
// quadratic one, whose 16x input costs 256x.
func TestCheck(t *testing.T) {
	small, large := strings.Repeat("a", 1<<10), strings.Repeat("a", 16<<10)
	var sink int
	linear := &recorder{TB: t}
	Check(linear, 64, func() { sink += strings.Count(small, "a") }, func() { sink += strings.Count(large, "a") })
	if linear.failed {
		t.Error("Check fails a linear function")
	}
	quad := &recorder{TB: t}
	Check(quad, 64, func() { sink += quadratic(small) }, func() { sink += quadratic(large) })
	if !quad.failed {
		t.Error("Check passes a quadratic function")
	}
	_ = sink
}

// recorder records a failure instead of failing the test.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Errorf(string, ...any) { r.failed = true }
