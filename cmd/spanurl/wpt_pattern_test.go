package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/spanurl/spanurl/internal/testvectors"
)

// loadPatternData reads one of the URL Pattern WPT files as raw cases,
// skipping the comment strings between them.
func loadPatternData(t *testing.T, name string) []map[string]json.RawMessage {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(testvectors.WPTDir(t), "urlpattern", name))
	if err != nil {
		t.Fatal(err)
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	var cases []map[string]json.RawMessage
	for _, r := range raw {
		var c map[string]json.RawMessage
		if json.Unmarshal(r, &c) == nil {
			cases = append(cases, c)
		}
	}
	return cases
}

// patternReply is any answer to a URL Pattern request.
type patternReply struct {
	PatternError *string           `json:"pattern_error"`
	Pattern      map[string]string `json:"pattern"`
	Test         json.RawMessage   `json:"test"`
	Exec         json.RawMessage   `json:"exec"`
	Result       json.RawMessage   `json:"result"`
	Throws       *string           `json:"throws"`
	Error        *string           `json:"error"`
}

// TestWPTURLPatternData feeds every case of urlpatterntestdata.json to
// spanurl wpt and checks the answers as the WPT harness checks a URLPattern
// object: the constructor's failure, the components the case names, test()
// and exec() with every component's input and groups.
func TestWPTURLPatternData(t *testing.T) {
	cases := loadPatternData(t, "urlpatterntestdata.json")
	lines := make([]string, len(cases))
	for i, c := range cases {
		req, _ := json.Marshal(map[string]json.RawMessage{"op": json.RawMessage(`"urlpattern"`), "pattern": c["pattern"], "inputs": orEmptyList(c["inputs"])})
		lines[i] = string(req)
	}
	pass := 0
	for i, line := range runWPTLines(t, lines) {
		if problem := checkPatternReply(cases[i], line); problem != "" {
			t.Errorf("%s: %s\n  answer %s", lines[i], problem, line)
			continue
		}
		pass++
	}
	t.Logf("urlpatterntestdata.json through spanurl wpt: %d/%d", pass, len(cases))
}

func orEmptyList(raw json.RawMessage) json.RawMessage {
	if raw == nil {
		return json.RawMessage(`[]`)
	}
	return raw
}

func checkPatternReply(c map[string]json.RawMessage, line string) string {
	var r patternReply
	if err := json.Unmarshal([]byte(line), &r); err != nil || r.Error != nil {
		return "not an answer"
	}
	if string(c["expected_obj"]) == `"error"` {
		if r.PatternError == nil {
			return "the constructor succeeded"
		}
		return ""
	}
	if r.PatternError != nil {
		return "the constructor failed: " + *r.PatternError
	}
	var expectedObj map[string]string
	_ = json.Unmarshal(c["expected_obj"], &expectedObj)
	for name, want := range expectedObj {
		if r.Pattern[name] != want {
			return "pattern." + name + " = " + r.Pattern[name] + ", want " + want
		}
	}
	var empty []string
	_ = json.Unmarshal(c["exactly_empty_components"], &empty)
	switch string(c["expected_match"]) {
	case `"error"`:
		if string(r.Test) != `"error"` || string(r.Exec) != `"error"` {
			return "test() and exec() do not throw"
		}
		return ""
	case "", "null":
		if string(r.Test) != "false" || string(r.Exec) != "null" {
			return "a match"
		}
		return ""
	}
	if string(r.Test) != "true" {
		return "test() = " + string(r.Test)
	}
	var expected, got map[string]json.RawMessage
	_ = json.Unmarshal(c["expected_match"], &expected)
	if err := json.Unmarshal(r.Exec, &got); err != nil {
		return "exec() = " + string(r.Exec)
	}
	wantInputs := orEmptyList(c["inputs"])
	if raw, ok := expected["inputs"]; ok {
		wantInputs = raw
	} else if string(wantInputs) == "[]" {
		wantInputs = json.RawMessage(`[{}]`)
	}
	if !sameJSON(got["inputs"], wantInputs) {
		return "exec().inputs = " + string(got["inputs"])
	}
	for _, name := range patternComponents {
		want, ok := expected[name]
		if !ok {
			want = json.RawMessage(`{"input":"","groups":{"0":""}}`)
			for _, e := range empty {
				if e == name {
					want = json.RawMessage(`{"input":"","groups":{}}`)
				}
			}
		}
		if !sameJSON(got[name], want) {
			return "exec()." + name + " = " + string(got[name]) + ", want " + string(want)
		}
	}
	return ""
}

// sameJSON reports whether two JSON texts hold the same value.
func sameJSON(a, b json.RawMessage) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

// TestWPTURLPatternCompareGenerate feeds the compare and generate data
// (tentative in the WPT) to spanurl wpt.
func TestWPTURLPatternCompareGenerate(t *testing.T) {
	for _, file := range []struct{ name, op string }{
		{"urlpattern-compare-test-data.json", "urlpattern_compare"},
		{"urlpattern-generate-test-data.json", "urlpattern_generate"},
	} {
		cases := loadPatternData(t, file.name)
		lines := make([]string, len(cases))
		for i, c := range cases {
			req := map[string]json.RawMessage{"op": json.RawMessage(`"` + file.op + `"`)}
			for k, v := range c {
				if k != "expected" {
					req[k] = v
				}
			}
			b, _ := json.Marshal(req)
			lines[i] = string(b)
		}
		pass := 0
		for i, line := range runWPTLines(t, lines) {
			var r patternReply
			_ = json.Unmarshal([]byte(line), &r)
			want := cases[i]["expected"]
			switch {
			case string(want) == "null" && r.Throws != nil:
				pass++
			case string(want) != "null" && r.Throws == nil && sameJSON(r.Result, want):
				pass++
			default:
				t.Errorf("%s: %s, want %s", lines[i], line, want)
			}
		}
		t.Logf("%s through spanurl wpt: %d/%d", file.name, pass, len(cases))
	}
}
