// Package slow is the URL Standard's algorithms transcribed step by step:
// the basic URL parser with every state, base URLs, encodings and state
// override; the host parser with its IPv4, IPv6 and opaque-host parsers;
// domain to ASCII and domain to Unicode; percent-encode after encoding.
//
// Each step carries a short comment naming the step of the standard it
// implements, using the standard's names. This package is the oracle: the
// fast path in internal/fast must agree with it on every input. The few
// places that take many steps at once, so that the inputs the fast path
// declines stay cheap, are listed in shortcuts.go and ask one switch, which
// a test turns off to check that they change nothing.
//
// The parser works on bytes. Input is UTF-8; code points above U+007F reach
// the percent-encode sets as their UTF-8 bytes, which every set contains, so
// "UTF-8 percent-encode c" is the same as percent-encoding c's bytes.
package slow
