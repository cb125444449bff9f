//go:build spanurl_poison

package span_test

import (
	"strings"
	"testing"

	"github.com/spanurl/spanurl/span"
)

// TestPoisonCatchesKeptResults: in the spanurl_poison build, the mistake
// the Parser's doc warns about (a map keyed by a getter's string without
// a clone, as an earlier README example did) shows: the kept keys read as
// "!" once the Parser has been called again, on the fast path and on the
// slow one alike. The same program with strings.Clone is right.
func TestPoisonCatchesKeptResults(t *testing.T) {
	lines := []string{
		"https://example.com/a",
		"https://EXAMPLE.org/b",   // a fix-up: built in the Parser's buffer
		"https://ex\tample.net/c", // the slow path
		"https://example.com/d",
	}
	count := func(clone bool) map[string]int {
		var p span.Parser
		counts := map[string]int{}
		for _, line := range lines {
			u, err := p.Parse([]byte(line))
			if err != nil {
				t.Fatal(err)
			}
			h := u.Hostname()
			if clone {
				h = strings.Clone(h)
			}
			counts[h]++
		}
		return counts
	}
	kept := count(false)
	poisoned := 0
	for h := range kept {
		if strings.Trim(h, "!") == "" {
			poisoned++
		}
	}
	if poisoned == 0 {
		t.Errorf("keys kept without a clone read %v: the poison did not show", kept)
	}
	right := count(true)
	if len(right) != 3 || right["example.com"] != 2 || right["example.org"] != 1 || right["example.net"] != 1 {
		t.Errorf("keys cloned: %v", right)
	}
}

// TestPoisonCatchesKeyUpdate: the map-key trap of a counting loop that
// clones a key on insert but increments with m[key]++, which stores the
// transient key over the clone (Go updates a string key on assignment),
// shows in the spanurl_poison build as a key of "!", for the
// request-target methods too, even though each later call writes a new
// result of the same length.
func TestPoisonCatchesKeyUpdate(t *testing.T) {
	var p span.Parser
	counts := map[string]int{}
	for _, target := range []string{"/a", "/a", "/b", "/c"} {
		u, err := p.ParseRequestTarget([]byte(target), "example.com", "http")
		if err != nil {
			t.Fatal(err)
		}
		k := u.Pathname()
		if _, ok := counts[k]; ok {
			counts[k]++
		} else {
			counts[strings.Clone(k)] = 1
		}
	}
	// The corrupted map is read by iterating: a lookup hashes the key it
	// is given, not the bytes the stored key reads now.
	poisoned := 0
	for k, n := range counts {
		if k == "!!" && n == 2 {
			poisoned++
		}
	}
	if poisoned != 1 {
		t.Errorf("counts %v: the key stored by counts[k]++ does not read as poison", counts)
	}
}
