package slow

import "github.com/spanurl/spanurl/record"

// reporter collects validation errors when asked to; otherwise reporting
// is a nil check. Offsets arrive relative to the cleaned input (trimmed,
// tabs and newlines removed) and are mapped back to the caller's input.
type reporter struct {
	on      bool
	list    []record.ValidationError
	leading int   // bytes trimmed from the start of the original input
	removed []int // cleaned-input offsets at which a tab or newline was removed, ascending

	lastType record.ErrorType // the last error reported, kept even when not collecting
	lastAt   int              // and its cleaned-input offset
}

// add records a validation error of type t detected at cleaned-input
// offset at.
func (r *reporter) add(t record.ErrorType, at int) {
	if r == nil {
		return
	}
	r.lastType, r.lastAt = t, at
	if !r.on {
		return
	}
	r.list = append(r.list, record.ValidationError{Type: t, Offset: r.original(at)})
}

// addOriginal records a validation error at an offset already in the
// original input's coordinates.
func (r *reporter) addOriginal(t record.ErrorType, at int) {
	if r == nil || !r.on {
		return
	}
	r.list = append(r.list, record.ValidationError{Type: t, Offset: at})
}

// original maps a cleaned-input offset to the original input.
func (r *reporter) original(at int) int {
	n := 0
	for _, p := range r.removed {
		if p > at {
			break
		}
		n++
	}
	return at + n + r.leading
}
