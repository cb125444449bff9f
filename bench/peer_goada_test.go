//go:build cgo

package bench

import "github.com/ada-url/goada"

// ada (C++, the URL parser of Node.js) through its cgo binding goada v1.1.0.
// Every URL is a C object: New allocates it and sets a finalizer, Free
// releases it (and clears the finalizer), and each getter is a cgo call
// that copies the component into a new Go string. The measured cost is
// ada's as a Go program sees it, cgo included.
//
// goada v1.1.0 has no CanParse and no way to parse a base once: NewWithBase
// takes the base as a string and ada parses it again on every call.
func init() {
	register(&peer{
		name: "goada",
		rank: 3,
		href: func(ref, base string) (string, error) {
			var u *goada.Url
			var err error
			if base == "" {
				u, err = goada.New(ref)
			} else {
				u, err = goada.NewWithBase(ref, base)
			}
			if err != nil {
				return "", err
			}
			defer u.Free()
			return u.Href(), nil
		},
		absolute: func(lines []string) loop {
			return func(ops int) int {
				n := 0
				for i, k := 0, 0; k < ops; i, k = next(i, len(lines)), k+1 {
					u, err := goada.New(lines[i])
					if err != nil {
						n++
						continue
					}
					n += len(u.Href())
					u.Free()
				}
				return n
			}
		},
		relative: func(r *Refs) loop {
			return func(ops int) int {
				n := 0
				for i, k := 0, 0; k < ops; i, k = next(i, len(r.Ref)), k+1 {
					u, err := goada.NewWithBase(r.Ref[i], r.Bases[r.Base[i]])
					if err != nil {
						n++
						continue
					}
					n += len(u.Href())
					u.Free()
				}
				return n
			}
		},
		hosts: func(urls []string) loop {
			return func(ops int) int {
				n := 0
				for i, k := 0, 0; k < ops; i, k = next(i, len(urls)), k+1 {
					u, err := goada.New(urls[i])
					if err != nil {
						n++
						continue
					}
					n += len(u.Hostname()) + len(u.Host())
					u.Free()
				}
				return n
			}
		},
		missing: map[string]string{
			"CanParse": "goada v1.1.0 has no CanParse (ada_can_parse is not bound)",
		},
	})
}
