package urlpattern

import (
	"github.com/spanurl/spanurl/span"
)

// Group is one matching group of a component result: its name and, when
// the group took part in the match, its value (Matched tells an empty
// value from a group that did not match, which the standard reports as
// undefined).
type Group struct {
	Name    string
	Value   string
	Matched bool
}

// ComponentResult is the standard's URLPatternComponentResult: the
// component of the input that was matched and the groups in the order of
// the pattern.
// https://urlpattern.spec.whatwg.org/#dictdef-urlpatterncomponentresult
type ComponentResult struct {
	Input  string
	Groups []Group
}

// Get returns the value of the group named name and whether it took part
// in the match (false as well when there is no such group).
func (c *ComponentResult) Get(name string) (string, bool) {
	for _, g := range c.Groups {
		if g.Name == name {
			return g.Value, g.Matched
		}
	}
	return "", false
}

// Inputs are the arguments a Result came from: the URL string and its
// base URL, or the Init.
type Inputs struct {
	URL     string
	BaseURL *string
	Init    *Init
}

// Result is the standard's URLPatternResult.
// https://urlpattern.spec.whatwg.org/#dictdef-urlpatternresult
type Result struct {
	Inputs   Inputs
	Protocol ComponentResult
	Username ComponentResult
	Password ComponentResult
	Hostname ComponentResult
	Port     ComponentResult
	Pathname ComponentResult
	Search   ComponentResult
	Hash     ComponentResult

	// buf holds the groups of a pattern with few, so that a Result is one
	// allocation: up to three groups in the pathname of a pattern made
	// from an init with only a pathname (seven "*" components).
	buf [10]Group
}

// Test is test(input, baseURL): whether the URL string input, resolved
// against baseURL when one is given, matches the pattern. An input or base
// URL that does not parse does not match.
// https://urlpattern.spec.whatwg.org/#dom-urlpattern-test
func (p *Pattern) Test(input string, baseURL ...string) bool {
	u, ok := parseInput(input, baseURL)
	if !ok {
		return false
	}
	return p.TestURL(u)
}

// Exec is exec(input, baseURL): the match result of the URL string input,
// resolved against baseURL when one is given, or nil when it does not
// match (or input or base does not parse).
// https://urlpattern.spec.whatwg.org/#dom-urlpattern-exec
func (p *Pattern) Exec(input string, baseURL ...string) *Result {
	u, ok := parseInput(input, baseURL)
	if !ok {
		return nil
	}
	var values [8]string
	urlComponents(u, &values)
	r := p.match(&values, true, true)
	if r != nil {
		r.Inputs.URL = input
		if len(baseURL) > 0 {
			r.Inputs.BaseURL = &baseURL[0]
		}
	}
	return r
}

// TestURL reports whether the parsed URL u matches the pattern. It
// allocates nothing where the pattern is served by direct matchers.
func (p *Pattern) TestURL(u span.URL) bool {
	var values [8]string
	urlComponents(u, &values)
	return p.testValues(&values, true)
}

// testOrder is the order in which testValues tries the components: the
// ones that most often tell routes apart first, so that a URL that does
// not match fails early. The order does not change the answer.
var testOrder = [8]int{5, 3, 0, 4, 6, 7, 1, 2}

// testValues reports whether every component matches its value (fromURL:
// the values are a parsed URL's, see directMatcher.match).
func (p *Pattern) testValues(values *[8]string, fromURL bool) bool {
	cs := p.components()
	for _, i := range testOrder {
		if !cs[i].test(values[i], fromURL) {
			return false
		}
	}
	return true
}

// ExecURL is Exec for a parsed URL; the result's Inputs.URL is u's href.
func (p *Pattern) ExecURL(u span.URL) *Result {
	var values [8]string
	urlComponents(u, &values)
	r := p.match(&values, true, true)
	if r != nil {
		r.Inputs.URL = u.Href()
	}
	return r
}

// TestInit is test(init): whether the URL given component by component
// matches. Missing components are empty unless init.BaseURL supplies them.
// https://urlpattern.spec.whatwg.org/#dom-urlpattern-test
func (p *Pattern) TestInit(init Init) bool {
	var values [8]string
	if !initComponents(init, &values) {
		return false
	}
	return p.match(&values, false, false) != nil
}

// ExecInit is exec(init): the match result of the URL given component by
// component, or nil.
// https://urlpattern.spec.whatwg.org/#dom-urlpattern-exec
func (p *Pattern) ExecInit(init Init) *Result {
	var values [8]string
	if !initComponents(init, &values) {
		return nil
	}
	r := p.match(&values, true, false)
	if r != nil {
		r.Inputs.Init = &init
	}
	return r
}

// parseInput is match's steps for a string: the basic URL parser on the
// base URL string, if given, then on input with it. It reports false
// where the standard returns null.
// https://urlpattern.spec.whatwg.org/#url-pattern-match
// https://url.spec.whatwg.org/#concept-basic-url-parser
func parseInput(input string, baseURL []string) (span.URL, bool) {
	// 1. Let baseURL be null.
	if len(baseURL) == 0 {
		// Set url to the result of running the basic URL parser on input with baseURL.
		u, err := span.Parse(input)
		// If url is failure, return null.
		return u, err == nil
	}
	// If baseURLString was given, then:
	// Set baseURL to the result of running the basic URL parser on baseURLString.
	base, err := span.Parse(baseURL[0])
	// If baseURL is failure, return null.
	if err != nil {
		return span.URL{}, false
	}
	// Set url to the result of running the basic URL parser on input with baseURL.
	u, err := base.Parse(input)
	// If url is failure, return null.
	return u, err == nil
}

// urlComponents is match's steps that read a URL's components into values,
// in the standard's order.
// https://urlpattern.spec.whatwg.org/#url-pattern-match
func urlComponents(u span.URL, values *[8]string) {
	// Set protocol to url's scheme.
	values[0] = u.Scheme()
	// Set username to url's username.
	values[1] = u.Username()
	// Set password to url's password.
	values[2] = u.Password()
	// Set hostname to url's host, serialized, or the empty string if the value is null.
	values[3] = u.Hostname()
	// Set port to url's port, serialized, or the empty string if the value is null.
	values[4] = u.Port()
	// Set pathname to the result of URL path serializing url.
	values[5] = u.Pathname()
	// Set search to url's query or the empty string if the value is null.
	values[6], _ = u.Query()
	// Set hash to url's fragment or the empty string if the value is null.
	values[7], _ = u.Fragment()
}

// initComponents is match's steps for a URLPatternInit input; it reports
// false where processing the init throws (match returns null).
// https://urlpattern.spec.whatwg.org/#url-pattern-match
func initComponents(init Init, values *[8]string) bool {
	// Let applyResult be the result of process a URLPatternInit given input, "url", protocol, username, password, hostname, port, pathname, search, and hash. If this throws an exception, catch it, and return null.
	e := ""
	applyResult, err := processInit(init, typeURL, &e, &e, &e, &e, &e, &e, &e, &e)
	if err != nil {
		return false
	}
	// Set protocol (username, ..., hash) to applyResult[...].
	for i, f := range [8]*string{applyResult.Protocol, applyResult.Username, applyResult.Password, applyResult.Hostname,
		applyResult.Port, applyResult.Pathname, applyResult.Search, applyResult.Hash} {
		values[i] = *f
	}
	return true
}

// match is the standard's match from the components on: each component's
// regular expression runs on its value; when all match, the result holds
// the groups (when withResult) or is a non-nil marker. fromURL says the
// values are a parsed URL's (see directMatcher.match).
// https://urlpattern.spec.whatwg.org/#url-pattern-match
func (p *Pattern) match(values *[8]string, withResult, fromURL bool) *Result {
	if !withResult {
		if !p.testValues(values, fromURL) {
			return nil
		}
		return &Result{}
	}
	// The groups are gathered on the stack and the Result allocated only
	// on a match, so that a failed match allocates nothing. The stack
	// holds more groups than a Result does: a pattern from an init with
	// only a pathname has a group in each of its seven "*" components.
	// (work may be stack, and is never stored, so that stack stays there.)
	var stack [16]Group
	var heap []Group
	work := stack[:]
	if p.ngroups > len(stack) {
		heap = make([]Group, p.ngroups)
		work = heap
	}
	var ends [8]int
	n := 0
	for i, c := range p.components() {
		ends[i] = n + len(c.nameList)
		// Let ...ExecResult be RegExpBuiltinExec(...component's regular expression, ...).
		// If ...ExecResult is null then return null.
		if !c.exec(values[i], work[n:ends[i]], fromURL) {
			return nil
		}
		n = ends[i]
	}
	// Let result be a new URLPatternResult.
	out := new(Result)
	var groups []Group
	switch {
	case p.ngroups <= len(out.buf):
		groups = out.buf[:p.ngroups]
		copy(groups, work)
	case heap == nil:
		groups = make([]Group, p.ngroups)
		copy(groups, work)
	default:
		groups = heap
	}
	results := [8]*ComponentResult{&out.Protocol, &out.Username, &out.Password, &out.Hostname, &out.Port, &out.Pathname, &out.Search, &out.Hash}
	start := 0
	for i, cr := range results {
		// Set result[...] to the result of creating a component match result given the component, its input, and its exec result.
		cr.Input = values[i]
		cr.Groups = groups[start:ends[i]:ends[i]]
		start = ends[i]
	}
	return out
}
