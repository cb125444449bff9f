package urlkey_test

import (
	"fmt"

	"github.com/spanurl/spanurl/span"
	"github.com/spanurl/spanurl/urlkey"
)

func ExampleCacheKey() {
	for _, s := range []string{
		"https://example.com/list?page=2&sort=asc#results",
		"https://example.com/list?sort=asc&page=2",
		"https://example.com/list?sort=asc&&page=2&",
		"https://example.com/list?tag=b&tag=a&id=1",
	} {
		u, _ := span.Parse(s)
		fmt.Println(urlkey.CacheKey(u))
	}
	// Output:
	// https://example.com/list?page=2&sort=asc
	// https://example.com/list?page=2&sort=asc
	// https://example.com/list?page=2&sort=asc
	// https://example.com/list?id=1&tag=b&tag=a
}

func ExampleSiteKey() {
	for _, s := range []string{"https://www.example.co.uk/a", "https://static.example.co.uk/b", "https://alice.github.io/", "http://10.0.0.1:8080/"} {
		u, _ := span.Parse(s)
		fmt.Println(urlkey.SiteKey(u))
	}
	// Output:
	// example.co.uk
	// example.co.uk
	// alice.github.io
	// 10.0.0.1
}

// A crawl frontier: links found on a page are resolved against it,
// deduplicated on their CacheKey and queued per site.
func Example_crawler() {
	page, _ := span.Parse("https://news.example.com/world/today.html")
	links := []string{
		"story?id=2&lang=en", "story?lang=en&id=2#comments", "./story?id=2&lang=en",
		"/world/../sport/", "//cdn.example.com/img.png", "https://blog.example.org/post",
		"mailto:desk@example.com", "javascript:void(0)",
	}
	seen := map[string]bool{}
	queues := map[string][]string{}
	var order []string
	for _, href := range links {
		link, err := page.Parse(href)
		if err != nil || (link.Scheme() != "http" && link.Scheme() != "https") {
			continue
		}
		key := urlkey.CacheKey(link)
		if seen[key] {
			continue
		}
		seen[key] = true
		site := urlkey.SiteKey(link)
		if queues[site] == nil {
			order = append(order, site)
		}
		queues[site] = append(queues[site], key)
	}
	for _, site := range order {
		fmt.Println(site, queues[site])
	}
	// Output:
	// example.com [https://news.example.com/world/story?id=2&lang=en https://news.example.com/sport/ https://cdn.example.com/img.png]
	// example.org [https://blog.example.org/post]
}

// A crawler's policy: tracking parameters and session ids are left out,
// escapes of one byte spelled one way; the signed URL keeps its order.
func ExampleOptions_CacheKey() {
	crawl := urlkey.Options{
		DropParams:        []string{"fbclid", "gclid", "sessionid"},
		DropParamPrefixes: []string{"utm_"},
		NormalizeEscapes:  true,
	}
	for _, s := range []string{
		"https://example.com/%7ealice/list?sort=asc&utm_source=news&page=2#top",
		"https://example.com/~alice/list?page=2&sort=asc&fbclid=IwAR0x",
		"https://example.com/~alice/list?sessionid=42&page=%32&sort=asc",
	} {
		fmt.Println(crawl.CacheKey(span.MustParse(s)))
	}
	signed := urlkey.Options{DropParamPrefixes: []string{"utm_"}, KeepOrder: true}
	fmt.Println(signed.CacheKey(span.MustParse("https://cdn.example.com/f?utm_medium=x&X-Expires=60&X-Signature=a1b2")))
	// Output:
	// https://example.com/~alice/list?page=2&sort=asc
	// https://example.com/~alice/list?page=2&sort=asc
	// https://example.com/~alice/list?page=2&sort=asc
	// https://cdn.example.com/f?X-Expires=60&X-Signature=a1b2
}

// The key as a URL, for a frontier that stores keys and resolves the
// links of a fetched page against the key it was fetched under.
func ExampleOptions_CacheKeyURL() {
	crawl := urlkey.Options{DropParamPrefixes: []string{"utm_"}}
	k := crawl.CacheKeyURL(span.MustParse("https://example.com/docs/intro?utm_source=x&lang=en#setup"))
	fmt.Println(k.Href())
	fmt.Println(k.Pathname())
	next, _ := k.Parse("install?lang=en")
	fmt.Println(crawl.CacheKey(next))
	// Output:
	// https://example.com/docs/intro?lang=en
	// /docs/intro
	// https://example.com/docs/install?lang=en
}

// With the ICANN rules alone, the users of a hosting service are one
// politeness queue: one operator serves them all.
func ExampleOptions_SiteKey() {
	perOperator := urlkey.Options{ICANNOnly: true}
	for _, s := range []string{"https://alice.github.io/", "https://bob.github.io/blog/", "https://www.example.co.uk/"} {
		u := span.MustParse(s)
		fmt.Println(urlkey.SiteKey(u), perOperator.SiteKey(u))
	}
	// Output:
	// alice.github.io github.io
	// bob.github.io github.io
	// example.co.uk example.co.uk
}

func ExampleSURT() {
	for _, s := range []string{
		"https://www.Example.com/Shop/?utm=1&a=2#top",
		"https://blog.example.com/2024/post",
		"https://example.org/",
	} {
		fmt.Println(urlkey.SURT(span.MustParse(s)))
	}
	// Output:
	// com,example)/shop?a=2&utm=1
	// com,example,blog)/2024/post
	// org,example)/
}
