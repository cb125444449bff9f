package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/span"
)

// TestOriginFormErrors checks that originFormErrors, which parses an
// origin-form target against scheme://host/, finds the validation errors
// that the parser meets in the text scheme://host + target, at the same
// offsets into the target, or declines: for random targets made of units
// that the parser treats apart (slashes, dots, percent signs, tabs,
// query and fragment delimiters, non-ASCII and invalid UTF-8) on
// servers of either scheme, with ports, an IPv6 address, and a host with
// a validation error.
func TestOriginFormErrors(t *testing.T) {
	units := []string{"a", "/", "\\", "%", "%2e", "%41", ".", "..", " ", "\t", "\n", "\r", "?", "#",
		"é", "\xff", "\x00", "|", "\"", "[", "@", ":", "{", "^", "\x7f"}
	servers := [][2]string{{"http", "h"}, {"https", "example.com:443"}, {"http", "[::1]:8080"}, {"http", "EXAMPLE.com"}, {"http", "0x7f.1"}}
	rng := uint64(7)
	next := func(n int) int {
		rng = rng*6364136223846793005 + 1442695040888963407
		return int((rng >> 33) % uint64(n))
	}
	targets := []string{"/", "/a", "//a", "/\\a", "/\t/a", "/\n\\a", "/a/../..", "/?#", "/ "}
	for range 3000 {
		var b strings.Builder
		b.WriteString("/")
		for range next(12) {
			b.WriteString(units[next(len(units))])
		}
		targets = append(targets, b.String())
	}
	declined := 0
	for _, target := range targets {
		for _, s := range servers {
			scheme, host := s[0], s[1]
			got, ok := originFormErrors([]byte(target), scheme, host)
			// It declines a target whose next code point is a slash, and
			// a host with errors of its own (0x7f.1).
			rest := strings.TrimLeft(target[1:], "\t\n\r")
			if wantOK := !strings.HasPrefix(rest, "/") && !strings.HasPrefix(rest, "\\") && host != "0x7f.1"; ok != wantOK {
				t.Fatalf("%q on %s://%s: ok %v, want %v", target, scheme, host, ok, wantOK)
			}
			if !ok {
				declined++
				continue
			}
			prefix := scheme + "://" + host
			_, want, _ := span.ParseWithErrors(prefix+target, span.URL{})
			for i := range want.List {
				want.List[i].Offset -= len(prefix)
			}
			if !slices.Equal(got.List, want.List) || got.Omitted != want.Omitted {
				t.Fatalf("%q on %s: %v (+%d), want %v (+%d)", target, prefix, got.List, got.Omitted, want.List, want.Omitted)
			}
		}
	}
	if declined == 0 || declined == len(targets)*len(servers) {
		t.Errorf("declined %d of %d", declined, len(targets)*len(servers))
	}
}
