package span

import (
	"strings"

	"github.com/spanurl/spanurl/internal/slow"
	"github.com/spanurl/spanurl/internal/splice"
	"github.com/spanurl/spanurl/record"
)

// The With methods replace one component of a URL under the rules of the
// URL Standard's setter of that name (api.URL's setters), for programs
// that hold span.URL values: a proxy that sets a backend host, strips a
// path prefix or drops a fragment. Each returns a new URL and leaves u as
// it is. A value the setter would keep as it is (the common case) is
// spliced into a copy of the href, one allocation; any other value runs
// the basic URL parser with the setter's state override on u's record.
//
// The standard's setters ignore some values silently; a With method
// reports them with false, and then returns u itself: when the setter
// returns early (a URL that cannot have a port, a host or path setter on
// a URL with an opaque path) or the parser returns failure (a host that
// does not parse, a port above 65535). Where the standard's host setter
// keeps a host it set before failing on the port ("example.com:65536"),
// WithHost changes nothing: a result is either the whole value applied or
// u.

// WithPathname returns u with the path the pathname setter makes of
// value, and true; or u and false when u has an opaque path.
func (u URL) WithPathname(value string) (URL, bool) {
	if u.IsZero() || u.HasOpaquePath() {
		return u, false
	}
	if v := u.toSplice(); v.SetPathname(value, new([]byte)) {
		return fromSplice(v), true
	}
	return u.rewrite(value, slow.PathStartState, func(r *record.URL) { r.Path = r.Path[:0] })
}

// WithSearch returns u with the query the search setter makes of value
// ("" makes it null; a leading "?" is removed), and true.
func (u URL) WithSearch(value string) (URL, bool) {
	if u.IsZero() {
		return u, false
	}
	if v := u.toSplice(); v.SetSearch(value, new([]byte)) {
		return fromSplice(v), true
	}
	if value == "" {
		return u.rewrite("", slow.NoState, func(r *record.URL) { r.Query, r.HasQuery = r.Query[:0], false })
	}
	return u.rewrite(strings.TrimPrefix(value, "?"), slow.QueryState,
		func(r *record.URL) { r.Query, r.HasQuery = r.Query[:0], true })
}

// WithHash returns u with the fragment the hash setter makes of value
// ("" makes it null; a leading "#" is removed), and true.
func (u URL) WithHash(value string) (URL, bool) {
	if u.IsZero() {
		return u, false
	}
	if v := u.toSplice(); v.SetHash(value, new([]byte)) {
		return fromSplice(v), true
	}
	if value == "" {
		return u.rewrite("", slow.NoState, func(r *record.URL) { r.Fragment, r.HasFragment = r.Fragment[:0], false })
	}
	return u.rewrite(strings.TrimPrefix(value, "#"), slow.FragmentState,
		func(r *record.URL) { r.Fragment, r.HasFragment = r.Fragment[:0], true })
}

// WithHost returns u with the host, and the port when value has one, that
// the host setter makes of value, and true; or u and false when u has an
// opaque path or value does not parse as a host (and port).
func (u URL) WithHost(value string) (URL, bool) {
	if u.IsZero() || u.HasOpaquePath() {
		return u, false
	}
	if v := u.toSplice(); v.SetHost(value, false, new([]byte)) {
		return fromSplice(v), true
	}
	return u.rewrite(value, slow.HostState, nil)
}

// WithPort returns u with the port the port setter makes of value ("" or
// the scheme's default port makes it null; the leading digits are the
// port), and true; or u and false when u cannot have a port (no host, an
// empty host, or file:) or value has no leading digits or is above 65535.
func (u URL) WithPort(value string) (URL, bool) {
	if u.IsZero() || u.cannotHavePort() {
		return u, false
	}
	if v := u.toSplice(); v.SetPort(value, new([]byte)) {
		return fromSplice(v), true
	}
	if value == "" {
		return u.rewrite("", slow.NoState, func(r *record.URL) { r.Port = record.NoPort })
	}
	return u.rewrite(value, slow.PortState, nil)
}

// WithoutCredentials returns u with an empty username and password, as
// the username and password setters given "" leave it.
func (u URL) WithoutCredentials() URL {
	if u.IsZero() {
		return u
	}
	v := u.toSplice()
	v.SetNoCredentials(new([]byte))
	return fromSplice(v)
}

// cannotHavePort is the standard's "cannot have a username/password/port".
func (u URL) cannotHavePort() bool {
	k := u.p.Kind()
	return k == record.HostNull || k == record.HostEmpty || u.Scheme() == "file"
}

// toSplice returns u as internal/splice's URL, for a splice that builds
// the new href in new memory of its exact size (a nil *dst).
func (u URL) toSplice() splice.URL { return splice.URL{Href: u.href, P: u.p} }

// fromSplice returns the URL of a splice's result.
func fromSplice(v splice.URL) URL { return URL{v.Href, v.P} }

// rewrite is a With method's record-based form: u's record, changed by
// prepare when it is not nil, then given to the basic URL parser with
// input and override unless override is slow.NoState, serialized into a
// new URL; or u and false when the parser or FromRecord fails.
func (u URL) rewrite(input string, override slow.State, prepare func(*record.URL)) (URL, bool) {
	v, err := u.rewriteErr(input, override, prepare)
	if err != nil {
		return u, false
	}
	return v, true
}

// rewriteErr is rewrite that says why it fails: the parser's error, or
// FromRecord's.
func (u URL) rewriteErr(input string, override slow.State, prepare func(*record.URL)) (URL, error) {
	sc := getScratch()
	defer scratches.Put(sc)
	r := &sc.base
	u.toRecord(r)
	if prepare != nil {
		prepare(r)
	}
	if override != slow.NoState {
		if err := sc.slow.ParseWithOverride(input, r, override); err != nil {
			return u, err
		}
	}
	// FromRecord refuses a record longer than a URL can be, and one whose
	// serialization would not parse back to it.
	v, err := FromRecord(r)
	if err != nil {
		return u, err
	}
	if v.href == u.href {
		return u, nil
	}
	return v, nil
}
