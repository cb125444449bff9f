package span

import (
	"errors"
	"strings"

	"github.com/spanurl/spanurl/internal/slow"
	"github.com/spanurl/spanurl/record"
)

// ErrOpaquePath is the error of JoinPath on a URL with an opaque path
// ("mailto:x"), which has no segments to join to. JoinPath on the zero URL
// gives ErrNotAbsolute.
var ErrOpaquePath = errors.New("URL has an opaque path")

// JoinPath returns u with elem appended to its path, each element after a
// "/", as the pathname setter makes of the joined path: dot segments are
// resolved as the standard resolves them (".." never climbs above "/"),
// and the scheme, username, password, host, port, query and fragment stay
// as they are. An element is never part of the authority, also on a URL
// whose host is empty and whose path is empty ("s3://" joined with "a" is
// "s3:///a", whose host is still empty).
//
// An element is path text as it appears in a URL: "/" (and "\" in a
// special URL) separates segments, and percent-encoded bytes are kept as
// written, so "a%2Fb" stays one segment whose data holds a "/"; "?" and
// "#" are data, percent-encoded, never the start of a query or fragment;
// ASCII tab and newline are removed, as the parser removes them; every
// other byte the path percent-encode set holds (a space, a control) is
// percent-encoded wherever it is. Leading separators of an element are
// dropped, so that joining never makes an empty segment between elements;
// empty elements are skipped. The result ends with "/" when the last
// non-empty element does.
//
// It returns ErrOpaquePath for a URL with an opaque path, ErrNotAbsolute
// for the zero URL and ErrInputTooLong when the result would be longer
// than a URL can be.
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
	// The separators an element starts or ends with; the parser removes
	// tab and newline before it sees them.
	seps, tabs := "/\t\n\r", "\t\n\r"
	if u.IsSpecial() {
		seps = `/\` + tabs
	}
	path := u.Pathname()
	n := len(path)
	for _, e := range elem {
		n += 1 + len(e)
	}
	b := make([]byte, 0, n)
	b = append(b, path...)
	// The path so far ends with a separator: the first element always gets
	// a "/" of its own when the path is empty, so that it lands in the path
	// and never after the "//" of the authority.
	sep := path != "" && path[len(path)-1] == '/'
	joined := false
	for _, e := range elem {
		e = strings.TrimLeft(e, seps)
		if strings.TrimLeft(e, tabs) == "" {
			continue
		}
		joined = true
		if !sep {
			b = append(b, '/')
		}
		// The path state percent-encodes "?" and "#" under a state
		// override: they are data here.
		b = append(b, e...)
		last := strings.TrimRight(e, tabs)
		sep = strings.IndexByte(seps[:len(seps)-len(tabs)], last[len(last)-1]) >= 0
	}
	if !joined {
		return u, nil
	}
	// The pathname setter's steps: the path start state with a state
	// override, on a record whose path is empty, so that nothing of the
	// joined text can reach the scheme, the authority, the query or the
	// fragment.
	if v := u.toSplice(); v.SetPathname(string(b), new([]byte)) {
		return fromSplice(v), nil
	}
	return u.rewriteErr(string(b), slow.PathStartState, func(r *record.URL) { r.Path = r.Path[:0] })
}
