package span_test

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/internal/testvectors"
	"github.com/spanurl/spanurl/internal/uts46"
	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

// TestGettersNoAllocs: every getter but Origin is a substring.
func TestGettersNoAllocs(t *testing.T) {
	u, err := span.Parse("https://user:pw@example.com:8443/a/b?q=1#frag")
	if err != nil {
		t.Fatal(err)
	}
	getters := map[string]func() string{
		"Href": u.Href, "String": u.String, "Protocol": u.Protocol, "Scheme": u.Scheme,
		"Username": u.Username, "Password": u.Password, "Host": u.Host, "Hostname": u.Hostname,
		"Port": u.Port, "Pathname": u.Pathname, "Search": u.Search, "Hash": u.Hash,
		"Query":    func() string { q, _ := u.Query(); return q },
		"Fragment": func() string { f, _ := u.Fragment(); return f },
	}
	for name, g := range getters {
		if n := testing.AllocsPerRun(100, func() { _ = g() }); n != 0 {
			t.Errorf("%s allocates %v times", name, n)
		}
	}
	var port uint16
	var kind record.HostKind
	var flag bool
	if n := testing.AllocsPerRun(100, func() {
		port, _ = u.PortNumber()
		kind = u.HostKind()
		flag = u.IsSpecial() || u.HasOpaquePath()
	}); n != 0 {
		t.Errorf("flag getters allocate %v times", n)
	}
	if port != 8443 || kind != record.HostDomain || !flag {
		t.Errorf("getters: port %d kind %v special %v", port, kind, flag)
	}
}

// TestParseCanonicalNoAllocs: span.Parse on input already in serialized
// form allocates nothing, nor does CanParse.
func TestParseCanonicalNoAllocs(t *testing.T) {
	for _, in := range []string{
		"https://example.com/",
		"http://www.example.org/a/b/c.html?x=1&y=2#top",
		"https://192.168.0.1:8080/p",
		"mailto:someone@example.org",
		"https://example.com/" + strings.Repeat("segment/", 100), // beyond one scan window
	} {
		if n := testing.AllocsPerRun(100, func() { span.Parse(in) }); n != 0 {
			t.Errorf("Parse(%.40q) allocates %v times", in, n)
		}
		if n := testing.AllocsPerRun(100, func() { span.CanParse(in) }); n != 0 {
			t.Errorf("CanParse(%.40q) allocates %v times", in, n)
		}
	}
	// Near-canonical input needs exactly one allocation: the new href.
	if n := testing.AllocsPerRun(100, func() { span.Parse("HTTP://Example.COM:80") }); n != 1 {
		t.Errorf("fix-up allocates %v times, want 1", n)
	}
}

// TestParserNoAllocs: a reused Parser allocates nothing, amortized, on
// every line of the corpora whose host is ASCII or a plain Unicode domain
// (internal/uts46) — fast path, slow path and failures alike.
func TestParserNoAllocs(t *testing.T) {
	dir := testvectors.DatasetsDir(t)
	base, _ := span.Parse("http://example.com/dir/page?q")
	for _, name := range []string{"absolute.txt", "messy.txt", "hosts.txt"} {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		var lines [][]byte
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			line := sc.Text()
			if name == "hosts.txt" {
				line = "http://" + line + "/" // as BenchmarkHosts parses them
			}
			if host := rawHost(line); !isASCII(host) && !uts46.Plain(host) {
				continue // domain to ASCII through x/net/idna allocates
			}
			// Each line three ways: as it is (mostly the fast path), with a
			// tab inside (the slow path), and made to fail.
			lines = append(lines, []byte(line), []byte("\t"+line[:len(line)/2]+"\t"+line[len(line)/2:]), []byte("http://[x"+line))
		}
		f.Close()
		// Count the allocations of whole passes over the corpus, averaged
		// over ten passes after one that warms up the buffers: a line that
		// allocates does so in every pass, an average of one or more, while
		// the runtime's own allocations now and then (a few in a pass at
		// most) average to less than one, which AllocsPerRun truncates to 0.
		var p span.Parser
		n := testing.AllocsPerRun(10, func() {
			for _, l := range lines {
				p.Parse(l)
				p.ParseRef(base, l)
			}
		})
		if n != 0 {
			t.Errorf("%s: a reused Parser allocated %v times a pass over %d lines", name, n, len(lines))
		}
	}
}

// TestParserMatchesParse: the Parser's results equal the package-level
// functions', and Clone detaches them.
func TestParserMatchesParse(t *testing.T) {
	var p span.Parser
	base, _ := span.Parse("https://example.com/a/b")
	for _, in := range []string{"https://example.com/", "HTTP://X:80", "http://h/a/../b", "nope", "//h/x", "../c", "é", "https://[::1]/"} {
		want, werr := span.Parse(in)
		got, gerr := p.Parse([]byte(in))
		if got != want || (werr == nil) != (gerr == nil) {
			t.Errorf("Parse(%q): %q %v, want %q %v", in, got.Href(), gerr, want.Href(), werr)
		}
		kept := got.Clone()
		want, werr = base.Parse(in)
		got, gerr = p.ParseRef(base, []byte(in))
		if got != want || (werr == nil) != (gerr == nil) {
			t.Errorf("ParseRef(%q): %q %v, want %q %v", in, got.Href(), gerr, want.Href(), werr)
		}
		if again, _ := span.Parse(in); kept != again {
			t.Errorf("Clone of %q changed after the next call: %q", in, kept.Href())
		}
	}
}

// TestSlowPathOneAlloc: when the fast path declines, the package-level
// functions allocate exactly once (the new href): the parser's buffers and
// the base's record come from a pool.
func TestSlowPathOneAlloc(t *testing.T) {
	if testvectors.RaceEnabled {
		t.Skip("the race detector makes sync.Pool drop items at random")
	}
	base, _ := span.Parse("http://example.com/a/b")
	// Short hrefs and long ones: Go puts a buffer of up to 32 bytes that
	// does not escape on the stack, so a second allocation shows only for
	// longer ones.
	for _, in := range []string{"http://h/a/../b", "HTTP://h/%7e x", "http://[::1]/",
		"http://[2001:db8::1]:8080/a/b/c/d/e/f/g/h/i/j", "http:\\\\example.com\\" + strings.Repeat("x y\\", 40)} {
		span.Parse(in) // warm the pool
		if n := testing.AllocsPerRun(100, func() { span.Parse(in) }); n != 1 {
			t.Errorf("Parse(%q) allocates %v times, want 1", in, n)
		}
		if n := testing.AllocsPerRun(100, func() { base.Parse(in) }); n != 1 {
			t.Errorf("base.Parse(%q) allocates %v times, want 1", in, n)
		}
	}
}

// TestResolveOneAlloc: a reference resolved on the fast path makes one
// allocation, its href, in each of the forms (URL).Parse takes there; a
// bare "//host", whose href gains a "/" path, too (the "/" is written with
// the href, not after joining "scheme:" and ref). A "//" reference whose
// authority needs a fix-up (a default port, an uppercase host) makes two:
// the joined text, then the href.
func TestResolveOneAlloc(t *testing.T) {
	base, _ := span.Parse("https://example.com/dir/page?q#f")
	for _, c := range []struct {
		ref, want string
		allocs    float64
	}{
		{"/abs/path?x", "https://example.com/abs/path?x", 1},
		{"rel/path", "https://example.com/dir/rel/path", 1},
		{"?y", "https://example.com/dir/page?y", 1},
		{"#g", "https://example.com/dir/page?q#g", 1},
		{"//cdn.example.net/lib.js", "https://cdn.example.net/lib.js", 1},
		{"//s.w.org", "https://s.w.org/", 1},
		{"//s.w.org?x", "https://s.w.org/?x", 2},
		{"//fonts.example:443", "https://fonts.example/", 2},
		{"//Upper.Example", "https://upper.example/", 2},
	} {
		u, err := base.Parse(c.ref)
		if err != nil || u.Href() != c.want {
			t.Errorf("Parse(%q) = %q, %v; want %q", c.ref, u.Href(), err, c.want)
			continue
		}
		if n := testing.AllocsPerRun(100, func() { base.Parse(c.ref) }); n != c.allocs {
			t.Errorf("Parse(%q) allocates %v times, want %v", c.ref, n, c.allocs)
		}
	}
}

// TestParserOwnsResult: a Parser's results never alias the caller's
// slice, whichever path parsed them: overwriting the slice after the call
// leaves the URL as it was.
func TestParserOwnsResult(t *testing.T) {
	var p span.Parser
	base, _ := span.Parse("https://example.com/a/b?q#f")
	for _, in := range []string{
		"https://example.com/x?y#z", // canonical: the fast path's href is the input
		"HTTP://Example.COM:80/p",   // fixed up in the Parser's buffer
		"http://h/a/../b",           // the slow path
		"/abs?q", "rel", "?q", "#f", "//host/p", "https://other.org/", "", "nope:x",
	} {
		for _, ref := range []bool{false, true} {
			input := []byte(in)
			var got span.URL
			var err error
			if ref {
				got, err = p.ParseRef(base, input)
			} else {
				got, err = p.Parse(input)
			}
			if err != nil {
				continue
			}
			want := got.Clone()
			for i := range input {
				input[i] = 'X'
			}
			if got != want {
				t.Errorf("ParseRef=%v %q: the result changed with the caller's slice: %q, was %q", ref, in, got.Href(), want.Href())
			}
		}
	}
}

// rawHost is the host of an absolute URL as the input spells it (between
// "//" and the authority's end, without credentials or a port), or "".
func rawHost(line string) string {
	_, rest, ok := strings.Cut(line, "://")
	if !ok {
		return ""
	}
	if end := strings.IndexAny(rest, "/?#\\"); end >= 0 {
		rest = rest[:end]
	}
	if at := strings.LastIndexByte(rest, '@'); at >= 0 {
		rest = rest[at+1:]
	}
	if colon := strings.LastIndexByte(rest, ':'); colon >= 0 && !strings.HasPrefix(rest, "[") {
		rest = rest[:colon]
	}
	return rest
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
