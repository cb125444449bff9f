// Package offsets holds what the parsers and span share about a parsed
// URL's offsets and that no user calls: the packed form a span.URL
// carries, the longest URL the offsets can address, the ports they hold
// (PortDigits), and the consistency check that tests and fuzzers run on
// every result.
//
// The offsets themselves, record.Offsets, are public: span.URL.Offsets
// returns them.
package offsets
