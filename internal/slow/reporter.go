package slow

import (
	"sort"

	"github.com/spanurl/spanurl/record"
)

// reporter collects validation errors when asked to; otherwise reporting
// is a nil check. Offsets arrive relative to the cleaned input (trimmed,
// tabs and newlines removed) and are mapped back to the caller's input.
//
// With a positive limit it keeps the first limit errors and only counts
// the rest (omitted): one input can meet an error per byte, and a list
// that grows with the input is memory an attacker chooses.
type reporter struct {
	on      bool
	limit   int // the most errors list holds; 0: no limit
	list    []record.ValidationError
	omitted int   // errors met past the limit, not in list
	dropped bool  // the last error reported is not in list
	leading int   // bytes trimmed from the start of the original input
	removed []int // cleaned-input offsets at which a tab or newline was removed, ascending

	lastType record.ErrorType // the last error reported, kept even when not collecting
	lastAt   int              // and its cleaned-input offset
}

// reset readies r for a run, collecting errors when on.
func (r *reporter) reset(on bool, limit int) {
	r.on, r.limit = on, limit
	r.list, r.omitted, r.dropped = r.list[:0], 0, false
}

// full reports whether the list holds all it may, counting the error that
// would have been added.
func (r *reporter) full() bool {
	r.dropped = r.limit > 0 && len(r.list) >= r.limit
	if r.dropped {
		r.omitted++
	}
	return r.dropped
}

// add records a validation error of type t detected at cleaned-input
// offset at.
func (r *reporter) add(t record.ErrorType, at int) {
	if r == nil {
		return
	}
	r.lastType, r.lastAt = t, at
	if !r.on || r.full() {
		return
	}
	r.list = append(r.list, record.ValidationError{Type: t, Offset: r.original(at)})
}

// addOriginal records a validation error at an offset already in the
// original input's coordinates.
func (r *reporter) addOriginal(t record.ErrorType, at int) {
	if r == nil || !r.on || r.full() {
		return
	}
	r.list = append(r.list, record.ValidationError{Type: t, Offset: at})
}

// keepFatal is called when the last error reported made the run fail: it
// puts that error at the end of the list when the limit left it out, so
// that a failed run's list always ends with its cause. The list then
// holds one entry more than the limit.
func (r *reporter) keepFatal() {
	if !r.on || !r.dropped {
		return
	}
	r.omitted--
	r.dropped = false
	r.list = append(r.list, record.ValidationError{Type: r.lastType, Offset: r.original(r.lastAt)})
}

// original maps a cleaned-input offset to the original input: one removed
// byte for every removal at or before at.
func (r *reporter) original(at int) int {
	n := sort.Search(len(r.removed), func(i int) bool { return r.removed[i] > at })
	return at + n + r.leading
}
