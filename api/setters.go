package api

import (
	"strings"

	"github.com/spanurl/spanurl/internal/pct"
	"github.com/spanurl/spanurl/internal/slow"
	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

// The setters follow the standard's setter steps on a scratch copy of the
// URL record (see editor): the record is filled from the span.URL, the
// basic URL parser runs on it with the setter's state override, and the
// result replaces the URL. A setter that the standard makes a no-op leaves
// the URL exactly as it was.

// SetHref is the href setter: it parses value as an absolute URL and, on
// success, makes it the URL and resets the query object's list from the
// new query. On failure (the setter's TypeError) it returns the parser's
// *span.ParseError and the URL is unchanged.
func (u *URL) SetHref(value string) error {
	// 1. Let parsedURL be the result of running the basic URL parser on the given value.
	parsed, err := span.Parse(value)
	// 2. If parsedURL is failure, then throw a TypeError.
	if err != nil {
		return err
	}
	// 3. Set this's URL to parsedURL.
	u.url = parsed
	// 4-6. Empty this's query object's list; if this's URL's query is
	// non-null, set the list to the result of parsing it.
	q, _ := u.url.Query()
	u.syncQueryObject(q)
	return nil
}

// SetProtocol is the protocol setter: it basic URL parses value followed
// by ":" with the URL and scheme start state as state override. A special
// scheme cannot become non-special nor the reverse, and an invalid scheme
// changes nothing.
func (u *URL) SetProtocol(value string) {
	if u.url.IsZero() {
		return
	}
	u.record()
	// Basic URL parse the given value, followed by ":", with this's URL as url and scheme start state as state override.
	u.basicParse(value+":", slow.SchemeStartState)
}

// SetUsername is the username setter: it sets the username to value,
// UTF-8 percent-encoded with the userinfo percent-encode set, unless the
// URL cannot have a username/password/port.
func (u *URL) SetUsername(value string) {
	// 1. If this's URL cannot have a username/password/port, then return.
	if u.cannotHaveUsernamePasswordPort() {
		return
	}
	// 2. Set the username given this's URL and the given value.
	r := u.record()
	r.Username = pct.Append(r.Username[:0], []byte(usvString(value)), &pct.UserinfoSet)
	u.commit()
}

// SetPassword is the password setter: it sets the password to value,
// UTF-8 percent-encoded with the userinfo percent-encode set, unless the
// URL cannot have a username/password/port.
func (u *URL) SetPassword(value string) {
	// 1. If this's URL cannot have a username/password/port, then return.
	if u.cannotHaveUsernamePasswordPort() {
		return
	}
	// 2. Set the password given this's URL and the given value.
	r := u.record()
	r.Password = pct.Append(r.Password[:0], []byte(usvString(value)), &pct.UserinfoSet)
	u.commit()
}

// SetHost is the host setter: it basic URL parses value with the URL and
// host state as state override, setting the host and, when value has one,
// the port (a value without a port keeps the port). A URL with an opaque
// path is unchanged.
func (u *URL) SetHost(value string) {
	// 1. If this's URL has an opaque path, then return.
	if u.url.IsZero() || u.url.HasOpaquePath() {
		return
	}
	// 2. Basic URL parse the given value with this's URL as url and host state as state override.
	u.record()
	u.basicParse(value, slow.HostState)
}

// SetHostname is the hostname setter: like SetHost with hostname state as
// state override, so a value with a port changes nothing.
func (u *URL) SetHostname(value string) {
	// 1. If this's URL has an opaque path, then return.
	if u.url.IsZero() || u.url.HasOpaquePath() {
		return
	}
	// 2. Basic URL parse the given value with this's URL as url and hostname state as state override.
	u.record()
	u.basicParse(value, slow.HostnameState)
}

// SetPort is the port setter: "" sets the port to null; otherwise value's
// leading ASCII digits are the port (the scheme's default port sets it to
// null; no digits or a port above 65535 changes nothing). A URL that
// cannot have a username/password/port is unchanged.
func (u *URL) SetPort(value string) {
	// 1. If this's URL cannot have a username/password/port, then return.
	if u.cannotHaveUsernamePasswordPort() {
		return
	}
	r := u.record()
	if value == "" {
		// 2. If the given value is the empty string, then set this's URL's port to null.
		r.Port = record.NoPort
		u.commit()
		return
	}
	// 3. Otherwise, basic URL parse the given value with this's URL as url and port state as state override.
	u.basicParse(value, slow.PortState)
}

// SetPathname is the pathname setter: it empties the path and basic URL
// parses value with the URL and path start state as state override. A URL
// with an opaque path is unchanged.
func (u *URL) SetPathname(value string) {
	// 1. If this's URL has an opaque path, then return.
	if u.url.IsZero() || u.url.HasOpaquePath() {
		return
	}
	// 2. Empty this's URL's path.
	r := u.record()
	r.Path = r.Path[:0]
	// 3. Basic URL parse the given value with this's URL as url and path start state as state override.
	u.basicParse(value, slow.PathStartState)
}

// SetSearch is the search setter: "" sets the query to null; otherwise
// value without a leading "?" is percent-encoded into the query. The query
// object's list follows.
func (u *URL) SetSearch(value string) {
	if u.url.IsZero() {
		return
	}
	// 1. Let url be this's URL.
	r := u.record()
	// 2. If the given value is the empty string, then set url's query to null, empty this's query object's list, and return.
	if value == "" {
		r.Query, r.HasQuery = r.Query[:0], false
		u.commit()
		u.syncQueryObject("")
		return
	}
	// 3. Let input be the given value with a single leading "?" removed, if any.
	input := strings.TrimPrefix(value, "?")
	// 4. Set url's query to the empty string.
	r.Query, r.HasQuery = r.Query[:0], true
	// 5. Basic URL parse input with url as url and query state as state override.
	if !u.basicParse(input, slow.QueryState) {
		return // too long to be a URL: nothing changed
	}
	// 6. Set this's query object's list to the result of parsing input.
	u.syncQueryObject(usvString(input))
}

// SetHash is the hash setter: "" sets the fragment to null; otherwise
// value without a leading "#" is percent-encoded into the fragment.
func (u *URL) SetHash(value string) {
	if u.url.IsZero() {
		return
	}
	r := u.record()
	// 1. If the given value is the empty string, then set this's URL's fragment to null and return.
	if value == "" {
		r.Fragment, r.HasFragment = r.Fragment[:0], false
		u.commit()
		return
	}
	// 2. Let input be the given value with a single leading "#" removed, if any.
	input := strings.TrimPrefix(value, "#")
	// 3. Set this's URL's fragment to the empty string.
	r.Fragment, r.HasFragment = r.Fragment[:0], true
	// 4. Basic URL parse input with this's URL as url and fragment state as state override.
	u.basicParse(input, slow.FragmentState)
}

// cannotHaveUsernamePasswordPort reports whether the URL's host is null or
// empty, or its scheme is "file" (and true for the zero URL).
func (u *URL) cannotHaveUsernamePasswordPort() bool {
	if u.url.IsZero() {
		return true
	}
	k := u.url.HostKind()
	return k == record.HostNull || k == record.HostEmpty || u.url.Scheme() == "file"
}
