package urlpattern

import (
	"slices"

	"github.com/spanurl/spanurl/span"
)

// Router holds many patterns, each with a value, and finds the best one
// that matches a URL: the most specific, comparing the components with
// CompareComponent in the standard's order (protocol, username, password,
// hostname, port, pathname, search, hash), and of equally specific ones
// the first added.
//
// A trie over the fixed text each pathname pattern starts with narrows
// the candidates before any pattern runs, so the cost of a match grows
// with the patterns that share the URL's path prefix, not with all of
// them. Add every route before matching: Match and MatchString are safe
// for concurrent use, Add is not.
type Router[T any] struct {
	routes []*route[T]
	// ranked holds the routes from the most specific to the least.
	ranked []*route[T]
	root   trieNode
}

// route is one pattern of a Router with its value, its position among the
// routes added (order) and among them ranked by specificity (rank).
type route[T any] struct {
	pattern *Pattern
	value   T
	order   int
	rank    int
}

// trieNode is a node of the pathname prefix trie: the routes whose
// pathname pattern starts with exactly the bytes on the way here.
type trieNode struct {
	labels   []byte
	children []*trieNode
	routes   []int32 // indexes into Router.routes
}

// Add adds pattern with its value.
func (r *Router[T]) Add(pattern *Pattern, value T) {
	rt := &route[T]{pattern: pattern, value: value, order: len(r.routes)}
	r.routes = append(r.routes, rt)
	// The ranked position: after every route at least as specific, so
	// that of equals the first added comes first.
	i, _ := slices.BinarySearchFunc(r.ranked, rt, func(a, b *route[T]) int {
		if c := compareSpecificity(a.pattern, b.pattern); c != 0 {
			return -c
		}
		return -1
	})
	r.ranked = slices.Insert(r.ranked, i, rt)
	for j := i; j < len(r.ranked); j++ {
		r.ranked[j].rank = j
	}
	n := &r.root
	for _, b := range []byte(pathnamePrefix(pattern)) {
		k := slices.Index(n.labels, b)
		if k < 0 {
			n.labels = append(n.labels, b)
			n.children = append(n.children, new(trieNode))
			k = len(n.labels) - 1
		}
		n = n.children[k]
	}
	n.routes = append(n.routes, int32(rt.order))
}

// compareSpecificity compares two patterns component by component in the
// standard's order.
func compareSpecificity(a, b *Pattern) int {
	for c := ComponentProtocol; c <= ComponentHash; c++ {
		if r := CompareComponent(c, a, b); r != 0 {
			return r
		}
	}
	return 0
}

// pathnamePrefix returns the fixed text every pathname that the pattern
// matches starts with: its leading fixed text, and the prefix of the
// group after it when that group has no modifier. An ignoreCase pattern
// has none, as its text can match in any case.
func pathnamePrefix(p *Pattern) string {
	c := p.pathname
	if c.opts.ignoreCase {
		return ""
	}
	prefix := ""
	for _, pt := range c.parts {
		if pt.modifier != modNone {
			break
		}
		if pt.typ != partFixedText {
			prefix += pt.prefix
			break
		}
		prefix += pt.value
	}
	return prefix
}

// Match returns the value of the best route that matches u, its match
// result, and whether one matches.
func (r *Router[T]) Match(u span.URL) (T, *Result, bool) {
	var values [8]string
	urlComponents(u, &values)
	if rt := r.best(&values); rt != nil {
		res := rt.pattern.match(&values, true, true)
		res.Inputs.URL = u.Href()
		return rt.value, res, true
	}
	var zero T
	return zero, nil, false
}

// Test returns the value of the best route that matches u, without its
// groups, and whether one matches. It allocates nothing when the
// candidates' patterns are matched directly and no more than 64 share
// the URL's path prefix.
func (r *Router[T]) Test(u span.URL) (T, bool) {
	var values [8]string
	urlComponents(u, &values)
	if rt := r.best(&values); rt != nil {
		return rt.value, true
	}
	var zero T
	return zero, false
}

// MatchString is Match for a URL string, which does not match when it
// does not parse.
func (r *Router[T]) MatchString(input string) (T, *Result, bool) {
	u, err := span.Parse(input)
	if err != nil {
		var zero T
		return zero, nil, false
	}
	return r.Match(u)
}

// best returns the best route matching the components, or nil.
func (r *Router[T]) best(values *[8]string) *route[T] {
	var buf [64]int32
	candidates := r.candidates(buf[:0], values[5])
	// Try the candidates from the most specific.
	slices.SortFunc(candidates, func(a, b int32) int { return r.routes[a].rank - r.routes[b].rank })
	for _, i := range candidates {
		rt := r.routes[i]
		if rt.pattern.testValues(values, true) {
			return rt
		}
	}
	return nil
}

// candidates appends to dst the routes whose pathname prefix is a prefix
// of path: the only ones that can match.
func (r *Router[T]) candidates(dst []int32, path string) []int32 {
	n := &r.root
	dst = append(dst, n.routes...)
	for i := 0; i < len(path); i++ {
		k := slices.Index(n.labels, path[i])
		if k < 0 {
			break
		}
		n = n.children[k]
		dst = append(dst, n.routes...)
	}
	return dst
}
