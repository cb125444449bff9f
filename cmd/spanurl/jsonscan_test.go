package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestJSONScan checks the scanner's verdict and the value it finds on
// lines that are JSON objects and lines that are not.
func TestJSONScan(t *testing.T) {
	tests := []struct {
		line  string
		path  string
		ok    bool
		found bool
		str   string // the decoded string ("" and isStr false: not a string)
		isStr bool
	}{
		{`{"url":"http://a/"}`, "url", true, true, "http://a/", true},
		{` { "url" : "x" } `, "url", true, true, "x", true},
		{`{"a":1,"url":"x","b":[1,{"url":"y"}]}`, "url", true, true, "x", true},
		{`{"url":"x","url":"y"}`, "url", true, true, "y", true},
		{`{"u\u0072l":"x"}`, "url", true, true, "x", true},
		{`{"url":"\"\\\/\b\f\n\r\t"}`, "url", true, true, "\"\\/\b\f\n\r\t", true},
		{`{"url":"\u00e9\u20AC\ud83d\ude00"}`, "url", true, true, "é€😀", true},
		{`{"url":"\ud800"}`, "url", true, true, "\uFFFD", true},
		{`{"url":"\ud800\u0041"}`, "url", true, true, "\uFFFDA", true},
		{`{"url":"\udc00\ud800\udc00"}`, "url", true, true, "\uFFFD𐀀", true},
		{"{\"url\":\"\xff\xfe\"}", "url", true, true, "\xff\xfe", true},
		{`{"url":null}`, "url", true, true, "", false},
		{`{"url":12.5e-3}`, "url", true, true, "", false},
		{`{"url":{"a":"b"}}`, "url", true, true, "", false},
		{`{"req":{"uri":"/p","host":"h"}}`, "req.uri", true, true, "/p", true},
		{`{"req":{"uri":"/p"},"req":{"host":"h"}}`, "req.uri", true, true, "/p", true},
		{`{"req":"/p"}`, "req.uri", true, false, "", false},
		{`{"other":"x"}`, "url", true, false, "", false},
		{`{}`, "url", true, false, "", false},
		{`{"a":[],"b":{},"c":true,"d":false,"e":null,"f":-0,"url":""}`, "url", true, true, "", true},

		{``, "url", false, false, "", false},
		{`[]`, "url", false, false, "", false},
		{`"url"`, "url", false, false, "", false},
		{`{"url":"x"`, "url", false, false, "", false},
		{`{"url":"x"} x`, "url", false, false, "", false},
		{`{"url":"x",}`, "url", false, false, "", false},
		{`{"url" "x"}`, "url", false, false, "", false},
		{`{url:"x"}`, "url", false, false, "", false},
		{`{"url":'x'}`, "url", false, false, "", false},
		{"{\"url\":\"a\tb\"}", "url", false, false, "", false},
		{`{"url":"\x41"}`, "url", false, false, "", false},
		{`{"url":"\u12"}`, "url", false, false, "", false},
		{`{"url":01}`, "url", false, false, "", false},
		{`{"url":1.}`, "url", false, false, "", false},
		{`{"url":-}`, "url", false, false, "", false},
		{`{"url":1e}`, "url", false, false, "", false},
		{`{"url":tru}`, "url", false, false, "", false},
		{`{"url":[1,]}`, "url", false, false, "", false},
		{`{"url":"x"}}`, "url", false, false, "", false},
		{strings.Repeat("[", 20000), "url", false, false, "", false},
	}
	for _, tt := range tests {
		var s jsonScan
		s.paths[0] = strings.Split(tt.path, ".")
		ok := s.scan([]byte(tt.line))
		if ok != tt.ok {
			t.Errorf("%.60q: scan %v (%s at %d), want %v", tt.line, ok, s.errMsg, s.errAt, tt.ok)
			continue
		}
		if !ok {
			if s.errMsg == "" {
				t.Errorf("%.60q: no reason given", tt.line)
			}
			continue
		}
		v := s.vals[0]
		if v.found != tt.found || v.isStr != tt.isStr {
			t.Errorf("%q: found %v, string %v", tt.line, v.found, v.isStr)
			continue
		}
		if v.isStr {
			raw := []byte(tt.line)[v.start:v.end]
			got := string(raw)
			if v.escaped {
				got = string(appendJSONString(nil, raw))
			}
			if got != tt.str {
				t.Errorf("%q: got %q, want %q", tt.line, got, tt.str)
			}
		}
	}
}

// TestJSONScanDeep checks that objects nested as deep as encoding/json
// reads them are read, and deeper ones refused.
func TestJSONScanDeep(t *testing.T) {
	for _, n := range []int{maxJSONDepth - 1, maxJSONDepth} {
		line := "{" + strings.Repeat(`"a":{`, n) + strings.Repeat("}", n) + "}"
		var s jsonScan
		s.paths[0] = []string{"url"}
		if got, want := s.scan([]byte(line)), json.Valid([]byte(line)); got != want {
			t.Errorf("depth %d: scan %v (%s), json.Valid %v", n, got, s.errMsg, want)
		}
	}
}

// TestJSONScanAllocs checks that finding a field of a line allocates
// nothing, escapes and nesting included.
func TestJSONScanAllocs(t *testing.T) {
	line := []byte(`{"time":"2024-10-10T13:55:36Z","req":{"uri":"/a?b=\u00e9","h":["x",1,null]},"status":200}`)
	var s jsonScan
	s.paths = [2][]string{{"req", "uri"}, {"status"}}
	buf := make([]byte, 0, 64)
	allocs := testing.AllocsPerRun(100, func() {
		if !s.scan(line) || !s.vals[0].found {
			t.Fatal("not found")
		}
		v := s.vals[0]
		buf = appendJSONString(buf[:0], line[v.start:v.end])
	})
	if allocs != 0 {
		t.Errorf("%v allocations per line", allocs)
	}
}

// FuzzJSONScan checks the scanner against encoding/json: the same lines
// are JSON objects, and the string found under "url" is the one
// json.Unmarshal reads (for valid UTF-8, which encoding/json would
// otherwise replace).
func FuzzJSONScan(f *testing.F) {
	for _, s := range []string{
		`{"url":"http://a/"}`, `{"url":"\ud83d\ude00\ud800"}`, `{"a":[1,{"url":2}],"url":"x","url":"y"}`,
		`{"url":1e5}`, `{"url":"x"`, `[1]`, ` {} `, `{"u\u0072l":"\/"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		var s jsonScan
		s.paths[0] = []string{"url"}
		got := s.scan(line)
		trimmed := bytes.TrimLeft(line, " \t\r\n")
		want := json.Valid(line) && len(trimmed) > 0 && trimmed[0] == '{'
		if got != want {
			t.Fatalf("%q: scan %v (%s at %d), json.Valid and an object: %v", line, got, s.errMsg, s.errAt, want)
		}
		if !got || !utf8.Valid(line) {
			return
		}
		var m map[string]any
		if err := json.Unmarshal(line, &m); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		u, inMap := m["url"]
		str, isStr := u.(string)
		v := s.vals[0]
		if v.found != inMap || v.isStr != isStr {
			t.Fatalf("%q: found %v string %v; encoding/json: %v %v", line, v.found, v.isStr, inMap, isStr)
		}
		if isStr {
			if dec := string(appendJSONString(nil, line[v.start:v.end])); dec != str {
				t.Fatalf("%q: decoded %q, encoding/json %q", line, dec, str)
			}
		}
	})
}
