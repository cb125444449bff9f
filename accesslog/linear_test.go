package accesslog

import (
	"strings"
	"testing"

	"github.com/spanurl/spanurl/internal/lineartest"
	"github.com/spanurl/spanurl/internal/testvectors"
)

// TestLinearParse checks that Parse, Parser.URL and Line.URL take time in
// proportion to the line, in every format, on long lines whose request,
// referer, user agent and Host repeat a unit that costs work: escapes to
// decode (\", \\, \xHH), bytes that are not UTF-8, spaces and tabs in the
// target, backslashes and "%". A line 8 times longer takes at most 16
// times as long (lineartest).
func TestLinearParse(t *testing.T) {
	if testing.Short() {
		t.Skip("linear-time ratios need long lines")
	}
	if testvectors.RaceEnabled {
		t.Skip("linear-time ratios are not measured with the race detector")
	}
	units := []struct{ name, unit string }{
		{"canonical", "a"},
		{"tabs", "a\t"},
		{"spaces", " "},
		{"backslashes", `\\`},
		{"quotes", `\"`},
		{"escapes-xff", `\xff`},
		{"bad-escapes", `\q\x`},
		{"bytes-ff", "\xff"},
		{"percent", "%"},
		{"quotes-bare", `"`},
	}
	line := func(format Format, unit string, size int) []byte {
		u := strings.Repeat(unit, max(1, size/4/len(unit)))
		s := `127.0.0.1 - - [10/Oct/2000:13:55:36 -0700] "GET /` + u + ` HTTP/1.1" 200 2326`
		if format != Common {
			s += ` "` + u + `" "` + u + `"`
		}
		if format == CombinedHost {
			s += ` "h` + u + `"`
		}
		if format == VhostCombined {
			s = "h.example:443 " + s
		}
		return []byte(s)
	}
	for _, format := range []Format{Common, Combined, VhostCombined, CombinedHost} {
		for _, u := range units {
			t.Run(format.String()+"/"+u.name, func(t *testing.T) {
				var p Parser
				p.Format = format
				var l Line
				parse := func(b []byte) func() {
					return func() {
						if err := p.Parse(b, &l); err == nil {
							p.URL(&l, "example.com", "http")
							l.URL("example.com", "http")
						}
					}
				}
				lineartest.Check(t, 16, parse(line(format, u.unit, 32<<10)), parse(line(format, u.unit, 256<<10)))
			})
		}
	}
}
