package span

import "strings"

// MakeRelative returns a reference that base.Parse resolves to exactly u,
// the first of these that does: "" (u is base without its fragment),
// "#fragment", "?query" (same path), a relative path ("c.png",
// "../b/c.png", "./"; never one longer than u's href), a path from the
// root ("/a/b"), a scheme-relative reference ("//host/path"), and u's
// href. Each candidate is checked by resolving it, so the result always
// resolves to u, whatever the shapes of the two URLs (opaque paths, file:
// drive letters, empty segments, a first segment with ":").
func MakeRelative(base, u URL) string {
	if base.href == "" || u.href == "" || base.Scheme() != u.Scheme() || base.HasOpaquePath() || u.HasOpaquePath() {
		return u.href
	}
	frag := ""
	if u.p.FragmentStart() != ^uint32(0) {
		frag = u.href[u.p.FragmentStart():]
	}
	query := ""
	if q, ok := u.Query(); ok {
		query = "?" + q
	}
	resolves := func(ref string) bool {
		v, err := base.Parse(ref)
		return err == nil && v == u
	}
	if base.href[base.p.SchemeEnd():base.p.PathStart()] == u.href[u.p.SchemeEnd():u.p.PathStart()] {
		// The same authority: a reference without one.
		bq, bHasQuery := base.Query()
		uq, uHasQuery := u.Query()
		samePath := base.Pathname() == u.Pathname()
		if samePath && bq == uq && bHasQuery == uHasQuery && resolves(frag) {
			return frag // "" or "#fragment"
		}
		if samePath && uHasQuery && resolves(query+frag) {
			return query + frag
		}
		// A relative path that climbs out of deep directories can be
		// longer than the href itself; the path from the root is then
		// the shorter reference.
		if ref := relativePath(base.Pathname(), u.Pathname()) + query + frag; len(ref) <= len(u.href) && resolves(ref) {
			return ref
		}
		if path := u.Pathname(); !strings.HasPrefix(path, "//") && resolves(path+query+frag) {
			return path + query + frag
		}
	}
	if ref := u.href[u.p.SchemeEnd()+1:]; resolves(ref) {
		return ref // "//host/path..."
	}
	return u.href
}

// relativePath returns the relative-path reference from the directory of
// the path from (up to its last "/") to the path to: "../" for each
// directory of from that to does not share, then the rest of to.
func relativePath(from, to string) string {
	dir := from[:strings.LastIndexByte(from, '/')+1]
	// The longest common prefix of dir and to that ends with "/".
	common := 0
	for i := 0; i < len(dir) && i < len(to) && dir[i] == to[i]; i++ {
		if dir[i] == '/' {
			common = i + 1
		}
	}
	var b strings.Builder
	for range strings.Count(dir[common:], "/") {
		b.WriteString("../")
	}
	rest := to[common:]
	first := rest
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		first = rest[:i]
	}
	// A reference must not start like a scheme ("a:b"), an authority
	// ("//") or an empty reference, which mean something else.
	if b.Len() == 0 && (rest == "" || strings.IndexByte(first, ':') >= 0 || rest[0] == '/') {
		b.WriteString("./")
	}
	b.WriteString(rest)
	return b.String()
}
