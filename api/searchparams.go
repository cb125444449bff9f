package api

import (
	"errors"
	"iter"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// SearchParams is the standard's URLSearchParams: an ordered list of
// name-value pairs, read from and written to the
// application/x-www-form-urlencoded format. A SearchParams obtained from
// URL.SearchParams is bound to that URL: every change to the list (Append,
// Delete, DeleteValue, Set, Sort) rewrites the URL's query, and setting the
// URL's href or search replaces the list.
//
// The zero value is an empty, unbound SearchParams ready to use. Names and
// values are Go strings; bytes that are not valid UTF-8 are read as
// converting them to a USVString would (each maximal invalid subpart
// becomes U+FFFD), so every name and value a SearchParams returns is valid
// UTF-8.
//
// A SearchParams is not safe for concurrent use, and a bound one shares
// that with its URL.
type SearchParams struct {
	// list is the standard's list of name-value tuples.
	list []Pair
	// url is the standard's URL object: the URL whose query this object
	// writes on update, or nil when not bound.
	url *URL
	// serialized is where update serializes the list before the URL
	// copies it into its href; it never leaves the object.
	serialized []byte
}

// ErrSequenceSize is the error (a TypeError in JavaScript) of
// NewSearchParamsFromSequences for an inner sequence whose size is not 2.
var ErrSequenceSize = errors.New("URLSearchParams: an inner sequence must have exactly two items, a name and a value")

// NewSearchParams returns a SearchParams holding the pairs of init, an
// application/x-www-form-urlencoded string; a leading "?" is removed first,
// as new URLSearchParams(init) does with a string. Like the standard's
// constructor it takes any number of pairs: for input from outside the
// program, ParseSearchParams limits them.
// https://url.spec.whatwg.org/#dom-urlsearchparams-urlsearchparams
func NewSearchParams(init string) *SearchParams {
	// Small enough to be inlined, so that a SearchParams its caller keeps
	// to itself stays in the caller's frame; TestInlining checks it.
	return &SearchParams{list: parseInit(init)}
}

// parseInit is the list the constructor gives a string init.
func parseInit(init string) []Pair {
	// Constructor 1. If init is a string and starts with U+003F (?), then
	// remove the first code point from init.
	init = strings.TrimPrefix(init, "?")
	// Constructor 2. Initialize this with init: 3.2. set the list to the
	// result of parsing init.
	return appendParsedForm(nil, init)
}

// DefaultMaxParams is the parameter limit to give ParseSearchParams for
// input from outside the program: the limit Go's net/url puts on a query
// by default. It leaves room for any real form or query, and keeps what
// one request can make a server allocate and sort in proportion to it,
// not to the request's size.
const DefaultMaxParams = 10000

// ErrTooManyParams is the error of ParseSearchParams for an input with more
// name-value pairs than its limit.
var ErrTooManyParams = errors.New("URLSearchParams: too many parameters")

// ParseSearchParams is NewSearchParams for untrusted input: it returns the
// SearchParams holding the pairs of init when init has at most maxParams of
// them (DefaultMaxParams is the usual limit), and otherwise an error
// wrapping ErrTooManyParams and no SearchParams. A negative maxParams
// means no limit. The URL Standard sets no limit on URLSearchParams (and
// NewSearchParams and URL.SearchParams keep none); the limit is this
// package's, for a server that parses what a client sends.
//
// The pairs are counted as the form parser makes them (empty sequences
// between "&"s are not pairs) before any is decoded, and the count stops
// at the first pair past the limit, so that a refused input costs no
// allocation and a scan of at most the part of it within the limit.
func ParseSearchParams(init string, maxParams int) (*SearchParams, error) {
	// NewSearchParams' steps, with the count between them.
	init = strings.TrimPrefix(init, "?")
	if maxParams >= 0 && countPairs(init, maxParams+1) > maxParams {
		return nil, &tooManyParamsError{limit: maxParams}
	}
	return &SearchParams{list: appendParsedForm(nil, init)}, nil
}

// countPairs returns the number of pairs the form parser makes of input,
// counting no further than stop.
func countPairs(input string, stop int) int {
	n := 0
	for len(input) > 0 && n < stop {
		i := strings.IndexByte(input, '&')
		if i < 0 {
			return n + 1
		}
		if i > 0 {
			n++
		}
		input = input[i+1:]
	}
	return n
}

// tooManyParamsError is ParseSearchParams' error.
type tooManyParamsError struct{ limit int }

func (e *tooManyParamsError) Error() string {
	return "URLSearchParams: more than " + strconv.Itoa(e.limit) + " parameters"
}

func (e *tooManyParamsError) Unwrap() error { return ErrTooManyParams }

// NewSearchParamsFromPairs returns a SearchParams holding pairs in order, as
// new URLSearchParams(init) does with a sequence of sequences (a Go [2]string
// cannot have the wrong size; see NewSearchParamsFromSequences).
func NewSearchParamsFromPairs(pairs [][2]string) *SearchParams {
	p := &SearchParams{list: make([]Pair, 0, len(pairs))}
	// Initialize 1. For each innerSequence of init: 1.2. append
	// (innerSequence[0], innerSequence[1]) to query's list.
	for _, kv := range pairs {
		p.list = append(p.list, Pair{usvString(kv[0]), usvString(kv[1])})
	}
	return p
}

// NewSearchParamsFromSequences returns a SearchParams holding the pairs of
// seqs, as new URLSearchParams(init) does with a sequence of sequences: each
// inner sequence must be exactly a name and a value. Otherwise the result
// is an error wrapping ErrSequenceSize (the standard's TypeError) and no
// SearchParams.
func NewSearchParamsFromSequences(seqs [][]string) (*SearchParams, error) {
	p := &SearchParams{list: make([]Pair, 0, len(seqs))}
	// Initialize 1. For each innerSequence of init:
	for i, seq := range seqs {
		// 1.1. If innerSequence's size is not 2, then throw a TypeError.
		if len(seq) != 2 {
			return nil, &sequenceSizeError{index: i, size: len(seq)}
		}
		// 1.2. Append (innerSequence[0], innerSequence[1]) to query's list.
		p.list = append(p.list, Pair{usvString(seq[0]), usvString(seq[1])})
	}
	return p, nil
}

// sequenceSizeError is NewSearchParamsFromSequences' error.
type sequenceSizeError struct{ index, size int }

func (e *sequenceSizeError) Error() string {
	return "URLSearchParams: inner sequence " + strconv.Itoa(e.index) + " has " +
		strconv.Itoa(e.size) + " items, not 2"
}

func (e *sequenceSizeError) Unwrap() error { return ErrSequenceSize }

// NewSearchParamsFromMap returns a SearchParams holding the entries of m, as
// new URLSearchParams(init) does with a record. A JavaScript record keeps
// its keys' insertion order, which a Go map does not have, so the pairs are
// ordered by name in UTF-16 code unit order (the order Sort uses). Names
// that are the same after conversion to valid UTF-8 are one entry, as
// record keys are; the value of the greatest original key (in byte order)
// wins, so the result never depends on map iteration order.
func NewSearchParamsFromMap(m map[string]string) *SearchParams {
	type entry struct{ orig, name, value string }
	entries := make([]entry, 0, len(m))
	for k, v := range m {
		entries = append(entries, entry{k, usvString(k), usvString(v)})
	}
	slices.SortFunc(entries, func(a, b entry) int {
		if c := compareUTF16(a.name, b.name); c != 0 {
			return c
		}
		return strings.Compare(a.orig, b.orig)
	})
	p := &SearchParams{list: make([]Pair, 0, len(entries))}
	// Initialize 2. For each name -> value of init, append (name, value).
	for _, e := range entries {
		if n := len(p.list); n > 0 && p.list[n-1].Name == e.name {
			p.list[n-1].Value = e.value
			continue
		}
		p.list = append(p.list, Pair{e.name, e.value})
	}
	return p
}

// newBoundSearchParams returns a SearchParams whose URL object is u,
// initialized with query (the URL's query, "" when it is null).
func newBoundSearchParams(u *URL, query string) *SearchParams {
	p := &SearchParams{url: u}
	p.list = appendParsedForm(nil, query)
	return p
}

// setListFromQuery sets the list to the result of parsing query, as the URL
// class's href and search setters do.
func (p *SearchParams) setListFromQuery(query string) {
	p.list = appendParsedForm(nil, query)
}

// update is the standard's "update" of a URLSearchParams object.
func (p *SearchParams) update() {
	// 1. If query's URL object is null, then return.
	if p.url == nil {
		return
	}
	// 2. Let serializedQuery be the serialization of query's list.
	p.serialized = appendSerializedForm(p.serialized[:0], p.list, nil)
	// 3-4. (The URL object sets its URL's query, null for "".) The URL
	// copies the bytes, so a view of them without a copy is enough.
	p.url.setQueryFromSearchParams(unsafe.String(unsafe.SliceData(p.serialized), len(p.serialized)))
}

// Size returns the number of pairs (the size getter).
// https://url.spec.whatwg.org/#dom-urlsearchparams-size
func (p *SearchParams) Size() int { return len(p.list) }

// Append adds the pair (name, value) at the end of the list.
// https://url.spec.whatwg.org/#dom-urlsearchparams-append
func (p *SearchParams) Append(name, value string) {
	// 1. Append (name, value) to this's list.
	p.list = append(p.list, Pair{usvString(name), usvString(value)})
	// 2. Update this.
	p.update()
}

// Delete removes every pair whose name is name: delete(name).
// https://url.spec.whatwg.org/#dom-urlsearchparams-delete
func (p *SearchParams) Delete(name string) {
	name = usvString(name)
	// 2. Remove all tuples whose name is name from this's list.
	p.list = slices.DeleteFunc(p.list, func(t Pair) bool { return t.Name == name })
	// 3. Update this.
	p.update()
}

// DeleteValue removes every pair whose name is name and whose value is
// value: delete(name, value).
// https://url.spec.whatwg.org/#dom-urlsearchparams-delete
func (p *SearchParams) DeleteValue(name, value string) {
	name, value = usvString(name), usvString(value)
	// 1. If value is given, then remove all tuples whose name is name and
	// value is value from this's list.
	p.list = slices.DeleteFunc(p.list, func(t Pair) bool { return t.Name == name && t.Value == value })
	// 3. Update this.
	p.update()
}

// Get returns the value of the first pair whose name is name, and whether
// there is one (get(name) returning null is "", false).
// https://url.spec.whatwg.org/#dom-urlsearchparams-get
func (p *SearchParams) Get(name string) (string, bool) {
	name = usvString(name)
	for _, t := range p.list {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// GetAll returns the values of all pairs whose name is name, in list order
// (nil when there are none).
// https://url.spec.whatwg.org/#dom-urlsearchparams-getall
func (p *SearchParams) GetAll(name string) []string {
	name = usvString(name)
	var values []string
	for _, t := range p.list {
		if t.Name == name {
			values = append(values, t.Value)
		}
	}
	return values
}

// Has reports whether a pair's name is name: has(name).
// https://url.spec.whatwg.org/#dom-urlsearchparams-has
func (p *SearchParams) Has(name string) bool {
	name = usvString(name)
	// 2. If value is not given and there is a tuple whose name is name in
	// this's list, then return true. 3. Return false.
	for _, t := range p.list {
		if t.Name == name {
			return true
		}
	}
	return false
}

// HasValue reports whether a pair's name is name and its value is value:
// has(name, value).
// https://url.spec.whatwg.org/#dom-urlsearchparams-has
func (p *SearchParams) HasValue(name, value string) bool {
	name, value = usvString(name), usvString(value)
	// 1. If value is given and there is a tuple whose name is name and value
	// is value in this's list, then return true. 3. Return false.
	for _, t := range p.list {
		if t.Name == name && t.Value == value {
			return true
		}
	}
	return false
}

// Set makes value the value of the first pair whose name is name and
// removes the other pairs with that name, or appends (name, value) when
// there is no such pair.
// https://url.spec.whatwg.org/#dom-urlsearchparams-set
func (p *SearchParams) Set(name, value string) {
	name, value = usvString(name), usvString(value)
	// 1. If this's list contains any tuples whose name is name, then set the
	// value of the first such tuple to value and remove the others.
	if i := slices.IndexFunc(p.list, func(t Pair) bool { return t.Name == name }); i >= 0 {
		p.list[i].Value = value
		rest := slices.DeleteFunc(p.list[i+1:], func(t Pair) bool { return t.Name == name })
		p.list = p.list[:i+1+len(rest)]
	} else {
		// 2. Otherwise, append (name, value) to this's list.
		p.list = append(p.list, Pair{name, value})
	}
	// 3. Update this.
	p.update()
}

// Sort sorts the pairs by name, keeping pairs with equal names in their
// order (a stable sort). Names are compared as JavaScript compares strings,
// by UTF-16 code units, which is not Go's byte order: a name starting with
// a code point from U+E000 to U+FFFF (such as U+E000 or U+FF21) sorts
// after one starting with a code point above U+FFFF (such as U+1F600),
// whose first code unit is a surrogate (U+D800 to U+DBFF), although its
// UTF-8 encoding is greater.
// https://url.spec.whatwg.org/#dom-urlsearchparams-sort
func (p *SearchParams) Sort() {
	// 1. Set this's list to the result of sorting in ascending order this's
	// list, with a being less than b if a's name is code unit less than b's
	// name.
	slices.SortStableFunc(p.list, func(a, b Pair) int { return compareUTF16(a.Name, b.Name) })
	// 2. Update this.
	p.update()
}

// String returns the serialization of the list (the stringifier): the
// application/x-www-form-urlencoded serializer with UTF-8. It is "" for an
// empty list.
// https://url.spec.whatwg.org/#urlsearchparams-stringification-behavior
func (p *SearchParams) String() string {
	if len(p.list) == 0 {
		return ""
	}
	// Room for the list when nothing needs encoding, the common case; the
	// string shares the new memory, which nothing writes again.
	size := 0
	for _, t := range p.list {
		size += len(t.Name) + len(t.Value) + 2
	}
	b := appendSerializedForm(make([]byte, 0, size), p.list, nil)
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// All returns an iterator over the pairs in list order, as name, value,
// like the URLSearchParams iterator (entries()). As in JavaScript, the
// iterator reads the live list by index: pairs appended while iterating
// are visited, and removing pairs before the current one skips pairs.
func (p *SearchParams) All() iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for i := 0; i < len(p.list); i++ {
			t := p.list[i]
			if !yield(t.Name, t.Value) {
				return
			}
		}
	}
}

// Keys returns an iterator over the names of the pairs in list order
// (keys()); see All for changes while iterating.
func (p *SearchParams) Keys() iter.Seq[string] {
	return func(yield func(string) bool) {
		for i := 0; i < len(p.list); i++ {
			if !yield(p.list[i].Name) {
				return
			}
		}
	}
}

// Values returns an iterator over the values of the pairs in list order
// (values()); see All for changes while iterating.
func (p *SearchParams) Values() iter.Seq[string] {
	return func(yield func(string) bool) {
		for i := 0; i < len(p.list); i++ {
			if !yield(p.list[i].Value) {
				return
			}
		}
	}
}

// Pairs returns a copy of the list.
func (p *SearchParams) Pairs() []Pair {
	return slices.Clone(p.list)
}

// compareUTF16 compares a and b (valid UTF-8) by their UTF-16 code units,
// as JavaScript's < on strings does, returning -1, 0 or +1. Code points
// below U+10000 compare as themselves, and so do two code points above
// U+FFFF; a code point above U+FFFF is less than one from U+E000 to
// U+FFFF, as its first code unit is a surrogate, U+D800 to U+DBFF.
func compareUTF16(a, b string) int {
	// The strings compare as their first differing code points do, and the
	// first differing byte is in the first differing code point.
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	if i == len(a) || i == len(b) {
		// One is a prefix of the other: the shorter is less.
		return compareInts(len(a), len(b))
	}
	if a[i] < utf8.RuneSelf || b[i] < utf8.RuneSelf {
		// An ASCII code point is less than every other code point in both
		// orders.
		return compareInts(int(a[i]), int(b[i]))
	}
	// Back up to the start of the code point.
	for i > 0 && !utf8.RuneStart(a[i]) {
		i--
	}
	ra, _ := utf8.DecodeRuneInString(a[i:])
	rb, _ := utf8.DecodeRuneInString(b[i:])
	return compareInts(int(utf16Key(ra)), int(utf16Key(rb)))
}

// utf16Key maps r to a number ordered as r's UTF-16 code units are: code
// points above U+FFFF go between U+D7FF and U+E000, where their surrogate
// pairs sort, in their own order.
func utf16Key(r rune) rune {
	switch {
	case r >= 0x10000:
		// From 0xD800 on, in their own order (as their surrogate pairs
		// are), and below every key of U+E000 to U+FFFF.
		return 0xD800 + (r - 0x10000)
	case r >= 0xE000:
		// After all the astral code points.
		return r + 0x100000
	}
	return r
}

func compareInts(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
