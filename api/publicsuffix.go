package api

import (
	"strings"

	"golang.org/x/net/publicsuffix"

	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

// PublicSuffix returns the public suffix of host, the portion of host that
// is included on the Public Suffix List, and true; or "" and false (null)
// when host is not a domain.
//
// host is run through the host parser first, as the host of a special URL
// ("EXAMPLE.COM" is the domain "example.com", "إختبار" is "xn--kgbechtv"),
// so the result is ASCII; an IP address, a string the host parser rejects
// and the empty string are not domains. A trailing "." is kept: the public
// suffix of "example.com." is "com.".
//
// The list is the copy compiled into golang.org/x/net/publicsuffix, with
// its private domains (the public suffix of "whatwg.github.io" is
// "github.io"); a domain no rule matches takes the default rule "*", its
// last label. The standard's note applies: the list differs between
// clients and in time, so it is no security boundary; prefer origins.
func PublicSuffix(host string) (string, bool) {
	kind, h, ok := runHostParser(host)
	if !ok {
		return "", false
	}
	return publicSuffixOf(kind, h, false)
}

// URLPublicSuffix returns the public suffix of u's host (see PublicSuffix):
// "" and false unless the host is a domain.
func URLPublicSuffix(u span.URL) (string, bool) {
	return publicSuffixOf(u.HostKind(), u.Hostname(), false)
}

// PublicSuffixICANN is PublicSuffix with only the rules of the list's
// ICANN section: the private domains, which their owners list so that
// browsers keep their users' sites apart ("github.io", "blogspot.com"),
// are not suffixes here. The public suffix of "whatwg.github.io" is "io".
func PublicSuffixICANN(host string) (string, bool) {
	kind, h, ok := runHostParser(host)
	if !ok {
		return "", false
	}
	return publicSuffixOf(kind, h, true)
}

// URLPublicSuffixICANN returns the public suffix of u's host with only
// the ICANN rules (see PublicSuffixICANN).
func URLPublicSuffixICANN(u span.URL) (string, bool) {
	return publicSuffixOf(u.HostKind(), u.Hostname(), true)
}

// RegistrableDomain returns the registrable domain of host, its public
// suffix and the domain label before it, and true; or "" and false (null)
// when host is not a domain or is a public suffix itself. host is parsed as
// PublicSuffix parses it. A trailing "." is kept: the registrable domain of
// "www.example.com." is "example.com.".
func RegistrableDomain(host string) (string, bool) {
	kind, h, ok := runHostParser(host)
	if !ok {
		return "", false
	}
	return registrableDomainOf(kind, h, false)
}

// URLRegistrableDomain returns the registrable domain of u's host (see
// RegistrableDomain).
func URLRegistrableDomain(u span.URL) (string, bool) {
	return registrableDomainOf(u.HostKind(), u.Hostname(), false)
}

// RegistrableDomainICANN is RegistrableDomain with only the ICANN rules
// (see PublicSuffixICANN): the registrable domain of "whatwg.github.io" is
// "github.io", where RegistrableDomain gives "whatwg.github.io". A crawler
// that groups the sites of a hosting service into one politeness queue
// wants this one.
func RegistrableDomainICANN(host string) (string, bool) {
	kind, h, ok := runHostParser(host)
	if !ok {
		return "", false
	}
	return registrableDomainOf(kind, h, true)
}

// URLRegistrableDomainICANN returns the registrable domain of u's host
// with only the ICANN rules (see RegistrableDomainICANN).
func URLRegistrableDomainICANN(u span.URL) (string, bool) {
	return registrableDomainOf(u.HostKind(), u.Hostname(), true)
}

// publicSuffixOf obtains the public suffix of a host of the given kind,
// whose serialization is host, with the list's ICANN rules alone when
// icannOnly is set.
func publicSuffixOf(kind record.HostKind, host string, icannOnly bool) (string, bool) {
	// 1. If host is not a domain, then return null.
	if kind != record.HostDomain {
		return "", false
	}
	// 2. Let trailingDot be "." if host ends with "."; otherwise the empty
	// string.
	domain, trailingDot := splitTrailingDot(host)
	// 3. Let publicSuffix be the public suffix determined by running the
	// Public Suffix List algorithm with host as domain. (The PSL algorithm
	// works on the labels before the trailing dot.)
	ps, icann := publicsuffix.PublicSuffix(domain)
	// With the ICANN rules alone, a private rule's suffix gives way to the
	// ICANN suffix under it: "github.io" to "io", "s3.amazonaws.com" to
	// "com".
	for icannOnly && !icann {
		dot := strings.IndexByte(ps, '.')
		if dot < 0 {
			break
		}
		ps, icann = publicsuffix.PublicSuffix(ps[dot+1:])
	}
	// 4. Assert: publicSuffix is an ASCII string that does not end with ".".
	// 5. Return publicSuffix and trailingDot concatenated.
	return ps + trailingDot, true
}

// registrableDomainOf obtains the registrable domain of a host of the
// given kind, whose serialization is host (with the ICANN rules alone when
// icannOnly is set).
func registrableDomainOf(kind record.HostKind, host string, icannOnly bool) (string, bool) {
	// 1. If host's public suffix is null or host's public suffix equals
	// host, then return null.
	ps, ok := publicSuffixOf(kind, host, icannOnly)
	if !ok || ps == host {
		return "", false
	}
	// 2. Let trailingDot be "." if host ends with "."; otherwise the empty
	// string.
	domain, trailingDot := splitTrailingDot(host)
	ps = ps[:len(ps)-len(trailingDot)]
	// 3. Let registrableDomain be the registrable domain determined by
	// running the Public Suffix List algorithm with host as domain: the
	// public suffix plus one additional label. (x/net's
	// EffectiveTLDPlusOne is not used: it rejects domains with an empty
	// label, such as "a..example.com", which the host parser accepts.)
	if len(domain) <= len(ps) {
		return "", false // cannot happen: ps is a proper suffix of host
	}
	// (ps is whole labels; it is "" only for an empty last label, as in
	// "a..", whose public suffix is ".".)
	i := len(domain) - len(ps) - 1
	if domain[i] != '.' {
		return "", false // cannot happen: the suffix is whole labels
	}
	start := strings.LastIndexByte(domain[:i], '.') + 1
	// 4. Assert: registrableDomain is an ASCII string that does not end
	// with ".".
	// 5. Return registrableDomain and trailingDot concatenated.
	return domain[start:] + trailingDot, true
}

// splitTrailingDot returns host without one trailing ".", and "." if it
// had one ("" otherwise).
func splitTrailingDot(host string) (domain, trailingDot string) {
	if strings.HasSuffix(host, ".") {
		return host[:len(host)-1], "."
	}
	return host, ""
}
