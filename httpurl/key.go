package httpurl

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/spanurl/spanurl/api"
	"github.com/spanurl/spanurl/span"
)

// CacheKey returns a key under which URLs that name the same resource
// fall together, for a crawl frontier's seen-set or a cache: u's href
// without its fragment, with the query's parameters in the order of the
// URL Standard's URLSearchParams sort() (a stable sort by name, names
// compared as form-decoded strings, by UTF-16 code units), with the empty
// parameters that form parsing ignores ("a=1&&b=2") left out, and without
// the query when no parameter is left.
//
// Each parameter keeps its own bytes: CacheKey reorders, it does not
// re-serialize. Re-serializing through URLSearchParams would also make
// "a=%20" and "a=+" (the same form value) one key, but it decodes every
// byte sequence that is not UTF-8 to U+FFFD, which would make all the
// queries of a site that encodes them in Shift_JIS or windows-1252 one
// key: for deduplication a lost page is worse than a second fetch. The
// key is itself a URL in serialized form (span.Parse returns it
// unchanged), and CacheKey is idempotent.
//
// Parameters with the same name keep their order ("a=2&a=1" stays), since
// servers read repeated parameters as lists. When the query is already
// in order, the key is a substring of the href and CacheKey does not
// allocate. The zero URL's key is "".
//
// A query of more than api.DefaultMaxParams parameters keeps its order
// (the key is the href without its fragment): sorting it would cost
// memory and time in proportion to a count the URL's author chooses, and
// such a query only misses being one key with its reorderings, which no
// real site makes of one that long.
func CacheKey(u span.URL) string {
	if u.IsZero() {
		return ""
	}
	u = u.WithoutFragment()
	q, ok := u.Query()
	if !ok {
		return u.Href()
	}
	if querySorted(q) {
		return u.Href()
	}
	n := countParams(q, api.DefaultMaxParams+1)
	if n > api.DefaultMaxParams {
		return u.Href()
	}
	base := u.Href()[:u.Offsets().QueryStart]
	params := make([]string, 0, n)
	for p := range strings.SplitSeq(q, "&") {
		if p != "" {
			params = append(params, p)
		}
	}
	if len(params) == 0 {
		return base
	}
	// Form parsing gives one pair per non-empty parameter, in order: the
	// names the standard's sort compares.
	pairs := api.ParseForm(q)
	order := make([]int, len(params))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int { return compareUTF16(pairs[i].Name, pairs[j].Name) })
	var b strings.Builder
	b.Grow(len(base) + 1 + len(q))
	b.WriteString(base)
	for k, i := range order {
		if k == 0 {
			b.WriteByte('?')
		} else {
			b.WriteByte('&')
		}
		b.WriteString(params[i])
	}
	return b.String()
}

// countParams returns the number of non-empty parameters of the query q,
// counting no further than stop.
func countParams(q string, stop int) int {
	n := 0
	for p := range strings.SplitSeq(q, "&") {
		if p != "" {
			if n++; n == stop {
				break
			}
		}
	}
	return n
}

// querySorted reports whether the query q is non-empty, has no empty
// parameter, and has ASCII names without "%" and "+" (which decode to
// themselves, so that bytes compare as the standard's sort compares) in
// order: the case where CacheKey keeps the href.
func querySorted(q string) bool {
	if q == "" {
		return false
	}
	prev := ""
	for p := range strings.SplitSeq(q, "&") {
		if p == "" {
			return false
		}
		name, _, _ := strings.Cut(p, "=")
		for i := 0; i < len(name); i++ {
			if c := name[i]; c == '%' || c == '+' || c >= utf8.RuneSelf {
				return false
			}
		}
		if name < prev {
			return false
		}
		prev = name
	}
	return true
}

// compareUTF16 compares a and b, valid UTF-8, as sequences of UTF-16 code
// units (JavaScript's string order): code points compare as themselves,
// except that one above U+FFFF, whose first code unit is a surrogate
// (U+D800 to U+DBFF), is less than one from U+E000 to U+FFFF.
func compareUTF16(a, b string) int {
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ra != rb {
			if (ra > 0xFFFF) != (rb > 0xFFFF) {
				// One is a surrogate pair: compare its first code unit.
				if ra > 0xFFFF {
					ra = 0xD800
				} else {
					rb = 0xD800
				}
			}
			if ra < rb {
				return -1
			}
			return +1
		}
		a, b = a[na:], b[nb:]
	}
	switch {
	case a == "" && b == "":
		return 0
	case a == "":
		return -1
	}
	return +1
}

// SiteKey returns the key of u's politeness queue, for a crawler that
// limits how fast it fetches from one site: the registrable domain of u's
// host ("www.example.co.uk" and "img.example.co.uk" are both
// "example.co.uk"), or the host itself when it has none (an IP address,
// "localhost", a public suffix such as "github.io" itself), without a
// trailing dot; "" for a URL without a host. The scheme and the port are
// not part of it. The registrable domain comes from the Public Suffix List
// compiled into golang.org/x/net/publicsuffix (see
// api.RegistrableDomain).
func SiteKey(u span.URL) string {
	if rd, ok := api.URLRegistrableDomain(u); ok {
		return strings.TrimSuffix(rd, ".")
	}
	return strings.TrimSuffix(u.Hostname(), ".")
}
