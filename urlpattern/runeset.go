package urlpattern

import (
	"slices"
	"sync"
	"unicode"
)

// rng is a range of code points, lo through hi.
type rng struct{ lo, hi rune }

// runeSet is a set of code points as sorted, disjoint, non-adjacent
// ranges.
type runeSet []rng

// whiteSpaceSet is ECMAScript's \s: WhiteSpace and LineTerminator.
var whiteSpaceSet = runeSet{{'\t', '\r'}, {' ', ' '}, {0xA0, 0xA0}, {0x1680, 0x1680}, {0x2000, 0x200A},
	{0x2028, 0x2029}, {0x202F, 0x202F}, {0x205F, 0x205F}, {0x3000, 0x3000}, {0xFEFF, 0xFEFF}}

// normalize sorts and merges ranges into a runeSet.
func normalize(rs []rng) runeSet {
	slices.SortFunc(rs, func(a, b rng) int { return int(a.lo - b.lo) })
	out := rs[:0]
	for _, r := range rs {
		if n := len(out); n > 0 && r.lo <= out[n-1].hi+1 {
			out[n-1].hi = max(out[n-1].hi, r.hi)
			continue
		}
		out = append(out, r)
	}
	return out
}

func (s runeSet) union(o runeSet) runeSet {
	return normalize(append(slices.Clone(s), o...))
}

func (s runeSet) complement() runeSet {
	var out runeSet
	next := rune(0)
	for _, r := range s {
		if r.lo > next {
			out = append(out, rng{next, r.lo - 1})
		}
		next = r.hi + 1
	}
	if next <= unicode.MaxRune {
		out = append(out, rng{next, unicode.MaxRune})
	}
	return out
}

func (s runeSet) intersect(o runeSet) runeSet {
	var out runeSet
	i, j := 0, 0
	for i < len(s) && j < len(o) {
		lo, hi := max(s[i].lo, o[j].lo), min(s[i].hi, o[j].hi)
		if lo <= hi {
			out = append(out, rng{lo, hi})
		}
		if s[i].hi < o[j].hi {
			i++
		} else {
			j++
		}
	}
	return out
}

func (s runeSet) subtract(o runeSet) runeSet { return s.intersect(o.complement()) }

// setOfTable returns the code points of a Unicode table.
func setOfTable(t *unicode.RangeTable) runeSet {
	var rs []rng
	for _, r := range t.R16 {
		for lo := rune(r.Lo); lo <= rune(r.Hi); lo += rune(r.Stride) {
			if r.Stride == 1 {
				rs = append(rs, rng{lo, rune(r.Hi)})
				break
			}
			rs = append(rs, rng{lo, lo})
		}
	}
	for _, r := range t.R32 {
		for lo := rune(r.Lo); lo <= rune(r.Hi); lo += rune(r.Stride) {
			if r.Stride == 1 {
				rs = append(rs, rng{lo, rune(r.Hi)})
				break
			}
			rs = append(rs, rng{lo, lo})
		}
	}
	return normalize(rs)
}

// foldingRunes returns, sorted, every code point that simple case folding
// relates to another.
var foldingRunes = sync.OnceValue(func() []rune {
	var out []rune
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if unicode.SimpleFold(r) != r {
			out = append(out, r)
		}
	}
	return out
})
