package accesslog

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/internal/testvectors"
)

// sameURL checks that Parser.URL gives what Line.URL gives for l, after
// the lines p has seen before (whose servers it remembers).
func sameURL(t *testing.T, p *Parser, l *Line, host, scheme, what string) {
	t.Helper()
	want, wantErr := l.URL(host, scheme)
	got, err := p.URL(l, host, scheme)
	if (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() ||
		got.Href() != want.Href() || got.Offsets() != want.Offsets() {
		t.Errorf("%s: Parser.URL gives %q, %v; Line.URL gives %q, %v", what, got.Href(), err, want.Href(), wantErr)
	}
}

// TestParserURLGolden compares Parser.URL with Line.URL on every line of
// the test logs, with one Parser per log so that servers are remembered
// from line to line.
func TestParserURLGolden(t *testing.T) {
	for _, g := range goldenLogs {
		data, err := os.ReadFile(filepath.Join("testdata", g.file))
		if err != nil {
			t.Fatal(err)
		}
		p := Parser{Format: g.format}
		for n, line := range bytes.Split(data, []byte("\n")) {
			var l Line
			if err := p.Parse(line, &l); err != nil {
				continue
			}
			for _, server := range [][2]string{{"example.com", "http"}, {"Example.COM:443", "HTTPS"}, {"a b", "http"}, {"example.com", "ftp"}} {
				sameURL(t, &p, &l, server[0], server[1], fmt.Sprintf("%s:%d on %s", g.file, n+1, server))
			}
		}
	}
}

// TestParserURLRequests compares Parser.URL with Line.URL on the request
// targets and hosts of requests.txt, written as nginx writes them in a
// combined_host log (and with a vhost_combined prefix).
func TestParserURLRequests(t *testing.T) {
	f, err := os.Open(filepath.Join(testvectors.DatasetsDir(t), "requests.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	hostLog, vhostLog := Parser{Format: CombinedHost}, Parser{Format: VhostCombined}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n := 0
	for sc.Scan() {
		line, host := requestLogLine(sc.Text())
		n++
		var l Line
		if err := hostLog.Parse([]byte(line), &l); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		sameURL(t, &hostLog, &l, "example.com", "https", line)
		if host == "-" || strings.ContainsAny(host, " \"\\") {
			continue
		}
		vline := host + ":443 " + line[:strings.LastIndexByte(line, ' ')]
		if err := vhostLog.Parse([]byte(vline), &l); err != nil {
			continue // a host with a port already: no VHOST:PORT field
		}
		sameURL(t, &vhostLog, &l, "example.com", "http", vline)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n < 1000 {
		t.Errorf("requests.txt: %d lines", n)
	}
}

// requestLogLine writes a line of requests.txt (a target, a tab, the
// Host or nothing) as a combined log line with the Host in a last quoted
// field, as nginx writes them; host is that field ("-" for none).
func requestLogLine(corpusLine string) (line, host string) {
	target, host, _ := strings.Cut(corpusLine, "\t")
	if host == "" {
		host = "-"
	}
	return `192.0.2.1 - - [10/Oct/2024:13:55:36 +0000] "GET ` + nginxEscape(target) + ` HTTP/1.1" 200 1 "-" "-" "` + nginxEscape(host) + `"`, host
}

// nginxEscape escapes s as nginx writes a quoted field: '"', '\' and
// bytes that are not printable ASCII as \xHH.
func nginxEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7F || c == '"' || c == '\\' {
			fmt.Fprintf(&b, `\x%02X`, c)
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// urlLines are lines whose URL, or refusal, Parser.URL makes without
// allocating: the canonical ones, origin-form targets, and the CONNECT
// and "OPTIONS *" requests, which name no URL.
var urlLines = append(canonicalLines[:len(canonicalLines):len(canonicalLines)], []struct {
	format Format
	line   string
}{
	{Combined, `203.0.113.9 - - [10/Oct/2024:13:55:36 +0000] "CONNECT example.org:443 HTTP/1.1" 200 0 "-" "-"`},
	{Combined, `203.0.113.9 - - [10/Oct/2024:13:55:36 +0000] "OPTIONS * HTTP/1.1" 200 0 "-" "-"`},
	{Combined, `203.0.113.9 - - [10/Oct/2024:13:55:36 +0000] "GET /%C3%A9/a/%2e%2E/b%25 HTTP/1.1" 200 0 "-" "-"`},
	{CombinedHost, `203.0.113.9 - - [10/Oct/2024:13:55:36 +0000] "GET /x HTTP/1.1" 200 0 "-" "-" "127.0.0.1:8080"`},
	{Combined, `203.0.113.9 - - [10/Oct/2024:13:55:36 +0000] "GET //a//b/../c HTTP/1.1" 200 0 "-" "-"`},
	{Combined, `203.0.113.9 - - [10/Oct/2024:13:55:36 +0000] "GET /café?q=ÿþ HTTP/1.1" 200 0 "-" "-"`},
	{CombinedHost, `203.0.113.9 - - [10/Oct/2024:13:55:36 +0000] "GET /x HTTP/1.1" 200 1 "-" "curl/8.5.0" "WWW.Example.com:443"`},
}...)

func TestParserURLAllocs(t *testing.T) {
	if poisonBuild {
		t.Skip("the spanurl_poison build lets go of the Parser's memory on every call")
	}
	for _, c := range urlLines {
		p := Parser{Format: c.format}
		line := []byte(c.line)
		var l Line
		if err := p.Parse(line, &l); err != nil {
			t.Fatal(err)
		}
		if _, err := p.URL(&l, "example.com", "https"); err != nil && string(l.Method) != "CONNECT" && string(l.Target) != "*" {
			t.Fatal(err)
		}
		allocs := testing.AllocsPerRun(100, func() {
			if err := p.Parse(line, &l); err != nil {
				t.Fatal(err)
			}
			p.URL(&l, "example.com", "https")
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per line, want 0", c.format, allocs)
		}
	}
}
