package accesslog

import (
	"fmt"
	"maps"
	"strings"
	"testing"
)

// trapLog is a log whose paths, counted from Parser.URL's transient
// results, show the map-key trap: the same path on lines apart, other
// paths between them.
var trapLog = logOf("/a", "/b", "/a", "/c", "/adm%69n", "/admin", "/b", "/a", "/%7Euser/", "/~user/")

var trapCounts = map[string]int64{"/a": 3, "/b": 2, "/c": 1, "/admin": 2, "/~user/": 2}

// logOf returns a log of GET requests for paths.
func logOf(paths ...string) []string {
	var lines []string
	for i, path := range paths {
		lines = append(lines, fmt.Sprintf(`192.0.2.%d - - [10/Oct/2024:13:55:36 +0000] "GET %s HTTP/1.1" 200 1 "-" "-"`, i, path))
	}
	return lines
}

// countTrap counts the paths of log with add, given each path as
// Parser.URL returns it, in the Parser's memory.
func countTrap(t *testing.T, log []string, add func(path string)) {
	t.Helper()
	p := Parser{Format: Combined}
	var l Line
	for _, line := range log {
		if err := p.Parse([]byte(line), &l); err != nil {
			t.Fatal(err)
		}
		u, err := p.URL(&l, "example.com", "https")
		if err != nil {
			t.Fatal(err)
		}
		add(u.Pathname())
	}
}

// TestCounter: a Counter counts Parser.URL's transient paths right, and
// copies each distinct path once.
func TestCounter(t *testing.T) {
	var c Counter
	countTrap(t, trapLog, c.Add)
	got := maps.Collect(c.All())
	if !maps.Equal(got, trapCounts) || c.Len() != len(trapCounts) {
		t.Errorf("Counter counts %v (%d keys), want %v", got, c.Len(), trapCounts)
	}
	for k, n := range trapCounts {
		if c.Count(k) != n {
			t.Errorf("Count(%q) = %d, want %d", k, c.Count(k), n)
		}
	}
	if c.Count("/none") != 0 {
		t.Errorf("Count of a path never added: %d", c.Count("/none"))
	}
	if poisonBuild {
		return
	}
	path := strings.Clone("/a")
	if allocs := testing.AllocsPerRun(100, func() { c.Add(path) }); allocs != 0 {
		t.Errorf("Add of a known key: %v allocations, want 0", allocs)
	}
}
