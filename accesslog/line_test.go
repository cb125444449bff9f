package accesslog

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

const date = "[10/Oct/2024:13:55:36 +0000]"

func TestParseErrors(t *testing.T) {
	tests := []struct {
		format Format
		line   string
		kind   error
		offset int
	}{
		{Combined, `h - - ` + date + ` "GET /a HTTP/1.1" 200 12x`, ErrStatus, 57},
		{Combined, `h - - ` + date + ` "GET /a HTTP/1.1" 2000 1`, ErrStatus, 52},
		{Combined, `h - - ` + date + ` "GET /a HTTP/1.1" 200`, ErrStatus, 52},
		{Combined, `h - - ` + date + `"GET /a HTTP/1.1" 200 1`, ErrRequest, 34},
		{Combined, `h - - ` + date + ` "GET /a HTTP/1.1 200 1`, ErrRequest, 35},
		{Combined, `h - - [no end "GET /a HTTP/1.1" 200 1`, ErrTime, 6},
		{Combined, `[` + date + ` "GET /a HTTP/1.1" 200 1`, ErrTime, 0},
		{Combined, `h - ` + date + ` "GET /a HTTP/1.1" 200 1`, ErrClient, 2},
		{Combined, `h ` + date + ` "GET /a HTTP/1.1" 200 1`, ErrClient, 0},
		{Combined, `h - - ` + date + ` "-" 408 0`, ErrRequestLine, 36},
		{Combined, `h - - ` + date + ` "GET  HTTP/1.1" 400 0`, ErrRequestLine, 36},
		{Combined, `h - - ` + date + ` "G(T / HTTP/1.1" 400 0`, ErrRequestLine, 36},
		{VhostCombined, `h - - ` + date + ` "GET /a HTTP/1.1" 200 1`, ErrVirtualHost, 0},
		{VhostCombined, `v.example: h - - ` + date + ` "GET /a HTTP/1.1" 200 1`, ErrVirtualHost, 9},
		{VhostCombined, `v.example:8x h - - ` + date + ` "GET /a HTTP/1.1" 200 1`, ErrVirtualHost, 9},
		{CombinedHost, `h - - ` + date + ` "GET /a HTTP/1.1" 200 1 "-" "ua"`, ErrHost, 67},
		{CombinedHost, `h - - ` + date + ` "GET /a HTTP/1.1" 200 1 "-"`, ErrHost, 62},
	}
	for _, tt := range tests {
		p := Parser{Format: tt.format}
		var l Line
		err := p.Parse([]byte(tt.line), &l)
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, tt.kind) || !errors.Is(err, ErrMalformed) {
			t.Errorf("%s %q: got %v, want an *Error matching %v and ErrMalformed", tt.format, tt.line, err, tt.kind)
			continue
		}
		if e.Offset != tt.offset {
			t.Errorf("%s %q: offset %d, want %d", tt.format, tt.line, e.Offset, tt.offset)
		}
		if want := "accesslog: " + tt.kind.Error() + " at offset "; !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s %q: %q does not start with %q", tt.format, tt.line, err, want)
		}
		if tt.kind == ErrRequestLine {
			if l.Status == nil || l.Method != nil || l.Target != nil {
				t.Errorf("%s %q: a bad request line must leave the other fields: %+v", tt.format, tt.line, l)
			}
			if _, err := l.URL("example.com", "http"); !errors.Is(err, ErrRequestLine) {
				t.Errorf("%s %q: URL: got %v, want ErrRequestLine", tt.format, tt.line, err)
			}
		} else if l.Client != nil || l.Request != nil {
			t.Errorf("%s %q: a malformed line must leave the zero Line: %+v", tt.format, tt.line, l)
		}
	}
}

func TestSplitRequest(t *testing.T) {
	tests := []struct{ req, method, target, protocol string }{
		{"GET /a HTTP/1.1", "GET", "/a", "HTTP/1.1"},
		{"GET /a", "GET", "/a", ""},
		{"GET /a b HTTP/1.0", "GET", "/a b", "HTTP/1.0"},
		{"GET /a b", "GET", "/a b", ""},
		{"PROPFIND /dav/ HTTP/1.1", "PROPFIND", "/dav/", "HTTP/1.1"},
		{"GET HTTP/1.1", "GET", "HTTP/1.1", ""},
	}
	for _, tt := range tests {
		m, tg, pr, ok := splitRequest([]byte(tt.req))
		if !ok || string(m) != tt.method || string(tg) != tt.target || string(pr) != tt.protocol {
			t.Errorf("%q: got %q %q %q %v", tt.req, m, tg, pr, ok)
		}
	}
	for _, bad := range []string{"", "-", "GET", "GET ", " /a HTTP/1.1", "GET  HTTP/1.1", "G\x00T /a", "G(T /a"} {
		if m, tg, pr, ok := splitRequest([]byte(bad)); ok {
			t.Errorf("%q: got %q %q %q, want no split", bad, m, tg, pr)
		}
	}
}

// TestSetRequest checks that SetRequest splits a request line as Parse
// does, and that its URL is the URL of the same request in a log line.
func TestSetRequest(t *testing.T) {
	for _, req := range []string{"GET /a?b HTTP/1.1", "GET //x//y", "CONNECT example.org:443 HTTP/1.1", "OPTIONS * HTTP/1.1", "GET http://h/p HTTP/1.1"} {
		var fromLog Line
		p := Parser{Format: Common}
		if err := p.Parse([]byte(`- - - [x] "`+req+`" 200 1`), &fromLog); err != nil {
			t.Fatalf("%q: %v", req, err)
		}
		l := Line{Host: []byte("example.com")}
		if err := l.SetRequest([]byte(req)); err != nil {
			t.Fatalf("%q: %v", req, err)
		}
		if string(l.Method) != string(fromLog.Method) || string(l.Target) != string(fromLog.Target) ||
			string(l.Protocol) != string(fromLog.Protocol) || string(l.Request) != req || string(l.Host) != "example.com" {
			t.Errorf("%q: got %q %q %q host %q", req, l.Method, l.Target, l.Protocol, l.Host)
		}
		u1, err1 := l.URL("ignored", "http")
		u2, err2 := fromLog.URL("example.com", "http")
		if u1.Href() != u2.Href() || (err1 == nil) != (err2 == nil) {
			t.Errorf("%q: URL %q %v, from the log line %q %v", req, u1.Href(), err1, u2.Href(), err2)
		}
	}
	var l Line
	err := l.SetRequest([]byte("-"))
	if !errors.Is(err, ErrRequestLine) || l.Method != nil || l.Target != nil || l.Protocol != nil {
		t.Errorf("got %v, %q %q %q", err, l.Method, l.Target, l.Protocol)
	}
}

func TestUnescape(t *testing.T) {
	tests := []struct{ in, want string }{
		{`plain`, "plain"},
		{`a\"b\\c`, `a"b\c`},
		{`\x41\x4a\x4`, `AJ\x4`},
		{`\xff\xFE`, "\xff\xfe"},
		{`\xzz`, `\xzz`},
		{`\n\r\t\v\b\f`, "\n\r\t\v\b\f"},
		{`\q`, `\q`},
		{`end\`, `end\`},
		{`\"\\\b\f\n\r\t\v`, "\"\\\b\f\n\r\t\v"},
		{`\x41\x6a\xzz\x4`, "Aj\\xzz\\x4"},
		{`\q\`, `\q\`},
	}
	for _, tt := range tests {
		got := unescape(nil, []byte(tt.in), 0)
		if string(got) != tt.want {
			t.Errorf("%q: got %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestServer(t *testing.T) {
	tests := []struct {
		format       Format
		line         string
		host, scheme string
	}{
		{Combined, `h - - ` + date + ` "GET / HTTP/1.1" 200 1`, "default.example", "https"},
		{VhostCombined, `v.example:443 h - - ` + date + ` "GET / HTTP/1.1" 200 1`, "v.example:443", "https"},
		{VhostCombined, `v.example:80 h - - ` + date + ` "GET / HTTP/1.1" 200 1`, "v.example:80", "http"},
		{VhostCombined, `v.example:8080 h - - ` + date + ` "GET / HTTP/1.1" 200 1`, "v.example:8080", "https"},
		{CombinedHost, `h - - ` + date + ` "GET / HTTP/1.1" 200 1 "-" "-" "H.example"`, "H.example", "https"},
		{CombinedHost, `h - - ` + date + ` "GET / HTTP/1.1" 200 1 "-" "-" "-"`, "default.example", "https"},
		{CombinedHost, `h - - ` + date + ` "GET / HTTP/1.1" 200 1 "-" "-" ""`, "default.example", "https"},
	}
	for _, tt := range tests {
		var l Line
		p := Parser{Format: tt.format}
		if err := p.Parse([]byte(tt.line), &l); err != nil {
			t.Fatalf("%q: %v", tt.line, err)
		}
		if h, s := l.Server("default.example", "https"); h != tt.host || s != tt.scheme {
			t.Errorf("%q: got %q %q, want %q %q", tt.line, h, s, tt.host, tt.scheme)
		}
	}
}

func TestFormatNames(t *testing.T) {
	for _, f := range []Format{Common, Combined, VhostCombined, CombinedHost} {
		if g, ok := FormatOf(f.String()); !ok || g != f {
			t.Errorf("FormatOf(%q) = %v, %v", f.String(), g, ok)
		}
	}
	for _, name := range []string{"", "lines", "Combined", "Format(0)"} {
		if f, ok := FormatOf(name); ok {
			t.Errorf("FormatOf(%q) = %v, want none", name, f)
		}
	}
	if s := Format(0).String(); s != "Format(0)" {
		t.Errorf("Format(0).String() = %q", s)
	}
}

// staleLine returns a Line with every field set, as a Line is when it is
// reused for the next line.
func staleLine() Line {
	x := []byte("stale")
	return Line{
		VHost: x, Port: x, Client: x, Ident: x, User: x, Time: x,
		Request: x, Method: x, Target: x, Protocol: x, Status: x, Size: x,
		Referer: x, UserAgent: x, Host: x, Extra: x, vhostPort: x, requestOff: -1,
	}
}

// TestParseReusedLine checks that Parse gives the same Line whether it
// parses into a zero Line or into one that holds another line's fields:
// Parse writes every field, the absent ones as nil.
func TestParseReusedLine(t *testing.T) {
	stale := reflect.ValueOf(staleLine())
	for i := range stale.NumField() {
		if stale.Field(i).IsZero() {
			t.Fatalf("staleLine leaves field %s zero", stale.Type().Field(i).Name)
		}
	}
	lines := []string{
		`h - - ` + date + ` "GET /a HTTP/1.1" 200 1`,
		`h - - ` + date + ` "GET /a HTTP/1.1" 200 1 extra fields`,
		`h - - ` + date + ` "GET /a HTTP/1.1" 200 1 "-"`,
		`h - - ` + date + ` "GET /a HTTP/1.1" 200 1 "-" "ua"`,
		`h - - ` + date + ` "GET /a HTTP/1.1" 200 1 "-" "ua" "host" more`,
		`v:443 h - - ` + date + ` "GET /a HTTP/1.1" 200 1 "-" "ua"`,
		`h - - ` + date + ` "GET /\x41\" HTTP/1.1" 200 1 "a\\b" "\"" "x\"y" tail\`,
		`h - - ` + date + ` "GET /a HTTP/1.1" 200 1 "r\"" "u\"" "h\x41"`,
		`h - - ` + date + ` "-" 408 0 "-" "-" "-"`,
		`h - - ` + date + ` "GET /a HTTP/1.1" 200`,
		`h - - ` + date + ` "GET /a\" 200 1`,
		`h - - ` + date,
		`h - [x]`,
		``,
	}
	for _, c := range canonicalLines {
		lines = append(lines, c.line)
	}
	for _, g := range goldenLogs {
		data, err := os.ReadFile(filepath.Join("testdata", g.file))
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, strings.Split(string(data), "\n")...)
	}
	for _, format := range []Format{Common, Combined, VhostCombined, CombinedHost} {
		for _, line := range lines {
			var fresh Line
			p := Parser{Format: format}
			err := p.Parse([]byte(line), &fresh)
			reused := staleLine()
			q := Parser{Format: format}
			reusedErr := q.Parse([]byte(line), &reused)
			if !reflect.DeepEqual(err, reusedErr) || !reflect.DeepEqual(fresh, reused) {
				t.Errorf("%s %q:\nzero Line:  %+v, %v\nstale Line: %+v, %v", format, quoteShort([]byte(line)), fresh, err, reused, reusedErr)
			}
		}
	}
}

// TestDecodedFieldsStay checks that the decoded fields of one line do not
// move when a later field of the line is decoded.
func TestDecodedFieldsStay(t *testing.T) {
	line := []byte(`h - - ` + date + ` "GET /\x41 HTTP/1.1" 200 1 "\x42" "\x43" "\x44"`)
	p := Parser{Format: CombinedHost, buf: make([]byte, 0, 1)}
	var l Line
	if err := p.Parse(line, &l); err != nil {
		t.Fatal(err)
	}
	if string(l.Target) != "/A" || string(l.Referer) != "B" || string(l.UserAgent) != "C" || string(l.Host) != "D" {
		t.Errorf("got %q %q %q %q", l.Target, l.Referer, l.UserAgent, l.Host)
	}
}

// canonicalLines are log lines as servers write most of them, without
// escapes, in each format.
var canonicalLines = []struct {
	format Format
	line   string
}{
	{Combined, `203.0.113.9 - - [10/Oct/2024:13:55:36 +0000] "GET /index.html?q=1 HTTP/1.1" 200 2326 "https://www.example.com/" "Mozilla/5.0 (X11; Linux x86_64)"`},
	{Common, `2001:db8::7 - frank [10/Oct/2024:13:55:36 +0000] "POST /api HTTP/2.0" 201 87`},
	{VhostCombined, `www.example.com:443 203.0.113.9 - - [10/Oct/2024:13:55:36 +0000] "GET / HTTP/1.1" 200 1 "-" "curl/8.5.0"`},
	{CombinedHost, `203.0.113.9 - - [10/Oct/2024:13:55:36 +0000] "GET /x HTTP/1.1" 200 1 "-" "curl/8.5.0" "www.example.com"`},
}

func TestParseAllocs(t *testing.T) {
	for _, c := range canonicalLines {
		p := Parser{Format: c.format}
		line := []byte(c.line)
		var l Line
		allocs := testing.AllocsPerRun(100, func() {
			if err := p.Parse(line, &l); err != nil {
				t.Fatal(err)
			}
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per line, want 0", c.format, allocs)
		}
	}
	// A line with escapes allocates its decoding buffer once.
	p := Parser{Format: Combined}
	line := []byte(`h - - ` + date + ` "GET /\x22a\x22 HTTP/1.1" 200 1 "\x22" "a \x22b\x22"`)
	var l Line
	if err := p.Parse(line, &l); err != nil {
		t.Fatal(err)
	}
	if allocs := testing.AllocsPerRun(100, func() { _ = p.Parse(line, &l) }); allocs != 0 {
		t.Errorf("escaped line: %v allocations per line once the buffer is there, want 0", allocs)
	}
	if !bytes.Equal(l.Target, []byte(`/"a"`)) || !bytes.Equal(l.UserAgent, []byte(`a "b"`)) {
		t.Errorf("escaped line: got target %q, user agent %q", l.Target, l.UserAgent)
	}
}

func BenchmarkParse(b *testing.B) {
	p := Parser{Format: Combined}
	line := []byte(canonicalLines[0].line)
	var l Line
	b.SetBytes(int64(len(line)))
	for b.Loop() {
		_ = p.Parse(line, &l)
	}
}
