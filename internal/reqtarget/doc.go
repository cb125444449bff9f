// Package reqtarget holds what every request-target parser of the module
// shares before the URL parser runs: the form of a target, the bytes
// refused in a target and in a host, the scheme check, and the text the
// URL parser reads (scheme://host followed by an origin-form target,
// with the bytes that are not UTF-8 percent-encoded one by one).
//
// httpurl (on strings) and span's Parser (on byte slices) both call it,
// so that the two, and accesslog which uses them, cannot refuse or
// accept different requests. It knows nothing of their error types: a
// refusal is a Problem, which each turns into its own error.
package reqtarget
