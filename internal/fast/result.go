package fast

import "github.com/spanurl/spanurl/record"

// Base is what relative resolution needs from a parsed base URL: its
// serialization and its packed offsets.
//
// Results are returned as (href string, p record.Packed, ok bool), not as
// a struct of the two: the compiler keeps a struct in registers only up
// to 32 bytes, and copying a larger one through memory stalled on
// store-to-load forwarding at every return.
type Base struct {
	Href string
	P    record.Packed
}
