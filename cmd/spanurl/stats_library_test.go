package main

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/accesslog"
	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

// agreeLog makes a combined log of n lines: requests that the strict
// policy routes as they are and ones it normalizes ("/adm%69n"), CONNECT
// and "OPTIONS *", refusals of httpurl and of its policy, malformed
// lines and blank ones.
func agreeLog(n int) string {
	var b strings.Builder
	for i := range n {
		var target string
		switch i % 17 {
		case 0:
			b.WriteString("\n")
			continue
		case 1:
			b.WriteString("not a log line\n")
			continue
		case 2:
			b.WriteString(`192.0.2.1 - - [10/Oct/2024:13:55:36 +0000] "CONNECT upstream.example.org:443 HTTP/1.1" 200 0 "-" "-"` + "\n")
			continue
		case 3:
			b.WriteString(`192.0.2.1 - - [10/Oct/2024:13:55:36 +0000] "OPTIONS * HTTP/1.1" 200 0 "-" "-"` + "\n")
			continue
		case 4:
			target = "/adm%69n"
		case 5:
			target = "/admin"
		case 6:
			target = "/%7Euser/"
		case 7:
			target = "/~user/"
		case 8:
			target = "/a%2Fb"
		case 9:
			target = "/a%zz"
		case 10:
			target = `/a\x01b`
		case 11:
			target = "/a b"
		case 12:
			target = "https://elsewhere.example/x"
		case 13:
			target = "http://u@elsewhere.example/x"
		case 14:
			target = "/x\r"
		default:
			target = "/p/" + strconv.Itoa(i%40) + "/../q" + strconv.Itoa(i%7)
		}
		b.WriteString(logLine(target))
	}
	return b.String()
}

// statsRows reads the rows of -stats's summary, by section ("" for the
// counts before the first titled section) and label.
func statsRows(t *testing.T, text string) map[string]map[string]int64 {
	rows := map[string]map[string]int64{"": {}}
	section := ""
	for _, line := range strings.Split(text, "\n")[1:] {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(line, "(") {
			continue
		}
		n, err := strconv.ParseInt(strings.TrimPrefix(f[len(f)-1], "~"), 10, 64)
		if err != nil {
			section = f[0] + " " + f[1]
			rows[section] = map[string]int64{}
			continue
		}
		rows[section][strings.TrimSpace(line[:strings.LastIndex(line, f[len(f)-1])])] = n
	}
	return rows
}

// TestStatsMatchLibrary: what -stats counts on an access log (lines,
// blank lines, URLs, failures by reason, paths) is what a program on
// package accesslog counts, reading the same lines with Parser.Parse and
// Parser.URL: blank lines are ErrBlankLine, malformed lines the rest of
// Parse's errors, and each failure of URL is named by its validation
// error or httpurl's sentinel.
func TestStatsMatchLibrary(t *testing.T) {
	log := agreeLog(20000)
	_, _, stderr := spanurl(t, log, "-format", "combined", "-host", "example.com", "-stats", "-stats-field", "pathname")
	got := statsRows(t, stderr)

	want := map[string]int64{}
	var paths accesslog.Counter
	var urls int64
	p := accesslog.Parser{Format: accesslog.Combined}
	var l accesslog.Line
	for _, line := range strings.Split(strings.TrimSuffix(log, "\n"), "\n") {
		want["lines"]++
		err := p.Parse(bytes.TrimSuffix([]byte(line), []byte("\r")), &l)
		switch {
		case errors.Is(err, accesslog.ErrBlankLine):
			want["blank"]++
			continue
		case errors.Is(err, accesslog.ErrMalformed):
			want["failed"]++
			want["malformed line"]++
			continue
		}
		u, err := p.URL(&l, "example.com", "http")
		if err != nil {
			want["failed"]++
			var pe *span.ParseError
			if errors.As(err, &pe) && pe.Type != 0 {
				want[record.ErrorType(pe.Type).String()]++
			} else {
				want[refusals[refusal(err)].name]++
			}
			continue
		}
		want["parsed"]++
		if u.Pathname() != "" {
			urls++
			paths.Add(u.Pathname())
		}
	}
	if len(got[""]) != len(want) {
		t.Errorf("-stats has the rows %v; the library counts %v", got[""], want)
	}
	for label, n := range want {
		if got[""][label] != n {
			t.Errorf("-stats: %s %d; the library counts %d", label, got[""][label], n)
		}
	}
	top := got["top pathname"]
	if len(top) != paths.Len() || paths.Count("/adm%69n") != 0 || paths.Count("/admin") == 0 {
		t.Errorf("-stats ranks %d paths %v; the library counts %d", len(top), top, paths.Len())
	}
	for path, n := range paths.All() {
		if top[path] != n {
			t.Errorf("-stats: path %s %d; the library counts %d", path, top[path], n)
		}
	}
	if testing.Verbose() {
		fmt.Print(stderr)
	}
}
