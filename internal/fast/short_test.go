package fast

import (
	"testing"

	"github.com/spanurl/spanurl/internal/asm"
	"github.com/spanurl/spanurl/record"
)

// general is ParseAbsolute without parseShort: the scanner's way.
func general(s string) (string, record.Packed, bool) {
	var sc scanner
	sc.s = s
	sc.count, sc.sum = asm.ClassifySummary(sc.blocks[:], s)
	end, port := lowerHTTP(s)
	return parseSpecial(&sc, s, end, false, port, nil)
}

// TestParseShort: parseShort takes the common short URLs, and whatever it
// takes, it takes as the scanner's way does (which the differential tests
// in span compare with the slow path); what it leaves, the scanner's way
// handles.
func TestParseShort(t *testing.T) {
	for _, c := range []struct {
		s    string
		take bool
	}{
		{"http://example.com/", true},
		{"https://example.com/a/b?c=d#e", true},
		{"https://example.com", true}, // gets its "/"
		{"https://a.de/x", true},      // ends in a hex digit, not a number
		{"http://h/p#f?g#h", true},
		{"http://h/p?q?r#f#g", true},
		{"http://h/a:b", true},
		{"https://example.com/01234567890123456789012345678901234567890123", true}, // 64 bytes
		{"http://EXAMPLE.com/", false},
		{"http://h:8080/", false},
		{"http://1.2.3.4/", false},
		{"http://h.0x1/", false},
		{"http://h?q", false},
		{"http://h#f", false},
		{"http:///h/", false},
		{"http://h\\p", false},
		{"http://h/a\\b", false},
		{"http://h/./a", false},
		{"http://h/%2e/a", false},
		{"http://h/@x", false}, // a '@' after '/': the scanner looks closer
		{"http://u@h/", false},
		{"http://h/a b", false},
		{"http://h/a`", false},
		{"http://h/é", false},
		{"http://h/a ", false},
	} {
		end, _ := lowerHTTP(c.s)
		if end == 0 || len(c.s) > 64 {
			if c.take {
				t.Errorf("%q: not an http(s) URL of at most 64 bytes", c.s)
			}
			continue
		}
		href, p, ok := parseShort(c.s, end, nil)
		if ok != c.take {
			t.Errorf("parseShort(%q) ok = %v, want %v", c.s, ok, c.take)
		}
		if !ok {
			continue
		}
		gh, gp, gok := general(c.s)
		if !gok || href != gh || p != gp {
			t.Errorf("parseShort(%q) = %q %v, the scanner's way %q %v %v", c.s, href, p, gh, gp, gok)
		}
	}
}
