package urlkey

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/internal/pct"
	"github.com/spanurl/spanurl/span"
)

// oldSURT builds SURT's key pass by pass, each pass a copy of the path
// or the query: decoded, encoded again, converted, lowercased, stripped
// of its sessions, split, sorted and joined. It is the reference that
// SURT, which builds the key in one buffer, agrees with on every URL
// (FuzzSURT, TestSURTMatchesOld).
func oldSURT(u span.URL) string {
	if u.IsZero() || u.Hostname() == "" {
		return u.Href()
	}
	var b strings.Builder
	b.Grow(len(u.Href()))
	oldWriteSURTHost(&b, u.Hostname())
	if p := u.Port(); p != "" {
		b.WriteByte(':')
		b.WriteString(p)
	}
	b.WriteByte(')')
	path := strings.ToLower(oldSurtUnescape(u.Pathname()))
	path = oldStripPathSessionIDs(path)
	if len(path) > 1 && path[len(path)-1] == '/' {
		path = path[:len(path)-1]
	}
	if path == "" {
		path = "/"
	}
	b.WriteString(path)
	if q, ok := u.Query(); ok {
		params := strings.Split(strings.ToLower(oldSurtUnescape(q)), "&")
		params = slices.DeleteFunc(params, oldIsSessionParam)
		slices.Sort(params)
		if joined := strings.Join(params, "&"); joined != "" {
			b.WriteByte('?')
			b.WriteString(joined)
		}
	}
	return b.String()
}

func oldWriteSURTHost(b *strings.Builder, host string) {
	if host[0] == '[' {
		b.WriteString(host)
		return
	}
	labels := strings.Split(host, ".")
	if len(labels) > 2 && oldIsWWWLabel(labels[0]) {
		labels = labels[1:]
	}
	for i := len(labels) - 1; i >= 0; i-- {
		b.WriteString(labels[i])
		if i > 0 {
			b.WriteByte(',')
		}
	}
}

func oldIsWWWLabel(label string) bool {
	if !strings.HasPrefix(label, "www") {
		return false
	}
	for i := 3; i < len(label); i++ {
		if label[i] < '0' || label[i] > '9' {
			return false
		}
	}
	return true
}

func oldSurtUnescape(s string) string {
	first := strings.IndexByte(s, '%')
	if first < 0 {
		return s
	}
	b := make([]byte, first, len(s))
	copy(b, s)
	for i := first; i < len(s); i++ {
		b = append(b, s[i])
		for n := len(b); n >= 3 && b[n-3] == '%' && pct.IsASCIIHexDigit(b[n-2]) && pct.IsASCIIHexDigit(b[n-1]); n = len(b) {
			b = append(b[:n-3], pct.HexValue(b[n-2])<<4|pct.HexValue(b[n-1]))
		}
	}
	const hex = "0123456789ABCDEF"
	out := make([]byte, 0, len(b)+8)
	for _, c := range b {
		if c <= ' ' || c >= 0x7F || c == '#' || c == '%' {
			out = append(out, '%', hex[c>>4], hex[c&15])
			continue
		}
		out = append(out, c)
	}
	return string(out)
}

func oldIsSessionParam(p string) bool {
	name, value, _ := strings.Cut(p, "=")
	switch {
	case name == "jsessionid", name == "phpsessid":
		return len(value) == 32
	case name == "sid":
		return len(value) == 32 && strings.Trim(value, "0123456789abcdef") == ""
	case strings.HasPrefix(name, "aspsessionid") && len(name) == len("aspsessionid")+8:
		return len(value) == 24
	case name == "cfid", name == "cftoken":
		return true
	}
	return p == ""
}

func oldStripPathSessionIDs(path string) string {
	var b []byte // the path with segments removed, up to kept
	kept := 0    // path[kept:] is not in b yet (0: nothing is removed)
	next := -1   // the first ")/" at or after the last "/(" searched from
	for i := 0; i+2 < len(path); i++ {
		if path[i] != '/' || path[i+1] != '(' {
			continue
		}
		if next < i {
			j := strings.Index(path[i:], ")/")
			if j < 0 {
				break
			}
			next = i + j
		}
		if !oldIsASPSessionSegment(path[i+2 : next]) {
			continue
		}
		// Remove "/(...)", keeping the "/" that follows, from which the
		// search goes on.
		b = append(b, path[kept:i]...)
		kept = next + 1
		i = next
	}
	if kept == 0 {
		return path
	}
	return string(append(b, path[kept:]...))
}

func oldIsASPSessionSegment(seg string) bool {
	if len(seg) == 24 && oldAlnumPrefix(seg) == 24 {
		return true
	}
	if seg == "" {
		return false
	}
	for seg != "" {
		if len(seg) < 4 || seg[0] < 'a' || seg[0] > 'z' || seg[1] != '(' {
			return false
		}
		end := 2 + oldAlnumPrefix(seg[2:])
		if end == len(seg) || seg[end] != ')' {
			return false
		}
		seg = seg[end+1:]
	}
	return true
}

func oldAlnumPrefix(s string) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9') {
			return i
		}
	}
	return len(s)
}

// surtPieces are the bytes and words that TestSURTMatchesOld builds URLs
// of: escapes that decode to hex digits and to "%", stray "%"s, bytes
// that are encoded again, session segments and parameters, separators.
var surtPieces = []string{
	"%", "%25", "%32", "%35", "%34", "%31", "%41", "%7e", "%7E", "%2f", "%26", "%3f", "%23", "%20", "%ff", "%e2%82%ac",
	"2", "5", "4", "1", "a", "F", "z", "Z", "/", "(", ")", "/(", ")/", "s(", "(s(ab))", "4hqa0555fwsecu455xqckv45",
	"&", "=", "?", "#", " ", "\t", "\xff", "é", "cfid=1", "CFTOKEN=", "jsessionid=0123456789abcdefghijklemopqrstuv",
	"sid=9682993c8daa2c5497996114facdc805", "aspsessionidABCDEFGH=ABCDEFGHIJKLMNOPQRSTUVWX", "b=2", "a=1", "a", "b",
}

// TestSURTMatchesOld: SURT gives oldSURT's key on the examples, on long
// runs of escapes, sessions and parameters, and on random URLs made of
// surtPieces.
func TestSURTMatchesOld(t *testing.T) {
	check := func(input string) {
		t.Helper()
		u, err := span.Parse(input)
		if err != nil {
			return
		}
		if got, want := SURT(u), oldSURT(u); got != want {
			t.Errorf("SURT(%q)\n got %q\nwant %q", input, got, want)
		}
	}
	for _, s := range surtPartSeeds {
		check("http://www.example.com" + s + "?b=%2541&a=1&PHPSESSID=0123456789abcdefghijklemopqrstuv")
		check("http://www2.a.example.com:8080" + s + "?" + s)
	}
	for _, in := range []string{
		"http://example.com", "http://example.com/?", "http://example.com/?&&", "foo://h", "foo://h?x",
		"http://www.com./", "http://www.com/", "http://www.a.b./x", "http://[::1]/A?B", "http://1.2.3.4/",
		"http://h/a/(s(ab))/", "http://h/(s(ab))/?cfid=1", "http://h/?b&a&b&&a", "http://h/?" + strings.Repeat("cfid=1&", 20) + "x",
		"http://h/" + strings.Repeat("(s(ab))/", 20) + "?a",
	} {
		check(in)
	}
	for _, unit := range []string{"%25", "%%32", "%a%41", "%7E%41", "(s(ab))/", "(/", "z=1&y=2&", "cfid=1&", "&", "%26b%3D1&a", "A%20"} {
		run := strings.Repeat(unit, 300)
		check("http://www.example.com/" + run + "?" + run)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		b.WriteString([]string{"http://", "https://www.", "foo://", "http://www1."}[rng.IntN(4)])
		b.WriteString([]string{"example.com", "A.b.C", "h", "[::1]", "1.2.3.4", "a.b.c."}[rng.IntN(6)])
		b.WriteString([]string{"", ":80", ":8080"}[rng.IntN(3)])
		for range rng.IntN(24) {
			b.WriteString(surtPieces[rng.IntN(len(surtPieces))])
		}
		check(b.String())
	}
}
