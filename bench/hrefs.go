package bench

import (
	"unsafe"

	"github.com/spanurl/spanurl/span"
)

// SpanHrefs returns, for each reference of r in order, spanurl's href for
// it ((URL).Parse against its base) and whether (URL).Parse allocated that
// href (fresh): not when the href is the reference itself, a part of the
// base's href, or empty (a failure). The controls RequestsHref and
// RelativeHref (hrefs_test.go, and adacpp/bench.cpp's on the file
// cmd/corpora writes from this) make the fresh ones and nothing else.
func SpanHrefs(r *Refs) (hrefs []string, fresh []bool) {
	bases := spanBases(r)
	hrefs = make([]string, len(r.Ref))
	fresh = make([]bool, len(r.Ref))
	for i, ref := range r.Ref {
		base := bases[r.Base[i]]
		u, err := base.Parse(ref)
		hrefs[i] = u.Href()
		fresh[i] = err == nil && !within(hrefs[i], ref) && !within(hrefs[i], base.Href())
	}
	return hrefs, fresh
}

// within reports whether s is a substring of t's memory (shares its bytes,
// not only its text). An empty s shares nothing and allocates nothing.
func within(s, t string) bool {
	if s == "" {
		return true
	}
	p, q := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(unsafe.StringData(t)))
	return p >= q && p+uintptr(len(s)) <= q+uintptr(len(t))
}

// spanBases parses each distinct base once. A base that fails to parse is
// the zero URL, against which (URL).Parse parses the reference as absolute.
func spanBases(r *Refs) []span.URL {
	bases := make([]span.URL, len(r.Bases))
	for i, s := range r.Bases {
		bases[i], _ = span.Parse(s)
	}
	return bases
}
