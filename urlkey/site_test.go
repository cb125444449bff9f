package urlkey_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/spanurl/spanurl/api"
	"github.com/spanurl/spanurl/internal/testvectors"
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

// TestSiteKeyNoAllocs: SiteKey and Options.SiteKey, with every list
// section and with the ICANN one alone, do not allocate for a host they
// have seen before, nor for one that needs no list.
func TestSiteKeyNoAllocs(t *testing.T) {
	if testvectors.RaceEnabled {
		t.Skip("the race detector changes allocation counts")
	}
	keys := []struct {
		name  string
		icann bool
		f     func(span.URL) string
	}{
		{"SiteKey", false, urlkey.SiteKey},
		{"Options{}.SiteKey", false, urlkey.Options{}.SiteKey},
		{"Options{ICANNOnly: true}.SiteKey", true, urlkey.Options{ICANNOnly: true}.SiteKey},
	}
	for _, s := range siteHosts {
		u := mustParse(t, s)
		for _, k := range keys {
			k.f(u)
			k.f(u)
			if n := testing.AllocsPerRun(100, func() { k.f(u) }); n != 0 {
				t.Errorf("%s(%q) allocates %v times", k.name, s, n)
			}
			if got, want := k.f(u), siteRef(u, k.icann); got != want {
				t.Errorf("%s(%q) = %q, want %q", k.name, s, got, want)
			}
		}
	}
}

// TestSiteKeyFirstSight: a host SiteKey meets once costs no more than the
// list's lookup: one allocation for a domain under an ICANN suffix.
func TestSiteKeyFirstSight(t *testing.T) {
	if testvectors.RaceEnabled {
		t.Skip("the race detector changes allocation counts")
	}
	const runs = 200
	urls := make([]span.URL, runs+1)
	for i := range urls {
		urls[i] = mustParse(t, fmt.Sprintf("https://www.first-sight-%d.example.com/", i))
	}
	i := 0
	n := testing.AllocsPerRun(runs, func() { urlkey.SiteKey(urls[i]); i++ })
	if n > 1 {
		t.Errorf("SiteKey of a new host allocates %v times, want at most 1", n)
	}
	t.Logf("SiteKey of a new host: %v allocations", n)
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
