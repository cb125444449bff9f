// Package splice replaces one component of a serialized URL in place of
// running the basic URL parser with a state override: when a setter's
// value is one the parser would leave exactly as it is (ASCII, nothing to
// percent-encode, decode or normalize, no change of the URL's kind), the
// new href is the old one with the component's text replaced, built in
// one copy, and the offsets after the component move by the difference in
// length. Every other value makes a method decline (it returns false), and the
// caller runs the setter on a URL record with the slow path, the oracle.
//
// The methods work on an href and its packed offsets (internal/offsets)
// so that span, which owns the URL value, and api, which reuses a buffer
// per URL object, share them. The invariant, that a splice which does not
// decline gives exactly what the record-based setter gives, is enforced by
// FuzzSetterSplice in api.
package splice
