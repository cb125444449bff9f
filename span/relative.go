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
//
// It takes time linear in the lengths of the two hrefs: it builds no
// candidate longer than u's href, and checks each by one parse.
func MakeRelative(base, u URL) string {
	if base.href == "" || u.href == "" || base.Scheme() != u.Scheme() || base.HasOpaquePath() || u.HasOpaquePath() {
		return u.href
	}
	// The query and fragment, as u's href holds them: "?q#f", "?q", "#f"
	// or "", after the path.
	pathEnd := u.p.PathEnd(len(u.href))
	tail := u.href[pathEnd:]
	frag := ""
	if u.p.FragmentStart() != ^uint32(0) {
		frag = u.href[u.p.FragmentStart():]
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
		if samePath && uHasQuery && resolves(tail) {
			return tail // "?query" or "?query#fragment"
		}
		// A relative path that climbs out of deep directories can be
		// longer than the href itself; the path from the root is then
		// the shorter reference, and the relative one is not built.
		ups, rest, dot := relativePath(base.Pathname(), u.Pathname())
		if n := 3*ups + 2*btoi(dot) + len(rest) + len(tail); n <= len(u.href) {
			var b strings.Builder
			b.Grow(n)
			for range ups {
				b.WriteString("../")
			}
			if dot {
				b.WriteString("./")
			}
			b.WriteString(rest)
			b.WriteString(tail)
			if ref := b.String(); resolves(ref) {
				return ref
			}
		}
		// The path, query and fragment, as the href holds them.
		if ref := u.href[u.p.PathStart():]; !strings.HasPrefix(ref, "//") && resolves(ref) {
			return ref
		}
	}
	if ref := u.href[u.p.SchemeEnd()+1:]; resolves(ref) {
		return ref // "//host/path..."
	}
	return u.href
}

// relativePath returns the relative-path reference from the directory of
// the path from (up to its last "/") to the path to, in parts: ups "../"
// for the directories of from that to does not share, then "./" when dot
// is true, then rest, the rest of to. Its length is known before it is
// built, so that a reference longer than the href is never built.
func relativePath(from, to string) (ups int, rest string, dot bool) {
	dir := from[:strings.LastIndexByte(from, '/')+1]
	// The longest common prefix of dir and to that ends with "/".
	common := 0
	for i := 0; i < len(dir) && i < len(to) && dir[i] == to[i]; i++ {
		if dir[i] == '/' {
			common = i + 1
		}
	}
	ups = strings.Count(dir[common:], "/")
	rest = to[common:]
	first := rest
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		first = rest[:i]
	}
	// A reference must not start like a scheme ("a:b"), an authority
	// ("//") or an empty reference, which mean something else.
	dot = ups == 0 && (rest == "" || strings.IndexByte(first, ':') >= 0 || rest[0] == '/')
	return ups, rest, dot
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
