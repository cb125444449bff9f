// Package urlkey files URLs under the keys of a crawl frontier: the key of
// its seen-set, under which the spellings of one resource fall together
// (CacheKey), the key of its politeness queues, one per site (SiteKey),
// and the SURT key under which web archives store and sort URLs (SURT).
// Options is a key policy: the tracking parameters a key drops, whether
// escapes are normalized, whether the fragment or the query's order
// stay, and whether the private domains of the Public Suffix List are
// sites of their own.
//
// Every function takes a span.URL, the URL the link was resolved to, and
// returns a string that is the caller's to keep. CacheKey's and SiteKey's
// keys are substrings of the URL's href where they can be, so that the
// common link costs no allocation: a key kept in a long-lived set keeps
// the href's bytes alive, which strings.Clone avoids. Options is a value,
// safe for concurrent use while no goroutine changes its slices.
//
// # A crawl step
//
// Resolve each link of a fetched page against the page's URL, keep the
// http and https ones, deduplicate on the cache key and queue the new
// ones under their site:
//
//	policy := urlkey.Options{DropParamPrefixes: []string{"utm_"}}
//	for _, href := range links {
//		link, err := page.Parse(href)
//		if err != nil || (link.Scheme() != "http" && link.Scheme() != "https") {
//			continue
//		}
//		if key := policy.CacheKey(link); seen.Add(key) {
//			queues[policy.SiteKey(link)].Push(link)
//		}
//	}
//
// Example (crawler) runs this step on a page's links. On a link whose
// query is in order and whose host the frontier has met more than twice,
// CacheKey and SiteKey allocate nothing.
//
// The package imports neither net/http nor package httpurl, whose
// request targets, Host validation and forwarding are for the servers a
// crawler fetches from, not for the crawler.
package urlkey
