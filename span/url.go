package span

import (
	"strconv"
	"strings"

	"github.com/spanurl/spanurl/internal/offsets"
	"github.com/spanurl/spanurl/record"
)

// URL is a parsed URL: its serialization and the offsets of its components.
// It is a comparable value; two URLs are == exactly when their
// serializations are equal (URL equivalence). The zero value is not a URL.
type URL struct {
	href string
	// p packs the offsets, host kind and flags: with two fields a URL stays
	// in registers through calls and returns (see offsets.Packed).
	p offsets.Packed
}

// IsZero reports whether u is the zero URL (not the result of a parse).
func (u URL) IsZero() bool { return u.href == "" }

// Href returns the URL's serialization, the href getter.
func (u URL) Href() string { return u.href }

// String returns the URL's serialization, like Href.
func (u URL) String() string { return u.href }

// Scheme returns the scheme without ":", e.g. "https".
func (u URL) Scheme() string { return u.href[:u.p.SchemeEnd()] }

// Protocol returns the protocol getter: the scheme followed by ":".
func (u URL) Protocol() string {
	if u.href == "" {
		return ""
	}
	return u.href[:u.p.SchemeEnd()+1]
}

// Username returns the username getter (percent-encoded, possibly empty).
func (u URL) Username() string {
	if u.href == "" {
		return "" // the zero URL
	}
	return u.href[u.p.UsernameStart():u.p.UsernameEnd()]
}

// Password returns the password getter (percent-encoded, possibly empty).
func (u URL) Password() string {
	if u.p.UsernameEnd()+1 < u.p.HostStart() && u.href[u.p.UsernameEnd()] == ':' {
		return u.href[u.p.UsernameEnd()+1 : u.p.HostStart()-1]
	}
	return ""
}

// Host returns the host getter: the serialized host and, if the URL has a
// port, ":" and the port. It is "" when the host is null.
func (u URL) Host() string {
	if u.p.Port() == record.Omitted {
		return u.href[u.p.HostStart():u.p.HostEnd()]
	}
	return u.href[u.p.HostStart():u.portEnd()]
}

// Hostname returns the hostname getter: the serialized host ("" when null).
// IPv6 addresses keep their brackets.
func (u URL) Hostname() string { return u.href[u.p.HostStart():u.p.HostEnd()] }

// Port returns the port getter: the port in decimal, or "" when the port is
// null (absent or the scheme's default).
func (u URL) Port() string {
	if u.p.Port() == record.Omitted || u.href == "" {
		return ""
	}
	return u.href[u.p.HostEnd()+1 : u.portEnd()]
}

func (u URL) portEnd() uint32 {
	// The port is followed by the path, or by "/." which only a null host
	// gets, so the path start is the port's end.
	return u.p.PathStart()
}

// PortNumber returns the port and true, or 0 and false when it is null.
func (u URL) PortNumber() (uint16, bool) {
	if u.p.Port() == record.Omitted || u.href == "" {
		return 0, false
	}
	return uint16(u.p.Port()), true
}

// Pathname returns the pathname getter: the serialized path (an opaque
// path as it is).
func (u URL) Pathname() string {
	return u.href[u.p.PathStart():u.p.PathEnd(len(u.href))]
}

// Search returns the search getter: "?" and the query, or "" when the query
// is null or empty.
func (u URL) Search() string {
	q, ok := u.Query()
	if !ok || q == "" {
		return ""
	}
	return u.href[u.p.QueryStart() : u.p.QueryStart()+1+uint32(len(q))]
}

// Query returns the query without "?" and whether it is non-null.
func (u URL) Query() (string, bool) {
	if u.p.QueryStart() == record.Omitted || u.href == "" {
		return "", false
	}
	end := uint32(len(u.href))
	if u.p.FragmentStart() != record.Omitted {
		end = u.p.FragmentStart()
	}
	return u.href[u.p.QueryStart()+1 : end], true
}

// HasQuery reports whether the query is non-null (it may be empty).
func (u URL) HasQuery() bool { return u.p.QueryStart() != record.Omitted && u.href != "" }

// Hash returns the hash getter: "#" and the fragment, or "" when the
// fragment is null or empty.
func (u URL) Hash() string {
	if u.p.FragmentStart() == record.Omitted || int(u.p.FragmentStart())+1 == len(u.href) {
		return ""
	}
	return u.href[u.p.FragmentStart():]
}

// Fragment returns the fragment without "#" and whether it is non-null.
func (u URL) Fragment() (string, bool) {
	if u.p.FragmentStart() == record.Omitted || u.href == "" {
		return "", false
	}
	return u.href[u.p.FragmentStart()+1:], true
}

// HasFragment reports whether the fragment is non-null (it may be empty).
func (u URL) HasFragment() bool { return u.p.FragmentStart() != record.Omitted && u.href != "" }

// HostKind reports which kind of host the URL has (HostNull for none).
func (u URL) HostKind() record.HostKind { return u.p.Kind() }

// IsSpecial reports whether the scheme is a special scheme (ftp, file,
// http, https, ws, wss).
func (u URL) IsSpecial() bool { return u.p.Flags()&offsets.FlagSpecial != 0 }

// HasOpaquePath reports whether the URL has an opaque path (like
// "mailto:x@example.org" or "data:,hi").
func (u URL) HasOpaquePath() bool { return u.p.Flags()&offsets.FlagOpaquePath != 0 }

// Offsets returns the component offsets within Href.
func (u URL) Offsets() record.Offsets { return u.p.Offsets() }

// WithoutFragment returns u with its fragment removed (URL serializing with
// exclude fragment).
func (u URL) WithoutFragment() URL {
	if u.p.FragmentStart() == record.Omitted || u.href == "" {
		return u
	}
	v := u
	v.href = u.href[:u.p.FragmentStart()]
	v.p = u.p.WithQueryFragment(u.p.QueryStart(), record.Omitted)
	return v
}

// Equal runs URL equivalence; with excludeFragments the fragments are
// ignored.
func (u URL) Equal(v URL, excludeFragments bool) bool {
	if excludeFragments {
		return u.WithoutFragment().href == v.WithoutFragment().href
	}
	return u.href == v.href
}

// Origin returns the serialization of the URL's origin (the origin
// getter): "scheme://host[:port]" when the origin is a tuple origin (see
// OriginURL), "null" for every opaque origin. Without credentials it is a
// substring of the href (no allocation).
func (u URL) Origin() string {
	o, ok := u.OriginURL()
	if !ok {
		return "null"
	}
	if o.p.UsernameEnd() == o.p.HostStart() {
		// No credentials: "scheme://host:port" is the href up to the
		// path (a tuple origin's URL has a host, so no "/." guard).
		return o.href[:o.p.PathStart()]
	}
	return o.href[:o.p.SchemeEnd()+3] + o.Host()
}

// OriginURL returns the URL whose scheme, host and port are u's origin
// when that origin is a tuple origin, and false when it is opaque: the
// URL Standard's origin of a URL, the one algorithm behind Origin and
// api.OriginOf.
//
//   - ftp, http, https, ws, wss: u itself;
//   - blob: the URL that u's path parses to, when its scheme is http or
//     https (a file URL's origin is opaque; blob URL entries, which only
//     a browser's blob URL store has, are not modeled);
//   - file and every other scheme: opaque.
func (u URL) OriginURL() (URL, bool) {
	switch u.Scheme() {
	case "ftp", "http", "https", "ws", "wss":
		// Return the tuple origin (url's scheme, url's host, url's port, null).
		return u, true
	case "blob":
		// 2. Let pathURL be the result of parsing the result of URL path serializing url.
		pathURL, err := Parse(u.Pathname())
		// 3. If pathURL is failure, then return a new opaque origin.
		if err != nil {
			return URL{}, false
		}
		// 4. If pathURL's scheme is "http", "https", or "file", then return pathURL's origin.
		switch pathURL.Scheme() {
		case "http", "https":
			return pathURL, true
		}
	}
	// A file URL's origin is left "as an exercise to the reader" (when in
	// doubt, a new opaque origin); every other scheme's is a new opaque
	// origin.
	return URL{}, false
}

// GoString shows the URL for %#v.
func (u URL) GoString() string { return "span.URL(" + strconv.Quote(u.href) + ")" }

// Compare returns an integer comparing u and v by their hrefs, byte by
// byte: 0 when u == v, -1 when u sorts first, +1 otherwise. The zero URL
// sorts before every URL. Use it with slices.SortFunc; for a sort that
// groups a site's URLs together, sort on SURT keys (urlkey.SURT).
func (u URL) Compare(v URL) int { return strings.Compare(u.href, v.href) }
