package bench

import (
	"net/url"
)

// net/url implements RFC 3986 with Go's leniencies, not the WHATWG
// standard: it does not lowercase hosts, remove dot segments when parsing,
// apply IDNA or drop default ports, so its String() is often not what a
// browser reports. It is here as the baseline every Go program has.
func init() {
	register(&peer{
		name: "neturl",
		rank: 1,
		href: func(ref, base string) (string, error) {
			b := &url.URL{}
			if base != "" {
				var err error
				if b, err = url.Parse(base); err != nil {
					return "", err
				}
			}
			u, err := b.Parse(ref)
			if err != nil {
				return "", err
			}
			return u.String(), nil
		},
		absolute: func(lines []string) loop {
			return func(ops int) int {
				n := 0
				for i, k := 0, 0; k < ops; i, k = next(i, len(lines)), k+1 {
					u, err := url.Parse(lines[i])
					if err != nil {
						n++
						continue
					}
					n += len(u.String())
				}
				return n
			}
		},
		// net/url has no validity check without building the URL.
		canParse: func(lines []string) loop {
			return func(ops int) int {
				n := 0
				for i, k := 0, 0; k < ops; i, k = next(i, len(lines)), k+1 {
					if _, err := url.Parse(lines[i]); err == nil {
						n++
					}
				}
				return n
			}
		},
		// (*URL).Parse(ref) is ResolveReference(Parse(ref)): RFC 3986
		// section 5 resolution.
		relative: func(r *Refs) loop {
			bases := make([]*url.URL, len(r.Bases))
			for i, s := range r.Bases {
				u, err := url.Parse(s)
				if err != nil {
					u = &url.URL{}
				}
				bases[i] = u
			}
			return func(ops int) int {
				n := 0
				for i, k := 0, 0; k < ops; i, k = next(i, len(r.Ref)), k+1 {
					u, err := bases[r.Base[i]].Parse(r.Ref[i])
					if err != nil {
						n++
						continue
					}
					n += len(u.String())
				}
				return n
			}
		},
		hosts: func(urls []string) loop {
			return func(ops int) int {
				n := 0
				for i, k := 0, 0; k < ops; i, k = next(i, len(urls)), k+1 {
					u, err := url.Parse(urls[i])
					if err != nil {
						n++
						continue
					}
					n += len(u.Hostname()) + len(u.Host)
				}
				return n
			}
		},
	})
}
