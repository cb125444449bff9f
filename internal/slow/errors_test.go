package slow

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/record"
)

// TestParseErrorNeverShowsPassword: the error of every failing parse of
// an input with a password, in every format.
func TestParseErrorNeverShowsPassword(t *testing.T) {
	inputs := []string{
		"https://user:secret@exa mple.com/",
		"https://user:secret@[::1",
		"foo://u:secret@host:99999999",
		"https://user:secret@host:99999/",
		"https://user:secret@/",
		"https://user:secret@",
		"https:user:secret@exa mple.com",
		"https://user:pa/secret@host/",
		"https://user:secret@exa%mple.com",
		"http://user:secret@1.2.3.4.5/",
		"ht\ttps://user:secret@[::1",
		"https://user:secret@" + strings.Repeat("a", 300) + " /",
	}
	for _, in := range inputs {
		for _, reuse := range []bool{false, true} {
			p := Parser{ReuseError: reuse}
			_, err := p.Parse(in, nil, nil)
			if err == nil {
				t.Errorf("Parse(%q) succeeded", in)
				continue
			}
			for _, f := range []string{"%v", "%+v", "%#v", "%s", "%q"} {
				if s := fmt.Sprintf(f, err); strings.Contains(s, "secret") {
					t.Errorf("Parse(%q): "+f+" = %s leaks the password", in, err, s)
				}
			}
		}
	}
	// The too-long failure masks too.
	p := Parser{MaxInput: 40}
	_, err := p.Parse("https://user:secret@example.com/"+strings.Repeat("a", 40), nil, nil)
	if !errors.Is(err, ErrInputTooLong) || strings.Contains(err.Error(), "secret") {
		t.Errorf("too long: %v", err)
	}
}

// TestParseErrorText: which input, which validation error, where.
func TestParseErrorText(t *testing.T) {
	var p Parser
	_, err := p.Parse("https://exa mple.com/", nil, nil)
	const want = `invalid URL "https://exa mple.com/": domain-invalid-code-point at offset 8`
	if err == nil || err.Error() != want {
		t.Fatalf("got %v, want %s", err, want)
	}
	if !errors.Is(err, record.DomainInvalidCodePoint) {
		t.Errorf("errors.Is(%v, DomainInvalidCodePoint) = false", err)
	}
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Offset != 8 || pe.Type != record.DomainInvalidCodePoint {
		t.Errorf("errors.As: %+v", pe)
	}
}

// TestReuseErrorMasksWithoutAllocating: with ReuseError, a failing input
// that needs masking costs no allocation once the Parser is warm, and its
// text is the same as without.
func TestReuseErrorMasksWithoutAllocating(t *testing.T) {
	for _, in := range []string{
		"https://user:secret@exa mple.com/",
		"http://[xhttp://host:1/?mail=a@b",
		"https://u:secret@h:99999/" + strings.Repeat("a", 300),
		"https://" + strings.Repeat("a", 300) + ":secret@[",
	} {
		var fresh Parser
		_, want := fresh.Parse(in, nil, nil)
		p := Parser{ReuseError: true}
		_, got := p.Parse(in, nil, nil)
		if want == nil || got == nil || got.Error() != want.Error() {
			t.Errorf("Parse(%.40q): %v, want %v", in, got, want)
			continue
		}
		if n := testing.AllocsPerRun(100, func() { p.Parse(in, nil, nil) }); n != 0 {
			t.Errorf("Parse(%.40q) with ReuseError allocates %v times", in, n)
		}
	}
}
