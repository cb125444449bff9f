package span_test

import (
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/internal/slow"
	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

// TestParseErrorEverywhere: every way to parse returns its failure as a
// *span.ParseError that errors.As finds and errors.Is matches against the
// validation error, with the offset and the masked input.
func TestParseErrorEverywhere(t *testing.T) {
	const in = "https://user:secret@exa mple.com/"
	base, _ := span.Parse("https://example.com/")
	var p span.Parser
	var a span.Arena
	for name, parse := range map[string]func() error{
		"Parse":             func() error { _, err := span.Parse(in); return err },
		"URL.Parse":         func() error { _, err := base.Parse(in); return err },
		"Parser.Parse":      func() error { _, err := p.Parse([]byte(in)); return err },
		"Parser.ParseRef":   func() error { _, err := p.ParseRef(base, []byte(in)); return err },
		"Arena.Parse":       func() error { _, err := a.Parse(in); return err },
		"Arena.ParseRef":    func() error { _, err := a.ParseRef(base, in); return err },
		"ParseWithErrors":   func() error { _, _, err := span.ParseWithErrors(in, span.URL{}); return err },
		"ParseWithEncoding": func() error { _, err := span.ParseWithEncoding(in, base, "shift_jis"); return err },
		"FromNetURL": func() error {
			_, err := span.FromNetURL(&url.URL{Scheme: "https", User: url.UserPassword("user", "secret"), Host: "exa mple.com"})
			return err
		},
	} {
		err := parse()
		var pe *span.ParseError
		if !errors.As(err, &pe) || !errors.Is(err, record.DomainInvalidCodePoint) {
			t.Errorf("%s: %T %v is not a *span.ParseError for domain-invalid-code-point", name, err, err)
			continue
		}
		if pe.Type != record.DomainInvalidCodePoint || pe.Offset < 20 || pe.Input == "" || pe.Err != nil {
			t.Errorf("%s: %+v", name, *pe)
		}
		if !strings.HasPrefix(pe.Input, "https://user:xxxxx@exa") {
			t.Errorf("%s: input %q", name, pe.Input)
		}
	}
}

// TestErrInputTooLong: the parser's too-long failure, for an input and
// for a serialization, reaches users as a *ParseError matching
// span.ErrInputTooLong, with the input masked.
func TestErrInputTooLong(t *testing.T) {
	p := slow.Parser{MaxInput: 40}
	for _, in := range []string{"https://u:secret@h/" + strings.Repeat("a", 100), "http://h/" + strings.Repeat("é", 20)} {
		_, err := p.Parse(in, nil, nil)
		err = span.ParseErrorForTest(err)
		var pe *span.ParseError
		if !errors.Is(err, span.ErrInputTooLong) || !errors.As(err, &pe) || pe.Err != span.ErrInputTooLong || strings.Contains(err.Error(), "secret") {
			t.Errorf("%.20q: %T %v", in, err, err)
		}
	}
}

// TestParseErrorMasksParameters: every way to parse quotes the input with
// its password and the values of its query's and fragment's parameters
// masked, and the offset counts bytes of the input as received.
func TestParseErrorMasksParameters(t *testing.T) {
	const in = "https://user:secret@exa mple.com/p?token=secret&flag#access_token=secret"
	const want = "https://user:xxxxx@exa mple.com/p?token=xxxxx&flag#access_token=xxxxx"
	const offset = len("https://user:secret@") // the host, as the parser reports it
	base := span.MustParse("https://example.com/")
	var p span.Parser
	var a span.Arena
	for name, parse := range map[string]func() error{
		"Parse":             func() error { _, err := span.Parse(in); return err },
		"URL.Parse":         func() error { _, err := base.Parse(in); return err },
		"Parser.Parse":      func() error { _, err := p.Parse([]byte(in)); return err },
		"Parser.ParseRef":   func() error { _, err := p.ParseRef(base, []byte(in)); return err },
		"Arena.Parse":       func() error { _, err := a.Parse(in); return err },
		"Arena.ParseBytes":  func() error { _, err := a.ParseBytes([]byte(in)); return err },
		"Arena.ParseRef":    func() error { _, err := a.ParseRef(base, in); return err },
		"ParseWithErrors":   func() error { _, _, err := span.ParseWithErrors(in, span.URL{}); return err },
		"ParseWithEncoding": func() error { _, err := span.ParseWithEncoding(in, base, "shift_jis"); return err },
	} {
		err := parse()
		var pe *span.ParseError
		if !errors.As(err, &pe) || pe.Input != want || pe.Offset != offset || strings.Contains(err.Error(), "secret") {
			t.Errorf("%s: %v (offset %d), want the input quoted as %q, offset %d", name, err, pe.Offset, want, offset)
		}
	}
}
