package slow

import "github.com/spanurl/spanurl/record"

// STUB (helper 3 replaces this file).

// Encoding is an output encoding for the query state; nil means UTF-8.
type Encoding struct{}

// appendPercentEncodeAfterEncoding runs percent-encode after encoding with
// enc (nil: UTF-8) on input (UTF-8), appending to dst.
func appendPercentEncodeAfterEncoding(dst []byte, enc *Encoding, input []byte, set *record.EncodeSet, spaceAsPlus bool) []byte {
	panic("TODO")
}
