package api

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/span"
)

func TestRender(t *testing.T) {
	tests := []struct{ url, want string }{
		// Credentials are not rendered; scheme and port are kept.
		{"https://user:pass@example.com:8080/", "https://example.com:8080/"},
		{"https://user@example.com/", "https://example.com/"},
		{"https://:pass@example.com/", "https://example.com/"},
		{"https://examplecorp.com@attacker.example/", "https://attacker.example/"},
		// The host through domain to Unicode.
		{"https://xn--53h.example/", "https://☕.example/"},
		{"https://xn--bcher-kva.example/b%C3%BCcher", "https://bücher.example/bücher"},
		{"https://xn--zz.com/", "https://xn--zz.com/"},
		{"http://[::1]:81/", "http://[::1]:81/"},
		{"http://192.168.0.1/", "http://192.168.0.1/"},
		// Non-ASCII percent-encoded sequences are decoded in the path,
		// query and fragment.
		{"https://example.com/a%20b/%C3%A9?q=%E2%98%95#%F0%9F%98%80", "https://example.com/a%20b/é?q=☕#😀"},
		{"https://example.com/%c3%a9", "https://example.com/é"},
		{"https://example.org/?q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88&key=e1f7bc78", "https://example.org/?q=🏳️‍🌈&key=e1f7bc78"},
		// ASCII stays encoded, so that the text means the same URL.
		{"https://example.com/%2F%3F%23%25%41%26%3D%2E", "https://example.com/%2F%3F%23%25%41%26%3D%2E"},
		{"https://example.com/?a=%26b%3Dc", "https://example.com/?a=%26b%3Dc"},
		// Invalid UTF-8 stays encoded; the valid part of a run is decoded.
		{"https://example.com/%E2%82%41", "https://example.com/%E2%82%41"},
		{"https://example.com/%E2%82%C3%A9", "https://example.com/%E2%82é"},
		{"https://example.com/%FF", "https://example.com/%FF"},
		// Invisible and spoofy code points stay encoded.
		{"https://example.com/%E2%80%AEtxt.exe", "https://example.com/%E2%80%AEtxt.exe"}, // RLO
		{"https://example.com/%E2%80%8B", "https://example.com/%E2%80%8B"},               // ZWSP
		{"https://example.com/%EF%BB%BF", "https://example.com/%EF%BB%BF"},               // BOM
		{"https://example.com/%C2%A0%E3%80%80", "https://example.com/%C2%A0%E3%80%80"},   // NBSP, ideographic space
		{"https://example.com/%E3%85%A4", "https://example.com/%E3%85%A4"},               // Hangul filler
		{"https://example.com/%E2%A0%80", "https://example.com/%E2%A0%80"},               // braille blank
		{"https://example.com/%C2%AD", "https://example.com/%C2%AD"},                     // soft hyphen
		{"https://example.com/%C2%85", "https://example.com/%C2%85"},                     // C1 control
		{"https://example.com/%EE%80%80", "https://example.com/%EE%80%80"},               // private use
		{"https://example.com/%EF%BF%BD", "https://example.com/%EF%BF%BD"},               // U+FFFD
		{"https://example.com/%F0%9F%94%92", "https://example.com/%F0%9F%94%92"},         // lock
		{"https://example.com/a%EF%BC%8Fb", "https://example.com/a%EF%BC%8Fb"},           // fullwidth solidus
		{"https://example.com/a%E2%88%95b", "https://example.com/a%E2%88%95b"},           // division slash
		// Combining marks only after a code point decoded from the run.
		{"https://example.com/%CC%81", "https://example.com/%CC%81"},
		{"https://example.com/e%CC%81", "https://example.com/e%CC%81"},
		{"https://example.com/%C3%A9%CC%81", "https://example.com/é́"},
		{"https://example.com/%E2%80%8D%F0%9F%98%80", "https://example.com/%E2%80%8D😀"},
		{"https://example.com/%F0%9F%8F%B3%E2%80%8D", "https://example.com/🏳%E2%80%8D"},
		{"https://example.com/%F0%9F%8F%B3%E2%80%8D%E2%80%8B", "https://example.com/🏳%E2%80%8D%E2%80%8B"},
		// Opaque paths, null hosts, opaque hosts, file URLs.
		{"mailto:%C3%A9@example.com", "mailto:é@example.com"},
		{"web+demo:/.//not-a-host/%C3%A9", "web+demo:/.//not-a-host/é"},
		{"foo://%C3%A9x/%C3%A9", "foo://%C3%A9x/é"},
		{"file:///C:/%C3%A9", "file:///C:/é"},
		{"https://example.com", "https://example.com/"},
		{"https://example.com/%", "https://example.com/%"},
		{"https://example.com/%C3%", "https://example.com/%C3%"},
	}
	for _, tc := range tests {
		u, err := span.Parse(tc.url)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tc.url, err)
		}
		if got := Render(u); got != tc.want {
			t.Errorf("Render(%q) =\n %q, want\n %q", tc.url, got, tc.want)
		}
	}
	if got := Render(span.URL{}); got != "" {
		t.Errorf("Render(zero) = %q", got)
	}
}

// TestRenderRoundTrip checks Render's promise: parsing the rendered text
// gives the URL back without credentials (hex digits upper-cased).
func TestRenderRoundTrip(t *testing.T) {
	pieces := []string{
		"a", "/", "?", "#", "=", "&", " ", "%", "%41", "%2F", "%25", "%c3%a9", "%C3%A9", "é",
		"%E2%80%AE", "%E2%80%8D", "%F0%9F%98%80", "%CC%81", "%E2%82", "%FF", "%EF%BC%8F",
		"%C2%A0", "%EE%80%80", "☕", "%F0%9F%8F%B3%EF%B8%8F", "..", ".", "%2e",
	}
	bases := []string{
		"https://user:pw@xn--53h.example:8443", "http://example.com", "file://", "foo://h",
		"foo:", "mailto:", "web+x:", "https://[::1]",
	}
	r := rand.New(rand.NewPCG(5, 6))
	for range 5000 {
		var b strings.Builder
		b.WriteString(bases[r.IntN(len(bases))])
		for range r.IntN(8) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		u, err := span.Parse(b.String())
		if err != nil {
			continue
		}
		rendered := Render(u)
		v, err := span.Parse(rendered)
		if err != nil {
			t.Fatalf("Render(%q) = %q does not parse: %v", u.Href(), rendered, err)
		}
		want := upperHex(withoutCredentials(u))
		if got := upperHex(v.Href()); got != want {
			t.Fatalf("Render(%q) = %q parses to %q, want %q", u.Href(), rendered, got, want)
		}
	}
}

func withoutCredentials(u span.URL) string {
	off := u.Offsets()
	href := u.Href()
	if off.UsernameStart() == off.HostStart {
		return href
	}
	return href[:off.UsernameStart()] + href[off.HostStart:]
}

// upperHex upper-cases the hex digits of every percent-encoded byte.
func upperHex(s string) string {
	b := []byte(s)
	for i := 0; i+2 < len(b); i++ {
		if isPercentEncodedByte(s, i) {
			b[i+1] = upper(b[i+1])
			b[i+2] = upper(b[i+2])
		}
	}
	return string(b)
}

func upper(c byte) byte {
	if 'a' <= c && c <= 'f' {
		return c - 'a' + 'A'
	}
	return c
}
