package urlkey_test

import (
	"math/rand/v2"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/api"
	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
	"github.com/spanurl/spanurl/urlkey"
)

func mustParse(t testing.TB, s string) span.URL {
	t.Helper()
	u, err := span.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func TestCacheKey(t *testing.T) {
	tests := []struct{ in, want string }{
		{"https://example.com/", "https://example.com/"},
		{"https://example.com/#top", "https://example.com/"},
		{"https://example.com/?", "https://example.com/"},
		{"https://example.com/?&&", "https://example.com/"},
		{"https://example.com/?#x", "https://example.com/"},
		{"https://example.com/p?b=2&a=1#f", "https://example.com/p?a=1&b=2"},
		{"https://example.com/p?a=1&b=2", "https://example.com/p?a=1&b=2"},
		{"https://example.com/p?b=1&a=2&b=0&a=1", "https://example.com/p?a=2&a=1&b=1&b=0"}, // stable
		{"https://example.com/p?b&a", "https://example.com/p?a&b"},
		{"https://example.com/p?z=1&&a=2&", "https://example.com/p?a=2&z=1"},
		// Parameters keep their bytes.
		{"https://example.com/p?b=%20&a=+", "https://example.com/p?a=+&b=%20"},
		{"https://example.com/p?q=%82%A0&a=1", "https://example.com/p?a=1&q=%82%A0"},
		// Names compare decoded: "%61" is "a", "+" is " " (before "a").
		{"https://example.com/p?b=1&%61=2", "https://example.com/p?%61=2&b=1"},
		{"https://example.com/p?a=1&+x=2", "https://example.com/p?+x=2&a=1"},
		{"https://example.com/p?%61=1&a=2&%61=3", "https://example.com/p?%61=1&a=2&%61=3"},
		// UTF-16 order: U+FF21 sorts after U+1F600 (a surrogate pair).
		{"https://example.com/p?%EF%BC%A1=1&%F0%9F%98%80=2", "https://example.com/p?%F0%9F%98%80=2&%EF%BC%A1=1"},
		{"https://example.com/p?%F0%9F%98%80=2&%EF%BC%A1=1", "https://example.com/p?%F0%9F%98%80=2&%EF%BC%A1=1"},
		{"https://example.com/p?%C3%A9=1&z=2", "https://example.com/p?z=2&%C3%A9=1"},
		// Names case-sensitive, uppercase first.
		{"https://example.com/p?a=1&B=2", "https://example.com/p?B=2&a=1"},
		{"mailto:x@example.com?subject=hi&body=x", "mailto:x@example.com?body=x&subject=hi"},
	}
	for _, tc := range tests {
		u := mustParse(t, tc.in)
		got := urlkey.CacheKey(u)
		if got != tc.want {
			t.Errorf("CacheKey(%q) = %q, want %q", tc.in, got, tc.want)
		}
		checkKey(t, u, got)
	}
	if urlkey.CacheKey(span.URL{}) != "" {
		t.Error("CacheKey of the zero URL")
	}
}

// checkKey: the key is a URL in serialized form, CacheKey is idempotent,
// and its query's pairs are the standard's sort of the URL's.
func checkKey(t *testing.T, u span.URL, key string) {
	t.Helper()
	k, err := span.Parse(key)
	if err != nil || k.Href() != key {
		t.Errorf("key %q of %q is not a serialized URL: %q, %v", key, u.Href(), k.Href(), err)
		return
	}
	if again := urlkey.CacheKey(k); again != key {
		t.Errorf("CacheKey is not idempotent on %q: %q", key, again)
	}
	if _, ok := k.Fragment(); ok {
		t.Errorf("key %q has a fragment", key)
	}
	// The URL's pairs go in as pairs: a query that starts with "?" would
	// lose it to NewSearchParams, as to URLSearchParams' constructor.
	q, _ := u.Query()
	var init [][2]string
	for _, pair := range api.ParseForm(q) {
		init = append(init, [2]string{pair.Name, pair.Value})
	}
	sp := api.NewSearchParamsFromPairs(init)
	sp.Sort()
	kq, _ := k.Query()
	if got, want := api.ParseForm(kq), sp.Pairs(); !reflect.DeepEqual(got, want) && len(want) > 0 {
		t.Errorf("key %q of %q: pairs %q, URLSearchParams sort gives %q", key, u.Href(), got, want)
	}
}

// TestCacheKeyMatchesSearchParamsSort: random queries, compared with
// URLSearchParams.sort().
func TestCacheKeyMatchesSearchParamsSort(t *testing.T) {
	names := []string{"a", "b", "B", "%61", "a+b", "+", "%2B", "", "%C3%A9", "%F0%9F%98%80", "%EE%80%80", "%EF%BC%A1",
		"%FF", "%FE", "%E2%82", "%EF%BB%BFa", "z", "%7A", "aa", "a%00", "~", "%7E"}
	values := []string{"", "1", "%20", "+", "x=y", "%FF"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		var parts []string
		for range rng.IntN(6) {
			p := names[rng.IntN(len(names))]
			switch rng.IntN(3) {
			case 1:
				p += "=" + values[rng.IntN(len(values))]
			case 2:
				p = "" // an empty parameter
			}
			parts = append(parts, p)
		}
		u := mustParse(t, "https://example.com/p?"+strings.Join(parts, "&")+"#f")
		checkKey(t, u, urlkey.CacheKey(u))
	}
}

func TestCacheKeyNoAllocs(t *testing.T) {
	for _, s := range []string{"https://example.com/a?a=1&b=2&c=3", "https://example.com/a", "https://example.com/a?a=1#frag"} {
		u := mustParse(t, s)
		if n := testing.AllocsPerRun(100, func() { urlkey.CacheKey(u) }); n != 0 {
			t.Errorf("CacheKey(%q) allocates %v times", s, n)
		}
	}
}

func TestSiteKey(t *testing.T) {
	tests := []struct{ in, want string }{
		{"https://www.example.com/a", "example.com"},
		{"http://img.example.co.uk:8080/", "example.co.uk"},
		{"https://example.co.uk./", "example.co.uk"},
		{"https://EXAMPLE.com/", "example.com"},
		{"https://bücher.example/", "xn--bcher-kva.example"},
		{"https://user.github.io/", "user.github.io"},
		{"https://github.io/", "github.io"},
		{"http://localhost:3000/", "localhost"},
		{"http://127.0.0.1/", "127.0.0.1"},
		{"http://0x7f.1/", "127.0.0.1"},
		{"http://[::1]:8080/", "[::1]"},
		{"https://com/", "com"},
		{"file:///etc/hosts", ""},
		{"mailto:a@example.com", ""},
	}
	for _, tc := range tests {
		if got := urlkey.SiteKey(mustParse(t, tc.in)); got != tc.want {
			t.Errorf("SiteKey(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if urlkey.SiteKey(span.URL{}) != "" {
		t.Error("SiteKey of the zero URL")
	}
}

// TestCacheKeyParamLimit checks that a query of up to api.DefaultMaxParams
// parameters is sorted and one past it keeps its order, empty parameters
// not counted, and that the key of a huge query costs no allocation.
func TestCacheKeyParamLimit(t *testing.T) {
	params := func(n int) string {
		var b strings.Builder
		for i := range n {
			b.WriteString("&&p")
			b.WriteString(strconv.Itoa(n - i))
		}
		return b.String()
	}
	at := mustParse(t, "https://example.com/?"+params(api.DefaultMaxParams)+"#f")
	if key := urlkey.CacheKey(at); !strings.HasPrefix(key, "https://example.com/?p1&p10&p100&") {
		t.Errorf("%d parameters: key starts %q, want them sorted", api.DefaultMaxParams, key[:min(len(key), 60)])
	}
	past := mustParse(t, "https://example.com/?"+params(api.DefaultMaxParams+1)+"#f")
	want := past.WithoutFragment().Href()
	if key := urlkey.CacheKey(past); key != want {
		t.Errorf("%d parameters: key starts %q, want the href without fragment", api.DefaultMaxParams+1, key[:min(len(key), 60)])
	}
	huge := mustParse(t, "https://example.com/?"+strings.Repeat("&b=1&a=1", 1<<17))
	if n := testing.AllocsPerRun(5, func() { urlkey.CacheKey(huge) }); n != 0 {
		t.Errorf("CacheKey of %d parameters allocates %v times", 1<<18, n)
	}
}

// keySeeds are the seeds of the keys' fuzz targets: a few URLs of every
// kind, and the repository's corpus of URLs.
func keySeeds() []string {
	seeds := []string{
		"https://www.example.co.uk/a?b=2&a=1#f",
		"https://alice.github.io./x?utm_source=1&&a",
		"http://[::1]:8080/?%FF=1&%fe",
		"http://10.0.0.1/",
		"http://a..example.com/",
		"http://xn--bcher-kva.example/%7e",
		"file:///x?b&a",
		"mailto:a@example.com",
		"foo://h/x?b=1&a=2",
	}
	if data, err := os.ReadFile("../testdata/fuzz/seeds.txt"); err == nil {
		seeds = append(seeds, strings.Split(strings.TrimSpace(string(data)), "\n")...)
	}
	return seeds
}

// FuzzCacheKey: CacheKey is the zero Options' key, a URL in serialized
// form, idempotent, in URLSearchParams' order, and u's URL but for the
// query and fragment, on the same site.
func FuzzCacheKey(f *testing.F) {
	for _, s := range keySeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		u, err := span.Parse(input)
		if err != nil {
			return
		}
		key := urlkey.CacheKey(u)
		if k := (urlkey.Options{}).CacheKey(u); k != key {
			t.Fatalf("CacheKey(%q) = %q, the zero Options' %q", input, key, k)
		}
		checkKey(t, u, key)
		k, err := span.Parse(key)
		if err != nil {
			return // checkKey reported it
		}
		o, ko := u.Offsets(), k.Offsets()
		if u.Href()[:o.PathStart] != key[:ko.PathStart] || u.Pathname() != k.Pathname() {
			t.Errorf("key %q of %q: another URL before the query", key, u.Href())
		}
		if urlkey.SiteKey(k) != urlkey.SiteKey(u) {
			t.Errorf("key %q of %q: site %q, not %q", key, u.Href(), urlkey.SiteKey(k), urlkey.SiteKey(u))
		}
	})
}

// FuzzSiteKey: the site key, with every list section and with the ICANN
// one alone, is the host or a suffix of it that starts a label, without a
// trailing dot, the ICANN key is the other or a suffix of it, and both are
// the list's answer (siteRef), on the first sight of a host and on later
// ones.
func FuzzSiteKey(f *testing.F) {
	for _, s := range keySeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		u, err := span.Parse(input)
		if err != nil {
			return
		}
		site := urlkey.SiteKey(u)
		if s := (urlkey.Options{}).SiteKey(u); s != site {
			t.Fatalf("SiteKey(%q) = %q, the zero Options' %q", input, site, s)
		}
		icann := urlkey.Options{ICANNOnly: true}.SiteKey(u)
		host := strings.TrimSuffix(u.Hostname(), ".")
		isSuffix := func(s, of string) bool { return s == of || strings.HasSuffix(of, "."+s) }
		if !isSuffix(site, host) || !isSuffix(icann, site) {
			t.Fatalf("%q (host %q): site %q, ICANN site %q", input, u.Hostname(), site, icann)
		}
		if u.HostKind() != record.HostDomain && site != host {
			t.Fatalf("%q: the site of a host that is no domain is %q", input, site)
		}
		// Twice more, so that the host is in SiteKey's table.
		for range 2 {
			if s, i := urlkey.SiteKey(u), (urlkey.Options{ICANNOnly: true}).SiteKey(u); s != siteRef(u, false) || i != siteRef(u, true) {
				t.Fatalf("%q: site %q, ICANN site %q; the list gives %q and %q", input, s, i, siteRef(u, false), siteRef(u, true))
			}
		}
	})
}
