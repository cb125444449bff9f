package span_test

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/internal/fast"
	"github.com/spanurl/spanurl/internal/offsets"
	"github.com/spanurl/spanurl/internal/slow"
	"github.com/spanurl/spanurl/internal/testvectors"
	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

// oracleParse is the oracle: the spec's state machine only.
func oracleParse(input string, base *span.URL) (span.URL, error) {
	var p slow.Parser
	if base == nil {
		r, err := p.Parse(input, nil, nil)
		if err != nil {
			return span.URL{}, err
		}
		return span.FromRecordForTest(r), nil
	}
	b := new(record.URL)
	base.ToRecord(b)
	r, err := p.Parse(input, b, nil)
	if err != nil {
		return span.URL{}, err
	}
	return span.FromRecordForTest(r), nil
}

// compareFast fails t when the fast path accepts input (against base, nil
// for none) with any result other than the slow path's: serialization,
// offsets, host kind and flags (span.URL's ==), or when the slow path
// fails where the fast path succeeded. It reports whether fast accepted.
func compareFast(t testing.TB, input string, base *span.URL) bool {
	t.Helper()
	var href string
	var p offsets.Packed
	var ok bool
	if base == nil {
		href, p, ok = fast.ParseAbsolute(input, nil)
	} else {
		bh, bp := span.FastBaseForTest(*base)
		href, p, ok = fast.Resolve(bh, bp, input, nil)
	}
	if !ok {
		return false
	}
	want, err := oracleParse(input, base)
	baseHref := "<none>"
	if base != nil {
		baseHref = base.Href()
	}
	if err != nil {
		t.Fatalf("fast path accepted %q (base %s) as %q; slow path fails: %v", input, baseHref, href, err)
	}
	got := span.FromFastForTest(href, p)
	if got != want {
		t.Fatalf("fast/slow differ for %q (base %s):\n fast %q %+v kind %v special %v opaque %v\n slow %q %+v kind %v special %v opaque %v",
			input, baseHref, got.Href(), got.Offsets(), got.HostKind(), got.IsSpecial(), got.HasOpaquePath(),
			want.Href(), want.Offsets(), want.HostKind(), want.IsSpecial(), want.HasOpaquePath())
	}
	return true
}

var differentialBases = []string{
	"http://example.com/a/b/c?q#f",
	"https://user:pw@EXAMPLE.org:8443/dir/page.html",
	"http://192.168.0.1/",
	"https://h/",
	"ftp://h/x/",
	"ws://h/a?b",
	"mailto:x@y",
	"file:///C:/a/b",
	"foo://host/p/q",
}

// FuzzFastSlow is the invariant: the fast path either declines or returns
// exactly what the slow path returns, for absolute input and for
// references against several bases.
func FuzzFastSlow(f *testing.F) {
	addSeeds(f, func(input, _ string) { f.Add(input, uint8(0)) })
	for _, s := range []string{"", "#x", "?y", "/p", "//h/p", "//h", "//H:443", "//h?q", "a/b", "../a", "HTTP://H:80", "x:y"} {
		f.Add(s, uint8(1))
	}
	// A query that ends in a later 64-byte block than it starts, with and
	// without a fragment there.
	long := "http://h/p?" + strings.Repeat("q", 70)
	for _, s := range []string{"http://h/p?q#f", long, long + "#f", long + "?#f"} {
		f.Add(s, uint8(0))
	}
	// URLs of 65-256 bytes (the quick way over the scanner's window) with
	// a '/' at the end of a block and a dot segment, a colon or a '%'
	// after it, and long paths and queries to percent-encode.
	pad := "http://example.com/" + strings.Repeat("p", 44) // 63 bytes
	for _, s := range []string{pad + "/./x", pad + "/%2E/x", pad + "/.x/y", pad + "/a:b\\c", pad + "/%41?q#f",
		pad + strings.Repeat("/seg", 40) + "?q=1#f", pad + "/a b?c d'e#f`g" + strings.Repeat(" x", 150)} {
		f.Add(s, uint8(0))
	}
	// Longer than the window, with a byte to encode in the query or
	// fragment past it, and one in what comes before too: in the path, or
	// in an opaque path, which leaves spaces and quotes as they are. The
	// Summary stands in for the rest only when nothing before it has one.
	q := strings.Repeat("&id=0123456789abcdef", 16)
	for _, s := range []string{pad + "?" + q + " x", pad + "/a b?" + q + " x", pad + "?" + q + "#f x",
		pad + "/a b?q#" + q + " x", "javascript:f(\"a b\")#" + q + "\"c d\"", "javascript:f(\"a b\")?" + q + " x", pad + "?" + q + "'x" + q + "\x00"} {
		f.Add(s, uint8(0))
	}
	bases := make([]span.URL, len(differentialBases))
	for i, b := range differentialBases {
		bases[i], _ = span.Parse(b)
	}
	f.Fuzz(func(t *testing.T, input string, which uint8) {
		compareFast(t, input, nil)
		b := bases[int(which)%len(bases)]
		compareFast(t, input, &b)
	})
}

// TestFastSlowDatasets runs the invariant over every line of the corpora
// in ../shared/datasets, and reports how often the fast path takes the
// input.
func TestFastSlowDatasets(t *testing.T) {
	dir := testvectors.DatasetsDir(t)
	for _, name := range []string{"absolute.txt", "messy.txt", "hosts.txt", "relative.tsv", "requests.txt"} {
		lines, taken := 0, 0
		eachCorpusCase(t, dir, name, func(_ int, input, baseStr string, base *span.URL) {
			lines++
			if baseStr != "" && base == nil {
				return // a base that fails to parse: nothing to compare
			}
			if compareFast(t, input, base) {
				taken++
			}
		})
		t.Logf("%s: fast path took %d of %d lines (%.1f%%)", name, taken, lines, 100*float64(taken)/float64(max(lines, 1)))
	}
}

// TestFastNonSpecial: the fast path takes the non-special URLs of real
// pages' links (javascript:, data: and mailto: with spaces or non-ASCII;
// app links such as whatsapp://send?text=...), percent-encoding what the
// opaque path, path, query and fragment states encode, with the slow
// path's result; and leaves to the slow path what is trimmed, removed or
// replaced, and the hosts it does not check.
func TestFastNonSpecial(t *testing.T) {
	for _, input := range []string{
		"javascript:f( 'x' );",
		"data: image/png;base64,AAA",
		"mailto:?subject=a b&body=\u00fc",
		"sms:x ?y",
		"x:a b#c d",
		"X:\u00e9?\u00e9#\u00e9`",
		"x:a b",
		"x:a #",
		"x:a\x7fb",
		`x:"<>"?"<>#"<>` + "`",
		"x:a?b'c#d'e",
		"whatsapp://send?text=a b'\u00fc",
		"android-app://de.x.y/a/b",
		"X-Y://Host.Name/P?q#f",
		"x://h",
		"x://h.",
		"x://..",
		"x://h?\u00e9#\u00e9",
		"x://h/a b'{}?c d'#e`",
		"x://h#",
		"x://h/./",
		"x://h/a/../b/%2E/c/..?q#f",
	} {
		if !compareFast(t, input, nil) {
			t.Errorf("fast path declined %q", input)
		}
	}
	for _, input := range []string{
		"x:a ", "x:a? ", "x:a# ", "x:a\tb", "x:a\x01b", "x:?\x01", "x:\xff", "x:a\xc3",
		"x://", "x:///p", "x://u@h/", "x://h:1/", "x://[::1]/", "x://h%41/", "x://h^/",
		"x://h\\p", "x://h /", "x://\u00e9/", "x://h/a ", "x:/p",
	} {
		if compareFast(t, input, nil) {
			t.Errorf("fast path took %q", input)
		}
	}
}

// TestFastDotSegments: the fast path resolves single- and double-dot
// segments (also %2e forms) in absolute URLs and in references against a
// base, with the slow path's result, when nothing else needs the slow path
// or percent-encoding.
func TestFastDotSegments(t *testing.T) {
	for _, input := range []string{
		"http://h/a/./b", "https://h/a/../b?q#f", "http://h/a/%2e%2E/b", "http://h/..",
		"http://h/a/.", "HTTP://H:80/a/../b", "http://h/./", "http://h/a/b/../../../c/",
		"http://h/a/.%2e/b", "http://h/a/%2E./b/%2e", "x://h/a/../b?c#d",
	} {
		if !compareFast(t, input, nil) {
			t.Errorf("fast path declined %q", input)
		}
	}
	base, err := span.Parse("https://example.com/dir/sub/page?x#y")
	if err != nil {
		t.Fatal(err)
	}
	for _, ref := range []string{
		"../a", "./a", "a/../b", "a/./b/..", "%2e%2e/x", "/a/../../b", "x/..?q#f", "/./", "..",
		"a/%2E%2e/%2e/b", "/a/b/../c#f", "../a:b@c/d", "./a?b/../c", "../" + strings.Repeat("x", 70) + ".y/z#f",
	} {
		if !compareFast(t, ref, &base) {
			t.Errorf("fast path declined %q against %s", ref, base.Href())
		}
	}
	for _, input := range []string{
		"http://h/a\\../b", "http://h/a/../b c", "http://h/../\u00e9", "http://h/a/..\t/b", "http://h/./?a b",
	} {
		if compareFast(t, input, nil) {
			t.Errorf("fast path took %q", input)
		}
	}
}

// corpusCase returns the input of a line of the corpus name, and its
// base where the corpus gives one: relative.tsv's second column, the
// server of requests.txt's (host column, else localhost), and none for
// absolute.txt and messy.txt; a line of hosts.txt is the host of an
// http URL.
func corpusCase(name, line string) (input, base string) {
	switch name {
	case "relative.tsv":
		input, base, _ = strings.Cut(line, "\t")
	case "requests.txt":
		var host string
		input, host, _ = strings.Cut(line, "\t")
		if host == "" {
			host = "localhost"
		}
		base = "http://" + host + "/"
	case "hosts.txt":
		input = "http://" + line + "/"
	default:
		input = line
	}
	return input, base
}

// eachCorpusCase calls fn for every line of the corpus name in dir, with
// the line's number, its input and base as corpusCase makes them, and the
// base parsed (each distinct base once): nil when the line has none or
// its base fails to parse.
func eachCorpusCase(t *testing.T, dir, name string, fn func(line int, input, baseStr string, base *span.URL)) {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	bases := map[string]*span.URL{}
	for line := 0; sc.Scan(); line++ {
		input, baseStr := corpusCase(name, sc.Text())
		var base *span.URL
		if baseStr != "" {
			b, ok := bases[baseStr]
			if !ok {
				if u, err := span.Parse(baseStr); err == nil {
					b = &u
				}
				bases[baseStr] = b
			}
			base = b
		}
		fn(line, input, baseStr, base)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
}
