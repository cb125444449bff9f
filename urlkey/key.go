package urlkey

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/spanurl/spanurl/api"
	"github.com/spanurl/spanurl/internal/pct"
	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

// CacheKey returns a key under which URLs that name the same resource
// fall together, for a crawl frontier's seen-set or a cache: u's href
// without its fragment, with the query's parameters in the order of the
// URL Standard's URLSearchParams sort() (a stable sort by name, names
// compared as form-decoded strings, by UTF-16 code units), with the empty
// parameters that form parsing ignores ("a=1&&b=2") left out, and without
// the query when no parameter is left. It is the key of the zero
// Options; Options.CacheKey chooses another policy.
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
// in order, the key is a substring of u's href and CacheKey does not
// allocate. The zero URL's key is "".
//
// The key is the caller's to keep. It may be a substring of u's href, so
// that keeping it keeps the href's bytes alive; a seen-set that outlives
// its URLs and wants no more than the key's bytes keeps strings.Clone(key).
//
// A query of more than api.DefaultMaxParams parameters keeps its order
// (the key is the href without its fragment): sorting it would cost
// memory and time in proportion to a count the URL's author chooses, and
// such a query only misses being one key with its reorderings, which no
// real site makes of one that long.
func CacheKey(u span.URL) string {
	_, key := Options{}.cacheKey(u)
	return key
}

// Options is a key policy: what CacheKey's key keeps of a URL and how
// it spells it, and which rules of the Public Suffix List SiteKey uses.
// The zero Options is the policy of the functions CacheKey and SiteKey.
// Every policy is idempotent: the key of a key is itself. Its methods
// read the slices DropParams and DropParamPrefixes and never change them;
// an Options whose slices no goroutine changes is safe for concurrent use.
type Options struct {
	// DropParams names the query parameters the key leaves out, such as
	// "fbclid", "gclid" or a session id ("PHPSESSID"). A parameter's name
	// is compared form-decoded ("utm%5Fsource" is "utm_source") and
	// case-sensitively, as servers read it.
	DropParams []string

	// DropParamPrefixes leaves out the parameters whose form-decoded name
	// starts with one of these, such as "utm_".
	DropParamPrefixes []string

	// KeepOrder keeps the parameters in the order the URL gives them,
	// for URLs whose query is signed (a reordered query is a different
	// resource, or none) or servers that read the order. Empty
	// parameters are still left out.
	KeepOrder bool

	// NormalizeEscapes makes the spellings of one byte one in the path
	// and the query: a percent-encoded unreserved character of RFC 3986
	// (an ASCII letter or digit, "-", ".", "_" or "~") is decoded ("%7E"
	// becomes "~"), and the hex digits of every other percent-encoded
	// byte are uppercased ("%2f" becomes "%2F"), as RFC 3986's
	// normalization does. The parser itself keeps both, as the URL
	// Standard says.
	NormalizeEscapes bool

	// KeepFragment keeps the fragment, for a key of pages whose fragment
	// selects what a script shows.
	KeepFragment bool

	// ICANNOnly makes SiteKey use only the ICANN section of the Public
	// Suffix List (see api.RegistrableDomainICANN), so that the sites
	// under a private suffix such as "github.io" are one site:
	// "alice.github.io" and "bob.github.io" are both "github.io".
	ICANNOnly bool
}

// CacheKey returns the key of u under the policy o, the href of a URL:
// u without its fragment (unless o.KeepFragment), its escapes normalized
// when o.NormalizeEscapes, and its query without the empty parameters and
// those o drops, sorted as the function CacheKey sorts them unless
// o.KeepOrder, and left out when no parameter is left. The key is a URL
// in serialized form: span.Parse returns it unchanged, and CacheKeyURL
// returns that URL.
//
// When the key is u's href or a prefix of it (u without its fragment),
// CacheKey does not allocate, and the key shares u's bytes as the
// function CacheKey's does; it is the caller's to keep. A query of more
// than api.DefaultMaxParams non-empty parameters, those o drops not
// counted, keeps its order and its empty parameters, as CacheKey's
// documentation explains; o still drops parameters from it and normalizes
// its escapes. The zero URL's key is "".
func (o Options) CacheKey(u span.URL) string {
	_, key := o.cacheKey(u)
	return key
}

// CacheKeyURL returns the key of u under the policy o as a URL, for a
// caller that reads the key's components (its host, its path) or resolves
// against it: its href is o.CacheKey(u), and it costs what CacheKey
// costs, since CacheKey parses the key it builds. The URL is the caller's
// to keep, as any span.URL is. The zero URL's key is the zero URL.
func (o Options) CacheKeyURL(u span.URL) span.URL {
	k, _ := o.cacheKey(u)
	return k
}

// cacheKey returns the key of u under the policy o, as a URL and as its
// href.
func (o Options) cacheKey(u span.URL) (span.URL, string) {
	if u.IsZero() {
		return span.URL{}, ""
	}
	if !o.KeepFragment {
		u = u.WithoutFragment()
	}
	href := u.Href()
	off := u.Offsets()
	pathEnd := len(href)
	if off.FragmentStart != record.Omitted {
		pathEnd = int(off.FragmentStart)
	}
	if off.QueryStart != record.Omitted {
		pathEnd = int(off.QueryStart)
	}
	path := href[off.PathStart:pathEnd]
	q, hasQuery := u.Query()
	pathChanges := o.NormalizeEscapes && needsNormalizing(path)
	queryChanges, n := false, 0
	if hasQuery {
		var empties bool
		empties, queryChanges, n = o.scanQuery(q)
		if n <= api.DefaultMaxParams && (empties || !o.KeepOrder && !querySorted(q)) {
			queryChanges = true
		}
	}
	if !pathChanges && !queryChanges {
		return u, href
	}

	var b strings.Builder
	b.Grow(len(href))
	b.WriteString(href[:off.PathStart])
	if o.NormalizeEscapes {
		writeNormalized(&b, path)
	} else {
		b.WriteString(path)
	}
	if hasQuery {
		o.writeQuery(&b, q, n)
	}
	if f, ok := u.Fragment(); ok {
		b.WriteByte('#')
		b.WriteString(f)
	}
	key := b.String()
	k, err := span.Parse(key)
	if err != nil || k.Href() != key {
		// The key changes only percent-encoded bytes that the parser
		// leaves as they are and whole parameters of the query, so it
		// parses to itself (FuzzCacheKeyOptions checks it); should it
		// not, u itself is a key that does, and a crawler is better
		// served by it than by a crash.
		return u, href
	}
	return k, key
}

// scanQuery reads the query q: whether it has empty parameters, whether
// the key leaves out or rewrites any of its other parameters, and how
// many non-empty parameters the key keeps.
func (o Options) scanQuery(q string) (empties, rewrites bool, kept int) {
	for p := range strings.SplitSeq(q, "&") {
		switch {
		case p == "":
			empties = true
		case o.drops(p):
			rewrites = true
		default:
			kept++
			if o.NormalizeEscapes && !rewrites && needsNormalizing(p) {
				rewrites = true
			}
		}
	}
	return empties, rewrites, kept
}

// drops reports whether the policy leaves out the parameter p.
func (o Options) drops(p string) bool {
	if len(o.DropParams) == 0 && len(o.DropParamPrefixes) == 0 {
		return false
	}
	name, _, _ := strings.Cut(p, "=")
	if strings.ContainsAny(name, "%+") {
		pairs := api.ParseForm(name)
		if len(pairs) == 0 {
			return false
		}
		name = pairs[0].Name
	}
	if slices.Contains(o.DropParams, name) {
		return true
	}
	for _, prefix := range o.DropParamPrefixes {
		if strings.HasPrefix(name, prefix) {
			return true
		}
	}
	return false
}

// writeQuery writes the key's query of q, which has n non-empty
// parameters the key keeps: nothing when there are none. Past
// api.DefaultMaxParams of them, the query keeps its order and its empty
// parameters, so that the key of a key leaves it as it is.
func (o Options) writeQuery(b *strings.Builder, q string, n int) {
	if n == 0 {
		return
	}
	limited := n <= api.DefaultMaxParams
	params := make([]string, 0, n)
	for p := range strings.SplitSeq(q, "&") {
		if p == "" && limited || p != "" && o.drops(p) {
			continue
		}
		params = append(params, p)
	}
	if !o.KeepOrder && limited {
		// Form parsing of the kept parameters gives one pair per
		// parameter, in order: the names the standard's sort compares.
		pairs := api.ParseForm(strings.Join(params, "&"))
		order := make([]int, len(params))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(i, j int) int { return compareUTF16(pairs[i].Name, pairs[j].Name) })
		sorted := make([]string, len(params))
		for k, i := range order {
			sorted[k] = params[i]
		}
		params = sorted
	}
	for k, p := range params {
		if k == 0 {
			b.WriteByte('?')
		} else {
			b.WriteByte('&')
		}
		if o.NormalizeEscapes {
			writeNormalized(b, p)
		} else {
			b.WriteString(p)
		}
	}
}

// needsNormalizing reports whether s has a percent-encoded byte that
// NormalizeEscapes rewrites: an unreserved character, or lowercase hex.
func needsNormalizing(s string) bool {
	for i := strings.IndexByte(s, '%'); i >= 0; {
		if v, ok := pct.DecodeHex2(s[i+1:]); ok && (isLowerHex(s[i+1]) || isLowerHex(s[i+2]) || pct.IsUnreserved(v)) {
			return true
		}
		j := strings.IndexByte(s[i+1:], '%')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// writeNormalized writes s with its percent-encoded bytes normalized: see
// Options.NormalizeEscapes.
func writeNormalized(b *strings.Builder, s string) {
	const upper = "0123456789ABCDEF"
	for i := 0; i < len(s); i++ {
		v, ok := pct.DecodeHex2(s[i+1:])
		if s[i] != '%' || !ok {
			b.WriteByte(s[i])
			continue
		}
		if pct.IsUnreserved(v) && !joinsStrayPercent(b.String(), v, s[i+3:]) {
			b.WriteByte(v)
		} else {
			b.WriteByte('%')
			b.WriteByte(upper[v>>4])
			b.WriteByte(upper[v&15])
		}
		i += 2
	}
}

// joinsStrayPercent reports whether writing the decoded byte v after out
// and before the rest of the input would complete a percent-encoded byte
// with a "%" that is not one ("%a%41" would become "%aA", which a second
// key would read as one byte): such an escape stays, so that a key is its
// own key. A "%" or "%" and a hex digit at the end of out are never part of
// an escape, since escapes are written whole.
func joinsStrayPercent(out string, v byte, rest string) bool {
	if !pct.IsASCIIHexDigit(v) {
		return false
	}
	n := len(out)
	switch {
	case n >= 2 && out[n-2] == '%' && pct.IsASCIIHexDigit(out[n-1]):
		return true
	case n >= 1 && out[n-1] == '%':
		return rest != "" && pct.IsASCIIHexDigit(rest[0])
	}
	return false
}

func isLowerHex(c byte) bool { return 'a' <= c && c <= 'f' }

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
