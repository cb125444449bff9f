package span_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

// TestParserParseWithErrorsMatches: the reusable parser reports the same
// URL, errors and failure as the package-level ParseWithErrors, in the
// caller's slice.
func TestParserParseWithErrorsMatches(t *testing.T) {
	base, _ := span.Parse("https://example.com/dir/")
	var p span.Parser
	var list []record.ValidationError
	for _, in := range []string{
		"https://example.com/a", "https:\\\\example.com\\a b", "  http://h/\t?q#f ", "x", "http://[::1", "../a|b",
		"https://ex%41mple.com/", strings.Repeat("\\", 1500) + "x",
	} {
		for _, b := range []span.URL{{}, base} {
			wu, wv, werr := span.ParseWithErrors(in, b)
			u, v, err := p.ParseWithErrors([]byte(in), b, list)
			list = v.List
			if u.Href() != wu.Href() || (err == nil) != (werr == nil) || (err != nil && err.Error() != werr.Error()) {
				t.Errorf("%q: %q, %v; want %q, %v", in, u.Href(), err, wu.Href(), werr)
			}
			if !slices.Equal(v.List, wv.List) || v.Omitted != wv.Omitted {
				t.Errorf("%q: errors %v (+%d), want %v (+%d)", in, v.List, v.Omitted, wv.List, wv.Omitted)
			}
		}
	}
}

func TestParserParseWithErrorsAllocs(t *testing.T) {
	var p span.Parser
	base, _ := span.Parse("https://example.com/dir/")
	for _, in := range []string{"https://example.com/a?b", "https:\\\\Example.com\\a b|c", "../a b", "http://[::1"} {
		input := []byte(in)
		var list []record.ValidationError
		_, v, _ := p.ParseWithErrors(input, base, list)
		list = v.List
		if n := testing.AllocsPerRun(100, func() {
			_, v, _ = p.ParseWithErrors(input, base, list)
			list = v.List
		}); n != 0 {
			t.Errorf("%q: %v allocations, want 0", in, n)
		}
	}
}

func TestErrorType(t *testing.T) {
	_, err := span.Parse("http://[::1")
	if typ, ok := span.ErrorType(err); !ok || typ != record.IPv6Unclosed {
		t.Errorf("ErrorType(%v) = %v, %v; want IPv6Unclosed", err, typ, ok)
	}
	wrapped := fmt.Errorf("line 3: %w", err)
	if typ, ok := span.ErrorType(wrapped); !ok || typ != record.IPv6Unclosed {
		t.Errorf("ErrorType(wrapped) = %v, %v", typ, ok)
	}
	var pe *span.ParseError
	if !errors.As(wrapped, &pe) || !errors.Is(wrapped, record.IPv6Unclosed) {
		t.Errorf("errors.As/Is no longer find the *ParseError in %v", wrapped)
	}
	if typ, ok := span.ErrorType(record.ValidationError{Type: record.HostMissing, Offset: 3}); !ok || typ != record.HostMissing {
		t.Errorf("ErrorType(ValidationError) = %v, %v", typ, ok)
	}
	if typ, ok := span.ErrorType(record.PortInvalid); !ok || typ != record.PortInvalid {
		t.Errorf("ErrorType(ErrorType) = %v, %v", typ, ok)
	}
	var p span.Parser
	_, err = p.ParseRequestTarget([]byte("/a b"), "h", "http")
	if typ, ok := span.ErrorType(err); ok {
		t.Errorf("ErrorType(%v) = %v, true; want false (refused before parsing)", err, typ)
	}
	for _, e := range []error{nil, errors.New("x"), span.ErrInputTooLong} {
		if typ, ok := span.ErrorType(e); ok {
			t.Errorf("ErrorType(%v) = %v, true", e, typ)
		}
	}
}
