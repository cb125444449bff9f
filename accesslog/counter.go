package accesslog

import (
	"iter"
	"strings"
)

// Counter counts strings, such as the pathnames or hosts of a log's
// URLs, keeping its own copy of each distinct string, made the first time
// it is added: it counts the transient strings of Parser.URL's URLs (and
// of span.Parser's) safely, and copies nothing for a string it has seen.
//
// A map counts them wrongly: m[s]++ with s in a Parser's memory stores s
// as the key, and so does m[s]++ on a key already in the map, since Go
// replaces a string key with the one assigned; the keys then read as
// other paths once the Parser has parsed more lines. A Counter assigns a
// key only when it inserts a copy.
//
// The zero Counter is ready to use. A Counter is not safe for concurrent
// use.
type Counter struct {
	index  map[string]int // a key's place in keys and counts
	keys   []string
	counts []int64
}

// Add counts s once, copying s when it is new to c: s may be transient.
func (c *Counter) Add(s string) {
	if i, ok := c.index[s]; ok {
		c.counts[i]++
		return
	}
	if c.index == nil {
		c.index = make(map[string]int)
	}
	k := strings.Clone(s)
	c.index[k] = len(c.keys)
	c.keys = append(c.keys, k)
	c.counts = append(c.counts, 1)
}

// Count returns the number of times s was added.
func (c *Counter) Count(s string) int64 {
	if i, ok := c.index[s]; ok {
		return c.counts[i]
	}
	return 0
}

// Len returns the number of distinct strings added.
func (c *Counter) Len() int { return len(c.keys) }

// All yields each distinct string added, c's own copy, and its count,
// in the order in which each was first added.
func (c *Counter) All() iter.Seq2[string, int64] {
	return func(yield func(string, int64) bool) {
		for i, k := range c.keys {
			if !yield(k, c.counts[i]) {
				return
			}
		}
	}
}
