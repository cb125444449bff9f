// Package record is the URL Standard's data model, for users who work
// with URLs as the standard describes them rather than as strings: the
// URL record (URL, with its serializer and URL equivalence), hosts
// (Host, HostKind), the special schemes and their default ports, and the
// validation errors by their spec names (ErrorType, ValidationError),
// which are the errors.Is targets of every parse error.
//
// Offsets locate each component in a URL's serialization; span.URL.Offsets
// returns them. span.URL.ToRecord turns a parsed URL into a record, and
// span.FromRecord turns a record back into a URL after checking it.
//
// The package holds no algorithm that reads input: the parsers are
// internal to the module and share these types, so that they cannot
// disagree about what a URL is.
//
// The design of the module (its layers, the fast and slow paths, where
// the tests live) is in DESIGN.md at the root of the repository.
package record
