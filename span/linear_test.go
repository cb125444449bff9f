package span_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/internal/lineartest"
	"github.com/spanurl/spanurl/internal/slow"
	"github.com/spanurl/spanurl/span"
)

// linearShapes are inputs built to provoke super-linear work: each repeats
// a unit n times inside a frame.
var linearShapes = []struct {
	name         string
	prefix, unit string
	suffix       string
}{
	{"dot-segments", "http://h/", "a/../", ""},
	{"encoded-dot-segments", "http://h/", "%2e%2E/./", ""},
	{"percent", "http://h/", "%", "?%"},
	{"percent-encode", "http://h/", "\"<>` ", ""},
	{"opaque-path", "mailto:", "a b", "?q"},
	{"query", "http://h/?", "a=b&c d", "#"},
	{"fragment", "http://h/#", "é ", ""},
	{"ipv6-colons", "http://[", ":", "]/"},
	{"ipv6-pieces", "http://[", "1:", "]/"},
	{"ipv4-dots", "http://", "1.", "/"},
	{"ipv4-digits", "http://0x", "f", "/"},
	{"at-signs", "http://", "a@", "h/"},
	{"userinfo-colons", "http://", "a:", "@h/"},
	{"ascii-host", "http://", "ab.", "com/"},
	{"non-ascii-host-labels", "http://", "é.", "com/"},
	{"long-non-ascii-label", "http://", "é", ".com/"},
	{"xn-label", "http://xn--", "a", "/"},
	{"invalid-utf8-host", "http://a", "\x95", "/"},
	{"invalid-utf8-host-c0", "http://a\x10b", "\x95", "/"},
	{"invalid-utf8-path", "http://h/", "\x95", ""},
	{"invalid-utf8-query", "http://h/?", "\x95", ""},
	{"invalid-utf8-opaque-path", "mailto:", "\x95", ""},
	{"non-ascii-labels-two-code-points", "http://", "\u4e00\u4e01.", "com/"},
	{"slashes", "file:", "/", "x"},
	{"backslashes", "http:", "\\", "h/"},
	{"tabs", "http://h/", "a\t\n", ""},
	{"windows-drive", "file:///", "C|/", ""},
	{"opaque-host", "foo://", "a%", "/"},
	{"port-zeros", "http://h:", "0", "/"},
	{"relative-dots", "", "../", ""},
}

// TestLinearTime parses each shape at 64 KiB and 1 MiB: a 16x longer input
// must take less than 64x the time (a quadratic parser would take ~256x; the
// headroom absorbs cache effects). It proves the ratio, not a wall-clock
// limit, measured by lineartest so that a busy machine does not fail it.
func TestLinearTime(t *testing.T) {
	if testing.Short() {
		t.Skip("linear-time ratios need full-size inputs")
	}
	base, _ := span.Parse("http://example.com/a/b")
	for _, s := range linearShapes {
		t.Run(s.name, func(t *testing.T) {
			build := func(size int) string {
				n := max(1, (size-len(s.prefix)-len(s.suffix))/len(s.unit))
				return s.prefix + strings.Repeat(s.unit, n) + s.suffix
			}
			small, large := build(64<<10), build(1<<20)
			lineartest.Check(t, 64, func() { base.Parse(small) }, func() { base.Parse(large) })
		})
	}
}

// TestInputTooLong checks that input beyond the offset limit is rejected
// with ErrInputTooLong, not a panic, and that a serialization which would
// outgrow the limit is rejected too. The limit is lowered on a Parser so
// the test needs no 4 GiB string.
func TestInputTooLong(t *testing.T) {
	p := slow.Parser{MaxInput: 100}
	if _, err := p.Parse("http://h/"+strings.Repeat("a", 100), nil, nil); !errors.Is(err, slow.ErrInputTooLong) {
		t.Errorf("long input: err = %v, want ErrInputTooLong", err)
	}
	// 30 input bytes, but each "é" becomes "%C3%A9": 6 bytes.
	if _, err := p.Parse("http://h/"+strings.Repeat("é", 20), nil, nil); !errors.Is(err, slow.ErrInputTooLong) {
		t.Errorf("long serialization: err = %v, want ErrInputTooLong", err)
	}
	if _, err := p.Parse("http://h/ok", nil, nil); err != nil {
		t.Errorf("short input: %v", err)
	}
}
