// Package fast parses URLs that are already in their serialized form, or
// nearly so, without running the standard's state machine: it classifies
// the input's bytes with the kernels of internal/asm, finds the component
// boundaries from the class masks, and returns offsets over the input
// itself. Cheap fix-ups (an uppercase scheme or host, a plain Unicode
// host, a default or empty port, a missing "/" path, bytes the path,
// opaque path, query or fragment state percent-encodes, single- and
// double-dot path segments) are written into one new buffer (Buffer, in
// buffer.go).
//
// Anything else makes it decline, and the caller runs internal/slow: the
// fast path never guesses. The invariant, enforced by differential tests
// and a fuzz target in span, is that whenever this package returns a
// result it is exactly what the slow path returns for the same input:
// same serialization, same offsets, same host kind.
//
// # Tiers
//
// ParseAbsolute tries its tiers in this order; each takes a URL whole or
// leaves it to the next, and the last one's decline is the package's.
//
//  1. One block (ParseAbsolute itself, absolute.go): a lowercase "http://"
//     or "https://" URL of at most 64 bytes with no Bad or Extra byte
//     (see asm.Block: the bytes some component encodes, strips, rejects
//     or reads differently), whose host is a lowercase domain that does not end in a
//     number or an IPv4 address in canonical form, with no credentials and
//     no port, followed by nothing or by a
//     path (with an optional query and fragment) that has no backslash and
//     no dot segment. Its bytes are classified into one asm.Block and
//     every check is mask arithmetic on it. The href is the input, with a
//     "/" added when there is no path. It declines everything else.
//  2. The window (parseWindow, absolute.go): the same shape at 65 to 256
//     bytes, the scanner's window, with the host ending at a '/' in the
//     first 64 bytes and no Bad or Extra byte anywhere. The href is the input. It declines everything else.
//  3. Special URLs (parseSpecial, special.go): http, https, ws, wss and
//     ftp in any case, with exactly two slashes, a domain (an ASCII one or
//     a plain Unicode one, see internal/uts46) or canonical IPv4 host, an
//     optional port, and credentials when the input already is their
//     serialization. It takes every fix-up listed above. It declines IPv6
//     and other IPv4 forms, hosts with percent-encoding or forbidden code
//     points, backslashes, tabs, newlines and other C0 controls, leading
//     or trailing spaces, invalid UTF-8, credentials that would need a
//     fix-up, and file: URLs.
//  4. Non-special URLs (nonspecial.go): "scheme:path" with an opaque path
//     (parseOpaque) and "scheme://host/path" with an opaque host of
//     printable ASCII and no credentials or port
//     (parseNonSpecialAuthority). It declines "scheme:/path",
//     "scheme:///path", empty hosts and hosts with any delimiter.
//
// Resolve (relative.go) takes a reference against a special base with a
// host, other than file:. An "http://" or "https://" reference goes to
// ParseAbsolute whatever the base. A short "/path" or "path" reference is
// checked with one block, as tier 1 checks a path; other references get a
// scanner: "", "#fragment", "?query", "/path", "//host" (ParseAbsolute on
// the base's scheme and the reference), an absolute URL (tiers 3 and 4),
// and a path-relative one, whose leading "./" and "../" move the base's
// directory up; dot segments further in are resolved as in tier 3. It
// declines a reference against any other base, references that begin
// with "\" or "/\", and a special scheme without "//" that names the
// base's own.
//
// Tiers 3 and 4 and the references share the scanner (scanner.go: a
// window of class masks over any length), the checks of a path, query and
// fragment (path.go), and the fix-ups that percent-encode (escape.go) and
// resolve dot segments (dots.go).
//
// # Validation
//
// CanParse and CanResolve (validate.go) answer URL.canParse without the
// tiers: they read only what can make the basic URL parser fail (the
// scheme, and the host and port of an authority), since the states after
// the host never fail, and return Parses, Fails or Decline. They decline
// what the bytes alone cannot tell: leading or trailing C0 controls and
// spaces, tabs and newlines where they read, file: URLs, hosts with "%",
// "[" or "]", and non-ASCII hosts that are not plain domains.
//
// The tests in this package pin down each tier and the predicates they are
// built from, and check that tiers 1 and 2 take what they take exactly as
// tier 3 does; the differential tests against the slow path are in span.
package fast
