package main

import (
	"strings"

	"github.com/spanurl/spanurl/api"
	"github.com/spanurl/spanurl/internal/jsonstr"
	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

// field is one column of -fields; appendURLField writes its value for a
// URL.
type field uint8

const (
	fieldInput field = iota
	fieldHref
	fieldOrigin
	fieldProtocol
	fieldScheme
	fieldUsername
	fieldPassword
	fieldHost
	fieldHostname
	fieldPort
	fieldPathname
	fieldSearch
	fieldHash
	fieldRegistrable
	fieldKind
	fieldStatus
	fieldErrors
	fieldMatch
	fieldGroups
	fieldCacheKey
	fieldSiteKey
	fieldSURT
	fieldDisplayHost
	fieldRawQuery
	fieldParam // param:NAME, with NAME in config.params
	numFields
)

var fieldNames = [numFields]string{
	fieldInput:       "input",
	fieldHref:        "href",
	fieldOrigin:      "origin",
	fieldProtocol:    "protocol",
	fieldScheme:      "scheme",
	fieldUsername:    "username",
	fieldPassword:    "password",
	fieldHost:        "host",
	fieldHostname:    "hostname",
	fieldPort:        "port",
	fieldPathname:    "pathname",
	fieldSearch:      "search",
	fieldHash:        "hash",
	fieldRegistrable: "registrable",
	fieldKind:        "kind",
	fieldStatus:      "status",
	fieldErrors:      "errors",
	fieldMatch:       "match",
	fieldGroups:      "groups",
	fieldCacheKey:    "cachekey",
	fieldSiteKey:     "sitekey",
	fieldSURT:        "surt",
	fieldDisplayHost: "displayhost",
	fieldRawQuery:    "rawquery",
	fieldParam:       "param:NAME",
}

// jsonFields are the fields of -json without -fields: the input and the
// URL object's getters, in the order of the standard's URL class.
var jsonFields = []field{
	fieldInput, fieldHref, fieldOrigin, fieldProtocol, fieldUsername, fieldPassword,
	fieldHost, fieldHostname, fieldPort, fieldPathname, fieldSearch, fieldHash,
}

// fieldByName returns the field named name, and for param:NAME the
// parameter's NAME.
func fieldByName(name string) (f field, param string, ok bool) {
	if p, ok := strings.CutPrefix(name, "param:"); ok {
		return fieldParam, p, true
	}
	for f, n := range fieldNames {
		if n == name {
			return field(f), "", true
		}
	}
	return 0, "", false
}

// appendURLField appends the value of a URL field (param: the NAME of
// param:NAME) encoded as enc (encRaw or encJSON; a value of param:NAME
// in TSV with encTSVInput, as it may hold tabs); false means null (a URL whose host has no
// registrable domain, a query or parameter that is absent).
func (w *worker) appendURLField(out []byte, f field, param string, u span.URL, enc encoding) ([]byte, bool) {
	var v string
	switch f {
	case fieldHref:
		v = u.Href()
	case fieldOrigin:
		start := len(out)
		out = appendOrigin(out, u)
		if enc == encJSON && jsonstr.NeedsEscape(out[start:]) {
			// Only an opaque host holds a '"' or '\'.
			v := string(out[start:])
			out = jsonstr.AppendChars(out[:start], v, false)
		}
		return out, true
	case fieldProtocol:
		v = u.Protocol()
	case fieldScheme:
		v = u.Scheme()
	case fieldUsername:
		v = u.Username()
	case fieldPassword:
		v = u.Password()
	case fieldHost:
		v = u.Host()
	case fieldHostname:
		v = u.Hostname()
	case fieldPort:
		v = u.Port()
	case fieldPathname:
		v = u.Pathname()
	case fieldSearch:
		v = u.Search()
	case fieldHash:
		v = u.Hash()
	case fieldRegistrable:
		d, ok := w.registrable(u)
		return appendEncoded(out, d, enc), ok
	case fieldKind:
		v = u.HostKind().String()
	default:
		var ok bool
		v, ok = w.keyField(f, param, u)
		if f == fieldParam && enc == encRaw {
			// In TSV, a decoded value may hold tabs and line breaks.
			enc = encTSVInput
		}
		return w.appendValue(out, v, enc), ok
	}
	return w.appendValue(out, v, enc), true
}

// fieldString returns the value of a URL field as text, which stays
// valid until the next call, and false for null.
func (w *worker) fieldString(f field, param string, u span.URL) (string, bool) {
	huge := w.huge
	w.huge = false // the value is wanted whole, not as a part (parts.go)
	var ok bool
	w.fieldBuf, ok = w.appendURLField(w.fieldBuf[:0], f, param, u, encRaw)
	w.huge = huge
	return unsafeString(w.fieldBuf), ok
}

// registrableCacheSize bounds the registrable domains a worker remembers.
const registrableCacheSize = 4096

// registrable returns the registrable domain of u's host, from a cache of
// the hosts met lately: the Public Suffix List lookup costs more than the
// parse, and the hosts of a log repeat.
func (w *worker) registrable(u span.URL) (string, bool) {
	if u.HostKind() != record.HostDomain {
		return api.URLRegistrableDomain(u)
	}
	host := u.Hostname()
	if r, ok := w.registrables[host]; ok {
		return r.domain, r.ok
	}
	d, ok := api.URLRegistrableDomain(u)
	if len(w.registrables) >= registrableCacheSize {
		clear(w.registrables)
	}
	if w.registrables == nil {
		w.registrables = make(map[string]registrable)
	}
	// host and d alias the parser's memory; d is a suffix of host.
	host = strings.Clone(host)
	r := registrable{host[len(host)-len(d):], ok}
	if r.domain != d {
		r.domain = strings.Clone(d)
	}
	w.registrables[host] = r
	return d, ok
}

// registrable is a registrable domain, or none (ok false).
type registrable struct {
	domain string
	ok     bool
}

// appendOrigin appends u.Origin() without building a string for a URL
// with credentials.
func appendOrigin(out []byte, u span.URL) []byte {
	o, ok := u.OriginURL()
	if !ok {
		return append(out, "null"...)
	}
	out = append(out, o.Href()[:len(o.Scheme())+len("://")]...)
	return append(out, o.Host()...)
}

// status is "malformed" for a line that holds no URL text, "failure"
// for an input that does not parse, "invalid" for one that parses with
// validation errors and "valid" for the rest.
func status(errs span.ValidationErrors, err error) string {
	switch {
	case err != nil:
		if _, ok := err.(*malformedLine); ok {
			return "malformed"
		}
		return "failure"
	case errs.Len() > 0:
		return "invalid"
	}
	return "valid"
}
