package urlpattern

import (
	"unicode/utf16"
	"unicode/utf8"
)

// Component names one of a URL pattern's eight components.
type Component uint8

// The components, in the standard's order.
const (
	ComponentProtocol Component = iota
	ComponentUsername
	ComponentPassword
	ComponentHostname
	ComponentPort
	ComponentPathname
	ComponentSearch
	ComponentHash
)

var componentStrings = [...]string{"protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"}

// String returns the component's name as the standard writes it, such as
// "pathname".
func (c Component) String() string {
	if int(c) < len(componentStrings) {
		return componentStrings[c]
	}
	return "invalid"
}

// ParseComponent returns the component named name ("protocol" through
// "hash") and whether there is one.
func ParseComponent(name string) (Component, bool) {
	for i, s := range componentStrings {
		if s == name {
			return Component(i), true
		}
	}
	return 0, false
}

// component returns p's component c.
func (p *Pattern) component(c Component) *component {
	return p.components()[c]
}

// CompareComponent orders left and right by how specific their component
// c is, as the proposed URLPattern.compareComponent does: it returns -1,
// 0 or 1 as left's is less specific than, as specific as, or more specific
// than right's. Part lists are compared part by part: fixed text before a
// regexp group before a segment wildcard before a full wildcard; then no
// modifier before "+" before "?" before "*"; then the prefix, value and
// suffix as strings. Group names do not count. A list that runs out is
// compared on as though it went on with empty fixed text. A c that names
// no component, past ComponentHash, compares every two patterns as equal.
func CompareComponent(c Component, left, right *Pattern) int {
	if c > ComponentHash {
		return 0
	}
	lh, rh := left.component(c).parts, right.component(c).parts
	i := 0
	for ; i < len(lh) && i < len(rh); i++ {
		if r := comparePart(&lh[i], &rh[i]); r != 0 {
			return r
		}
	}
	empty := part{typ: partFixedText}
	switch {
	case i < len(rh):
		return comparePart(&empty, &rh[i])
	case i < len(lh):
		return comparePart(&lh[i], &empty)
	}
	return 0
}

// partTypeRank and modifierRank order part types and modifiers from the
// least specific to the most.
var (
	partTypeRank = [...]int{partFixedText: 3, partRegexp: 2, partSegmentWildcard: 1, partFullWildcard: 0}
	modifierRank = [...]int{modNone: 3, modOneOrMore: 2, modOptional: 1, modZeroOrMore: 0}
)

func comparePart(l, r *part) int {
	if l.typ != r.typ {
		return sign(partTypeRank[l.typ] - partTypeRank[r.typ])
	}
	if l.modifier != r.modifier {
		return sign(modifierRank[l.modifier] - modifierRank[r.modifier])
	}
	if c := compareUTF16(l.prefix, r.prefix); c != 0 {
		return c
	}
	if c := compareUTF16(l.value, r.value); c != 0 {
		return c
	}
	return compareUTF16(l.suffix, r.suffix)
}

// compareUTF16 compares strings in the order of their UTF-16 code units,
// as JavaScript compares strings: a code point above U+FFFF (a lead
// surrogate first) sorts before U+E000 through U+FFFF.
func compareUTF16(a, b string) int {
	if a == b {
		return 0
	}
	for len(a) > 0 && len(b) > 0 {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ra != rb {
			return sign(int(utf16Unit(ra)) - int(utf16Unit(rb)))
		}
		a, b = a[na:], b[nb:]
	}
	return sign(len(a) - len(b))
}

// utf16Unit returns the first UTF-16 code unit of r.
func utf16Unit(r rune) rune {
	if r > 0xFFFF {
		r1, _ := utf16.EncodeRune(r)
		return r1
	}
	return r
}

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}
