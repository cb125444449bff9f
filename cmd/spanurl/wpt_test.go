package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/api"
	"github.com/spanurl/spanurl/internal/testvectors"
)

// wptAnswer is any answer of spanurl wpt.
type wptAnswer struct {
	components
	Failure *bool   `json:"failure"`
	Error   *string `json:"error"`
}

// runWPTLines feeds lines to spanurl wpt and returns its answers, one per
// line.
func runWPTLines(t *testing.T, lines []string) []string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	in := strings.Join(lines, "\n") + "\n"
	if status := run([]string{"wpt"}, strings.NewReader(in), &stdout, &stderr); status != exitOK {
		t.Fatalf("spanurl wpt: exit status %d, stderr %s", status, stderr.String())
	}
	out := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if len(out) != len(lines) {
		t.Fatalf("spanurl wpt wrote %d lines for %d", len(out), len(lines))
	}
	return out
}

// TestWPTURLTestData feeds every case of the WPT URL data to spanurl wpt
// and checks its answers against the file.
func TestWPTURLTestData(t *testing.T) {
	for _, file := range []string{"urltestdata.json", "urltestdata-javascript-only.json"} {
		tests := testvectors.LoadJSON[testvectors.URLTest](t, file)
		lines := make([]string, len(tests))
		for i, tc := range tests {
			req, err := json.Marshal(map[string]any{"input": tc.Input, "base": tc.Base})
			if err != nil {
				t.Fatal(err)
			}
			lines[i] = string(req)
		}
		pass := 0
		for i, line := range runWPTLines(t, lines) {
			if checkAnswer(t, file, tests[i], line) {
				pass++
			}
		}
		t.Logf("%s: %d/%d", file, pass, len(tests))
	}
}

func checkAnswer(t *testing.T, file string, tc testvectors.URLTest, line string) bool {
	t.Helper()
	base := "<nil>"
	if tc.Base != nil {
		base = *tc.Base
	}
	var got wptAnswer
	if err := json.Unmarshal([]byte(line), &got); err != nil {
		t.Errorf("%s: (%q, %q): bad answer %s: %v", file, tc.Input, base, line, err)
		return false
	}
	switch {
	case got.Error != nil:
		t.Errorf("%s: (%q, %q): error %q", file, tc.Input, base, *got.Error)
		return false
	case tc.Failure:
		if got.Failure == nil || !*got.Failure {
			t.Errorf("%s: (%q, %q) = %s, want failure", file, tc.Input, base, line)
			return false
		}
		return true
	case got.Failure != nil:
		t.Errorf("%s: (%q, %q) failed, want %q", file, tc.Input, base, tc.Href)
		return false
	}
	ok := true
	check := func(name, got, want string) {
		if got != want {
			t.Errorf("%s: (%q, %q).%s = %q, want %q", file, tc.Input, base, name, got, want)
			ok = false
		}
	}
	check("href", got.Href, tc.Href)
	if tc.Origin != nil {
		check("origin", got.Origin, *tc.Origin)
	}
	check("protocol", got.Protocol, tc.Protocol)
	check("username", got.Username, tc.Username)
	check("password", got.Password, tc.Password)
	check("host", got.Host, tc.Host)
	check("hostname", got.Hostname, tc.Hostname)
	check("port", got.Port, tc.Port)
	check("pathname", got.Pathname, tc.Pathname)
	check("search", got.Search, tc.Search)
	check("hash", got.Hash, tc.Hash)
	return ok
}

// TestWPTProtocol checks that every line, well-formed or not, gets exactly
// one answer, in order.
func TestWPTProtocol(t *testing.T) {
	const parsed = `{"href":"http://a/c","origin":"http://a","protocol":"http:","username":"","password":"","host":"a","hostname":"a","port":"","pathname":"/c","search":"","hash":""}`
	tests := []struct {
		line, want string
	}{
		{`{"input":"http://a/b/../c","base":null}`, parsed},
		{`{"input":"../c","base":"http://a/b/d"}`, parsed},
		{`{"input":"http://a/b/../c"}`, parsed},
		{`{"input":"c","base":"http://a/b"}`, parsed},
		{`{"input":"<b>&amp;","base":"http://a/"}`, `{"href":"http://a/%3Cb%3E&amp;","origin":"http://a","protocol":"http:","username":"","password":"","host":"a","hostname":"a","port":"","pathname":"/%3Cb%3E&amp;","search":"","hash":""}`},
		{`{"input":"\ud800","base":"http://a/"}`, `{"href":"http://a/%EF%BF%BD","origin":"http://a","protocol":"http:","username":"","password":"","host":"a","hostname":"a","port":"","pathname":"/%EF%BF%BD","search":"","hash":""}`},
		{`{"input":"c"}`, `{"failure":true}`},
		{`{"input":"c","base":"b"}`, `{"failure":true}`},
		{`{"input":"http://a/","base":"not a base"}`, `{"failure":true}`},
		{`{"href":"http://a/","setter":"pathname","new_value":"x"}`, `{"href":"http://a/x","origin":"http://a","protocol":"http:","username":"","password":"","host":"a","hostname":"a","port":"","pathname":"/x","search":"","hash":""}`},
		{`{"href":"nope","setter":"pathname","new_value":"x"}`, `{"failure":true}`},
		{`{"href":"http://a/","setter":"href","new_value":"nope"}`, `{"failure":true}`},
		{`{"href":"http://a/","setter":"color","new_value":"x"}`, `{"error":"unknown setter color"}`},
		{`{"href":"http://a/","setter":"hash"}`, `{"error":"\"new_value\" is missing or not a string"}`},
		{`{"op":"searchParams","input":"a=b"}`, `{"error":"unknown op searchParams"}`},
		{`{"op":null}`, `{"error":"\"op\" is not a string"}`},
		{`{"op":"parse","input":"a=b+c&&%zz=%F0"}`, `{"pairs":[["a","b c"],["%zz","�"]],"serialized":"a=b+c&%25zz=%EF%BF%BD"}`},
		{`{"op":"ops","init":"?b=2&a=1&b=1","ops":[["sort"],["get","b"],["getAll","b"],["has","a","1"],["size"],["delete","b","1"],["append","c","d e~"],["toString"],["get","zz"]]}`,
			`{"results":[null,"2",["2","1"],true,3,null,null,"a=1&b=2&c=d+e%7E",null],"final":"a=1&b=2&c=d+e%7E","final_pairs":[["a","1"],["b","2"],["c","d e~"]]}`},
		{`{"op":"url","href":"http://h/p?x=1#f","ops":[["set","x","2"],["href"],["setSearch",""],["search"],["size"]]}`,
			`{"results":[null,"http://h/p?x=2#f",null,"",0],"final":"","final_href":"http://h/p#f","final_search":""}`},
		{`{"op":"url","href":"mailto:a?x=1 ","ops":[["delete","x"]]}`, `{"results":[null],"final":"","final_href":"mailto:a","final_search":""}`},
		{`{"op":"ops","init":"a","ops":[["frobnicate"]]}`, `{"error":"unknown operation \"frobnicate\" with 0 arguments"}`},
		{`{"op":"ops","init":"a","ops":[["get",1]]}`, `{"error":"operation 1: arguments must be strings"}`},
		{`{"op":"parse","input":"` + strings.Repeat("&a", api.DefaultMaxParams+1) + `"}`, `{"error":"URLSearchParams: more than 10000 parameters"}`},
		{`{"op":"ops","init":"` + strings.Repeat("&a", api.DefaultMaxParams+1) + `","ops":[["size"]]}`, `{"error":"URLSearchParams: more than 10000 parameters"}`},
		{`null`, `{"error":"request is not a JSON object"}`},
		{`[1,2]`, `{"error":"request is not a JSON object"}`},
		{`"http://a/"`, `{"error":"request is not a JSON object"}`},
		{`{}`, `{"error":"request has none of \"input\", \"setter\" or \"op\""}`},
		{`{"input":1}`, `{"error":"\"input\" is not a string"}`},
		{`{"input":null}`, `{"error":"\"input\" is not a string"}`},
		{`{"input":"http://a/","base":1}`, `{"error":"\"base\" is neither a string nor null"}`},
		{``, ``},
		{`not json`, ``},
		{`{"input":"http://a/"`, ``},
		{`{"input":"http://a/"} {}`, ``},
		{`{"input":"http://a/b/../c"}`, parsed},
	}
	lines := make([]string, len(tests))
	for i, tt := range tests {
		lines[i] = tt.line
	}
	for i, got := range runWPTLines(t, lines) {
		want := tests[i].want
		if want == "" { // malformed JSON: the message is encoding/json's
			var e struct{ Error string }
			if json.Unmarshal([]byte(got), &e) != nil || !strings.HasPrefix(e.Error, "invalid JSON: ") {
				t.Errorf("%q: got %s, want an invalid JSON error", tests[i].line, got)
			}
			continue
		}
		if got != want {
			t.Errorf("%q:\n got %s\nwant %s", tests[i].line, got, want)
		}
	}
}

func TestWPTNoFinalNewline(t *testing.T) {
	var stdout bytes.Buffer
	run([]string{"wpt"}, strings.NewReader(`{"input":"x"}`+"\r\n"+`{"op":1}`), &stdout, new(bytes.Buffer))
	if want := "{\"failure\":true}\n{\"error\":\"\\\"op\\\" is not a string\"}\n"; stdout.String() != want {
		t.Errorf("got %q, want %q", stdout.String(), want)
	}
}

// TestWPTParamLimit checks that the URLSearchParams requests take up to
// api.DefaultMaxParams pairs, counted as the form parser counts them.
func TestWPTParamLimit(t *testing.T) {
	pairs := func(n int) string { return strings.Repeat("&a", n) }
	lines := []string{
		`{"op":"parse","input":"?` + pairs(api.DefaultMaxParams-1) + `"}`,
		`{"op":"ops","init":"?` + pairs(api.DefaultMaxParams) + `","ops":[["size"]]}`,
	}
	want := []string{
		`{"pairs":[["?",""],["a",""],`,
		`{"results":[10000],`,
	}
	for i, got := range runWPTLines(t, lines) {
		if !strings.HasPrefix(got, want[i]) {
			t.Errorf("line %d: answer starts %.80q, want %q", i, got, want[i])
		}
	}
}
