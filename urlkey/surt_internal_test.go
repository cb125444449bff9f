package urlkey

import (
	"strings"
	"testing"

	"github.com/spanurl/spanurl/span"
)

// refUnescape is SURT's decoding as web archives run it: passes of
// percent-decoding over the whole string until one decodes nothing, then
// the bytes a key must not hold encoded again. It is quadratic in the
// worst case, and the reference surtUnescape must agree with.
func refUnescape(s string) string {
	b := []byte(s)
	for {
		out := make([]byte, 0, len(b))
		for i := 0; i < len(b); i++ {
			if b[i] == '%' && i+2 < len(b) && isHexForTest(b[i+1]) && isHexForTest(b[i+2]) {
				out = append(out, unhexForTest(b[i+1])<<4|unhexForTest(b[i+2]))
				i += 2
				continue
			}
			out = append(out, b[i])
		}
		if len(out) == len(b) {
			break
		}
		b = out
	}
	var r strings.Builder
	for _, c := range b {
		if c <= ' ' || c >= 0x7F || c == '#' || c == '%' {
			r.WriteString("%" + strings.ToUpper(string("0123456789abcdef"[c>>4])+string("0123456789abcdef"[c&15])))
			continue
		}
		r.WriteByte(c)
	}
	return r.String()
}

func isHexForTest(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhexForTest(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// refStrip is stripPathSessionIDs as the rule reads, one "/(" at a time,
// rebuilding the path at each removal: quadratic in the worst case.
func refStrip(path string) string {
	for i := 0; i+2 < len(path); i++ {
		if path[i] != '/' || path[i+1] != '(' {
			continue
		}
		end := strings.Index(path[i:], ")/")
		if end < 0 {
			break
		}
		if refSession(path[i+2 : i+end]) {
			path = path[:i] + path[i+end+1:]
			i--
		}
	}
	return path
}

func refSession(seg string) bool {
	alnum := func(s string) bool { return strings.Trim(s, "abcdefghijklmnopqrstuvwxyz0123456789") == "" }
	if len(seg) == 24 && alnum(seg) {
		return true
	}
	if seg == "" {
		return false
	}
	for seg != "" {
		if len(seg) < 4 || seg[0] < 'a' || seg[0] > 'z' || seg[1] != '(' {
			return false
		}
		end := strings.IndexByte(seg, ')')
		if end < 0 || !alnum(seg[2:end]) {
			return false
		}
		seg = seg[end+1:]
	}
	return true
}

// surtParts checks a path or query's text in a key (surtText, written
// from s in one pass where it may be, and from surtDecode's decoding
// always) and stripPathSessionIDs on s against their references.
func surtParts(t *testing.T, s string) {
	t.Helper()
	want := strings.ToLower(refUnescape(s))
	for _, text := range []surtText{newSURTText(s), newDecodedSURTText(s)} {
		got := text.appendTo(nil)
		if string(got) != want {
			t.Errorf("surtText(%q), decoded first %t: %q, want %q", s, text.decoded != nil, got, want)
		}
		if text.n != len(got) {
			t.Errorf("surtText(%q), decoded first %t: length %d, %d written", s, text.decoded != nil, text.n, len(got))
		}
	}
	path := []byte(want)
	if got, want := string(path[:stripPathSessionIDs(path)]), refStrip(want); got != want {
		t.Errorf("stripPathSessionIDs(%q) = %q, want %q", path, got, want)
	}
}

var surtPartSeeds = []string{
	"",
	"/a/b",
	"/%25%32%35",
	"/%2525252525252525",
	"/%%341",
	"/%%%3341%",
	"/%2%35%341",
	"/%252%35",
	"/%25%25%34%31",
	"/%%2541%4",
	"/%7e%7E%2f%E2%82%AC",
	"/(s(4hqa0555fwsecu455xqckv45))/mileg.aspx",
	"/(4hqa0555fwsecu455xqckv45)/x",
	"/(a(4hqa0555fwsecu455xqckv45)s(4hqa0555fwsecu455xqckv45)f(4hqa0555fwsecu455xqckv45))/x",
	"/(s(a))/(s(b))/(s(c))/x",
	"/(s(a))(/(s(b))/",
	"/(/(/(/(s(a))/",
	"/()(ab)/",
	"/(1(ab))/",
	"/(s(a)/(s(b))/",
	"/(s(a))",
	"/(s(a))/",
	"/(%73(a))/",
	"/(%2573(a))/",
}

// TestSURTParts: the one-pass decoding and session stripping give what
// the passes of the references give.
func TestSURTParts(t *testing.T) {
	for _, s := range surtPartSeeds {
		surtParts(t, s)
	}
}

// TestSURTSessionNoPanic: a segment whose first byte is ")" ("/()(ab)/")
// is no session, and SURT returns a key for it.
func TestSURTSessionNoPanic(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"http://h/()(ab)/x", "h)/()(ab)/x"},
		{"http://h/()(ab))/x", "h)/()(ab))/x"},
		{"http://h/(1(ab))/x", "h)/(1(ab))/x"},
		{"http://h/(s(ab))/x", "h)/x"},
	} {
		u := span.MustParse(c.in)
		var got string
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("SURT(%s) panics: %v", c.in, r)
				}
			}()
			got = SURT(u)
		}()
		if got != c.want {
			t.Errorf("SURT(%s) = %q, want %q", c.in, got, c.want)
		}
	}
}

// FuzzSURT: SURT returns for every URL, a key without a byte that a key
// must not hold as it is, no longer than the escapes it re-encodes allow;
// its decoding and session stripping agree with the references, which
// run passes over the whole string; it is deterministic; and it is
// oldSURT's key, built pass by pass.
func FuzzSURT(f *testing.F) {
	for _, s := range surtPartSeeds {
		f.Add("http://www.example.com" + s + "?b=%2541&a=1&PHPSESSID=0123456789abcdefghijklemopqrstuv")
	}
	f.Add("https://user:pw@www2.Example.COM:443/a/%7E/(S(4hqa0555fwsecu455xqckv45))/x.aspx?CFID=1&x=%25%32%35#frag")
	f.Add("http://[2001:DB8::1]:8080/x?")
	f.Add("mailto:a@example.com")
	f.Add("http://123.45.167.89/%%%41")
	f.Fuzz(func(t *testing.T, input string) {
		u, err := span.Parse(input)
		if err != nil {
			return
		}
		key := SURT(u)
		if SURT(u) != key {
			t.Fatalf("SURT(%q) is not deterministic", input)
		}
		if want := oldSURT(u); key != want {
			t.Fatalf("SURT(%q) = %q, want oldSURT's %q", input, key, want)
		}
		if u.Hostname() == "" {
			if key != u.Href() {
				t.Fatalf("SURT(%q) = %q, want the href", input, key)
			}
			return
		}
		if len(key) > 3*len(u.Href())+1 {
			t.Fatalf("SURT(%q) = %q: %d bytes for a %d-byte href", input, key, len(key), len(u.Href()))
		}
		for i := 0; i < len(key); i++ {
			if c := key[i]; c <= ' ' || c >= 0x7F || c == '#' {
				t.Fatalf("SURT(%q) = %q: byte %#x at %d", input, key, c, i)
			}
		}
		surtParts(t, u.Pathname())
		if q, ok := u.Query(); ok {
			surtParts(t, q)
		}
	})
}
