package httpurl_test

import (
	"errors"
	"testing"

	"github.com/spanurl/spanurl/httpurl"
	"github.com/spanurl/spanurl/span"
)

// TestSentinelsAreSpans: the refusals of a request target before parsing
// match the sentinels of both packages, whichever package refused, so
// that errors.Is(err, httpurl.ErrInvalidHost) holds for span.Parser's
// refusal of a host.
func TestSentinelsAreSpans(t *testing.T) {
	tests := []struct {
		target, host string
		httpurl      error
		span         error
	}{
		{"/a b", "example.com", httpurl.ErrInvalidTarget, span.ErrInvalidTarget},
		{"/", "ex ample.com", httpurl.ErrInvalidHost, span.ErrInvalidHost},
		{"/a\x00", "example.com", httpurl.ErrControlCharacter, span.ErrControlCharacter},
		{"*", "example.com", httpurl.ErrAsteriskForm, span.ErrAsteriskForm},
		{"/", "u:p@example.com", httpurl.ErrInvalidHost, span.ErrInvalidHost},
	}
	for _, tt := range tests {
		_, herr := httpurl.ParseRequestTarget(tt.target, tt.host, "http")
		var p span.Parser
		_, serr := p.ParseRequestTarget([]byte(tt.target), tt.host, "http")
		for _, err := range []error{herr, serr} {
			if !errors.Is(err, tt.httpurl) || !errors.Is(err, tt.span) {
				t.Errorf("%q on %q: %v matches %v: %t, %v: %t", tt.target, tt.host, err,
					tt.httpurl, errors.Is(err, tt.httpurl), tt.span, errors.Is(err, tt.span))
			}
		}
	}
	_, herr := httpurl.ParseHost("h", "ftp")
	var p span.Parser
	_, serr := p.ParseHost("h", "ftp")
	for _, err := range []error{herr, serr} {
		if !errors.Is(err, httpurl.ErrInvalidScheme) || !errors.Is(err, span.ErrInvalidScheme) {
			t.Errorf("scheme ftp: %v", err)
		}
	}
}
