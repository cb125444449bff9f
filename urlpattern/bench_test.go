package urlpattern

import (
	"testing"

	"github.com/spanurl/spanurl/span"
)

var benchRoutes = []struct{ name, pattern, url string }{
	{"books", "https://example.com/books/:id", "https://example.com/books/42"},
	{"api", "https://example.com/api/v:version/*", "https://example.com/api/v2/users/7"},
	{"wildcard-host", "https://*.example.com/:path*", "https://www.example.com/a/b/c"},
	{"regexp", "https://example.com/items/:id(\\d+)", "https://example.com/items/12345"},
}

func BenchmarkTestURL(b *testing.B) {
	for _, r := range benchRoutes {
		p := MustNew(r.pattern)
		u, _ := span.Parse(r.url)
		b.Run(r.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				p.TestURL(u)
			}
		})
	}
}

func BenchmarkExecURL(b *testing.B) {
	for _, r := range benchRoutes {
		p := MustNew(r.pattern)
		u, _ := span.Parse(r.url)
		b.Run(r.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				p.ExecURL(u)
			}
		})
	}
}

// BenchmarkRouter compares a router of 1,000 routes with one of a single
// route, on the same URLs.
func BenchmarkRouter(b *testing.B) {
	patterns, urls := restRoutes(1000)
	parsed := make([]span.URL, len(urls))
	for i, s := range urls {
		parsed[i], _ = span.Parse(s)
	}
	for _, n := range []int{1, 1000} {
		var r Router[int]
		if n == 1 {
			r.Add(MustNew("https://api.example.com/v1/:res/:id/sub/:sub"), 0)
		} else {
			for i, p := range patterns {
				r.Add(MustNew(p), i)
			}
		}
		b.Run(map[int]string{1: "routes=1", 1000: "routes=1000"}[n], func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				r.Test(parsed[i%len(parsed)])
				i++
			}
		})
	}
}
