package span_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/span"
)

func TestMaxInput(t *testing.T) {
	const limit = 30
	base := span.MustParse("https://example.com/a/very/long/directory/of/the/base/")
	tests := []struct {
		in       string
		ok       bool
		wantText string // the ParseError's Input when refused
	}{
		{"https://example.com/123456789", true, ""},  // 29 bytes
		{"https://example.com/1234567890", true, ""}, // 30
		{"https://example.com/12345678901", false, "https://example.com/12345678901"},
		{"https://user:secret@example.com/", false, "https://user:xxxxx@example.com/"},
		{"https://user:" + strings.Repeat("s", 300) + "@example.com/", false, "https://user:xxxxx"},
		{"https://example.com/" + strings.Repeat("a", 300), false, ("https://example.com/" + strings.Repeat("a", 300))[:256]},
	}
	check := func(what, in string, u span.URL, err error, ok bool, wantText string) {
		t.Helper()
		if ok {
			if err != nil {
				t.Errorf("%s(%.40q): %v", what, in, err)
			}
			return
		}
		var pe *span.ParseError
		if !errors.Is(err, span.ErrInputTooLong) || !errors.As(err, &pe) || !u.IsZero() {
			t.Errorf("%s(%.40q) = %q, %v; want ErrInputTooLong", what, in, u.Href(), err)
			return
		}
		if pe.Input != wantText || pe.Truncated != (len(in) > 256) {
			t.Errorf("%s(%.40q): error quotes %q (truncated %v), want %q", what, in, pe.Input, pe.Truncated, wantText)
		}
	}
	p := span.Parser{MaxInput: limit}
	a := span.Arena{MaxInput: limit}
	for _, tc := range tests {
		u, err := p.Parse([]byte(tc.in))
		check("Parser.Parse", tc.in, u, err, tc.ok, tc.wantText)
		u, err = p.ParseRef(base, []byte(tc.in))
		check("Parser.ParseRef", tc.in, u, err, tc.ok, tc.wantText)
		u, err = a.Parse(tc.in)
		check("Arena.Parse", tc.in, u, err, tc.ok, tc.wantText)
		u, err = a.ParseRef(base, tc.in)
		check("Arena.ParseRef", tc.in, u, err, tc.ok, tc.wantText)
	}
	// The limit is on the reference, not the resolved URL.
	ref := "x/y/z?q=1"
	if u, err := a.ParseRef(base, ref); err != nil || len(u.Href()) <= limit {
		t.Errorf("Arena.ParseRef(%q): %q, %v", ref, u.Href(), err)
	}
	if u, err := p.ParseRef(base, []byte(ref)); err != nil || len(u.Href()) <= limit {
		t.Errorf("Parser.ParseRef(%q): %q, %v", ref, u.Href(), err)
	}
	// 0 and negative: no limit but the 4 GiB one.
	long := "https://example.com/" + strings.Repeat("a", 1000)
	for _, max := range []int{0, -1} {
		p, a := span.Parser{MaxInput: max}, span.Arena{MaxInput: max}
		if _, err := p.Parse([]byte(long)); err != nil {
			t.Errorf("Parser{MaxInput: %d}: %v", max, err)
		}
		if _, err := a.Parse(long); err != nil {
			t.Errorf("Arena{MaxInput: %d}: %v", max, err)
		}
	}
}

// TestMaxInputCost: a refusal does not read the input: the Parser's
// allocates nothing, and the Arena's the same whatever the length.
func TestMaxInputCost(t *testing.T) {
	p := span.Parser{MaxInput: 100}
	for _, n := range []int{1000, 1 << 20} {
		in := []byte("https://u:p@example.com/" + strings.Repeat("%zz", n))
		p.Parse(in)
		if allocs := testing.AllocsPerRun(100, func() { p.Parse(in) }); allocs != 0 {
			t.Errorf("Parser refusing %d bytes: %v allocations", len(in), allocs)
		}
	}
	a := span.Arena{MaxInput: 100}
	small := "https://u:p@example.com/" + strings.Repeat("%zz", 1000)
	large := "https://u:p@example.com/" + strings.Repeat("%zz", 1<<20)
	if s, l := testing.AllocsPerRun(20, func() { a.Parse(small) }), testing.AllocsPerRun(20, func() { a.Parse(large) }); s != l || s > 3 {
		t.Errorf("Arena refusing: %v allocations for %d bytes, %v for %d", s, len(small), l, len(large))
	}
}
