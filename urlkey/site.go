package urlkey

import (
	"strings"

	"github.com/spanurl/spanurl/api"
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
// The key is the caller's to keep.
func SiteKey(u span.URL) string {
	return Options{}.SiteKey(u)
}

// SiteKey returns the key of u's politeness queue under the policy o: as
// the function SiteKey, with the ICANN rules of the Public Suffix List
// alone when o.ICANNOnly, so that "alice.github.io" and "bob.github.io"
// are both "github.io" (one operator's servers) instead of two sites.
// Only o.ICANNOnly affects it. The key is the caller's to keep.
func (o Options) SiteKey(u span.URL) string {
	rd, ok := "", false
	if o.ICANNOnly {
		rd, ok = api.URLRegistrableDomainICANN(u)
	} else {
		rd, ok = api.URLRegistrableDomain(u)
	}
	if ok {
		return strings.TrimSuffix(rd, ".")
	}
	return strings.TrimSuffix(u.Hostname(), ".")
}
