// Package fast parses URLs that are already in their serialized form, or
// nearly so, without running the standard's state machine: it classifies
// the input's bytes with the kernels of internal/asm, finds the component
// boundaries from the class masks, and returns offsets over the input
// itself. Cheap fix-ups (an uppercase scheme or host, a default or empty
// port, a missing "/" path, bytes the path, opaque path, query or fragment
// state percent-encodes, single- and double-dot path segments) are
// written into one new buffer. It takes special URLs with a domain or
// canonical IPv4 host (and credentials, when the URL needs no fix-up),
// non-special ones with an opaque path or a plain opaque host, and
// references against a special base.
//
// Anything else makes it decline, and the caller runs internal/slow: the
// fast path never guesses. The invariant, enforced by a differential fuzz
// test in span, is that whenever this package returns a result it is
// exactly what the slow path returns for the same input: same
// serialization, same offsets, same host kind.
package fast
