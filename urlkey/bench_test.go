package urlkey_test

import (
	"testing"

	"github.com/spanurl/spanurl/span"
	"github.com/spanurl/spanurl/urlkey"
)

// benchURLs are links of a crawl: a query in order, one to sort, a
// private suffix, a host with a trailing dot.
var benchURLs = []struct{ name, href string }{
	{"sorted", "https://www.example.co.uk/list?page=2&sort=asc"},
	{"unsorted", "https://www.example.co.uk/list?sort=asc&page=2#top"},
	{"private", "https://alice.github.io/blog/post"},
	{"trailing-dot", "https://www.example.com./a"},
}

func BenchmarkSiteKey(b *testing.B) {
	icann := urlkey.Options{ICANNOnly: true}
	for _, c := range benchURLs {
		u := span.MustParse(c.href)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				urlkey.SiteKey(u)
			}
		})
		b.Run(c.name+"/ICANNOnly", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				icann.SiteKey(u)
			}
		})
	}
}

func BenchmarkCacheKey(b *testing.B) {
	crawl := urlkey.Options{DropParamPrefixes: []string{"utm_"}, NormalizeEscapes: true}
	for _, c := range benchURLs {
		u := span.MustParse(c.href)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				urlkey.CacheKey(u)
			}
		})
		b.Run(c.name+"/Options", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				crawl.CacheKey(u)
			}
		})
	}
}
