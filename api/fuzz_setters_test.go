package api

import (
	"strings"
	"testing"

	"github.com/spanurl/spanurl/internal/offsets"
	"github.com/spanurl/spanurl/span"
)

// fuzzSetterNames is the order in which the first byte of an operation
// (mod len) picks a setter.
var fuzzSetterNames = []string{"href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"}

// fuzzOps encodes (setter, value) pairs as FuzzSetters decodes them.
func fuzzOps(pairs ...string) []byte {
	var b []byte
	if len(pairs)%2 == 1 && pairs[0] == "searchParams" {
		b, pairs = append(b, 0xff), pairs[1:]
	}
	for i := 0; i+1 < len(pairs); i += 2 {
		op := -1
		for j, n := range fuzzSetterNames {
			if n == pairs[i] {
				op = j
			}
		}
		if op < 0 {
			panic("unknown setter " + pairs[i])
		}
		b = append(b, byte(op), byte(len(pairs[i+1])))
		b = append(b, pairs[i+1]...)
	}
	return b
}

// FuzzSetters applies a sequence of setters to a URL: nothing panics, and
// after every setter the href parses to an equal URL (the setters never
// leave an href that does not round-trip) with consistent offsets, and a
// query object that exists holds the parsing of the query.
//
// The ops are decoded as an optional 0xff byte, which makes the query
// object before the first setter, then a sequence of operations: one byte
// choosing the setter (mod 10, in fuzzSetterNames order), one byte giving the value's
// length, and the value.
func FuzzSetters(f *testing.F) {
	seeds := []struct {
		href string
		ops  []byte
	}{
		{"https://user:pass@example.com:8080/a/b?q=1#frag", fuzzOps("href", "sc://h/p?q#f", "hash", "")},
		{"https://example.com/", fuzzOps("protocol", "wss", "protocol", "sc", "protocol", "file")},
		{"sc://example.com/", fuzzOps("protocol", "http", "protocol", "other+x")},
		{"http://example.com/", fuzzOps("username", "u s@r", "password", "p:w/", "username", "", "password", "")},
		{"http://example.com:8080/", fuzzOps("host", "example.org:65536", "host", "[::1]:x", "host", "")},
		{"sc://example.com/", fuzzOps("host", "", "hostname", "h", "hostname", "a:b")},
		{"non-spec:/.//p", fuzzOps("hostname", "h", "hostname", "", "pathname", "//x")},
		{"sc:/p", fuzzOps("pathname", "//a/../b", "host", "x", "pathname", "")},
		{"http://example.com/", fuzzOps("port", "80", "port", "8080x", "port", "", "port", "65536")},
		{"file:///C:/x", fuzzOps("pathname", "/../../D|/y", "host", "localhost", "host", "h")},
		{"http://example.com/", fuzzOps("pathname", "/a/%2e%2E/b", "pathname", "\\c\\..")},
		{"data:space ?query#frag", fuzzOps("search", "", "hash", "", "search", "?x y#z")},
		{"sc:opaque", fuzzOps("hash", "#a b", "search", "é", "search", "")},
		{"https://example.com/?a=1", fuzzOps("searchParams", "search", "?b=2&c", "href", "https://x/?d", "search", "")},
		{"https://example.com/?a=1", fuzzOps("searchParams", "search", "a\tb=c d", "href", "bad", "hash", "x")},
		{"sc:o?a=b", fuzzOps("searchParams", "href", "sc:p?c=d", "search", "?", "protocol", "tc")},
		{"sc://h:1/", fuzzOps("hostname", "", "host", "", "port", "")},
		{"http://[::1]/", fuzzOps("hostname", "0x7f.1", "host", "xn--nxa", "host", "\xff")},
		{"https://a.com:8443/p?q#f", fuzzOps("host", "example.org/x", "hostname", "a.b\\c", "host", "a.b.?q", "host", "a.9/x")},
	}
	for _, s := range seeds {
		f.Add(s.href, s.ops)
	}
	f.Fuzz(func(t *testing.T, href string, ops []byte) {
		u := ParseURL(href)
		if u == nil {
			return
		}
		var sp *SearchParams
		var wantList string // the serialization of the list sp must hold
		if len(ops) > 0 && ops[0] == 0xff {
			ops = ops[1:]
			sp = u.SearchParams() // exercise the bound query object too
			q, _ := u.Span().Query()
			wantList = SerializeForm(ParseForm(q))
		}
		for len(ops) >= 2 {
			name := fuzzSetterNames[int(ops[0])%len(fuzzSetterNames)]
			n := int(ops[1])
			ops = ops[2:]
			if n > len(ops) {
				n = len(ops)
			}
			value := string(ops[:n])
			ops = ops[n:]
			hrefErr := error(nil)
			if name == "href" {
				hrefErr = u.SetHref(value)
			} else {
				setters[name](u, value)
			}

			what := name + "(" + value + ")"
			if msg := offsets.Check(u.Span().Offsets(), u.Href()); msg != "" {
				t.Fatalf("%s: href %q: %s", what, u.Href(), msg)
			}
			again, err := span.Parse(u.Href())
			if err != nil {
				t.Fatalf("%s: href %q does not parse: %v", what, u.Href(), err)
			}
			if again != u.Span() {
				t.Fatalf("%s: href %q reparses to %q", what, u.Href(), again.Href())
			}
			_ = u.Origin() + u.Protocol() + u.Username() + u.Password() + u.Host() +
				u.Hostname() + u.Port() + u.Pathname() + u.Search() + u.Hash()
			if sp == nil {
				continue
			}
			// The href setter sets the list to the parsing of the new query;
			// the search setter to the parsing of the given value (which
			// differs from the query's when the value has tabs or
			// newlines, which the parser removes); the others leave it.
			switch name {
			case "href":
				if hrefErr != nil {
					break // a failing href setter changes nothing
				}
				q, _ := u.Span().Query()
				wantList = SerializeForm(ParseForm(q))
			case "search":
				wantList = SerializeForm(ParseForm(strings.TrimPrefix(value, "?")))
			}
			if sp.String() != wantList {
				t.Fatalf("%s: query object %q, want %q", what, sp.String(), wantList)
			}
		}
	})
}
