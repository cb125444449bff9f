package api

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/internal/offsets"
	"github.com/spanurl/spanurl/internal/testvectors"
	"github.com/spanurl/spanurl/span"
)

// spliceSetterNames is the order in which an operation byte (mod len)
// picks a setter in FuzzSetterSplice.
var spliceSetterNames = []string{"protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash", "searchParams"}

// spliceSetters run a setter's early returns and its splice only, and
// report whether they did (false: the value needs the record).
var spliceSetters = map[string]func(u *URL, v string) bool{
	"protocol": (*URL).setProtocolSplice,
	"username": (*URL).setUsernameSplice,
	"password": (*URL).setPasswordSplice,
	"host":     (*URL).setHostSplice,
	"hostname": (*URL).setHostnameSplice,
	"port":     (*URL).setPortSplice,
	"pathname": (*URL).setPathnameSplice,
	"search":   (*URL).setSearchSplice,
	"hash":     (*URL).setHashSplice,
	// The URLSearchParams update: v is written as the serialized list.
	"searchParams": func(u *URL, v string) bool {
		return u.url.IsZero() || u.setQuerySplice(v)
	},
}

// recordSetters are the oracle: the setters on the URL record.
var recordSetters = map[string]func(u *URL, v string){
	"protocol": (*URL).setProtocolRecord,
	"username": (*URL).setUsernameRecord,
	"password": (*URL).setPasswordRecord,
	"host":     (*URL).setHostRecord,
	"hostname": (*URL).setHostnameRecord,
	"port":     (*URL).setPortRecord,
	"pathname": (*URL).setPathnameRecord,
	"search":   (*URL).setSearchRecord,
	"hash":     (*URL).setHashRecord,
	"searchParams": func(u *URL, v string) {
		if u.url.IsZero() {
			return
		}
		r := u.record()
		r.Query = append(r.Query[:0], v...)
		r.HasQuery = v != ""
		u.commit()
	},
}

// spliceStep applies one setter to fast (public setter: splice or
// record) and to slow (record only) and fails when they differ: the
// href, the packed offsets with host kind and flags (span.URL ==), the
// offsets' consistency, and the query objects' lists. It reads the URLs
// without marking their buffers live, so that the next step edits in
// place.
func spliceStep(t *testing.T, fast, slow *URL, name, value string) {
	t.Helper()
	before := fast.url
	took := spliceSetters[name](fast, value)
	if !took && fast.url != before {
		t.Fatalf("%s(%q) on %q: declined but changed the URL to %q", name, value, before.Href(), fast.url.Href())
	}
	if !took {
		if name == "searchParams" {
			recordSetters[name](fast, value)
		} else {
			setters[name](fast, value)
		}
	}
	recordSetters[name](slow, value)
	if name == "search" {
		// The record-based search setter leaves the list to SetSearch.
		slow.syncQueryObject(usvString(trimQuestion(value)))
	}
	if fast.url != slow.url {
		t.Fatalf("%s(%q) on %q (spliced %v):\n got %q %+v kind %v\nwant %q %+v kind %v", name, value, before.Href(), took,
			fast.url.Href(), fast.url.Offsets(), fast.url.HostKind(), slow.url.Href(), slow.url.Offsets(), slow.url.HostKind())
	}
	if msg := offsets.Check(fast.url.Offsets(), fast.url.Href()); msg != "" {
		t.Fatalf("%s(%q) on %q: %q: %s", name, value, before.Href(), fast.url.Href(), msg)
	}
	if fast.query != nil && fast.query.String() != slow.query.String() {
		t.Fatalf("%s(%q) on %q: query object %q, want %q", name, value, before.Href(), fast.query.String(), slow.query.String())
	}
}

func trimQuestion(v string) string {
	if v != "" && v[0] == '?' {
		return v[1:]
	}
	return v
}

// checkSplice runs two setters in a row on href through both paths.
func checkSplice(t *testing.T, href string, op1 uint8, v1 string, op2 uint8, v2 string) {
	t.Helper()
	u := ParseURL(href)
	if u == nil {
		return
	}
	checkWith(t, u.Span(), spliceSetterNames[op1%uint8(len(spliceSetterNames))], v1)
	fast, slow := FromSpan(u.Span()), FromSpan(u.Span())
	if op1&0x80 != 0 {
		fast.SearchParams()
		slow.SearchParams()
	}
	n := uint8(len(spliceSetterNames))
	spliceStep(t, fast, slow, spliceSetterNames[op1%n], v1)
	spliceStep(t, fast, slow, spliceSetterNames[op2%n], v2)
}

// withMethods are span.URL's With methods by the setter they follow.
var withMethods = map[string]func(u span.URL, v string) (span.URL, bool){
	"pathname": span.URL.WithPathname,
	"search":   span.URL.WithSearch,
	"hash":     span.URL.WithHash,
	"host":     span.URL.WithHost,
	"port":     span.URL.WithPort,
}

// checkWith checks a With method against the record-based setter: when
// it applies the value, its URL is the setter's; otherwise it is start.
// WithoutCredentials is checked against the username and password
// setters given "".
func checkWith(t *testing.T, start span.URL, name, value string) {
	t.Helper()
	want := FromSpan(start)
	want.setUsernameRecord("")
	want.setPasswordRecord("")
	if got := start.WithoutCredentials(); got != want.url {
		t.Fatalf("WithoutCredentials on %q: %q, want %q", start.Href(), got.Href(), want.url.Href())
	}
	with, ok := withMethods[name]
	if !ok {
		return
	}
	got, applied := with(start, value)
	if !applied {
		if got != start {
			t.Fatalf("With %s(%q) on %q: not applied but %q", name, value, start.Href(), got.Href())
		}
		return
	}
	want = FromSpan(start)
	recordSetters[name](want, value)
	if got != want.url {
		t.Fatalf("With %s(%q) on %q: %q, want %q", name, value, start.Href(), got.Href(), want.url.Href())
	}
}

// FuzzSetterSplice is the invariant of the spliced setters: whenever a
// setter's splice takes a value, the URL is exactly what the record-based
// setter makes of it (href, offsets, host kind, flags, query object), on
// a fresh object and on one whose buffer the first setter filled. The
// span.URL With methods are held to the same setters (checkWith).
func FuzzSetterSplice(f *testing.F) {
	for _, s := range spliceSeeds(f) {
		f.Add(s.href, s.op1, s.v1, s.op2, s.v2)
	}
	// The host splice's one-pass case: a domain alone or before the end
	// of the host, next to values just outside it.
	f.Add("https://u@a.com:8443/p?q#f", uint8(3), "example.org/x", uint8(4), `a.b\c`)
	f.Add("wss://a.com/p", uint8(3), "a.b#c", uint8(3), "a.b:1")
	f.Add("http://a.com/", uint8(4), "a.xn--b?q", uint8(3), "a.b\tc/")
	f.Add("sc://a.com/p", uint8(3), "a.b/x", uint8(4), `a.b\c`)
	f.Add("https://a.com/p", uint8(3), "xn--a.b/", uint8(4), "a..b?q")
	f.Add("http://a.com:81/p", uint8(3), "a.b:0080/x", uint8(3), "a.b:99999")
	f.Add("https://a.com/p", uint8(3), "a.b:1:2", uint8(4), "a.b:1")
	f.Fuzz(checkSplice)
}

type spliceSeed struct {
	href string
	op1  uint8
	v1   string
	op2  uint8
	v2   string
}

// spliceValues are values each setter is tried with on corpus URLs.
var spliceValues = map[string][]string{
	"protocol":     {"https", "http", "ws", "sc", "ftp:", "file"},
	"username":     {"user", "", "a%20b", "u@"},
	"password":     {"pass", "", "p:w"},
	"host":         {"example.org", "a-b.c", "x.1", "h:8080", "[::1]", "xn--nxa", "h:80/\tx", "a\tb:1", "h:8\n0", "example.org/p", "a.b\\c", "a..b/", "a.9/x", "a.b\tc", "a.b.?q", "a.b:443/x", "a.b:65536", "a.b:1:2", "a.b:8\t0/"},
	"hostname":     {"example.org", "EXAMPLE.org", "h/p", "h?q", "a.b#c", "xn--a.b/", "a.b c/"},
	"port":         {"8080", "", "80", "443", "0", "65536", "12x"},
	"pathname":     {"/x/y", "", "x", "/a/../b", "/%2e/", "//p", "/a b"},
	"search":       {"?a=b", "", "?", "a'b", "#x"},
	"hash":         {"#frag", "", "#", "a`b", "a#b"},
	"searchParams": {"a=b&c=d", "", "x=%20"},
}

// spliceSeeds are the setters' web-platform tests and corpus URLs with
// the values above.
func spliceSeeds(t testing.TB) []spliceSeed {
	var seeds []spliceSeed
	index := map[string]uint8{}
	for i, n := range spliceSetterNames {
		index[n] = uint8(i)
	}
	if data, err := os.ReadFile(filepath.Join(testvectors.WPTDir(t), "setters_tests.json")); err == nil {
		var file map[string]json.RawMessage
		if err := json.Unmarshal(data, &file); err != nil {
			t.Fatal(err)
		}
		for attr, raw := range file {
			op, ok := index[attr]
			if !ok {
				continue
			}
			var tests []setterTest
			if json.Unmarshal(raw, &tests) != nil {
				continue
			}
			for _, tc := range tests {
				seeds = append(seeds, spliceSeed{tc.Href, op, tc.NewValue, op, tc.NewValue})
			}
		}
	}
	dir, ok := testvectors.CorpusDir()
	if !ok {
		return seeds // the setters' tests alone seed a fresh clone
	}
	file, err := os.Open(filepath.Join(dir, "absolute.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	sc.Buffer(nil, 1<<20)
	for line := 0; sc.Scan(); line++ {
		if line%997 != 0 {
			continue
		}
		for op, name := range spliceSetterNames {
			vs := spliceValues[name]
			seeds = append(seeds, spliceSeed{sc.Text(), uint8(op) | 0x80, vs[line%len(vs)], uint8(line) % 10, vs[0]})
		}
	}
	return seeds
}

// TestSetHostSpliceTakes checks that the host and hostname splices take
// a lowercase domain, alone or before the end of the host, on a special
// URL, and give the href the standard's setter gives.
func TestSetHostSpliceTakes(t *testing.T) {
	for _, c := range []struct{ href, value, want string }{
		{"https://a.com/p?q#f", "example.org", "https://example.org/p?q#f"},
		{"http://u:p@a.com:8080/p", "b-c.d/x", "http://u:p@b-c.d:8080/p"},
		{"wss://a.com/", "x.y?z", "wss://x.y/"},
		{"https://a.com", "x.y#z", "https://x.y/"},
		{"https://a.com/p", `x.y\z`, "https://x.y/p"},
		{"https://a.com/p", "a.b-c9.d-e", "https://a.b-c9.d-e/p"},
		// Host setter only: a port after the domain.
		{"https://a.com/p", "x.y:8080", "https://x.y:8080/p"},
		{"http://a.com:81/p", "x.y:0080?q", "http://x.y/p"},
		{"http://a.com:81/p", "x.y:", "http://x.y:81/p"},
		{"ws://a.com/p", `x.y:9\z`, "ws://x.y:9/p"},
	} {
		names := []string{"host", "hostname"}
		if strings.Contains(c.value, ":") {
			names = names[:1]
		}
		for _, name := range names {
			u := ParseURL(c.href)
			if !spliceSetters[name](u, c.value) {
				t.Errorf("%s(%q) on %q: the splice declines", name, c.value, c.href)
				continue
			}
			if got := u.Href(); got != c.want {
				t.Errorf("%s(%q) on %q: %q, want %q", name, c.value, c.href, got, c.want)
			}
			want := ParseURL(c.href)
			recordSetters[name](want, c.value)
			if u.url != want.url {
				t.Errorf("%s(%q) on %q: %+v, want the record's %+v", name, c.value, c.href, u.url.Offsets(), want.url.Offsets())
			}
		}
	}
}

// TestSetterSpliceDatasets runs every setter with each of its values on a
// sample of the corpus and on the setters' web-platform tests, through
// the splice and the record.
func TestSetterSpliceDatasets(t *testing.T) {
	if _, ok := testvectors.CorpusDir(); !ok {
		// The corpus part skips where it can be seen; the rest runs.
		t.Run("corpus", func(t *testing.T) { testvectors.DatasetsDir(t) })
	}
	n := 0
	for _, s := range spliceSeeds(t) {
		checkSplice(t, s.href, s.op1, s.v1, s.op2, s.v2)
		n++
	}
	hrefs := []string{"https://u:p@example.com:8080/a/b?q=1#f", "sc://h/p?q#f", "http://[::1]/", "sc:opaque ?q#f", "sc:opaque #f", "http://1.2.3.4/", "sc:/p", "non-spec:/.//p", "file:///C:/x"}
	for _, h := range hrefs {
		for op1, name1 := range spliceSetterNames {
			for _, v1 := range spliceValues[name1] {
				for op2, name2 := range spliceSetterNames {
					for _, v2 := range spliceValues[name2] {
						checkSplice(t, h, uint8(op1)|0x80, v1, uint8(op2), v2)
						n++
					}
				}
			}
		}
	}
	t.Logf("%d setter pairs", n)
}
