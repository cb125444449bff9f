package uts46

// mappedRun is a run of code points that UTS #46 maps each to one code point of the plain
// or right-to-left sets, at the same distance: Lo, Lo+Stride, ..., Hi map to themselves
// plus Delta (as Ü, U+00DC, maps to ü, U+00FC, and Ā, U+0100, to ā, U+0101).
type mappedRun struct {
	Lo, Hi uint32
	Stride uint16
	Delta  int32
}

// mapped returns what UTS #46 maps the code point r to when it is in plainMapped: one
// code point of the plain or right-to-left sets. It searches the runs, sorted by Lo, by
// hand: slices.BinarySearchFunc calls its comparison function at every step, which costs
// more than the comparison itself on the path of every uppercase non-ASCII host.
func mapped(r rune) (rune, bool) {
	c := uint32(r)
	lo, hi := 0, len(plainMapped)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if plainMapped[m].Hi < c {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo == len(plainMapped) {
		return 0, false
	}
	run := &plainMapped[lo]
	if c < run.Lo || (c-run.Lo)%uint32(run.Stride) != 0 {
		return 0, false
	}
	return r + run.Delta, true
}
