package urlpattern

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/api"
	"github.com/spanurl/spanurl/internal/testvectors"
	"github.com/spanurl/spanurl/internal/wptpattern"
)

// wptKnownFailures lists the cases of urlpatterntestdata.json (by name,
// see wptCaseName) that need an ECMAScript regexp feature RE2 lacks, with
// the feature. TestWPTURLPatternData fails when a listed case passes, so
// that the list only shrinks.
var wptKnownFailures = map[string]string{}

// wptDir returns the directory of the URL Pattern WPT data.
func wptDir(t *testing.T) string {
	return filepath.Join(testvectors.WPTDir(t), "urlpattern")
}

// loadWPT decodes a JSON list of test objects, skipping comment strings.
func loadWPT[T any](t *testing.T, name string) []T {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(wptDir(t), name))
	if err != nil {
		t.Fatal(err)
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	var out []T
	for _, r := range raw {
		if len(r) > 0 && r[0] == '"' {
			continue
		}
		var v T
		if err := json.Unmarshal(r, &v); err != nil {
			t.Fatalf("%s: %v in %s", name, err, r)
		}
		out = append(out, v)
	}
	return out
}

// wptCase is one entry of urlpatterntestdata.json.
type wptCase struct {
	Pattern                []json.RawMessage `json:"pattern"`
	Inputs                 []json.RawMessage `json:"inputs"`
	ExpectedObj            json.RawMessage   `json:"expected_obj"`
	ExpectedMatch          json.RawMessage   `json:"expected_match"`
	ExactlyEmptyComponents []string          `json:"exactly_empty_components"`
}

var componentNames = [8]string{"protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"}

// earlierComponents is the WPT harness's list of the components that make
// a missing component default to "*".
var earlierComponents = map[string][]string{
	"protocol": {}, "hostname": {"protocol"}, "port": {"protocol", "hostname"}, "username": {}, "password": {},
	"pathname": {"protocol", "hostname", "port"}, "search": {"protocol", "hostname", "port", "pathname"},
	"hash": {"protocol", "hostname", "port", "pathname", "search"},
}

func wptCaseName(tc wptCase) string {
	p, _ := json.Marshal(tc.Pattern)
	i, _ := json.Marshal(tc.Inputs)
	return "Pattern: " + string(p) + " Inputs: " + string(i)
}

// construct runs the constructor on the WPT argument list, read as
// wptpattern.DecodeConstructor reads it.
func construct(args []json.RawMessage) (*Pattern, error) {
	c, err := wptpattern.DecodeConstructor(args)
	if err != nil {
		return nil, err
	}
	opts := Options{IgnoreCase: c.IgnoreCase}
	if c.IsString {
		var base []string
		if c.BaseURL != nil {
			base = append(base, *c.BaseURL)
		}
		return NewWithOptions(c.String, opts, base...)
	}
	if c.InitWithBase() {
		// new URLPattern(init, baseURL) throws; NewFromInit has no base
		// URL parameter, so that call cannot be written.
		return nil, newError(ErrInvalidInput, "", -1, "base URL beside an Init")
	}
	return NewFromInit(Init(c.Init), opts)
}

func TestWPTURLPatternData(t *testing.T) {
	cases := loadWPT[wptCase](t, "urlpatterntestdata.json")
	pass, known := 0, 0
	for _, tc := range cases {
		name := wptCaseName(tc)
		problem := checkWPTCase(tc)
		reason, listed := wptKnownFailures[name]
		switch {
		case problem == "" && listed:
			t.Errorf("%s: passes but is listed as needing %s: remove it from wptKnownFailures", name, reason)
		case problem == "":
			pass++
		case listed:
			known++
		default:
			t.Errorf("%s: %s", name, problem)
		}
	}
	t.Logf("urlpatterntestdata.json: %d/%d pass, %d listed as needing what RE2 lacks", pass, len(cases), known)
}

// checkWPTCase runs one case as the WPT harness does and returns what
// differs, or "".
func checkWPTCase(tc wptCase) string {
	p, err := construct(tc.Pattern)
	if string(tc.ExpectedObj) == `"error"` {
		if err == nil {
			return "constructor succeeded, want an error"
		}
		var e *Error
		if !errors.As(err, &e) {
			return "constructor error is not an *Error: " + err.Error()
		}
		return ""
	}
	if err != nil {
		return "constructor: " + err.Error()
	}
	// The compiled pattern strings.
	var expectedObj map[string]string
	if len(tc.ExpectedObj) > 0 {
		_ = json.Unmarshal(tc.ExpectedObj, &expectedObj)
	}
	// A case that got here has a constructor that succeeds, so its
	// arguments decode.
	args, _ := wptpattern.DecodeConstructor(tc.Pattern)
	var patternDict *wptpattern.Init
	var baseURL *api.URL
	if len(tc.Pattern) > 0 && !args.IsString {
		patternDict = &args.Init
		if b, ok := patternDict.Member("baseURL"); ok && b != "" {
			baseURL, _ = api.NewURL(b)
		}
	}
	if baseURL == nil && args.BaseURL != nil {
		baseURL, _ = api.NewURL(*args.BaseURL)
	}
	got := [8]string{p.Protocol(), p.Username(), p.Password(), p.Hostname(), p.Port(), p.Pathname(), p.Search(), p.Hash()}
	for i, c := range componentNames {
		expected, ok := expectedObj[c]
		if !ok {
			switch {
			case contains(tc.ExactlyEmptyComponents, c):
				expected = ""
			case patternDict != nil && member(patternDict, c) != "":
				expected = member(patternDict, c)
			case patternDict != nil && hasAny(patternDict, earlierComponents[c]):
				expected = "*"
			case baseURL != nil && c != "username" && c != "password":
				expected = baseComponent(baseURL, c)
			default:
				expected = "*"
			}
		}
		if got[i] != expected {
			return "pattern." + c + " = " + quote(got[i]) + ", want " + quote(expected)
		}
	}
	in, err := wptpattern.DecodeInputs(tc.Inputs)
	if string(tc.ExpectedMatch) == `"error"` {
		// test(init, baseURL) and exec(init, baseURL) throw; TestInit and
		// ExecInit have no base URL parameter, so that call cannot be
		// written.
		if in.InitWithBase() {
			return ""
		}
		return "expected_match is \"error\" for a call that Go can write"
	}
	if err != nil {
		return err.Error()
	}
	var test bool
	var res *Result
	if in.IsString {
		var base []string
		if in.BaseURL != nil {
			base = append(base, *in.BaseURL)
		}
		test = p.Test(in.String, base...)
		res = p.Exec(in.String, base...)
	} else {
		init := Init(in.Init)
		test = p.TestInit(init)
		res = p.ExecInit(init)
	}
	wantMatch := len(tc.ExpectedMatch) > 0 && string(tc.ExpectedMatch) != "null"
	if test != wantMatch {
		return "test() = " + boolString(test)
	}
	if (res != nil) != wantMatch {
		return "exec() match = " + boolString(res != nil)
	}
	if res == nil {
		return ""
	}
	var expected map[string]json.RawMessage
	_ = json.Unmarshal(tc.ExpectedMatch, &expected)
	// result.inputs
	wantInputs := tc.Inputs
	if len(wantInputs) == 0 {
		wantInputs = []json.RawMessage{json.RawMessage(`{}`)}
	}
	if raw, ok := expected["inputs"]; ok {
		_ = json.Unmarshal(raw, &wantInputs)
	}
	var gotInputs []string
	if res.Inputs.Init != nil {
		gotInputs = []string{"init"}
	} else {
		gotInputs = []string{res.Inputs.URL}
		if res.Inputs.BaseURL != nil {
			gotInputs = append(gotInputs, *res.Inputs.BaseURL)
		}
	}
	if len(gotInputs) != len(wantInputs) {
		return "exec() inputs length " + quote(strings.Join(gotInputs, ","))
	}
	for i, w := range wantInputs {
		if a, err := wptpattern.DecodeArg(w); err == nil && a.IsString && a.String != gotInputs[i] {
			return "exec() inputs[" + string(rune('0'+i)) + "] = " + quote(gotInputs[i])
		}
	}
	comps := [8]*ComponentResult{&res.Protocol, &res.Username, &res.Password, &res.Hostname, &res.Port, &res.Pathname, &res.Search, &res.Hash}
	for i, c := range componentNames {
		var want struct {
			Input  string             `json:"input"`
			Groups map[string]*string `json:"groups"`
		}
		if raw, ok := expected[c]; ok {
			_ = json.Unmarshal(raw, &want)
		} else {
			want.Groups = map[string]*string{}
			if !contains(tc.ExactlyEmptyComponents, c) {
				want.Groups["0"] = new(string)
			}
		}
		g := comps[i]
		if g.Input != want.Input {
			return "exec()." + c + ".input = " + quote(g.Input) + ", want " + quote(want.Input)
		}
		if len(g.Groups) != len(want.Groups) {
			return "exec()." + c + " has " + groupsString(g.Groups)
		}
		for _, grp := range g.Groups {
			w, ok := want.Groups[grp.Name]
			if !ok || (w == nil) == grp.Matched || (w != nil && *w != grp.Value) {
				return "exec()." + c + " has " + groupsString(g.Groups)
			}
		}
	}
	return ""
}

func groupsString(gs []Group) string {
	var b strings.Builder
	for _, g := range gs {
		b.WriteString(g.Name + "=")
		if g.Matched {
			b.WriteString(quote(g.Value))
		} else {
			b.WriteString("undefined")
		}
		b.WriteString(" ")
	}
	return "{" + strings.TrimSpace(b.String()) + "}"
}

func baseComponent(u *api.URL, c string) string {
	switch c {
	case "protocol":
		return strings.TrimSuffix(u.Protocol(), ":")
	case "hostname":
		return u.Hostname()
	case "port":
		return u.Port()
	case "pathname":
		return u.Pathname()
	case "search":
		return strings.TrimPrefix(u.Search(), "?")
	case "hash":
		return strings.TrimPrefix(u.Hash(), "#")
	}
	return ""
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func hasAny(init *wptpattern.Init, names []string) bool {
	for _, name := range names {
		if _, ok := init.Member(name); ok {
			return true
		}
	}
	return false
}

// member returns the member of init named name, or "".
func member(init *wptpattern.Init, name string) string {
	v, _ := init.Member(name)
	return v
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func boolString(b bool) string {
	if b {
		return "true"
	}
	return "false"
}
