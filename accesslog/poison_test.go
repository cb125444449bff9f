//go:build spanurl_poison

package accesslog

import (
	"strings"
	"testing"
)

// TestPoisonCatchesMapKeyTrap: in the spanurl_poison build, the map-key
// trap (m[k]++ with a transient k on a key already in the map) leaves
// keys that read as "!", where an ordinary build leaves keys that read
// as other paths; the same paths counted with a Counter are right.
func TestPoisonCatchesMapKeyTrap(t *testing.T) {
	m := trapMap(t, plainLog)
	poisoned := 0
	for k := range m {
		if k != "" && strings.Trim(k, "!") == "" {
			poisoned++
		}
	}
	if poisoned == 0 {
		t.Errorf("the map-key trap counts %v: no key reads as poison", m)
	}
	var c Counter
	countTrap(t, trapLog, c.Add)
	for k, n := range trapCounts {
		if c.Count(k) != n {
			t.Errorf("Counter: Count(%q) = %d, want %d", k, c.Count(k), n)
		}
	}
}
