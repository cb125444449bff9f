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
