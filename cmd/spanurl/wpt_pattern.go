package main

import (
	"encoding/json"

	"github.com/spanurl/spanurl/internal/wptpattern"
	"github.com/spanurl/spanurl/urlpattern"
)

// The URL Pattern requests of spanurl wpt, with the arguments exactly as
// urlpatterntestdata.json and the compare and generate data hold them:
//
//	{"op": "urlpattern", "pattern": P, "inputs": I}
//	    -> {"pattern_error": MSG}, or {"pattern": {the eight components},
//	       "has_regexp_groups": B, "test": true|false|"error",
//	       "exec": null|"error"|{"inputs": [...], COMPONENT: {"input": S,
//	       "groups": {NAME: S or null}}, ...}}
//	{"op": "urlpattern_compare", "component": C, "left": P, "right": P}
//	    -> {"result": -1|0|1} or {"throws": MSG}
//	{"op": "urlpattern_generate", "pattern": P, "component": C, "groups": {...}}
//	    -> {"result": S} or {"throws": MSG}
//
// where P, a pattern of compare and generate, is a pattern string or a
// URLPatternInit.

// patternComponents are the eight components, in the standard's order.
var patternComponents = [8]string{"protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"}

// patternAnswer is the answer to an "urlpattern" request whose
// constructor succeeded.
type patternAnswer struct {
	Pattern         map[string]string `json:"pattern"`
	HasRegExpGroups bool              `json:"has_regexp_groups"`
	Test            any               `json:"test"`
	Exec            any               `json:"exec"`
}

// answerURLPattern answers the three URL Pattern requests.
func answerURLPattern(op string, req map[string]json.RawMessage) any {
	switch op {
	case "urlpattern_compare":
		c, ok := patternComponent(req["component"])
		if !ok {
			return map[string]string{"throws": "invalid component"}
		}
		left, lerr := patternFromInit(req["left"])
		right, rerr := patternFromInit(req["right"])
		if lerr != nil || rerr != nil {
			return map[string]string{"throws": firstError(lerr, rerr).Error()}
		}
		return map[string]int{"result": urlpattern.CompareComponent(c, left, right)}
	case "urlpattern_generate":
		c, ok := patternComponent(req["component"])
		if !ok {
			return map[string]string{"throws": "invalid component"}
		}
		p, err := patternFromInit(req["pattern"])
		if err != nil {
			return map[string]string{"throws": err.Error()}
		}
		var groups map[string]string
		if raw, ok := req["groups"]; ok && json.Unmarshal(raw, &groups) != nil {
			return wptError{Error: `"groups" is not an object of strings`}
		}
		s, err := p.Generate(c, groups)
		if err != nil {
			return map[string]string{"throws": err.Error()}
		}
		return map[string]string{"result": s}
	}
	var args, inputs []json.RawMessage
	if json.Unmarshal(req["pattern"], &args) != nil {
		return wptError{Error: `"pattern" is not a list`}
	}
	if raw, ok := req["inputs"]; ok && json.Unmarshal(raw, &inputs) != nil {
		return wptError{Error: `"inputs" is not a list`}
	}
	p, err := constructPattern(args)
	if err != nil {
		return map[string]string{"pattern_error": err.Error()}
	}
	ans := patternAnswer{
		Pattern:         map[string]string{},
		HasRegExpGroups: p.HasRegExpGroups(),
	}
	for i, v := range [8]string{p.Protocol(), p.Username(), p.Password(), p.Hostname(), p.Port(), p.Pathname(), p.Search(), p.Hash()} {
		ans.Pattern[patternComponents[i]] = v
	}
	in, err := wptpattern.DecodeInputs(inputs)
	var res *urlpattern.Result
	switch {
	case in.InitWithBase():
		// test(init, baseURL) and exec(init, baseURL) throw a TypeError.
		ans.Test, ans.Exec = "error", "error"
		return ans
	case err != nil:
		return wptError{Error: "input: " + err.Error()}
	case in.IsString:
		var base []string
		if in.BaseURL != nil {
			base = append(base, *in.BaseURL)
		}
		ans.Test = p.Test(in.String, base...)
		res = p.Exec(in.String, base...)
	default:
		init := urlpattern.Init(in.Init)
		ans.Test = p.TestInit(init)
		res = p.ExecInit(init)
	}
	if res != nil {
		ans.Exec = execJSON(res)
	}
	return ans
}

// execJSON is an exec() result as the answer carries it.
func execJSON(res *urlpattern.Result) map[string]any {
	out := map[string]any{}
	if res.Inputs.Init != nil {
		out["inputs"] = []any{initJSON(*res.Inputs.Init)}
	} else {
		in := []any{res.Inputs.URL}
		if res.Inputs.BaseURL != nil {
			in = append(in, *res.Inputs.BaseURL)
		}
		out["inputs"] = in
	}
	comps := [8]*urlpattern.ComponentResult{&res.Protocol, &res.Username, &res.Password, &res.Hostname, &res.Port, &res.Pathname, &res.Search, &res.Hash}
	for i, c := range comps {
		groups := map[string]*string{}
		for _, g := range c.Groups {
			if g.Matched {
				v := g.Value
				groups[g.Name] = &v
			} else {
				groups[g.Name] = nil
			}
		}
		out[patternComponents[i]] = map[string]any{"input": c.Input, "groups": groups}
	}
	return out
}

// constructPattern runs new URLPattern(...args), the arguments read as
// wptpattern.DecodeConstructor reads them.
func constructPattern(args []json.RawMessage) (*urlpattern.Pattern, error) {
	c, err := wptpattern.DecodeConstructor(args)
	if err != nil {
		return nil, err
	}
	opts := urlpattern.Options{IgnoreCase: c.IgnoreCase}
	if c.IsString {
		var base []string
		if c.BaseURL != nil {
			base = append(base, *c.BaseURL)
		}
		return urlpattern.NewWithOptions(c.String, opts, base...)
	}
	if c.InitWithBase() {
		return nil, errInitWithBase
	}
	return urlpattern.NewFromInit(urlpattern.Init(c.Init), opts)
}

// errInitWithBase is new URLPattern(init, baseURL)'s TypeError.
var errInitWithBase = wptErr("a base URL beside a URLPatternInit")

type wptErr string

func (e wptErr) Error() string { return string(e) }

// patternFromInit compiles a pattern given as JSON: a pattern string or a
// URLPatternInit.
func patternFromInit(raw json.RawMessage) (*urlpattern.Pattern, error) {
	a, err := wptpattern.DecodeArg(raw)
	if err != nil {
		return nil, err
	}
	if a.IsString {
		return urlpattern.New(a.String)
	}
	return urlpattern.NewFromInit(urlpattern.Init(a.Init), urlpattern.Options{})
}

// initJSON is an Init as a JSON object of its present members.
func initJSON(init urlpattern.Init) map[string]string {
	out := map[string]string{}
	for k, v := range map[string]*string{
		"protocol": init.Protocol, "username": init.Username, "password": init.Password,
		"hostname": init.Hostname, "port": init.Port, "pathname": init.Pathname,
		"search": init.Search, "hash": init.Hash, "baseURL": init.BaseURL,
	} {
		if v != nil {
			out[k] = *v
		}
	}
	return out
}

func patternComponent(raw json.RawMessage) (urlpattern.Component, bool) {
	a, err := wptpattern.DecodeArg(raw)
	if err != nil || !a.IsString {
		return 0, false
	}
	return urlpattern.ParseComponent(a.String)
}

func firstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
