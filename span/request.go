package span

import "strings"

// RequestURI returns the URL's origin-form request target: the pathname
// and, when the query is not null, "?" and the query ("/a/b?q"), as an
// HTTP/1.1 request line or HTTP/2's :path carries it. The fragment is
// never part of it. It is a substring of the href, except for a URL whose
// path is empty (a non-special URL such as "foo://h?q"), which gets "/"
// before its query.
func (u URL) RequestURI() string {
	if u.href == "" {
		return ""
	}
	start := u.p.PathStart()
	end := uint32(len(u.href))
	if u.p.FragmentStart() != ^uint32(0) {
		end = u.p.FragmentStart()
	}
	if u.p.PathEnd(len(u.href)) == start {
		return "/" + u.href[start:end]
	}
	return u.href[start:end]
}

// HasPathPrefix reports whether the URL's pathname starts with the
// segments of prefix: "/api" (or "/api/") matches "/api", "/api/" and
// "/api/v1", never "/apix". The pathname is the normalized one (dot
// segments resolved, "\" read as "/" in special URLs), and the comparison
// is byte for byte, so write prefix as the parser serializes paths
// (percent-encoded where the parser encodes). A prefix of "" or "/"
// matches every path that starts with "/".
func (u URL) HasPathPrefix(prefix string) bool {
	_, ok := u.TrimPathPrefix(prefix)
	return ok
}

// TrimPathPrefix returns the pathname without prefix's segments and true
// when HasPathPrefix(prefix) holds: "/api/v1/users" without "/api" is
// "/v1/users", and "/api" without "/api" is "/". The result is a
// substring of the href. It returns "" and false when the path does not
// start with prefix's segments. This is the job of http.StripPrefix,
// done on segments, so that "/api" never strips "/apix".
func (u URL) TrimPathPrefix(prefix string) (string, bool) {
	p := u.Pathname()
	prefix = strings.TrimSuffix(prefix, "/")
	if !strings.HasPrefix(p, prefix) || (prefix == "" || prefix[0] != '/') && (p == "" || p[0] != '/') {
		return "", false
	}
	rest := p[len(prefix):]
	switch {
	case rest == "":
		return "/", true
	case rest[0] == '/':
		return rest, true
	}
	return "", false
}
