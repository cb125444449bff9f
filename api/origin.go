package api

import (
	"strconv"
	"sync/atomic"

	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

// Origin is an origin as HTML defines it: either a tuple origin (a scheme,
// a host and a port, which may be null; the domain that document.domain
// sets is always null here), or an opaque origin.
//
// An opaque origin is an internal value whose only meaningful operation is
// comparison: each one that NewOpaqueOrigin or OriginOf makes is a new
// origin, same origin only with itself and its copies. It is modeled by a
// unique identity (a number drawn from a process-wide counter), so an
// Origin is a small comparable value and == is exactly "same origin".
//
// The zero Origin is not an origin: IsZero reports it, String returns "",
// and it is not same origin (or same site) with anything, itself included.
type Origin struct {
	scheme string          // tuple: the scheme
	host   string          // tuple: the serialized host
	kind   record.HostKind // tuple: the host's kind
	port   int32           // tuple: the port, or -1 when null
	opaque uint64          // opaque: the identity (never 0)
}

var opaqueOrigins atomic.Uint64

// NewOpaqueOrigin returns a new opaque origin, distinct from every other.
func NewOpaqueOrigin() Origin { return Origin{opaque: opaqueOrigins.Add(1), port: -1} }

// OriginOf returns the origin of the URL v, as span.URL.OriginURL
// decides it: the tuple origin (scheme, host, port) for ftp, http, https,
// ws and wss, and for a blob URL whose path parses to an http or https
// URL; a new opaque origin for every other URL.
//
// A tuple origin's strings are substrings of v's href (or of the URL a
// blob URL's path parses to). The zero URL gives the zero Origin.
func OriginOf(v span.URL) Origin {
	if v.IsZero() {
		return Origin{}
	}
	t, ok := v.OriginURL()
	if !ok {
		return NewOpaqueOrigin()
	}
	o := Origin{scheme: t.Scheme(), host: t.Hostname(), kind: t.HostKind(), port: -1}
	if p, ok := t.PortNumber(); ok {
		o.port = int32(p)
	}
	return o
}

// OriginValue returns the URL's origin (OriginOf its span.URL). Origin
// returns its serialization.
func (u *URL) OriginValue() Origin { return OriginOf(u.view()) }

// IsZero reports whether o is the zero Origin (not an origin).
func (o Origin) IsZero() bool { return o.opaque == 0 && o.scheme == "" }

// IsOpaque reports whether o is an opaque origin.
func (o Origin) IsOpaque() bool { return o.opaque != 0 }

// Scheme returns a tuple origin's scheme ("" for an opaque origin).
func (o Origin) Scheme() string { return o.scheme }

// Host returns a tuple origin's host, serialized ("" for an opaque
// origin).
func (o Origin) Host() string { return o.host }

// Port returns a tuple origin's port and true, or 0 and false when the
// port is null or the origin is opaque.
func (o Origin) Port() (uint16, bool) {
	if o.opaque != 0 || o.port < 0 {
		return 0, false
	}
	return uint16(o.port), true
}

// String returns the serialization of the origin: "null" for an opaque
// origin; otherwise the scheme, "://", the serialized host, and ":" and
// the port when it is non-null. The zero Origin gives "".
func (o Origin) String() string {
	// 1. If origin is an opaque origin, then return "null".
	if o.opaque != 0 {
		return "null"
	}
	if o.scheme == "" {
		return ""
	}
	// 2. Otherwise, let result be origin's scheme.
	// 3. Append "://" to result.
	// 4. Append origin's host, serialized, to result.
	b := make([]byte, 0, len(o.scheme)+3+len(o.host)+6)
	b = append(b, o.scheme...)
	b = append(b, "://"...)
	b = append(b, o.host...)
	// 5. If origin's port is non-null, append ":" and origin's port, serialized, to result.
	if o.port >= 0 {
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(o.port), 10)
	}
	// 6. Return result.
	return string(b)
}

// SameOrigin reports whether o and p are same origin: both the same opaque
// origin, or both tuple origins with identical schemes, hosts and ports.
// It is o == p, except that the zero Origin is same origin with nothing.
func (o Origin) SameOrigin(p Origin) bool {
	// 1. If A and B are the same opaque origin, then return true.
	if o.opaque != 0 {
		return o.opaque == p.opaque
	}
	// 2. If A and B are both tuple origins and their schemes, hosts, and port are identical, then return true.
	// 3. Return false.
	return o.scheme != "" && o == p
}

// site is HTML's site: an opaque origin, or a scheme-and-host.
type site struct {
	opaque uint64 // the opaque origin, when non-zero
	scheme string
	host   string // a serialized host, or a registrable domain
}

// site obtains a site from o (the zero Origin gives the zero site).
func (o Origin) site() site {
	// 1. If origin is an opaque origin, then return origin.
	if o.opaque != 0 {
		return site{opaque: o.opaque}
	}
	// 2. If origin's host's registrable domain is null, then return (origin's scheme, origin's host).
	rd, ok := o.registrableDomain()
	if !ok {
		return site{scheme: o.scheme, host: o.host}
	}
	// 3. Return (origin's scheme, origin's host's registrable domain).
	return site{scheme: o.scheme, host: rd}
}

// registrableDomain is the registrable domain of a tuple origin's host:
// null (false) for a host that is not a domain.
func (o Origin) registrableDomain() (string, bool) {
	if o.kind != record.HostDomain {
		return "", false
	}
	return RegistrableDomain(o.host)
}

// SameSite reports whether o and p are same site, as HTML defines it:
// obtaining a site from each gives the same opaque origin, or two
// scheme-and-hosts with the same scheme and equal hosts, where a host with
// a registrable domain is replaced by it. So https://a.example.com and
// https://b.example.com:8443 are same site; http://example.com and
// https://example.com are not.
func (o Origin) SameSite(p Origin) bool {
	if o.IsZero() || p.IsZero() {
		return false
	}
	// Let siteA and siteB be the results of obtaining a site from A and B.
	a, b := o.site(), p.site()
	// Two sites are same site if they are the same opaque origin, or both
	// scheme-and-host with the same scheme and equal hosts.
	if a.opaque != 0 || b.opaque != 0 {
		return a.opaque == b.opaque
	}
	return a.scheme == b.scheme && a.host == b.host
}

// SchemelesslySameSite reports whether o and p are schemelessly same
// site, as HTML defines it: the same opaque origin, or tuple origins whose
// hosts are equal and have no registrable domain, or whose hosts' equal
// registrable domains are non-null. The scheme and port are ignored.
func (o Origin) SchemelesslySameSite(p Origin) bool {
	if o.IsZero() || p.IsZero() {
		return false
	}
	// 1. If A and B are the same opaque origin, then return true.
	if o.opaque != 0 || p.opaque != 0 {
		return o.opaque == p.opaque
	}
	// 2. If A and B are both tuple origins:
	// 2.1. Let hostA be A's host, and let hostB be B's host.
	rdA, okA := o.registrableDomain()
	// 2.2. If hostA equals hostB and hostA's registrable domain is null, then return true.
	if o.host == p.host && !okA {
		return true
	}
	// 2.3. If hostA's registrable domain equals hostB's registrable domain and is non-null, then return true.
	if okA {
		rdB, okB := p.registrableDomain()
		return okB && rdA == rdB
	}
	// 3. Return false.
	return false
}
