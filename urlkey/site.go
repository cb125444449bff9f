package urlkey

import (
	"hash/maphash"
	"strings"
	"sync/atomic"

	"github.com/spanurl/spanurl/api"
	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

// SiteKey returns the key of u's politeness queue, for a crawler that
// limits how fast it fetches from one site: the registrable domain of u's
// host ("www.example.co.uk" and "img.example.co.uk" are both
// "example.co.uk"), or the host itself when it has none (an IP address,
// "localhost", a public suffix such as "github.io" itself), without a
// trailing dot; "" for a URL without a host. The scheme and the port are
// not part of it. The registrable domain comes from the Public Suffix List
// compiled into golang.org/x/net/publicsuffix (see
// api.RegistrableDomain).
//
// SiteKey is the key of the zero Options, with the list's private
// domains: every "*.github.io" user is a site of its own.
// Options.SiteKey with ICANNOnly groups them as one.
//
// The key is a substring of u's href, the caller's to keep (keeping it
// keeps the href's bytes alive, as CacheKey's key does). SiteKey does not
// allocate for a host it has seen twice lately; see Options.SiteKey.
func SiteKey(u span.URL) string {
	return Options{}.SiteKey(u)
}

// SiteKey returns the key of u's politeness queue under the policy o: as
// the function SiteKey, with the ICANN rules of the Public Suffix List
// alone when o.ICANNOnly, so that "alice.github.io" and "bob.github.io"
// are both "github.io" (one operator's servers) instead of two sites.
// Only o.ICANNOnly affects it. The key is a substring of u's href.
//
// A lookup in x/net's list allocates (the list first tries the name as
// an IP address, and the error of that try is an allocation). SiteKey
// therefore remembers, in a table of fixed size that all goroutines
// share, the site of each domain that it has looked up twice lately: the
// third sight of a host, and every later one while the host stays in the
// table, costs no allocation, and a host seen once costs the one
// allocation of the lookup, no more. An IP address, a single-label host
// and a URL without a host never need the list.
func (o Options) SiteKey(u span.URL) string {
	host := strings.TrimSuffix(u.Hostname(), ".")
	if u.HostKind() != record.HostDomain || strings.IndexByte(host, '.') < 0 {
		// A host that is no domain has no registrable domain, and a
		// domain of one label is its own public suffix, which has none.
		return host
	}
	return host[siteStart(u, host, o.ICANNOnly):]
}

// siteSlots is the number of domains the site table holds, and
// maxSiteHost the longest domain it holds (a DNS name is at most 253
// bytes): at most about a megabyte of copies of domains.
const (
	siteSlots   = 1 << 12
	maxSiteHost = 255
)

// siteEntry is the site of one domain: the domain (a copy, without its
// trailing dot) and whether the ICANN rules alone gave the site
// host[start:]. Entries are never changed once stored.
type siteEntry struct {
	host  string
	icann bool
	start int
}

var (
	// siteSeed keys the table's hash, so that no one outside the process
	// can choose domains that fall into one slot.
	siteSeed = maphash.MakeSeed()
	// siteTable holds, in the slot that its hash picks, the last domain
	// that was looked up twice in a row of that slot's misses.
	siteTable [siteSlots]atomic.Pointer[siteEntry]
	// siteSeen holds the hash of the last domain that missed in each
	// slot: a domain enters the table on its second miss, so that domains
	// seen once (most of a wide crawl's) neither cost the copy nor push
	// out the ones seen often.
	siteSeen [siteSlots]atomic.Uint64
)

// siteStart returns the offset in host, u's domain without its trailing
// dot, at which its site key starts: that of its registrable domain, or 0.
func siteStart(u span.URL, host string, icannOnly bool) int {
	if len(host) > maxSiteHost {
		return lookUpSiteStart(u, host, icannOnly)
	}
	h := maphash.String(siteSeed, host)
	if icannOnly {
		h = ^h
	}
	i := h & (siteSlots - 1)
	if e := siteTable[i].Load(); e != nil && e.icann == icannOnly && e.host == host {
		return e.start
	}
	start := lookUpSiteStart(u, host, icannOnly)
	if siteSeen[i].Swap(h) == h {
		siteTable[i].Store(&siteEntry{host: strings.Clone(host), icann: icannOnly, start: start})
	}
	return start
}

// lookUpSiteStart returns siteStart's offset from the Public Suffix List.
func lookUpSiteStart(u span.URL, host string, icannOnly bool) int {
	var rd string
	var ok bool
	if icannOnly {
		rd, ok = api.URLRegistrableDomainICANN(u)
	} else {
		rd, ok = api.URLRegistrableDomain(u)
	}
	if !ok {
		return 0
	}
	// The registrable domain is a suffix of the host, with its trailing
	// dot when the host has one.
	return len(host) - len(strings.TrimSuffix(rd, "."))
}
