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

// plainLog is a log whose paths Parser.URL makes in the same memory
// each, one over the other: kept without a copy, they read as the paths
// after them.
var plainLog = logOf("/a", "/b", "/a", "/c", "/b", "/a", "/d")

// trapMap counts the paths of log with a map as the map-key trap counts
// them: a clone on insert, and m[k]++ for a key already there, which
// stores the transient k over the clone.
func trapMap(t *testing.T, log []string) map[string]int64 {
	m := map[string]int64{}
	countTrap(t, log, func(k string) {
		if _, ok := m[k]; ok {
			m[k]++
		} else {
			m[strings.Clone(k)] = 1
		}
	})
	return m
}
