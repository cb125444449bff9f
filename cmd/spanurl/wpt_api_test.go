package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/spanurl/spanurl/internal/testvectors"
)

// TestWPTSettersProtocol feeds every case of setters_tests.json to
// "spanurl wpt" as setter lines and checks each expected getter.
func TestWPTSettersProtocol(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(testvectors.WPTDir(t), "setters_tests.json"))
	if err != nil {
		t.Fatal(err)
	}
	var file map[string]json.RawMessage
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	type setterCase struct {
		Href     string            `json:"href"`
		NewValue string            `json:"new_value"`
		Expected map[string]string `json:"expected"`
	}
	var in bytes.Buffer
	var cases []setterCase
	var names []string
	for setter, raw := range file {
		if setter == "comment" {
			continue
		}
		var list []setterCase
		if err := json.Unmarshal(raw, &list); err != nil {
			t.Fatal(err)
		}
		for _, c := range list {
			line, _ := json.Marshal(map[string]string{"href": c.Href, "setter": setter, "new_value": c.NewValue})
			in.Write(append(line, '\n'))
			cases = append(cases, c)
			names = append(names, setter)
		}
	}
	var out bytes.Buffer
	if code := run([]string{"wpt"}, &in, &out, new(bytes.Buffer)); code != 0 {
		t.Fatalf("exit %d", code)
	}
	sc := bufio.NewScanner(&out)
	sc.Buffer(nil, 1<<20)
	i, pass := 0, 0
	for sc.Scan() {
		var got map[string]string
		if err := json.Unmarshal(sc.Bytes(), &got); err != nil {
			t.Fatalf("answer %d: %v: %s", i, err, sc.Text())
		}
		ok := true
		for k, want := range cases[i].Expected {
			if got[k] != want {
				t.Errorf("%s(%q, %q).%s = %q, want %q", names[i], cases[i].Href, cases[i].NewValue, k, got[k], want)
				ok = false
			}
		}
		if ok {
			pass++
		}
		i++
	}
	if i != len(cases) {
		t.Fatalf("%d answers for %d requests", i, len(cases))
	}
	t.Logf("setters_tests.json through spanurl wpt: %d/%d", pass, len(cases))
}
