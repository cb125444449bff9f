package slow

import (
	"slices"
	"unicode/utf8"

	"github.com/spanurl/spanurl/record"
)

// reporter collects validation errors when asked to; otherwise reporting
// is a nil check. Offsets arrive relative to the cleaned input (trimmed,
// tabs and newlines removed) and are mapped back to the caller's input
// when they are read (mapped, original), by a pass over the input that
// counts the tabs and newlines removed before them: a list of where
// each was removed would take memory in proportion to the input.
//
// With a positive limit it keeps the first limit errors and only counts
// the rest (omitted): one input can meet an error per byte, and a list
// that grows with the input is memory an attacker chooses.
type reporter struct {
	on      bool
	limit   int // the most errors list holds; 0: no limit
	list    []record.ValidationError
	omitted int  // errors met past the limit, not in list
	dropped bool // the last error reported is not in list

	// The mapping back to the input. The first inOriginal entries of
	// list (prepare's) have original offsets; the rest have
	// cleaned-input offsets until mapped is set.
	src        string // the input, from start to end cleaned
	start, end int
	valid      bool // src[start:end] is valid UTF-8
	removals   int  // tabs and newlines removed
	inOriginal int
	mapped     bool

	lastType record.ErrorType // the last error reported, kept even when not collecting
	lastAt   int              // and its cleaned-input offset
}

// reset readies r for a run, collecting errors when on.
func (r *reporter) reset(on bool, limit int) {
	r.on, r.limit = on, limit
	r.list, r.omitted, r.dropped = r.list[:0], 0, false
	r.src, r.start, r.end, r.valid, r.removals = "", 0, 0, true, 0
	r.inOriginal, r.mapped = 0, false
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
	r.list = append(r.list, record.ValidationError{Type: t, Offset: at})
}

// addOriginal records a validation error at an offset already in the
// original input's coordinates.
// Only prepare calls it, before any other error is reported.
func (r *reporter) addOriginal(t record.ErrorType, at int) {
	if r == nil || !r.on || r.full() {
		return
	}
	r.list = append(r.list, record.ValidationError{Type: t, Offset: at})
	r.inOriginal = len(r.list)
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
	r.list = append(r.list, record.ValidationError{Type: r.lastType, Offset: r.lastAt})
}

// original maps a cleaned-input offset to the original input: one
// removed byte for every removal at or before at.
func (r *reporter) original(at int) int {
	if r.removals == 0 {
		return at + r.start
	}
	n := 0
	r.countRemovals(func(pos int) bool {
		if pos > at {
			return false
		}
		n++
		return true
	})
	return at + n + r.start
}

// mappedList returns the list with every offset in the original input.
func (r *reporter) mappedList() []record.ValidationError {
	if r.mapped {
		return r.list
	}
	r.mapped = true
	rest := r.list[r.inOriginal:]
	if r.removals == 0 {
		for i := range rest {
			rest[i].Offset += r.start
		}
		return r.list
	}
	// One pass over the input for all the offsets, in ascending order.
	order := make([]int, len(rest))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return rest[a].Offset - rest[b].Offset })
	k, n := 0, 0
	settle := func(pos int) {
		for k < len(order) && rest[order[k]].Offset < pos {
			rest[order[k]].Offset += n + r.start
			k++
		}
	}
	r.countRemovals(func(pos int) bool {
		settle(pos)
		n++
		return k < len(order)
	})
	settle(1<<62 - 1)
	return r.list
}

// countRemovals calls f with the cleaned-input offset of each tab or
// newline prepare removed, in order, while f returns true. It goes
// through the input as prepare did, so that the offsets are those prepare
// saw (len(p.input) at each removal).
func (r *reporter) countRemovals(f func(pos int) bool) {
	s, c := r.src, 0
	for i := r.start; i < r.end; {
		b := s[i]
		switch {
		case b == '\t' || b == '\n' || b == '\r':
			if !f(c) {
				return
			}
			i++
		case b >= utf8.RuneSelf && !r.valid:
			if n := invalidUTF8Prefix(s[i:r.end]); n > 0 {
				c += len("\uFFFD")
				i += n
				continue
			}
			_, size := utf8.DecodeRuneInString(s[i:r.end])
			c += size
			i += size
		default:
			c++
			i++
		}
	}
}
