package bench

import (
	"testing"

	whatwgurl "github.com/nlnwa/whatwg-url/url"
)

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
		absolute: func(b *testing.B, lines []string) int {
			p := whatwgurl.NewParser()
			b.ResetTimer()
			n := 0
			for i := 0; i < b.N; i++ {
				u, err := p.Parse(lines[i%len(lines)])
				if err != nil {
					n++
					continue
				}
				n += len(u.Href(false))
			}
			return n
		},
		// No CanParse in the API: a parse whose result is dropped.
		canParse: func(b *testing.B, lines []string) int {
			p := whatwgurl.NewParser()
			b.ResetTimer()
			n := 0
			for i := 0; i < b.N; i++ {
				if _, err := p.Parse(lines[i%len(lines)]); err == nil {
					n++
				}
			}
			return n
		},
		relative: func(b *testing.B, r *Refs) int {
			p := whatwgurl.NewParser()
			bases := make([]*whatwgurl.Url, len(r.Bases))
			for i, s := range r.Bases {
				bases[i], _ = p.Parse(s)
			}
			b.ResetTimer()
			n := 0
			for i := 0; i < b.N; i++ {
				j := i % len(r.Ref)
				var u *whatwgurl.Url
				var err error
				if base := bases[r.Base[j]]; base != nil {
					u, err = base.Parse(r.Ref[j])
				} else {
					u, err = p.Parse(r.Ref[j])
				}
				if err != nil {
					n++
					continue
				}
				n += len(u.Href(false))
			}
			return n
		},
		hosts: func(b *testing.B, urls []string) int {
			p := whatwgurl.NewParser()
			b.ResetTimer()
			n := 0
			for i := 0; i < b.N; i++ {
				u, err := p.Parse(urls[i%len(urls)])
				if err != nil {
					n++
					continue
				}
				n += len(u.Hostname()) + len(u.Host())
			}
			return n
		},
	})
}
