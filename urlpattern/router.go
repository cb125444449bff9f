package urlpattern

import (
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/spanurl/spanurl/span"
)

// Router holds many patterns, each with a value, and finds the best one
// that matches a URL: the most specific, comparing the components with
// CompareComponent in the standard's order (protocol, username, password,
// hostname, port, pathname, search, hash), and of equally specific ones
// the first added.
//
// A trie over the pathname patterns narrows the candidates before any
// pattern runs: its edges are the patterns' fixed text and their named
// groups of one whole segment, so the cost of a match grows with the
// patterns that agree with the URL's path up to where their shapes allow
// no such reading (a modifier, a wildcard, a regexp group), not with all
// of them. Add every route before matching: Match and MatchString are
// safe for concurrent use, Add is not.
//
// Adding a route costs amortized constant time plus time linear in its
// pathname pattern; the routes are ranked by specificity on the first
// Match, MatchString or Test after an Add, in O(n log n) comparisons of
// patterns for n routes. Adding n routes and then matching so costs
// O(n log n) in all; a match between each two Adds ranks them again.
type Router[T any] struct {
	routes []*route[T]
	root   trieNode
	// ranked says that every route's rank is up to date; Add clears it
	// and rank sets it, under mu, which keeps concurrent matches from
	// ranking at once.
	ranked atomic.Bool
	mu     sync.Mutex
}

// route is one pattern of a Router with its value, its position among the
// routes added (order) and among them ranked by specificity (rank).
type route[T any] struct {
	pattern *Pattern
	value   T
	order   int
	rank    int
}

// trieNode is a node of the pathname trie, reached by a path that the
// pathname patterns of its routes start with (prefix) or are (exact).
type trieNode struct {
	// edges lead on by fixed text, no two starting with the same byte.
	edges []trieEdge
	// segment leads on by one segment: one or more bytes up to the next
	// "/" or the end.
	segment *trieNode
	prefix  []int32 // indexes into Router.routes
	exact   []int32
}

// trieEdge is fixed text leading to a node.
type trieEdge struct {
	text string
	node *trieNode
}

// Add adds pattern with its value, in amortized constant time plus time
// linear in its pathname pattern; the next match ranks the routes (see
// Router).
func (r *Router[T]) Add(pattern *Pattern, value T) {
	rt := &route[T]{pattern: pattern, value: value, order: len(r.routes)}
	r.routes = append(r.routes, rt)
	r.ranked.Store(false)
	n := &r.root
	keys, exact := pathnameKeys(pattern)
	for _, k := range keys {
		if k == "" {
			if n.segment == nil {
				n.segment = new(trieNode)
			}
			n = n.segment
			continue
		}
		n = n.insert(k)
	}
	if exact {
		n.exact = append(n.exact, int32(rt.order))
	} else {
		n.prefix = append(n.prefix, int32(rt.order))
	}
}

// rank sets every route's rank, its position among the routes ordered
// from the most specific to the least and, of equally specific ones, by
// the order they were added in, unless the ranks are up to date.
func (r *Router[T]) rank() {
	if r.ranked.Load() {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ranked.Load() {
		return
	}
	ranked := slices.Clone(r.routes)
	slices.SortFunc(ranked, func(a, b *route[T]) int {
		if c := compareSpecificity(b.pattern, a.pattern); c != 0 {
			return c
		}
		return a.order - b.order
	})
	for i, rt := range ranked {
		rt.rank = i
	}
	r.ranked.Store(true)
}

// insert returns the node that fixed text s leads to from n, adding the
// edges and splitting the one it needs.
func (n *trieNode) insert(s string) *trieNode {
	for s != "" {
		k := slices.IndexFunc(n.edges, func(e trieEdge) bool { return e.text[0] == s[0] })
		if k < 0 {
			child := new(trieNode)
			n.edges = append(n.edges, trieEdge{s, child})
			return child
		}
		e := &n.edges[k]
		common := 1
		for common < len(e.text) && common < len(s) && e.text[common] == s[common] {
			common++
		}
		if common < len(e.text) {
			mid := &trieNode{edges: []trieEdge{{e.text[common:], e.node}}}
			e.text, e.node = e.text[:common], mid
		}
		n, s = e.node, s[common:]
	}
	return n
}

// compareSpecificity compares two patterns component by component in the
// standard's order.
func compareSpecificity(a, b *Pattern) int {
	if a == b {
		return 0
	}
	for c := ComponentProtocol; c <= ComponentHash; c++ {
		if r := CompareComponent(c, a, b); r != 0 {
			return r
		}
	}
	return 0
}

// pathnameKeys returns the trie path of a pattern's pathname: fixed text,
// and "" for a named group that matches exactly one whole segment, as far
// as the parts read so; exact says they read so to the end, so that the
// pattern matches only pathnames that end where the path ends. Every
// pathname the pattern matches follows the path. A group is one segment
// when it has no modifier, no regexp, no suffix, "/" as its delimiter,
// and is followed by the end or by text that starts with "/": it cannot
// hold a "/", and what follows cannot start before one. An ignoreCase
// pattern has no path, as its text can match in any case.
func pathnameKeys(p *Pattern) (keys []string, exact bool) {
	c := p.pathname
	if c.opts.ignoreCase {
		return nil, false
	}
	for i, pt := range c.parts {
		if pt.modifier != modNone {
			return keys, false
		}
		if pt.typ == partFixedText {
			// Fixed text that encodes to nothing ("a/.." does) adds
			// nothing to the path, and "" is the key of a segment.
			if pt.value != "" {
				keys = append(keys, pt.value)
			}
			continue
		}
		if pt.prefix != "" {
			keys = append(keys, pt.prefix)
		}
		if pt.typ != partSegmentWildcard || pt.suffix != "" || c.opts.delimiter != "/" {
			return keys, false
		}
		if i+1 < len(c.parts) {
			next := c.parts[i+1]
			text := next.prefix
			if next.typ == partFixedText {
				text = next.value
			}
			if next.modifier != modNone || !strings.HasPrefix(text, "/") {
				return keys, false
			}
		}
		keys = append(keys, "")
	}
	return keys, true
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
	r.rank()
	var buf [64]int32
	candidates := r.root.candidates(buf[:0], values[5], 0)
	// Try the candidates from the most specific.
	if len(candidates) > 1 {
		slices.SortFunc(candidates, func(a, b int32) int { return r.routes[a].rank - r.routes[b].rank })
	}
	for _, i := range candidates {
		rt := r.routes[i]
		if rt.pattern.testValues(values, true) {
			return rt
		}
	}
	return nil
}

// candidates appends to dst the routes of n and of the nodes below it
// that path[pos:] leads to: the only ones that can match. Each node is
// visited at most once, as the position a node is reached at is fixed by
// the path.
func (n *trieNode) candidates(dst []int32, path string, pos int) []int32 {
	if len(n.prefix) > 0 {
		dst = append(dst, n.prefix...)
	}
	if pos == len(path) {
		return append(dst, n.exact...)
	}
	for _, e := range n.edges {
		if e.text[0] == path[pos] {
			if strings.HasPrefix(path[pos:], e.text) {
				dst = e.node.candidates(dst, path, pos+len(e.text))
			}
			break
		}
	}
	if n.segment != nil && path[pos] != '/' {
		end := len(path)
		if j := strings.IndexByte(path[pos:], '/'); j >= 0 {
			end = pos + j
		}
		dst = n.segment.candidates(dst, path, end)
	}
	return dst
}
