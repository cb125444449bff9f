package urlpattern

import (
	"errors"
	"strings"
	"testing"
)

func TestErrors(t *testing.T) {
	tests := []struct {
		pattern   string
		init      *Init
		kind      error
		component string
		index     int
	}{
		{pattern: "https://example.com/:", kind: ErrSyntax, component: "pathname", index: 1},
		{pattern: "https://example.com/(foo", kind: ErrSyntax, component: "pathname", index: 1},
		{pattern: "https://example.com/:id/:id", kind: ErrSyntax, component: "pathname", index: 5},
		{pattern: "https://example.com/{foo", kind: ErrSyntax, component: "pathname", index: 5},
		{pattern: "/books", kind: ErrInvalidInput, index: -1},
		{pattern: "https://example.com/(?=x)", kind: ErrSyntax, component: "pathname", index: 1},
		{pattern: "https://example.com/((?=x))", kind: ErrUnsupportedRegexp, component: "pathname", index: -1},
		{pattern: "https://example.com/(a)\\1", kind: nil},
		{pattern: "https://example.com/(\\m)", kind: ErrInvalidRegexp, component: "pathname", index: -1},
		{pattern: "https://example.com/((a)\\2)", kind: ErrSyntax, component: "pathname", index: 1},
		{pattern: "https://example.com/((?:a)\\1)", kind: ErrUnsupportedRegexp, component: "pathname", index: -1},
		{init: &Init{Hostname: String("bad host")}, kind: ErrInvalidURL, component: "hostname", index: 0},
		{init: &Init{Hostname: String(":sub.bad host")}, kind: ErrInvalidURL, component: "hostname", index: 4},
		{init: &Init{Port: String("99999")}, kind: ErrInvalidURL, component: "port", index: 0},
		{init: &Init{BaseURL: String("not a url")}, kind: ErrInvalidURL, index: -1},
	}
	for _, tc := range tests {
		var err error
		name := tc.pattern
		if tc.init != nil {
			_, err = NewFromInit(*tc.init, Options{})
			name = "init"
		} else {
			_, err = New(tc.pattern)
		}
		if tc.kind == nil {
			if err != nil {
				t.Errorf("%s: %v, want no error", name, err)
			}
			continue
		}
		if !errors.Is(err, tc.kind) {
			t.Errorf("%s: %v, want %v", name, err, tc.kind)
			continue
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%s: %T is not an *Error", name, err)
			continue
		}
		if e.Component != tc.component || e.Index != tc.index {
			t.Errorf("%s: component %q index %d (%v), want %q %d", name, e.Component, e.Index, err, tc.component, tc.index)
		}
		if !strings.Contains(err.Error(), e.Reason) {
			t.Errorf("%s: message %q lacks the reason %q", name, err, e.Reason)
		}
	}
}
