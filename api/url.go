package api

import (
	"encoding/json"
	"errors"

	"github.com/spanurl/spanurl/internal/slow"
	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

// URL is the standard's URL object: a URL (held as a span.URL, one string
// plus component offsets) and its query object.
//
// The getters are substrings of the href and never allocate (Origin
// allocates only for a URL with credentials or a blob URL). The setters
// follow the standard's setter steps; only SetHref can fail. Use NewURL,
// ParseURL or FromSpan to make one; the zero URL is not a URL (its getters
// return "", SetHref makes it one, the other setters do nothing).
//
// A *URL is not safe for concurrent use.
type URL struct {
	url   span.URL
	query *SearchParams // the query object, made on the first SearchParams call
	ed    *editor       // the setters' scratch state, made on the first slow setter call

	// buf is where the spliced setters build the href (see buffer.go):
	// inBuf says the href is in it, bufLive that a string over it may be
	// reachable from outside u, so that it is never written again.
	buf            []byte
	inBuf, bufLive bool
}

// editor is what the setters reuse between calls: the basic URL parser and
// a scratch URL record that a setter modifies before it replaces the URL.
type editor struct {
	p   slow.Parser
	rec record.URL
}

// ErrInvalidBase is matched (errors.Is) by the error NewURL returns when
// its base does not parse.
var ErrInvalidBase = errors.New("invalid base URL")

// ErrTooManyBases is the error NewURL returns when given more than one
// base: the standard's constructor takes one optional base.
var ErrTooManyBases = errors.New("more than one base URL")

// baseError is a failure to parse the base: it matches ErrInvalidBase and
// the parser's error (a *span.ParseError).
type baseError struct{ err error }

func (e *baseError) Error() string   { return ErrInvalidBase.Error() + ": " + e.err.Error() }
func (e *baseError) Unwrap() []error { return []error{ErrInvalidBase, e.err} }

// apiURLParser runs the API URL parser on input with base (none when
// bases is empty).
func apiURLParser(input string, bases []string) (span.URL, error) {
	switch len(bases) {
	case 0:
		// 3. Return the result of running the basic URL parser on url (no base).
		return span.Parse(input)
	case 1:
	default:
		return span.URL{}, ErrTooManyBases
	}
	// 2.1. Set parsedBase to the result of running the basic URL parser on base.
	parsedBase, err := span.Parse(bases[0])
	if err != nil {
		// 2.2. If parsedBase is failure, then return failure.
		return span.URL{}, &baseError{err}
	}
	// 3. Return the result of running the basic URL parser on url with parsedBase.
	return parsedBase.Parse(input)
}

// NewURL is the URL constructor, new URL(input, base): it parses input
// against the optional base with the API URL parser. The error (the
// constructor's TypeError) is a *span.ParseError for input; for a base
// that does not parse it matches ErrInvalidBase and wraps the base's
// *span.ParseError; more than one base is ErrTooManyBases.
// https://url.spec.whatwg.org/#dom-url-url
func NewURL(input string, base ...string) (*URL, error) {
	// 1. Let parsedURL be the result of running the API URL parser on url with base, if given.
	parsed, err := apiURLParser(input, base)
	// 2. If parsedURL is failure, then throw a TypeError.
	if err != nil {
		return nil, err
	}
	// 3. Initialize this with parsedURL.
	return &URL{url: parsed}, nil
}

// ParseURL is URL.parse(input, base): like NewURL, but nil on failure
// (including more than one base).
// https://url.spec.whatwg.org/#dom-url-parse
func ParseURL(input string, base ...string) *URL {
	// 1-2. Run the API URL parser; failure returns null.
	parsed, err := apiURLParser(input, base)
	if err != nil {
		return nil
	}
	// 3-5. A new URL object initialized with parsedURL.
	return &URL{url: parsed}
}

// CanParse is URL.canParse(input, base): whether NewURL would succeed.
// More than one base reports false. It builds no URL, the base's included
// (span.CanParseWithBase), and allocates nothing but where an input or
// base needs the whole host parser (an IPv6 address, a percent-encoded or
// internationalized host that is not a plain domain).
// https://url.spec.whatwg.org/#dom-url-canparse
func CanParse(input string, base ...string) bool {
	switch len(base) {
	case 0:
		return span.CanParse(input)
	case 1:
		// API URL parser 2.1-2.2 (parsedBase, or failure) and 3 (the basic
		// URL parser on url with parsedBase), here only validated.
		return span.CanParseWithBase(input, base[0])
	}
	return false
}

// FromSpan returns a new URL object initialized with the URL v. The zero
// span.URL gives the zero URL.
func FromSpan(v span.URL) *URL { return &URL{url: v} }

// Span returns the URL as a span.URL value: immutable, comparable, and
// safe to keep and share after u changes.
func (u *URL) Span() span.URL { return u.view() }

// Equal reports whether u and other are equal URLs (URL equivalence),
// ignoring fragments when excludeFragments is set. A nil URL equals
// nothing.
func (u *URL) Equal(other *URL, excludeFragments bool) bool {
	if u == nil || other == nil {
		return false
	}
	return u.url.Equal(other.url, excludeFragments) // keeps no string
}

// Href is the href getter: the URL's serialization.
// https://url.spec.whatwg.org/#dom-url-href
func (u *URL) Href() string { return u.href() }

// String returns the href (the stringifier).
// https://url.spec.whatwg.org/#dom-url-href
func (u *URL) String() string { return u.href() }

// ToJSON is toJSON(): the href.
// https://url.spec.whatwg.org/#dom-url-tojson
func (u *URL) ToJSON() string { return u.href() }

// MarshalJSON encodes the URL as its href, a JSON string.
func (u *URL) MarshalJSON() ([]byte, error) { return json.Marshal(u.url.Href()) }

// UnmarshalJSON decodes a JSON string as an href (the href setter); the
// URL is unchanged on error. The empty string makes u the zero URL (what
// MarshalJSON writes for it), and null leaves u unchanged, as
// encoding/json does for types without a nil.
func (u *URL) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	return u.UnmarshalText([]byte(s))
}

// Origin is the origin getter: the serialization of the URL's origin,
// "null" for an opaque origin. OriginValue returns the origin itself.
// https://url.spec.whatwg.org/#dom-url-origin
func (u *URL) Origin() string {
	if u.url.IsZero() {
		return ""
	}
	return u.view().Origin()
}

// Protocol is the protocol getter: the scheme followed by ":".
// https://url.spec.whatwg.org/#dom-url-protocol
func (u *URL) Protocol() string { return u.view().Protocol() }

// Username is the username getter.
// https://url.spec.whatwg.org/#dom-url-username
func (u *URL) Username() string {
	if u.url.IsZero() {
		return ""
	}
	return u.view().Username()
}

// Password is the password getter.
// https://url.spec.whatwg.org/#dom-url-password
func (u *URL) Password() string {
	if u.url.IsZero() {
		return ""
	}
	return u.view().Password()
}

// Host is the host getter: the serialized host and, with a port, ":" and
// the port; "" when the host is null.
// https://url.spec.whatwg.org/#dom-url-host
func (u *URL) Host() string {
	if u.url.IsZero() {
		return ""
	}
	return u.view().Host()
}

// Hostname is the hostname getter: the serialized host, "" when null.
// https://url.spec.whatwg.org/#dom-url-hostname
func (u *URL) Hostname() string {
	if u.url.IsZero() {
		return ""
	}
	return u.view().Hostname()
}

// Port is the port getter: the port in decimal, "" when null.
// https://url.spec.whatwg.org/#dom-url-port
func (u *URL) Port() string {
	if u.url.IsZero() {
		return ""
	}
	return u.view().Port()
}

// Pathname is the pathname getter: the URL path serialized.
// https://url.spec.whatwg.org/#dom-url-pathname
func (u *URL) Pathname() string {
	if u.url.IsZero() {
		return ""
	}
	return u.view().Pathname()
}

// Search is the search getter: "?" and the query, "" when the query is
// null or empty.
// https://url.spec.whatwg.org/#dom-url-search
func (u *URL) Search() string {
	if u.url.IsZero() {
		return ""
	}
	return u.view().Search()
}

// Hash is the hash getter: "#" and the fragment, "" when the fragment is
// null or empty.
// https://url.spec.whatwg.org/#dom-url-hash
func (u *URL) Hash() string {
	if u.url.IsZero() {
		return ""
	}
	return u.view().Hash()
}

// SearchParams is the searchParams getter: the URL's query object, the
// same *SearchParams on every call. Its list is the form-urlencoded
// parsing of the query, kept in sync by SetHref and SetSearch; modifying it
// updates the URL's query. It is made on the first call, with the list the
// standard's initialization steps give it.
// https://url.spec.whatwg.org/#dom-url-searchparams
func (u *URL) SearchParams() *SearchParams {
	if u.query == nil {
		// Initialize steps 1, 3-5: query is the URL's query, or "" when null;
		// a new URLSearchParams initialized with query, whose URL object is u.
		q, _ := u.view().Query() // the list may hold substrings of q
		u.query = newBoundSearchParams(u, q)
	}
	return u.query
}

// setQueryFromSearchParams runs the URLSearchParams "update" steps 3-4 for
// u: serializedQuery "" sets the query to null, otherwise to
// serializedQuery. The query is written into the href without parsing the
// URL again (splice.Query), unless the URL has an opaque path and the
// query becomes null; serializedQuery is only read during the call.
func (u *URL) setQueryFromSearchParams(serializedQuery string) {
	if u.url.IsZero() {
		return
	}
	if u.setQuerySplice(serializedQuery) {
		return
	}
	r := u.record()
	// 3. If serializedQuery is the empty string, then set serializedQuery to null.
	// 4. Set query's URL object's URL's query to serializedQuery.
	r.Query = append(r.Query[:0], serializedQuery...)
	r.HasQuery = serializedQuery != ""
	u.commit()
}

// setQuerySplice writes serializedQuery (not the zero URL's) as the query
// with splice.SetQuery, and reports whether it did.
func (u *URL) setQuerySplice(serializedQuery string) bool {
	buf := u.spliceBuf()
	if !u.sp().SetQuery(serializedQuery, &buf) {
		return false
	}
	u.adopt(buf)
	return true
}

// syncQueryObject updates the query object's list, if the query object has
// been made, to the parsing of query (the href and search setters).
func (u *URL) syncQueryObject(query string) {
	if u.query != nil {
		u.query.setListFromQuery(query)
	}
}

// record fills the editor's scratch record with u's URL and returns it.
func (u *URL) record() *record.URL {
	if u.ed == nil {
		u.ed = new(editor)
	}
	u.url.ToRecord(&u.ed.rec)
	return &u.ed.rec
}

// commit makes the scratch record u's URL. The URL keeps its very value
// when the record serializes to the same href, and is unchanged when
// span.FromRecord refuses the record (longer than a URL can be), which
// commit reports with false.
func (u *URL) commit() bool {
	v, err := span.FromRecord(&u.ed.rec)
	if err != nil {
		return false
	}
	if v.Href() != u.url.Href() {
		u.set(v)
	}
	return true
}

// basicParse runs the basic URL parser on input with the scratch record as
// url and override as state override, then commits the record. As in the
// standard, a run that returns failure keeps what it changed before
// failing (the host setter given "example.com:65536" sets the host and
// fails on the port); only a run whose result would be too long changes
// nothing, and basicParse then returns false.
func (u *URL) basicParse(input string, override slow.State) bool {
	err := u.ed.p.ParseWithOverride(input, &u.ed.rec, override)
	if err != nil && errors.Is(err, slow.ErrInputTooLong) {
		return false
	}
	return u.commit()
}
