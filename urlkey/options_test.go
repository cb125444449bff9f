package urlkey_test

import (
	"bufio"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/api"
	"github.com/spanurl/spanurl/span"
	"github.com/spanurl/spanurl/urlkey"
)

var tracking = urlkey.Options{
	DropParams:        []string{"fbclid", "gclid", "PHPSESSID"},
	DropParamPrefixes: []string{"utm_"},
}

func TestOptions(t *testing.T) {
	keepOrder := tracking
	keepOrder.KeepOrder = true
	normalize := urlkey.Options{NormalizeEscapes: true}
	fragment := urlkey.Options{KeepFragment: true, KeepOrder: true}
	tests := []struct {
		opts     urlkey.Options
		in, want string
	}{
		{tracking, "https://example.com/a?utm_source=x&id=2&fbclid=y&b=1#f", "https://example.com/a?b=1&id=2"},
		{tracking, "https://example.com/a?utm_source=x&fbclid=y", "https://example.com/a"},
		{tracking, "https://example.com/a?utm=1&utm_=2&UTM_source=3&fbclid2=4", "https://example.com/a?UTM_source=3&fbclid2=4&utm=1"},
		// Names compare form-decoded.
		{tracking, "https://example.com/a?utm%5Fsource=x&%67clid=1&q=1", "https://example.com/a?q=1"},
		{tracking, "https://example.com/a?PHPSESSID=abc&PHPSESSID&p=1", "https://example.com/a?p=1"},
		{tracking, "https://example.com/a?q=1&&&fbclid", "https://example.com/a?q=1"},
		// Only names are compared, never values.
		{tracking, "https://example.com/a?ref=fbclid&x=utm_a", "https://example.com/a?ref=fbclid&x=utm_a"},
		{keepOrder, "https://example.com/a?X-Sig=z&Expires=1&utm_medium=m&&A=1", "https://example.com/a?X-Sig=z&Expires=1&A=1"},
		{keepOrder, "https://example.com/a?b=2&a=1", "https://example.com/a?b=2&a=1"},
		{normalize, "https://example.com/%7euser/%7Ea%2fb%2F?q=%7e%2c&%41=%e2%82%ac#%7e", "https://example.com/~user/~a%2Fb%2F?A=%E2%82%AC&q=~%2C"},
		{normalize, "https://example.com/a%2E%2Eb/%2ex?%2E=%zz&b=%4", "https://example.com/a..b/.x?.=%zz&b=%4"},
		{normalize, "mailto:%7ejoe@example.com?subject=%4a", "mailto:~joe@example.com?subject=J"},
		{normalize, "file:///%43:/x", "file:///C:/x"},
		// A decoded hex digit never completes an escape with a stray "%".
		{normalize, "a:%a%41", "a:%a%41"},
		{normalize, "a:%%41b", "a:%%41b"},
		{normalize, "a:%%41z", "a:%Az"},
		{normalize, "https://example.com/%%41%42?%%62%63", "https://example.com/%A%42?%b%63"},
		{fragment, "https://example.com/?b&a#%7e", "https://example.com/?b&a#%7e"},
		{fragment, "https://example.com/?b&&a#top", "https://example.com/?b&a#top"},
		{fragment, "https://example.com/?#", "https://example.com/#"},
	}
	for _, tc := range tests {
		u := mustParse(t, tc.in)
		k, got := keyPair(t, tc.opts, u)
		if got != tc.want {
			t.Errorf("%+v.CacheKey(%q) = %q, want %q", tc.opts, tc.in, got, tc.want)
		}
		checkOptionsKey(t, tc.opts, u, k, got)
	}
	if k, s := keyPair(t, tracking, span.URL{}); !k.IsZero() || s != "" {
		t.Errorf("key of the zero URL: %v, %q", k, s)
	}
}

// keyPair returns opts' key of u as a URL and as a string, and fails
// unless the URL's href is the string.
func keyPair(t *testing.T, opts urlkey.Options, u span.URL) (span.URL, string) {
	t.Helper()
	k, key := opts.CacheKeyURL(u), opts.CacheKey(u)
	if k.Href() != key {
		t.Fatalf("%+v: key of %q: CacheKeyURL %q, CacheKey %q", opts, u.Href(), k.Href(), key)
	}
	return k, key
}

// checkOptionsKey: the key is a URL in serialized form, its own key, and
// has none of the parameters the policy drops.
func checkOptionsKey(t *testing.T, opts urlkey.Options, u, k span.URL, key string) {
	t.Helper()
	if k.Href() != key {
		t.Fatalf("%+v: key of %q: URL %q, string %q", opts, u.Href(), k.Href(), key)
	}
	p, err := span.Parse(key)
	if err != nil || p != k {
		t.Fatalf("%+v: key %q of %q does not parse to itself: %q, %v", opts, key, u.Href(), p.Href(), err)
	}
	if k2, again := keyPair(t, opts, k); again != key || k2 != k {
		t.Fatalf("%+v: not idempotent on %q (the key of %q): %q", opts, key, u.Href(), again)
	}
	if !opts.KeepFragment && k.HasFragment() {
		t.Errorf("%+v: key %q has a fragment", opts, key)
	}
	q, _ := k.Query()
	if opts.NormalizeEscapes {
		off := k.Offsets()
		end := len(key)
		if f := strings.IndexByte(key[off.PathStart:], '#'); f >= 0 && k.HasFragment() {
			end = int(off.PathStart) + f
		}
		if s := key[off.PathStart:end]; hasUnnormalizedEscape(s) {
			t.Errorf("%+v: key %q of %q keeps an escape to normalize in %q", opts, key, u.Href(), s)
		}
	}
	if pairs := api.ParseForm(q); !opts.KeepOrder && len(pairs) <= api.DefaultMaxParams {
		// The pairs go in as pairs: a query that starts with "?" would lose
		// its first character to NewSearchParams.
		init := make([][2]string, len(pairs))
		for i, pair := range pairs {
			init[i] = [2]string{pair.Name, pair.Value}
		}
		sp := api.NewSearchParamsFromPairs(init)
		sp.Sort()
		if !slices.Equal(pairs, sp.Pairs()) {
			t.Errorf("%+v: key %q of %q is not in order", opts, key, u.Href())
		}
	}
	for _, pair := range api.ParseForm(q) {
		if slices.Contains(opts.DropParams, pair.Name) || slices.ContainsFunc(opts.DropParamPrefixes, func(p string) bool { return strings.HasPrefix(pair.Name, p) }) {
			t.Errorf("%+v: key %q of %q keeps %q", opts, key, u.Href(), pair.Name)
		}
	}
}

func TestOptionsZeroIsCacheKey(t *testing.T) {
	for _, s := range []string{"https://example.com/p?b=2&a=1#f", "https://example.com/?&", "https://example.com/%7e?a=%7e", "foo:bar?z&y"} {
		u := mustParse(t, s)
		if got := (urlkey.Options{}).CacheKey(u); got != urlkey.CacheKey(u) {
			t.Errorf("%q: zero Options gives %q, CacheKey %q", s, got, urlkey.CacheKey(u))
		}
	}
}

func TestOptionsNoAllocs(t *testing.T) {
	all := tracking
	all.NormalizeEscapes = true
	for _, s := range []string{"https://example.com/~a/%2F?a=1&b=%2C#frag", "https://example.com/a", "foo:x?b&a"} {
		u := mustParse(t, s)
		if s == "foo:x?b&a" {
			all.KeepOrder = true
		}
		if n := testing.AllocsPerRun(100, func() { all.CacheKey(u) }); n != 0 {
			t.Errorf("%+v.CacheKey(%q) allocates %v times", all, s, n)
		}
	}
}

// TestOptionsParamLimit: the limit counts the parameters the key
// keeps; past it, the query keeps its order and its empty parameters.
func TestOptionsParamLimit(t *testing.T) {
	opts := tracking
	opts.NormalizeEscapes = true
	many := "&&b=%7e" + strings.Repeat("&a=1", api.DefaultMaxParams)
	u := mustParse(t, "https://example.com/?utm_x=1"+many)
	k, key := keyPair(t, opts, u)
	if want := "https://example.com/?&b=~" + strings.Repeat("&a=1", api.DefaultMaxParams); key != want {
		t.Errorf("past the limit: key starts %q", key[:60])
	}
	checkOptionsKey(t, opts, u, k, key)
	u = mustParse(t, "https://example.com/?utm_x=1&utm_y=2"+many[len("&&b=%7e"):]+"&b=1")
	k, key = keyPair(t, opts, u)
	if want := "https://example.com/?" + strings.Repeat("a=1&", api.DefaultMaxParams-1) + "a=1&b=1"; key != want {
		t.Errorf("at the limit once dropped: key starts %q", key[:60])
	}
	checkOptionsKey(t, opts, u, k, key)
}

// FuzzCacheKeyOptions: under every policy the key parses to itself, is
// its own key and keeps no dropped parameter.
func FuzzCacheKeyOptions(f *testing.F) {
	seeds := []string{
		"https://example.com/a?utm_source=x&id=2&fbclid=y&b=1#f",
		"https://example.com/%7euser/%2f?q=%7e%2c&%41=%e2%82%ac#%7e",
		"file:///%43:/x?%2e",
		"foo:/.//x/%2E?+=%2B&&",
		"http://h/?%FF=1&%fe&%E2%82=&%EF%BB%BFa",
	}
	if file, err := os.Open("../testdata/fuzz/seeds.txt"); err == nil {
		sc := bufio.NewScanner(file)
		for sc.Scan() {
			seeds = append(seeds, sc.Text())
		}
		file.Close()
	}
	for i, s := range seeds {
		f.Add(s, uint8(i), "utm%5F")
	}
	f.Fuzz(func(t *testing.T, input string, bits uint8, drop string) {
		u, err := span.Parse(input)
		if err != nil {
			return
		}
		opts := urlkey.Options{
			KeepOrder:        bits&1 != 0,
			NormalizeEscapes: bits&2 != 0,
			KeepFragment:     bits&4 != 0,
		}
		if bits&8 != 0 {
			opts.DropParams = []string{drop, "a", "%"}
		}
		if bits&16 != 0 {
			opts.DropParamPrefixes = []string{drop, "utm_"}
		}
		k, key := keyPair(t, opts, u)
		checkOptionsKey(t, opts, u, k, key)
	})
}

func TestSiteKeyICANNOnly(t *testing.T) {
	icann := urlkey.Options{ICANNOnly: true}
	tests := []struct{ in, all, icann string }{
		{"https://alice.github.io/", "alice.github.io", "github.io"},
		{"https://www.alice.github.io/", "alice.github.io", "github.io"},
		{"https://github.io/", "github.io", "github.io"},
		{"https://bucket.s3.amazonaws.com/k", "bucket.s3.amazonaws.com", "amazonaws.com"},
		{"https://www.example.co.uk./", "example.co.uk", "example.co.uk"},
		{"https://co.uk/", "co.uk", "co.uk"},
		{"http://[::1]:8080/", "[::1]", "[::1]"},
		{"http://10.0.0.1/", "10.0.0.1", "10.0.0.1"},
		{"http://localhost/", "localhost", "localhost"},
		{"mailto:a@example.com", "", ""},
	}
	for _, tc := range tests {
		u := mustParse(t, tc.in)
		if got := (urlkey.Options{}).SiteKey(u); got != tc.all || got != urlkey.SiteKey(u) {
			t.Errorf("SiteKey(%q) = %q, want %q (the function: %q)", tc.in, got, tc.all, urlkey.SiteKey(u))
		}
		if got := icann.SiteKey(u); got != tc.icann {
			t.Errorf("ICANNOnly SiteKey(%q) = %q, want %q", tc.in, got, tc.icann)
		}
	}
	if icann.SiteKey(span.URL{}) != "" {
		t.Error("SiteKey of the zero URL")
	}
}

// hasUnnormalizedEscape reports whether s has a percent-encoded
// unreserved character or an escape with lowercase hex digits.
func hasUnnormalizedEscape(s string) bool {
	const hex = "0123456789ABCDEFabcdef"
	isHex := func(c byte) bool { return strings.IndexByte(hex, c) >= 0 }
	for i := 0; i+2 < len(s); i++ {
		if s[i] != '%' || strings.IndexByte(hex, s[i+1]) < 0 || strings.IndexByte(hex, s[i+2]) < 0 {
			continue
		}
		hi, lo := strings.IndexByte(hex, s[i+1]), strings.IndexByte(hex, s[i+2])
		if hi > 15 || lo > 15 {
			return true
		}
		c := byte(hi<<4 | lo)
		// Decoding a hex digit right after a stray "%" or "%" and a hex
		// digit would make a new escape, so such an escape stays.
		joins := isHex(c) && (i >= 2 && s[i-2] == '%' && isHex(s[i-1]) || i >= 1 && s[i-1] == '%' && i+3 < len(s) && isHex(s[i+3]))
		if !joins && ('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~') {
			return true
		}
	}
	return false
}
