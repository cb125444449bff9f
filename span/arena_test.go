package span_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/span"
)

// arenaCases are inputs for every way the fast path builds an href (a
// fix-up of an absolute URL, each reference form, percent-encoding, dot
// segments, the "scheme:" + "//" text that can become the href itself),
// inputs it returns as they are, slow-path inputs, failures, and hrefs
// longer than a block.
var arenaCases = []string{
	"https://example.com/", "HTTP://X:80", "HTTPS://Example.COM/a?b#c", "Mailto:x@example.org",
	"http://h/a/../b", "nope", "é", "https://[::1]/", "http://1.2.3/",
	"/abs/path?x", "rel/path", "?y", "#g", "", "../up/one", "./here?q#f",
	"//cdn.example.net/lib.js", "//s.w.org", "//s.w.org?x", "//fonts.example:443", "//Upper.Example",
	"/p with space", "/a/%2e%2E/b", "rel/x y?q=\"1\"#`", "https://example.com/" + strings.Repeat("long/", 2000),
	"/" + strings.Repeat("q", 9000), "javascript:alert(1)",
}

// TestArenaMatchesParse: an Arena gives what the package-level functions
// give, and every result it returned is still the same after all the calls
// that followed it (nothing it handed out is written over).
func TestArenaMatchesParse(t *testing.T) {
	base, _ := span.Parse("https://example.com/dir/page?q#f")
	var a span.Arena
	type kept struct {
		what string
		got  span.URL
		want span.URL
	}
	var all []kept
	for round := 0; round < 3; round++ { // the same inputs again: later blocks, same results
		for _, in := range arenaCases {
			want, werr := span.Parse(in)
			got, gerr := a.Parse(in)
			if got != want || (werr == nil) != (gerr == nil) {
				t.Errorf("Parse(%.60q): %.60q %v, want %.60q %v", in, got.Href(), gerr, want.Href(), werr)
			}
			all = append(all, kept{"Parse(" + in + ")", got, want})
			want, werr = base.Parse(in)
			got, gerr = a.ParseRef(base, in)
			if got != want || (werr == nil) != (gerr == nil) {
				t.Errorf("ParseRef(%.60q): %.60q %v, want %.60q %v", in, got.Href(), gerr, want.Href(), werr)
			}
			all = append(all, kept{"ParseRef(" + in + ")", got, want})
			got, gerr = a.ParseRef(span.URL{}, in) // no base: Parse
			if want, _ := span.Parse(in); got != want {
				t.Errorf("ParseRef(zero, %.60q): %.60q %v, want %.60q", in, got.Href(), gerr, want.Href())
			}
		}
	}
	for _, k := range all {
		if k.got != k.want {
			t.Errorf("%.60s changed after later calls: %.60q, want %.60q", k.what, k.got.Href(), k.want.Href())
		}
	}
}

// TestArenaCorpora: every reference of relative.tsv and requests.txt, and
// every URL of absolute.txt and messy.txt, through one Arena, kept: each
// result equals the package-level function's, after the whole corpus.
func TestArenaCorpora(t *testing.T) {
	var a span.Arena
	for _, name := range []string{"absolute.txt", "messy.txt", "relative.tsv", "requests.txt"} {
		lines := readLines(t, name)
		got, want := make([]span.URL, len(lines)), make([]span.URL, len(lines))
		bases := map[string]span.URL{}
		for i, line := range lines {
			ref, second, tab := strings.Cut(line, "\t")
			var base span.URL
			if tab {
				if name == "requests.txt" {
					if second == "" {
						second = "localhost"
					}
					second = "http://" + second + "/"
				}
				b, ok := bases[second]
				if !ok {
					b, _ = span.Parse(second)
					bases[second] = b
				}
				base = b
			}
			got[i], _ = a.ParseRef(base, ref)
			want[i], _ = base.Parse(ref)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%s: %q: an Arena kept %q, Parse gives %q", name, lines[i], got[i].Href(), want[i].Href())
			}
		}
	}
}

// TestArenaAllocs: an Arena allocates one block per 8 KiB of new hrefs,
// where (URL).Parse allocates once per URL. 2,000 request targets of 100
// to 199 bytes against one base make about 300 KiB of hrefs: 38 blocks, a
// few more for the ends of blocks left unused.
func TestArenaAllocs(t *testing.T) {
	base, _ := span.Parse("http://www.example.com/")
	refs := make([]string, 2000)
	total := 0
	for i := range refs {
		refs[i] = fmt.Sprintf("/item/%d?q=%s", i, strings.Repeat("x", 100+i%100-len(fmt.Sprint(i))-9))
		total += len("http://www.example.com") + len(refs[i])
	}
	// Each run fills a new Arena: the average over runs is what one Arena
	// allocates for the refs, and the runtime's own allocations now and
	// then average to nothing.
	var kept []span.URL
	n := int(testing.AllocsPerRun(5, func() {
		var a span.Arena
		kept = kept[:0]
		for _, r := range refs {
			u, err := a.ParseRef(base, r)
			if err != nil {
				t.Fatal(err)
			}
			kept = append(kept, u)
		}
	}))
	// A block's unused end (less than one href) moves the count up a
	// little; one allocation per URL, as (URL).Parse makes, would be 2,000.
	blocks := total/(8<<10) + 1
	t.Logf("%d URLs (%d bytes of href): %d allocations, %d blocks", len(refs), total, n, blocks)
	if n > blocks+blocks/4 {
		t.Errorf("%d URLs (%d bytes of href) made %d allocations, want about %d blocks", len(refs), total, n, blocks)
	}
	for i, u := range kept {
		if want, _ := base.Parse(refs[i]); u != want {
			t.Fatalf("%q: kept %q, want %q", refs[i], u.Href(), want.Href())
		}
	}
}
