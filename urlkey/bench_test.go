package urlkey_test

import (
	"strings"
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

// BenchmarkSURTLongPath measures SURT on a path of 16 MiB of one byte
// that the key encodes: a space (%20 in the href and in the key), a byte
// that is not UTF-8 (U+FFFD, %EF%BF%BD in both) and "%" (as it is in the
// href, %25 in the key). Its bytes/op is what the key costs on a long
// line besides the key itself.
func BenchmarkSURTLongPath(b *testing.B) {
	for _, c := range []struct{ name, unit string }{
		{"spaces", " "},
		{"bytes-ff", "\xff"},
		{"percent", "%"},
	} {
		u := span.MustParse("http://h/" + strings.Repeat(c.unit, 16<<20) + "x")
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(u.Href())))
			for b.Loop() {
				urlkey.SURT(u)
			}
		})
	}
}
