package api

import (
	"strings"

	"github.com/spanurl/spanurl/internal/pct"
	"github.com/spanurl/spanurl/internal/slow"
	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

// Each setter runs the standard's steps that return early, then tries its
// splice (internal/splice): for the common values, those the basic URL
// parser would keep as they are, the href is rebuilt around the new
// component in one copy in the object's buffer (buffer.go). Every other
// value goes to the record-based form of the setter (the set*Record
// methods), which follows the standard's setter steps on a scratch copy of
// the URL record (see editor): the record is filled from the span.URL,
// the basic URL parser runs on it with the setter's state override, and
// the result replaces the URL. The record-based forms are the oracle the
// splices are tested against (FuzzSetterSplice). A setter that the
// standard makes a no-op leaves the URL exactly as it was.

// SetHref is the href setter: it parses value as an absolute URL and, on
// success, makes it the URL and resets the query object's list from the
// new query. On failure (the setter's TypeError) it returns the parser's
// *span.ParseError and the URL is unchanged.
// https://url.spec.whatwg.org/#dom-url-href
func (u *URL) SetHref(value string) error {
	// 1. Let parsedURL be the result of running the basic URL parser on the given value.
	parsed, err := span.Parse(value)
	// 2. If parsedURL is failure, then throw a TypeError.
	if err != nil {
		return err
	}
	// 3. Set this's URL to parsedURL.
	u.set(parsed)
	// 4-6. Empty this's query object's list; if this's URL's query is
	// non-null, set the list to the result of parsing it. (Without a
	// query object there is no list to set.)
	if u.query != nil {
		q, _ := u.url.Query()
		u.query.setListFromQuery(q)
	}
	return nil
}

// SetProtocol is the protocol setter: it basic URL parses value followed
// by ":" with the URL and scheme start state as state override. A special
// scheme cannot become non-special nor the reverse, and an invalid scheme
// changes nothing.
// https://url.spec.whatwg.org/#dom-url-protocol
func (u *URL) SetProtocol(value string) {
	if !u.setProtocolSplice(value) {
		u.setProtocolRecord(value)
	}
}

// setProtocolSplice runs SetProtocol when it returns early or its splice takes value,
// and reports whether it did.
func (u *URL) setProtocolSplice(value string) bool {
	if u.url.IsZero() {
		return true
	}
	buf := u.spliceBuf()
	if !u.sp().SetProtocol(value, &buf) {
		return false
	}
	u.adopt(buf)
	return true
}

// setProtocolRecord is SetProtocol on the URL record.
func (u *URL) setProtocolRecord(value string) {
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
// https://url.spec.whatwg.org/#dom-url-username
func (u *URL) SetUsername(value string) {
	if !u.setUsernameSplice(value) {
		u.setUsernameRecord(value)
	}
}

// setUsernameSplice runs SetUsername when it returns early or its splice takes value,
// and reports whether it did.
func (u *URL) setUsernameSplice(value string) bool {
	if u.cannotHaveUsernamePasswordPort() {
		return true
	}
	buf := u.spliceBuf()
	if !u.sp().SetUsername(value, &buf) {
		return false
	}
	u.adopt(buf)
	return true
}

// setUsernameRecord is SetUsername on the URL record.
func (u *URL) setUsernameRecord(value string) {
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
// https://url.spec.whatwg.org/#dom-url-password
func (u *URL) SetPassword(value string) {
	if !u.setPasswordSplice(value) {
		u.setPasswordRecord(value)
	}
}

// setPasswordSplice runs SetPassword when it returns early or its splice takes value,
// and reports whether it did.
func (u *URL) setPasswordSplice(value string) bool {
	if u.cannotHaveUsernamePasswordPort() {
		return true
	}
	buf := u.spliceBuf()
	if !u.sp().SetPassword(value, &buf) {
		return false
	}
	u.adopt(buf)
	return true
}

// setPasswordRecord is SetPassword on the URL record.
func (u *URL) setPasswordRecord(value string) {
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
// https://url.spec.whatwg.org/#dom-url-host
func (u *URL) SetHost(value string) {
	if !u.setHostSplice(value) {
		u.setHostRecord(value)
	}
}

// setHostSplice runs SetHost when it returns early or its splice takes value,
// and reports whether it did.
func (u *URL) setHostSplice(value string) bool {
	if u.url.IsZero() || u.url.HasOpaquePath() {
		return true
	}
	buf := u.spliceBuf()
	if !u.sp().SetHost(value, false, &buf) {
		return false
	}
	u.adopt(buf)
	return true
}

// setHostRecord is SetHost on the URL record.
func (u *URL) setHostRecord(value string) {
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
// https://url.spec.whatwg.org/#dom-url-hostname
func (u *URL) SetHostname(value string) {
	if !u.setHostnameSplice(value) {
		u.setHostnameRecord(value)
	}
}

// setHostnameSplice runs SetHostname when it returns early or its splice takes value,
// and reports whether it did.
func (u *URL) setHostnameSplice(value string) bool {
	if u.url.IsZero() || u.url.HasOpaquePath() {
		return true
	}
	buf := u.spliceBuf()
	if !u.sp().SetHost(value, true, &buf) {
		return false
	}
	u.adopt(buf)
	return true
}

// setHostnameRecord is SetHostname on the URL record.
func (u *URL) setHostnameRecord(value string) {
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
// https://url.spec.whatwg.org/#dom-url-port
func (u *URL) SetPort(value string) {
	if !u.setPortSplice(value) {
		u.setPortRecord(value)
	}
}

// setPortSplice runs SetPort when it returns early or its splice takes value,
// and reports whether it did.
func (u *URL) setPortSplice(value string) bool {
	if u.cannotHaveUsernamePasswordPort() {
		return true
	}
	buf := u.spliceBuf()
	if !u.sp().SetPort(value, &buf) {
		return false
	}
	u.adopt(buf)
	return true
}

// setPortRecord is SetPort on the URL record.
func (u *URL) setPortRecord(value string) {
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
// https://url.spec.whatwg.org/#dom-url-pathname
func (u *URL) SetPathname(value string) {
	if !u.setPathnameSplice(value) {
		u.setPathnameRecord(value)
	}
}

// setPathnameSplice runs SetPathname when it returns early or its splice takes value,
// and reports whether it did.
func (u *URL) setPathnameSplice(value string) bool {
	if u.url.IsZero() || u.url.HasOpaquePath() {
		return true
	}
	buf := u.spliceBuf()
	if !u.sp().SetPathname(value, &buf) {
		return false
	}
	u.adopt(buf)
	return true
}

// setPathnameRecord is SetPathname on the URL record.
func (u *URL) setPathnameRecord(value string) {
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
// https://url.spec.whatwg.org/#dom-url-search
func (u *URL) SetSearch(value string) {
	if !u.setSearchSplice(value) {
		u.setSearchRecord(value)
	}
}

// setSearchSplice runs SetSearch when it returns early or its splice takes value,
// and reports whether it did.
func (u *URL) setSearchSplice(value string) bool {
	if u.url.IsZero() {
		return true
	}
	buf := u.spliceBuf()
	if !u.sp().SetSearch(value, &buf) {
		return false
	}
	u.adopt(buf)
	// Step 6 (or 2 for ""): the list is the parsing of the input, which is
	// ASCII here, so already a USVString.
	u.syncQueryObject(strings.TrimPrefix(value, "?"))
	return true
}

// setSearchRecord is SetSearch on the URL record.
func (u *URL) setSearchRecord(value string) {
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
// https://url.spec.whatwg.org/#dom-url-hash
func (u *URL) SetHash(value string) {
	if !u.setHashSplice(value) {
		u.setHashRecord(value)
	}
}

// setHashSplice runs SetHash when it returns early or its splice takes value,
// and reports whether it did.
func (u *URL) setHashSplice(value string) bool {
	if u.url.IsZero() {
		return true
	}
	buf := u.spliceBuf()
	if !u.sp().SetHash(value, &buf) {
		return false
	}
	u.adopt(buf)
	return true
}

// setHashRecord is SetHash on the URL record.
func (u *URL) setHashRecord(value string) {
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
