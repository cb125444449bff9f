package api

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"unsafe"

	"github.com/spanurl/spanurl/internal/offsets"
	"github.com/spanurl/spanurl/internal/testvectors"
)

// setters maps an attribute name of the URL interface to its setter.
var setters = map[string]func(u *URL, v string){
	"href":     func(u *URL, v string) { _ = u.SetHref(v) },
	"protocol": (*URL).SetProtocol,
	"username": (*URL).SetUsername,
	"password": (*URL).SetPassword,
	"host":     (*URL).SetHost,
	"hostname": (*URL).SetHostname,
	"port":     (*URL).SetPort,
	"pathname": (*URL).SetPathname,
	"search":   (*URL).SetSearch,
	"hash":     (*URL).SetHash,
}

// getters maps an attribute name of the URL interface to its getter.
var getters = map[string]func(u *URL) string{
	"href":     (*URL).Href,
	"origin":   (*URL).Origin,
	"protocol": (*URL).Protocol,
	"username": (*URL).Username,
	"password": (*URL).Password,
	"host":     (*URL).Host,
	"hostname": (*URL).Hostname,
	"port":     (*URL).Port,
	"pathname": (*URL).Pathname,
	"search":   (*URL).Search,
	"hash":     (*URL).Hash,
}

type setterTest struct {
	Comment  string            `json:"comment"`
	Href     string            `json:"href"`
	NewValue string            `json:"new_value"`
	Expected map[string]string `json:"expected"`
}

// TestWPTSetters runs setters_tests.json: for each attribute, construct a
// URL from href, set the attribute to new_value, and check every expected
// getter.
func TestWPTSetters(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(testvectors.WPTDir(t), "setters_tests.json"))
	if err != nil {
		t.Fatal(err)
	}
	var file map[string]json.RawMessage
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	var attrs []string
	for attr := range file {
		if attr != "comment" {
			attrs = append(attrs, attr)
		}
	}
	sort.Strings(attrs)
	pass, total := 0, 0
	for _, attr := range attrs {
		set, ok := setters[attr]
		if !ok {
			t.Errorf("no setter for %q", attr)
			continue
		}
		var tests []setterTest
		if err := json.Unmarshal(file[attr], &tests); err != nil {
			t.Fatalf("%s: %v", attr, err)
		}
		for _, tc := range tests {
			total++
			if runSetterTest(t, attr, set, tc) {
				pass++
			}
		}
	}
	t.Logf("setters_tests.json: %d/%d", pass, total)
	if pass != total {
		t.Errorf("setters_tests.json: %d of %d failed", total-pass, total)
	}
}

func runSetterTest(t *testing.T, attr string, set func(*URL, string), tc setterTest) bool {
	t.Helper()
	u, err := NewURL(tc.Href)
	if err != nil {
		t.Errorf("%s: NewURL(%q): %v", attr, tc.Href, err)
		return false
	}
	set(u, tc.NewValue)
	ok := true
	for key, want := range tc.Expected {
		get, found := getters[key]
		if !found {
			t.Errorf("%s: no getter for %q", attr, key)
			ok = false
			continue
		}
		if got := get(u); got != want {
			t.Errorf("%s %q on %q (%s): %s = %q, want %q", attr, tc.NewValue, tc.Href, tc.Comment, key, got, want)
			ok = false
		}
	}
	if msg := offsets.Check(u.Span().Offsets(), u.Href()); msg != "" {
		t.Errorf("%s %q on %q: offsets: %s", attr, tc.NewValue, tc.Href, msg)
		ok = false
	}
	return ok
}

// TestSetterNoOps: a setter that the standard makes a no-op (or whose run
// of the basic URL parser fails before changing anything) leaves the URL
// exactly as it was.
func TestSetterNoOps(t *testing.T) {
	tests := []struct {
		href, attr, value string
	}{
		// host, hostname, pathname: no-ops on a URL with an opaque path.
		{"mailto:x", "host", "example.com"},
		{"mailto:x", "hostname", "example.com"},
		{"mailto:x", "pathname", "/a"},
		{"data:text/plain,hi", "host", "example.net:8080"},
		// username, password, port: no-ops when the URL cannot have them.
		{"file:///etc/hosts", "port", "8080"},
		{"file:///etc/hosts", "port", ""},
		{"file://host/share", "username", "me"},
		{"file://host/share", "password", "secret"},
		{"sc:/no/host", "username", "me"},
		{"sc:/no/host", "password", "secret"},
		{"sc:/no/host", "port", "1"},
		{"sc:///empty/host", "username", "me"},
		{"sc:///empty/host", "port", "1"},
		{"mailto:x", "username", "me"},
		// protocol: special and non-special schemes do not cross over.
		{"https://example.com/", "protocol", "sc"},
		{"sc://example.com/", "protocol", "https"},
		{"http://example.com/", "protocol", "ht tp"},
		{"http://example.com/", "protocol", "1http"},
		{"http://example.com/", "protocol", ""},
		{"http://user@example.com/", "protocol", "file"},
		{"http://example.com:8080/", "protocol", "file"},
		{"file:///x", "protocol", "http"},
		{"file://localhost/x", "protocol", "https"},
		// host and hostname values that fail before changing anything.
		{"http://example.com/", "host", ""},
		{"http://example.com/", "hostname", ""},
		{"http://example.com/", "hostname", "example.net:8080"},
		{"http://example.com/", "host", "[google.com]"},
		{"http://example.com/", "host", ":8080"},
		{"http://example.com/", "host", "exa mple.net"},
		{"sc://x/", "host", "\x00"},
		{"sc://user@x/", "host", ""},
		{"sc://x:1/", "hostname", ""},
		// port values that fail.
		{"http://example.com:8080/", "port", "65536"},
		{"http://example.com:8080/", "port", "x"},
		// values equal to the current ones.
		{"http://example.com/a?b#c", "search", "b"},
		{"http://example.com/a?b#c", "hash", "#c"},
		{"http://example.com/a?b#c", "pathname", "a"},
		{"http://example.com/a", "search", ""},
		{"http://example.com/a", "hash", ""},
		{"mailto:x", "hash", ""},
		{"mailto:x?q", "hash", ""},
		{"http://example.com/a", "port", ""},
		{"http://example.com:80/a", "port", "80"},
		{"http://u:p@example.com/", "username", "u"},
		{"http://u:p@example.com/", "password", "p"},
	}
	for _, tc := range tests {
		u, err := NewURL(tc.href)
		if err != nil {
			t.Fatalf("NewURL(%q): %v", tc.href, err)
		}
		before := u.Span()
		hrefBefore := u.Href()
		setters[tc.attr](u, tc.value)
		if u.Href() != hrefBefore || u.Span() != before {
			t.Errorf("%s %q on %q: href %q, want it unchanged", tc.attr, tc.value, tc.href, u.Href())
		}
		// The very string is kept, not a copy of it.
		if unsafe.StringData(u.Href()) != unsafe.StringData(hrefBefore) {
			t.Errorf("%s %q on %q: the href was rebuilt", tc.attr, tc.value, tc.href)
		}
	}
}

// TestSetterPartialFailure: as the standard words it, a setter's run of
// the basic URL parser that returns failure keeps what it changed before
// failing.
func TestSetterPartialFailure(t *testing.T) {
	tests := []struct {
		href, attr, value, want string
	}{
		{"http://example.net/path", "host", "example.com:65536", "http://example.com/path"},
		{"http://example.net:8080/path", "host", "example.com:x", "http://example.com:8080/path"},
		{"http://example.net:8080/path", "host", "[::1]:x", "http://[::1]:8080/path"},
		{"http://example.net:8080/path", "host", "example.com:", "http://example.com:8080/path"},
	}
	for _, tc := range tests {
		u, err := NewURL(tc.href)
		if err != nil {
			t.Fatal(err)
		}
		setters[tc.attr](u, tc.value)
		if u.Href() != tc.want {
			t.Errorf("%s %q on %q: href %q, want %q", tc.attr, tc.value, tc.href, u.Href(), tc.want)
		}
	}
}

// TestSetHrefError: a failing href setter returns an error and leaves the
// URL and its query object unchanged.
func TestSetHrefError(t *testing.T) {
	u, _ := NewURL("https://example.com/?a=1")
	sp := u.SearchParams()
	before := u.Span()
	for _, v := range []string{"", "/relative", "http://", "https://exa mple.com", "http://[::1"} {
		if err := u.SetHref(v); err == nil {
			t.Errorf("SetHref(%q) succeeded", v)
		}
		if u.Span() != before {
			t.Errorf("SetHref(%q) changed the URL to %q", v, u.Href())
		}
		if got, _ := sp.Get("a"); got != "1" {
			t.Errorf("SetHref(%q) changed the query object: a=%q", v, got)
		}
	}
	if err := u.SetHref(" HTTP://Example.COM/x?b=2 "); err != nil {
		t.Fatal(err)
	}
	if u.Href() != "http://example.com/x?b=2" || sp.Has("a") || !sp.Has("b") {
		t.Errorf("after SetHref: %q, list %v", u.Href(), sp.Pairs())
	}
	if err := u.SetHref("http://example.com/"); err != nil {
		t.Fatal(err)
	}
	if sp.Size() != 0 {
		t.Errorf("SetHref to a URL with a null query left %v", sp.Pairs())
	}
}

// TestSearchParamsBinding: the query object is the same object on every
// call, follows the href and search setters, and writes the URL's query.
func TestSearchParamsBinding(t *testing.T) {
	u, _ := NewURL("https://example.com/p?a=1&b=2#f")
	sp := u.SearchParams()
	if u.SearchParams() != sp {
		t.Fatal("SearchParams is not [SameObject]")
	}
	if v, _ := sp.Get("b"); v != "2" || sp.Size() != 2 {
		t.Fatalf("initial list %v", sp.Pairs())
	}
	sp.Append("c", "x y")
	if u.Href() != "https://example.com/p?a=1&b=2&c=x+y#f" {
		t.Errorf("after Append: %q", u.Href())
	}
	sp.Delete("a")
	sp.Delete("b")
	sp.Delete("c")
	// update step 3: an empty serialization sets the query to null.
	if u.Href() != "https://example.com/p#f" {
		t.Errorf("after deleting everything: %q", u.Href())
	}
	u.SetSearch("?q=%7E&r")
	if v, _ := sp.Get("q"); v != "~" || !sp.Has("r") || sp.Size() != 2 {
		t.Errorf("after SetSearch: %v", sp.Pairs())
	}
	u.SetSearch("")
	if sp.Size() != 0 || u.Href() != "https://example.com/p#f" {
		t.Errorf("after SetSearch(\"\"): %q %v", u.Href(), sp.Pairs())
	}
	u.SetSearch("?")
	if sp.Size() != 0 || u.Href() != "https://example.com/p?#f" {
		t.Errorf("after SetSearch(\"?\"): %q %v", u.Href(), sp.Pairs())
	}
	// search step 6 parses the given input, which a "#" does not end.
	u.SetSearch("a#b=c")
	if u.Href() != "https://example.com/p?a%23b=c#f" {
		t.Errorf("after SetSearch(\"a#b=c\"): %q", u.Href())
	}
	if v, ok := sp.Get("a#b"); !ok || v != "c" {
		t.Errorf("after SetSearch(\"a#b=c\"): %v", sp.Pairs())
	}
	// Other setters leave the list alone.
	u.SetHash("x")
	u.SetPathname("/q")
	if v, _ := sp.Get("a#b"); v != "c" || sp.Size() != 1 {
		t.Errorf("after SetHash/SetPathname: %v", sp.Pairs())
	}
	// A lazily made query object sees the current query.
	w, _ := NewURL("https://example.com/")
	w.SetSearch("k=v")
	if v, _ := w.SearchParams().Get("k"); v != "v" {
		t.Errorf("lazy query object: %v", w.SearchParams().Pairs())
	}
	// The spec's example: sorting re-serializes the query.
	x, _ := NewURL("https://example.com/?a=b ~")
	if x.Href() != "https://example.com/?a=b%20~" {
		t.Errorf("href %q", x.Href())
	}
	x.SearchParams().Sort()
	if x.Href() != "https://example.com/?a=b+%7E" {
		t.Errorf("after Sort: %q", x.Href())
	}
	// A query object of an opaque-path URL writes its query too.
	y, _ := NewURL("data:space ?query")
	y.SearchParams().Delete("query")
	if y.Href() != "data:space%20" {
		t.Errorf("opaque path after deleting the query: %q", y.Href())
	}
}

// TestSetUsernamePasswordEncoding: the username and password setters
// percent-encode with the userinfo set and read invalid UTF-8 as U+FFFD.
func TestSetUsernamePasswordEncoding(t *testing.T) {
	u, _ := NewURL("http://example.com/")
	u.SetUsername("a b:c@\xff")
	u.SetPassword("p/w\xe2\x82")
	if want := "http://a%20b%3Ac%40%EF%BF%BD:p%2Fw%EF%BF%BD@example.com/"; u.Href() != want {
		t.Errorf("href %q, want %q", u.Href(), want)
	}
	u.SetUsername("")
	u.SetPassword("")
	if u.Href() != "http://example.com/" {
		t.Errorf("clearing credentials: %q", u.Href())
	}
}

// TestZeroURL: the zero URL's getters return "" and only SetHref changes
// it.
func TestZeroURL(t *testing.T) {
	var u URL
	for name, get := range getters {
		if got := get(&u); got != "" {
			t.Errorf("zero URL: %s = %q", name, got)
		}
	}
	for name, set := range setters {
		if name != "href" {
			set(&u, "x")
		}
	}
	if !u.Span().IsZero() {
		t.Errorf("a setter changed the zero URL: %q", u.Href())
	}
	if !u.OriginValue().IsZero() {
		t.Error("zero URL has an origin")
	}
	if err := u.SetHref("https://example.com/"); err != nil || u.Hostname() != "example.com" {
		t.Errorf("SetHref on the zero URL: %v %q", err, u.Href())
	}
}

// TestSetterReuse: one URL through many setters (reusing its scratch
// state) gives the same result as fresh URLs, and the span.URL values it
// handed out do not change.
func TestSetterReuse(t *testing.T) {
	u, _ := NewURL("https://user:pw@example.com:8443/a/b?c=d#e")
	kept := u.Span()
	steps := []struct{ attr, value, href string }{
		{"pathname", "/x/../y z", "https://user:pw@example.com:8443/y%20z?c=d#e"},
		{"host", "EXAMPLE.org", "https://user:pw@example.org:8443/y%20z?c=d#e"},
		{"port", "443", "https://user:pw@example.org/y%20z?c=d#e"},
		{"username", "", "https://:pw@example.org/y%20z?c=d#e"},
		{"password", "", "https://example.org/y%20z?c=d#e"},
		{"protocol", "wss", "wss://example.org/y%20z?c=d#e"},
		{"search", "?é", "wss://example.org/y%20z?%C3%A9#e"},
		{"hash", "#é", "wss://example.org/y%20z?%C3%A9#%C3%A9"},
		{"hostname", "0x7f.1", "wss://127.0.0.1/y%20z?%C3%A9#%C3%A9"},
		{"host", "[::1]:9", "wss://[::1]:9/y%20z?%C3%A9#%C3%A9"},
		{"href", "sc:opaque", "sc:opaque"},
		{"hash", "h", "sc:opaque#h"},
	}
	for _, s := range steps {
		setters[s.attr](u, s.value)
		if u.Href() != s.href {
			t.Fatalf("%s %q: href %q, want %q", s.attr, s.value, u.Href(), s.href)
		}
		if msg := offsets.Check(u.Span().Offsets(), u.Href()); msg != "" {
			t.Fatalf("%s %q: %s", s.attr, s.value, msg)
		}
	}
	if kept.Href() != "https://user:pw@example.com:8443/a/b?c=d#e" {
		t.Errorf("a kept span.URL changed: %q", kept.Href())
	}
}
