package jsonstr

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// TestAppend compares Append with encoding/json, with and without HTML
// escaping, on the special cases and random strings rich in them.
func TestAppend(t *testing.T) {
	cases := []string{"", "plain", `"quoted" \ back`, "\x00\x01\b\f\n\r\t\x1f\x7f", "<&>", "é€𝄞",
		"\u2028\u2029", "\xff", "a\xc3", "\xed\xa0\x80", "\xf4\x90\x80\x80", "https://h/?a=<b>&c"}
	r := rand.New(rand.NewPCG(4, 4))
	for range 2000 {
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = byte(r.IntN(256))
			if r.IntN(2) == 0 {
				b[i] = "\"\\\x00\xe2\x80\xa8é<&"[r.IntN(10)]
			}
		}
		cases = append(cases, string(b))
	}
	for _, s := range cases {
		for _, html := range []bool{false, true} {
			var want bytes.Buffer
			enc := json.NewEncoder(&want)
			enc.SetEscapeHTML(html)
			enc.Encode(s)
			if got := string(Append(nil, s, html)) + "\n"; got != want.String() {
				t.Errorf("%q (escapeHTML %v): got %s, want %s", s, html, got, want.String())
			}
		}
		if !NeedsEscape([]byte(s)) && string(Append(nil, s, false)) != `"`+s+`"` {
			t.Errorf("NeedsEscape(%q) = false, but Append escapes it", s)
		}
	}
}
