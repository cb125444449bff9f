package slow

import "github.com/spanurl/spanurl/record"

// STUB (helper 1 replaces this file).

// parseHost runs the host parser on input with isOpaque, writing the host
// to h. It returns false for failure. Validation errors are reported to r
// at offset at+i for input[i].
func parseHost(h *record.Host, input []byte, isOpaque bool, r *reporter, at int, tmp *[]byte) bool {
	panic("TODO")
}
