package span_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/span"
)

// TestNonASCIIRuns: a word in another script is a run of non-ASCII bytes,
// which the fast path's escape loops and the slow path's path, opaque path
// and fragment states each encode in one step. Every form here must give
// the serialization that encoding byte by byte gives, through Parse (fast
// path, or slow path with runs), through ParseWithErrors (the slow path one
// code point per step) and against a base, with runs that cross the
// scanner's 64-byte blocks and its 256-byte window and end the input.
func TestNonASCIIRuns(t *testing.T) {
	enc := func(s string) string {
		var b strings.Builder
		for i := 0; i < len(s); i++ {
			if c := s[i]; c >= 0x80 {
				fmt.Fprintf(&b, "%%%02X", c)
			} else {
				b.WriteByte(c)
			}
		}
		return b.String()
	}
	base, err := span.Parse("https://example.org/dir/page")
	if err != nil {
		t.Fatal(err)
	}
	for _, word := range []string{"é", "Заглавная_страница", strings.Repeat("中文", 30), strings.Repeat("ж", 200), "\U0001F600"} {
		for _, tc := range []struct {
			input, want string
		}{
			// The fast path: a special URL's path, query and fragment.
			{"https://h/" + word, "https://h/" + enc(word)},
			{"https://h/a b/" + word + "?" + word + "#" + word, "https://h/a%20b/" + enc(word) + "?" + enc(word) + "#" + enc(word)},
			{"https://h/" + strings.Repeat("a", 250) + word + "x", "https://h/" + strings.Repeat("a", 250) + enc(word) + "x"},
			// The slow path: a dot segment, a tab, a non-special path, an opaque path.
			{"https://h/./" + word + "/../" + word, "https://h/" + enc(word)},
			{"https://h/\t" + word + "#" + word, "https://h/" + enc(word) + "#" + enc(word)},
			{"foo://h/" + word + "/./x", "foo://h/" + enc(word) + "/x"},
			{"mailto:" + word + "?" + word + "#" + word, "mailto:" + enc(word) + "?" + enc(word) + "#" + enc(word)},
		} {
			u, err := span.Parse(tc.input)
			if err != nil || u.Href() != tc.want {
				t.Errorf("Parse(%q) = %q, %v; want %q", tc.input, u.Href(), err, tc.want)
				continue
			}
			sameWithErrors(t, tc.input, span.URL{}, u, err)
			ref := strings.TrimPrefix(tc.input, "https://h")
			if ref == tc.input {
				continue
			}
			r, err := base.Parse(ref)
			if want := "https://example.org" + strings.TrimPrefix(tc.want, "https://h"); err != nil || r.Href() != want {
				t.Errorf("base.Parse(%q) = %q, %v; want %q", ref, r.Href(), err, want)
			}
			sameWithErrors(t, ref, base, r, err)
		}
	}
}

// BenchmarkParseNonASCII parses a URL whose path is a word in another
// script, raw (as links in pages often are) and percent-encoded (its
// serialization), on the fast path and, with a "./" segment, on the slow
// path. The raw forms encode each byte of the word; compare each with its
// encoded form.
func BenchmarkParseNonASCII(b *testing.B) {
	const raw, encoded = "Заглавная_страница", "%D0%97%D0%B0%D0%B3%D0%BB%D0%B0%D0%B2%D0%BD%D0%B0%D1%8F_%D1%81%D1%82%D1%80%D0%B0%D0%BD%D0%B8%D1%86%D0%B0"
	benchParseEach(b, []struct{ name, input string }{
		{"fast/raw", "https://ru.wikipedia.org/wiki/" + raw},
		{"fast/encoded", "https://ru.wikipedia.org/wiki/" + encoded},
		{"slow/raw", "https://ru.wikipedia.org/wiki/./" + raw},
		{"slow/encoded", "https://ru.wikipedia.org/wiki/./" + encoded},
	})
}
