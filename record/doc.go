// Package record is the URL Standard's data model: the URL record, hosts,
// special schemes, the component offsets that every parsed URL carries,
// the percent-encode sets, and the validation errors by their spec names.
//
// It holds no algorithm that reads input; the parsers live in
// internal/slow (the spec's state machines) and internal/fast (the
// canonical-input scanner). Everything here is shared by both, so that the
// two paths cannot disagree about what a URL is.
//
// The design of the module (its layers, the fast and slow paths, where
// the tests live) is in DESIGN.md at the root of the repository.
package record
