package span

import (
	"errors"
	"strings"
)

// ErrOpaquePath is the error of JoinPath on a URL with an opaque path
// ("mailto:x"), which has no segments to join to. JoinPath on the zero URL
// gives ErrNotAbsolute.
var ErrOpaquePath = errors.New("URL has an opaque path")

// JoinPath returns u with elem appended to its path, each element after a
// "/", and the result parsed again: dot segments are resolved as the
// standard resolves them (".." never climbs above "/"), and the query and
// fragment stay as they are.
//
// An element is path text as it appears in a URL: "/" (and "\" in a
// special URL) separates segments, and percent-encoded bytes are kept as
// written, so "a%2Fb" stays one segment whose data holds a "/"; "?" and
// "#" are data, percent-encoded, never the start of a query or fragment.
// Leading slashes of an element are dropped, so that joining never makes
// an empty segment between elements; empty elements are skipped. The
// result ends with "/" when the last non-empty element does.
//
//	u, _ := span.Parse("https://api.example/v1/?key=k")
//	u.JoinPath("users", "a%2Fb", "../c") // https://api.example/v1/users/c?key=k
func (u URL) JoinPath(elem ...string) (URL, error) {
	if u.href == "" {
		return URL{}, ErrNotAbsolute
	}
	if u.HasOpaquePath() {
		return URL{}, ErrOpaquePath
	}
	path := u.Pathname()
	n := len(u.href) + len(elem)
	for _, e := range elem {
		n += len(e) + 2*strings.Count(e, "?") + 2*strings.Count(e, "#")
	}
	b := make([]byte, 0, n)
	b = append(b, u.href[:u.p.PathStart()]...)
	b = append(b, path...)
	for _, e := range elem {
		e = strings.TrimLeft(e, "/")
		if e == "" {
			continue
		}
		if len(b) == 0 || b[len(b)-1] != '/' {
			b = append(b, '/')
		}
		for i := 0; i < len(e); i++ {
			switch c := e[i]; c {
			case '?':
				b = append(b, "%3F"...)
			case '#':
				b = append(b, "%23"...)
			default:
				b = append(b, c)
			}
		}
	}
	b = append(b, u.href[u.p.PathEnd(len(u.href)):]...)
	return Parse(string(b))
}
