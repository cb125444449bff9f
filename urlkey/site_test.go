package urlkey_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/spanurl/spanurl/api"
	"github.com/spanurl/spanurl/span"
	"github.com/spanurl/spanurl/urlkey"
)

// siteRef is the site key as the Public Suffix List gives it through api,
// without SiteKey's table: the registrable domain, or else the host,
// without a trailing dot.
func siteRef(u span.URL, icannOnly bool) string {
	rd, ok := api.URLRegistrableDomain(u)
	if icannOnly {
		rd, ok = api.URLRegistrableDomainICANN(u)
	}
	if ok {
		return strings.TrimSuffix(rd, ".")
	}
	return strings.TrimSuffix(u.Hostname(), ".")
}

var siteHosts = []string{
	"https://www.example.co.uk/a",
	"https://alice.github.io/",
	"https://www.alice.github.io./x",
	"https://example.com./",
	"https://bucket.s3.amazonaws.com/k",
	"https://a.b.c.d.example.org/",
	"http://localhost/",
	"http://localhost./",
	"http://10.0.0.1:8080/",
	"http://[::1]/",
	"foo://opaque.host./x",
	"mailto:a@example.com",
}

// TestSiteKeyConcurrent: goroutines that share SiteKey's table, on hosts
// that enter and leave it, get the list's answer every time.
func TestSiteKeyConcurrent(t *testing.T) {
	var urls []span.URL
	for _, s := range siteHosts {
		urls = append(urls, mustParse(t, s))
	}
	for i := range 64 {
		urls = append(urls, mustParse(t, fmt.Sprintf("https://w%d.site%d.github.io/", i, i%8)))
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for r := range 20 {
				for k, u := range urls {
					icann := (g+r+k)%2 == 0
					if got, want := (urlkey.Options{ICANNOnly: icann}).SiteKey(u), siteRef(u, icann); got != want {
						t.Errorf("ICANNOnly %v: SiteKey(%q) = %q, want %q", icann, u.Href(), got, want)
						return
					}
				}
			}
		})
	}
	wg.Wait()
}
