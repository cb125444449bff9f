package reqtarget

import (
	"strings"
	"testing"

	"github.com/spanurl/spanurl/internal/testvectors"
)

// TestAppendBytesLong checks that AppendBytes gives a long target that is
// not UTF-8 its memory in one allocation, at its size, rather than a copy
// outgrown at every step, and that it appends what it appends for a short
// one.
func TestAppendBytesLong(t *testing.T) {
	if testvectors.RaceEnabled {
		t.Skip("the race detector changes what allocates: counted without it")
	}
	s := "/" + strings.Repeat("a\xffé\xc3", 64<<10)
	var out []byte
	allocs := testing.AllocsPerRun(10, func() { out = AppendOrigin(nil, "http", "h", s) })
	if allocs != 1 {
		t.Errorf("AppendOrigin of %d bytes: %v allocations, want 1", len(s), allocs)
	}
	if cap(out)-len(out) > len(out)/16 {
		t.Errorf("AppendOrigin of %d bytes: length %d, capacity %d", len(s), len(out), cap(out))
	}
	want := "http://h/" + strings.Repeat("a%FFé%C3", 64<<10)
	if string(out) != want {
		t.Errorf("AppendOrigin of a long target differs from the short targets' encoding")
	}
}
