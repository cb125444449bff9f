package urlpattern

import (
	"regexp"
	"sync"
)

// component is the standard's component struct, with the matcher that
// stands in for its regular expression: a direct matcher over the parts
// when the part list has a shape it handles, and Go's regexp otherwise.
// https://urlpattern.spec.whatwg.org/#component
type component struct {
	patternString   string
	regexpString    string // the ECMAScript source of the standard
	goRegexp        string // its translation to Go's syntax
	nameList        []string
	hasRegexpGroups bool
	parts           []part
	opts            options
	encode          encodingCallback
	direct          *directMatcher

	reOnce sync.Once
	re     *regexp.Regexp
}

// compileComponent is compile a component.
// https://urlpattern.spec.whatwg.org/#compile-a-component
func compileComponent(input string, cb encodingCallback, opts options) (*component, error) {
	// 1. Let part list be the result of running parse a pattern string given input, options, and encoding callback.
	partList, err := parsePatternString(input, opts, cb)
	if err != nil {
		return nil, err
	}
	// 2. Let (regular expression string, name list) be the result of running generate a regular expression and name list given part list and options.
	regexpString, nameList := generateRegexpAndNameList(partList, opts)
	// 3-5. Let flags be "vi" if options's ignore case is true, "v" otherwise.
	// 6. Let regular expression be RegExpCreate(regular expression string, flags). If this throws an exception, catch it, and throw a TypeError.
	goRegexp, err := translateRegexp(regexpString, opts.ignoreCase)
	if err != nil {
		if e, ok := err.(*Error); ok {
			e.Pattern, e.Index = input, -1
		}
		return nil, err
	}
	c := &component{regexpString: regexpString, goRegexp: goRegexp, nameList: nameList, parts: partList, opts: opts, encode: cb}
	c.direct = newDirectMatcher(partList, opts)
	if c.direct == nil {
		re, err := regexp.Compile(goRegexp)
		if err != nil {
			return nil, newError(ErrUnsupportedRegexp, input, -1, "Go's regexp refuses "+goRegexp+": "+err.Error())
		}
		c.re = re
		c.reOnce.Do(func() {})
	}
	// 7. Let pattern string be the result of running generate a pattern string given part list and options.
	c.patternString = generatePatternString(partList, opts)
	// 8. Let has regexp groups be false.
	// 9. For each part of part list:
	for _, pt := range partList {
		// 9.1. If part's type is "regexp", then set has regexp groups to true.
		if pt.typ == partRegexp {
			c.hasRegexpGroups = true
		}
	}
	// 10. Return a new component whose pattern string is pattern string, regular expression is regular expression, group name list is name list, and has regexp groups is has regexp groups.
	return c, nil
}

// regexp returns the component's Go regexp, compiling it on first use when
// the direct matcher serves the component.
func (c *component) regexp() *regexp.Regexp {
	c.reOnce.Do(func() { c.re = regexp.MustCompile(c.goRegexp) })
	return c.re
}

// test reports whether the component matches input (fromURL: a
// component of a parsed URL, see directMatcher.match).
func (c *component) test(input string, fromURL bool) bool {
	if c.direct != nil {
		return c.direct.match(input, nil, fromURL)
	}
	return c.re.MatchString(input)
}

// exec matches input and, on a match, sets groups[i] (len(c.nameList)
// long) to the value of the group named c.nameList[i].
func (c *component) exec(input string, groups []Group, fromURL bool) bool {
	if c.direct != nil {
		return c.direct.match(input, groups, fromURL)
	}
	return c.execRegexp(input, groups)
}

// execRegexp is exec through the regexp, whichever matcher serves the
// component.
// https://urlpattern.spec.whatwg.org/#create-a-component-match-result
func (c *component) execRegexp(input string, groups []Group) bool {
	re := c.regexp()
	if groups == nil {
		return re.MatchString(input)
	}
	m := re.FindStringSubmatchIndex(input)
	if m == nil {
		return false
	}
	// create a component match result: groups[name list[index − 1]] is the exec result's index-th capture.
	for i := range c.nameList {
		groups[i] = Group{Name: c.nameList[i]}
		if m[2*i+2] >= 0 {
			groups[i].Value, groups[i].Matched = input[m[2*i+2]:m[2*i+3]], true
		}
	}
	return true
}

// specialSchemes is the special scheme list.
var specialSchemes = [...]string{"ftp", "file", "http", "https", "ws", "wss"}

// matchesSpecialScheme is protocol component matches a special scheme.
// https://urlpattern.spec.whatwg.org/#protocol-component-matches-a-special-scheme
func (c *component) matchesSpecialScheme() bool {
	// 1. Let special scheme list be a list populated with all of the special schemes.
	// 2. For each scheme of special scheme list:
	for _, scheme := range specialSchemes {
		// 2.1. Let test result be RegExpBuiltinExec(protocol component's regular expression, scheme).
		// 2.2. If test result is not null, then return true.
		if c.test(scheme, true) {
			return true
		}
	}
	// 3. Return false.
	return false
}
