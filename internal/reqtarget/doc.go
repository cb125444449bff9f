// Package reqtarget is the module's one implementation of "request
// target to URL": the form of a target, the bytes refused in a target
// and in a host, the scheme check, the text the URL parser reads
// (scheme://host followed by an origin-form target, with the bytes that
// are not UTF-8 percent-encoded one by one), and the Problem of every
// refusal, before the URL parser runs or by it.
//
// Target, Host and Connect take those steps with a URLParser, which is
// all that the callers supply: httpurl parses fresh memory, so that its
// URL is permanent, and span's Parser its reusable buffers. accesslog,
// which uses both, cannot refuse or accept different requests than
// either. The package knows nothing of their URL and error types: a
// refusal is a Problem, which each turns into its own error.
package reqtarget
