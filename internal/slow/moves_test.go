package slow

import (
	"strings"
	"testing"

	"github.com/spanurl/spanurl/record"
)

// TestMovedBuffers checks that a long path segment or query that the
// parser moves into its record, and a long opaque path or fragment given
// room for the rest of the input, serialize as the parser's result in a
// caller's record, with the shortcuts on and off.
func TestMovedBuffers(t *testing.T) {
	long := strings.Repeat("a%", movedBuffer)
	inputs := []string{
		"http://h/" + long,
		"http://h/x/y/" + long + "/z",
		"http://h/" + long + "/" + long + "?" + long + "#f",
		"http://h/p?" + long,
		"non-special://h/p?" + long + "#" + long,
		"file:///C|/" + long,
		"http://h/p#" + long,
		"mailto:" + long,
		"mailto:" + long + "?" + long + "#" + long,
		"mailto:x?q#" + long,
		"mailto: " + long,
	}
	for _, input := range inputs {
		want := serializedCopy(t, input)
		for _, short := range []bool{true, false} {
			run := func() {
				var p Parser
				r, err := p.Parse(input, nil, nil)
				if err != nil {
					t.Fatal(err)
				}
				if got := r.String(); got != want {
					t.Errorf("%.40q: got %.60q, want %.60q", input, got, want)
				}
			}
			if short {
				run()
			} else {
				withoutShortcuts(run)
			}
		}
	}
}

// serializedCopy parses input with a record that is not the Parser's,
// which the parser never moves memory into, and serializes it.
func serializedCopy(t *testing.T, input string) string {
	t.Helper()
	var p Parser
	var u record.URL
	u.Reset()
	if err := p.run(input, nil, nil, &u, NoState); err != nil {
		t.Fatal(err)
	}
	return u.String()
}

// TestSetterKeepsItsMemory checks that a setter's record keeps its own
// memory: the parser does not take the memory of a caller's path for its
// buffer, which its next run would write.
func TestSetterKeepsItsMemory(t *testing.T) {
	var p Parser
	// A long fragment leaves the Parser a buffer with room for the
	// setter's path.
	if _, err := p.Parse("http://h/x#"+strings.Repeat("f", 4*movedBuffer), nil, nil); err != nil {
		t.Fatal(err)
	}
	r, err := p.Parse("http://h/x", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	var u record.URL
	u.CopyFrom(r)
	mine := []byte("kkkkkkkkkkkkkkkk")
	u.Path = mine[:0]
	long := strings.Repeat("c", 2*movedBuffer)
	if err := p.ParseWithOverride(long, &u, PathStartState); err != nil {
		t.Fatal(err)
	}
	if got, want := u.String(), "http://h/"+long; got != want {
		t.Errorf("the setter gives %.40q…, want %.40q…", got, want)
	}
	before := string(mine)
	if _, err := p.Parse("http://h/ab", nil, nil); err != nil {
		t.Fatal(err)
	}
	if string(mine) != before {
		t.Errorf("the parser's next run wrote the caller's memory: %q, was %q", mine, before)
	}
}
