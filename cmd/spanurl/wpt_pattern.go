package main

import (
	"encoding/json"

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
	if len(inputs) == 0 {
		inputs = []json.RawMessage{json.RawMessage(`{}`)}
	}
	var res *urlpattern.Result
	switch {
	case isJSONString(inputs[0]):
		var base []string
		if len(inputs) > 1 {
			base = append(base, jsonString(inputs[1]))
		}
		ans.Test = p.Test(jsonString(inputs[0]), base...)
		res = p.Exec(jsonString(inputs[0]), base...)
	case len(inputs) > 1:
		// test(init, baseURL) and exec(init, baseURL) throw a TypeError.
		ans.Test, ans.Exec = "error", "error"
		return ans
	default:
		init, err := initFromJSON(inputs[0])
		if err != nil {
			return wptError{Error: "input: " + err.Error()}
		}
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

// constructPattern runs new URLPattern(...args) with WebIDL's overload
// resolution: with three arguments the second is the base URL (an object
// converts to "[object Object]"); with two, the second is the base URL
// when it is a string and the options otherwise; an init with a base URL
// argument throws.
func constructPattern(args []json.RawMessage) (*urlpattern.Pattern, error) {
	var opts urlpattern.Options
	var base []string
	optionsAt := -1
	switch {
	case len(args) >= 3:
		b := "[object Object]"
		if isJSONString(args[1]) {
			b = jsonString(args[1])
		}
		base, optionsAt = []string{b}, 2
	case len(args) == 2 && isJSONString(args[1]):
		base = []string{jsonString(args[1])}
	case len(args) == 2:
		optionsAt = 1
	}
	if optionsAt > 0 {
		var o struct {
			IgnoreCase bool `json:"ignoreCase"`
		}
		_ = json.Unmarshal(args[optionsAt], &o)
		opts.IgnoreCase = o.IgnoreCase
	}
	if len(args) > 0 && isJSONString(args[0]) {
		return urlpattern.NewWithOptions(jsonString(args[0]), opts, base...)
	}
	var init urlpattern.Init
	if len(args) > 0 {
		var err error
		if init, err = initFromJSON(args[0]); err != nil {
			return nil, err
		}
	}
	if len(base) > 0 {
		return nil, errInitWithBase
	}
	return urlpattern.NewFromInit(init, opts)
}

// errInitWithBase is new URLPattern(init, baseURL)'s TypeError.
var errInitWithBase = wptErr("a base URL beside a URLPatternInit")

type wptErr string

func (e wptErr) Error() string { return string(e) }

// patternFromInit compiles a pattern given as JSON: a pattern string or a
// URLPatternInit.
func patternFromInit(raw json.RawMessage) (*urlpattern.Pattern, error) {
	if isJSONString(raw) {
		return urlpattern.New(jsonString(raw))
	}
	init, err := initFromJSON(raw)
	if err != nil {
		return nil, err
	}
	return urlpattern.NewFromInit(init, urlpattern.Options{})
}

// initFromJSON decodes a URLPatternInit dictionary: members that are not
// strings are left out, as the harness's dictionaries have none.
func initFromJSON(raw json.RawMessage) (urlpattern.Init, error) {
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return urlpattern.Init{}, err
	}
	var init urlpattern.Init
	fields := map[string]**string{
		"protocol": &init.Protocol, "username": &init.Username, "password": &init.Password,
		"hostname": &init.Hostname, "port": &init.Port, "pathname": &init.Pathname,
		"search": &init.Search, "hash": &init.Hash, "baseURL": &init.BaseURL,
	}
	for k, v := range m {
		if s, ok := v.(string); ok {
			if f, ok := fields[k]; ok {
				*f = &s
			}
		}
	}
	return init, nil
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
	if !isJSONString(raw) {
		return 0, false
	}
	return urlpattern.ParseComponent(jsonString(raw))
}

func firstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func isJSONString(raw json.RawMessage) bool { return len(raw) > 0 && raw[0] == '"' }

func jsonString(raw json.RawMessage) string {
	var s string
	_ = json.Unmarshal(raw, &s)
	return s
}
