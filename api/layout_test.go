package api

import (
	"testing"
	"unsafe"

	"github.com/spanurl/spanurl/internal/splice"
	"github.com/spanurl/spanurl/span"
)

// TestSpliceLayout: reading a span.URL's memory as a splice.URL (what
// URL.sp does) gives what span's registered conversions give, both ways.
func TestSpliceLayout(t *testing.T) {
	to, from := splice.Conversions()
	toSpan, ok1 := to.(func(splice.URL) span.URL)
	fromSpan, ok2 := from.(func(span.URL) splice.URL)
	if !ok1 || !ok2 {
		t.Fatalf("span registered conversions of types %T and %T", to, from)
	}
	if a, b := unsafe.Sizeof(span.URL{}), unsafe.Sizeof(splice.URL{}); a != b {
		t.Fatalf("span.URL is %d bytes, splice.URL %d", a, b)
	}
	for _, s := range []string{"https://user:pass@example.com:8080/p?q#f", "foo:opaque", "file:///C:/x"} {
		probe := span.MustParse(s)
		if *(*splice.URL)(unsafe.Pointer(&probe)) != fromSpan(probe) {
			t.Errorf("%s: the memory of a span.URL is not its splice.URL", s)
		}
		if toSpan(*(*splice.URL)(unsafe.Pointer(&probe))) != probe {
			t.Errorf("%s: the splice.URL does not convert back", s)
		}
	}
}
