package main

import (
	"strings"
	"testing"
)

// TestJSONLUsage checks that the flags of -format jsonl and -stats-field
// refuse what does not go together, each with one line that says why.
func TestJSONLUsage(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-json-field", "url"}, "-json-field names a field of JSON lines: it needs -format jsonl"},
		{[]string{"-format", "combined", "-json-kind", "request"}, "-json-kind names a field of JSON lines"},
		{[]string{"-format", "jsonl", "-json-kind", "line"}, `-json-kind "line": the kinds are url, target and request`},
		{[]string{"-format", "jsonl", "-json-field", "a..b"}, `-json-field "a..b": a path of keys`},
		{[]string{"-format", "jsonl", "-json-field", ""}, `-json-field "": a path of keys`},
		{[]string{"-format", "jsonl", "-json-host", "host"}, "-json-host names the server of a request: it needs -json-kind target or request"},
		{[]string{"-format", "jsonl", "-json-kind", "request", "-json-host", ".h"}, `-json-host ".h"`},
		{[]string{"-format", "jsonl", "-host", "example.com"}, "-host names the server of request targets: it needs -json-kind target or request"},
		{[]string{"-format", "jsonl", "-col", "2"}, "-col and -sep read lines of columns, not -format jsonl"},
		{[]string{"-format", "jsonl", "-json-kind", "target", "-host", "a", "-base", "https://b/"}, "-host and -base both name the server"},
		{[]string{"-stats-field", "sitekey"}, "-stats-field names what -stats ranks: give -stats too"},
		{[]string{"-stats", "-stats-field", "status"}, "-stats counts the status of the lines already"},
		{[]string{"-stats", "-stats-field", "nope"}, `-stats-field: unknown field "nope"`},
		{[]string{"-stats", "-stats-field", "param:"}, "the field param: names no parameter"},
		{[]string{"-fields", "href,param:"}, "the field param: names no parameter"},
	}
	for _, tt := range tests {
		status, stdout, stderr := spanurl(t, "", tt.args...)
		if status != exitUsage || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, tt.want) {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want a usage error with %q", tt.args, status, stdout, stderr, tt.want)
		}
	}
}

// TestJSONLKindURLResolves checks that -json-kind url (the default)
// reads the field as a line of -format lines: resolved against -base, a
// blank field giving the base itself.
func TestJSONLKindURLResolves(t *testing.T) {
	in := `{"url":"../b?q"}` + "\n" + `{"url":""}` + "\n"
	status, stdout, stderr := spanurl(t, in, "-format", "jsonl", "-base", "https://h.example/x/y/z")
	if want := "https://h.example/x/b?q\nhttps://h.example/x/y/z\n"; status != exitOK || stdout != want || stderr != "" {
		t.Errorf("status %d, stdout %q (want %q), stderr %q", status, stdout, want, stderr)
	}
}

// TestJSONLLineAllocs checks that a line of -format jsonl, a request
// line with escapes on the server of its Host field, is formatted
// without allocating, as an access log's line is (an ASCII target: the
// access log's reusable parser takes the allocating path for others).
func TestJSONLLineAllocs(t *testing.T) {
	cfg := &config{format: formatJSONL, scheme: "http", host: "example.com"}
	if err := cfg.setJSONInput("req.line", "request", "req.host"); err != nil {
		t.Fatal(err)
	}
	if err := cfg.setFields("href,param:q,input", true); err != nil {
		t.Fatal(err)
	}
	w := newWorker(cfg)
	line := []byte(`{"t":1,"req":{"line":"GET /caf\u0065/\"x\"?q=ab HTTP/1.1","host":"shop.example"},"s":[200]}`)
	out := w.line(nil, line)
	if want := "http://shop.example/cafe/%22x%22?q=ab\tab\t/cafe/\"x\"?q=ab\n"; string(out) != want {
		t.Fatalf("got %q, want %q", out, want)
	}
	if poisonBuild {
		return // the spanurl_poison build lets go of the Parser's memory on every call
	}
	if n := testing.AllocsPerRun(100, func() { out = w.line(out[:0], line) }); n != 0 {
		t.Errorf("%v allocations per line", n)
	}
}
