package fast

import "github.com/spanurl/spanurl/record"

// Result is a parsed URL: its serialization, and its offsets, host kind
// and flags packed in four words. Two fields keep it in registers.
type Result struct {
	Href string
	P    record.Packed
}

// Base is what relative resolution needs from a parsed base URL: the same
// two things.
type Base = Result
