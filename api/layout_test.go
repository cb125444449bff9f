package api

import (
	"testing"
	"unsafe"

	"github.com/spanurl/spanurl/internal/offsets"
	"github.com/spanurl/spanurl/internal/splice"
	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

// TestSpliceLayout: reading a span.URL's memory as a splice.URL (what
// URL.sp does) gives the href and offsets that span.URL's methods give,
// and a splice.URL that a splice wrote reads back as the span.URL that
// parsing its href gives.
func TestSpliceLayout(t *testing.T) {
	if a, b := unsafe.Sizeof(span.URL{}), unsafe.Sizeof(splice.URL{}); a != b {
		t.Fatalf("span.URL is %d bytes, splice.URL %d", a, b)
	}
	for _, s := range []string{"https://user:pass@example.com:8080/p?q#f", "foo:opaque", "file:///C:/x", "http://[::1]/", "sc://h"} {
		probe := span.MustParse(s)
		v := *(*splice.URL)(unsafe.Pointer(&probe))
		if v.Href != probe.Href() {
			t.Errorf("%s: splice.URL's Href is %q", s, v.Href)
		}
		if v.P.Offsets() != probe.Offsets() || v.P.Kind() != probe.HostKind() {
			t.Errorf("%s: splice.URL's offsets %+v, %v; span.URL's %+v, %v", s, v.P.Offsets(), v.P.Kind(), probe.Offsets(), probe.HostKind())
		}
		if special := v.P.Flags()&offsets.FlagSpecial != 0; special != probe.IsSpecial() {
			t.Errorf("%s: splice.URL special %v", s, special)
		}
		if opaque := v.P.Flags()&offsets.FlagOpaquePath != 0; opaque != probe.HasOpaquePath() {
			t.Errorf("%s: splice.URL opaque path %v", s, opaque)
		}
		if port, ok := probe.PortNumber(); ok != (v.P.Port() != record.Omitted) || ok && uint32(port) != v.P.Port() {
			t.Errorf("%s: splice.URL's port %d, span.URL's %d, %v", s, v.P.Port(), port, ok)
		}
		// The other way: a splice's result, read as a span.URL, is what
		// parsing its href gives.
		if !v.SetHash("#g", new([]byte)) {
			t.Fatalf("%s: SetHash declined", s)
		}
		if got, want := *(*span.URL)(unsafe.Pointer(&v)), span.MustParse(v.Href); got != want || got.Hash() != "#g" {
			t.Errorf("%s: the spliced splice.URL reads as %q (hash %q), want %q", s, got.Href(), got.Hash(), want.Href())
		}
	}
}
