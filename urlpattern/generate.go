package urlpattern

import (
	"strconv"
	"strings"
)

// Generate builds a value of component c from the pattern and group
// values, as the proposed URLPattern.generate does: fixed text as it is,
// each named segment wildcard replaced by its group's value, encoded as
// the component's fixed text is (so "🍅" becomes "%F0%9F%8D%85" in a
// pathname and "xn--fi8h" in a hostname). It fails with ErrInvalidInput
// when the component has a modifier, a regexp group or a full wildcard,
// when a group is missing, or when a value would not match its segment
// (empty, or holding the delimiter), and when c names no component.
func (p *Pattern) Generate(c Component, groups map[string]string) (string, error) {
	if c > ComponentHash {
		return "", newError(ErrInvalidInput, "", -1, "no component "+strconv.Itoa(int(c)))
	}
	comp := p.component(c)
	fail := func(reason string) (string, error) {
		e := newError(ErrInvalidInput, comp.patternString, -1, reason)
		e.Component = c.String()
		return "", e
	}
	var result strings.Builder
	for _, pt := range comp.parts {
		if pt.modifier != modNone {
			return fail("generate does not support modifiers")
		}
		switch pt.typ {
		case partFixedText:
			result.WriteString(pt.value)
			continue
		case partRegexp:
			return fail("generate does not support regexp groups")
		case partFullWildcard:
			return fail("generate does not support wildcards")
		}
		value, ok := groups[pt.name]
		if !ok {
			return fail("no value for the group " + strconv.Quote(pt.name))
		}
		encoded, err := comp.encode(value)
		if err != nil {
			return fail("the value of the group " + strconv.Quote(pt.name) + " is not valid: " + err.Error())
		}
		if encoded == "" || (comp.opts.delimiter != "" && strings.Contains(encoded, comp.opts.delimiter)) {
			return fail("the value of the group " + strconv.Quote(pt.name) + " does not match a segment")
		}
		result.WriteString(pt.prefix + encoded + pt.suffix)
	}
	return result.String(), nil
}
