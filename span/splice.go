package span

import "github.com/spanurl/spanurl/internal/splice"

func init() {
	splice.Register(
		func(s splice.URL) URL { return URL{s.Href, s.P} },
		func(u URL) splice.URL { return splice.URL{Href: u.href, P: u.p} },
	)
}
