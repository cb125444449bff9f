package bench

import whatwgurl "github.com/nlnwa/whatwg-url/url"

// github.com/nlnwa/whatwg-url: a WHATWG parser in pure Go that keeps each
// component as its own string (and the path as a slice of segments); Href
// concatenates them on every call. (*Url).Parse(ref) resolves against a
// parsed base, cloning the base on every call.
func init() {
	register(&peer{
		name: "whatwgurl",
		rank: 2,
		href: func(ref, base string) (string, error) {
			var u *whatwgurl.Url
			var err error
			if base == "" {
				u, err = whatwgurl.Parse(ref)
			} else {
				u, err = whatwgurl.ParseRef(base, ref)
			}
			if err != nil {
				return "", err
			}
			return u.Href(false), nil
		},
		absolute: func(lines []string) loop {
			p := whatwgurl.NewParser()
			return func(ops int) int {
				n := 0
				for i, k := 0, 0; k < ops; i, k = next(i, len(lines)), k+1 {
					u, err := p.Parse(lines[i])
					if err != nil {
						n++
						continue
					}
					n += len(u.Href(false))
				}
				return n
			}
		},
		// No CanParse in the API: a parse whose result is dropped.
		canParse: func(lines []string) loop {
			p := whatwgurl.NewParser()
			return func(ops int) int {
				n := 0
				for i, k := 0, 0; k < ops; i, k = next(i, len(lines)), k+1 {
					if _, err := p.Parse(lines[i]); err == nil {
						n++
					}
				}
				return n
			}
		},
		relative: func(r *Refs) loop {
			p := whatwgurl.NewParser()
			bases := make([]*whatwgurl.Url, len(r.Bases))
			for i, s := range r.Bases {
				bases[i], _ = p.Parse(s)
			}
			return func(ops int) int {
				n := 0
				for i, k := 0, 0; k < ops; i, k = next(i, len(r.Ref)), k+1 {
					var u *whatwgurl.Url
					var err error
					if base := bases[r.Base[i]]; base != nil {
						u, err = base.Parse(r.Ref[i])
					} else {
						u, err = p.Parse(r.Ref[i])
					}
					if err != nil {
						n++
						continue
					}
					n += len(u.Href(false))
				}
				return n
			}
		},
		hosts: func(urls []string) loop {
			p := whatwgurl.NewParser()
			return func(ops int) int {
				n := 0
				for i, k := 0, 0; k < ops; i, k = next(i, len(urls)), k+1 {
					u, err := p.Parse(urls[i])
					if err != nil {
						n++
						continue
					}
					n += len(u.Hostname()) + len(u.Host())
				}
				return n
			}
		},
	})
}
