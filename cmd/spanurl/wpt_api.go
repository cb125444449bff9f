package main

import (
	"encoding/json"
	"fmt"

	"github.com/spanurl/spanurl/api"
)

// answerSetter answers {"href": S, "setter": NAME, "new_value": S}: the
// getters after running the setter, or a failure when href does not parse
// or the href setter fails.
func answerSetter(req map[string]json.RawMessage) any {
	var href, setter, value string
	for key, dst := range map[string]*string{"href": &href, "setter": &setter, "new_value": &value} {
		raw, ok := req[key]
		if !ok || json.Unmarshal(raw, dst) != nil || string(raw) == "null" {
			return wptError{Error: fmt.Sprintf("%q is missing or not a string", key)}
		}
	}
	u, err := api.NewURL(href)
	if err != nil {
		return wptFailure{Failure: true}
	}
	switch setter {
	case "href":
		if u.SetHref(value) != nil {
			return wptFailure{Failure: true}
		}
	case "protocol":
		u.SetProtocol(value)
	case "username":
		u.SetUsername(value)
	case "password":
		u.SetPassword(value)
	case "host":
		u.SetHost(value)
	case "hostname":
		u.SetHostname(value)
	case "port":
		u.SetPort(value)
	case "pathname":
		u.SetPathname(value)
	case "search":
		u.SetSearch(value)
	case "hash":
		u.SetHash(value)
	default:
		return wptError{Error: "unknown setter " + setter}
	}
	return componentsOf(u.Span())
}

// opResponse is the answer to "ops" and "url" requests; the url-only fields
// are omitted for "ops".
type opResponse struct {
	Results     []any       `json:"results"`
	Final       string      `json:"final"`
	FinalPairs  *[][]string `json:"final_pairs,omitempty"`
	FinalHref   *string     `json:"final_href,omitempty"`
	FinalSearch *string     `json:"final_search,omitempty"`
}

// answerOp answers the URLSearchParams requests:
//
//	{"op": "parse", "input": S}             -> {"pairs": [[n, v], ...], "serialized": S}
//	{"op": "ops", "init": S, "ops": [...]}  -> {"results", "final", "final_pairs"}
//	{"op": "url", "href": S, "ops": [...]}  -> {"results", "final", "final_href", "final_search"}
//
// An input or init of more than api.DefaultMaxParams pairs is answered
// with an error, as a server would refuse it; a URL's query object keeps
// the standard's behaviour, which sets no limit.
func answerOp(req map[string]json.RawMessage) any {
	var op string
	if json.Unmarshal(req["op"], &op) != nil || string(req["op"]) == "null" {
		return wptError{Error: `"op" is not a string`}
	}
	str := func(key string) (string, bool) {
		var s string
		raw, ok := req[key]
		return s, ok && string(raw) != "null" && json.Unmarshal(raw, &s) == nil
	}
	switch op {
	case "parse":
		input, ok := str("input")
		if !ok {
			return wptError{Error: `"input" is missing or not a string`}
		}
		// The "?" put before input is the one ParseSearchParams removes:
		// the pairs are ParseForm's, within the limit.
		params, err := api.ParseSearchParams("?"+input, api.DefaultMaxParams)
		if err != nil {
			return wptError{Error: err.Error()}
		}
		pairs := params.Pairs()
		return struct {
			Pairs      [][]string `json:"pairs"`
			Serialized string     `json:"serialized"`
		}{pairsJSON(pairs), api.SerializeForm(pairs)}
	case "urlpattern", "urlpattern_compare", "urlpattern_generate":
		return answerURLPattern(op, req)
	case "ops", "url":
		var ops [][]json.RawMessage
		if json.Unmarshal(req["ops"], &ops) != nil {
			return wptError{Error: `"ops" is not a list of lists`}
		}
		var u *api.URL
		var params *api.SearchParams
		if op == "ops" {
			init, ok := str("init")
			if !ok {
				return wptError{Error: `"init" is missing or not a string`}
			}
			var err error
			if params, err = api.ParseSearchParams(init, api.DefaultMaxParams); err != nil {
				return wptError{Error: err.Error()}
			}
		} else {
			href, ok := str("href")
			if !ok {
				return wptError{Error: `"href" is missing or not a string`}
			}
			var err error
			if u, err = api.NewURL(href); err != nil {
				return wptFailure{Failure: true}
			}
			params = u.SearchParams()
		}
		resp := opResponse{Results: make([]any, 0, len(ops))}
		for _, o := range ops {
			result, err := runOp(params, u, o)
			if err != "" {
				return wptError{Error: err}
			}
			resp.Results = append(resp.Results, result)
		}
		resp.Final = params.String()
		if u == nil {
			pairs := pairsJSON(params.Pairs())
			resp.FinalPairs = &pairs
		} else {
			href, search := u.Href(), u.Search()
			resp.FinalHref, resp.FinalSearch = &href, &search
		}
		return resp
	}
	return wptError{Error: "unknown op " + op}
}

// runOp runs one operation ["name", args...] on params (and u for the url
// operations); it returns the result, or a description of a malformed op.
func runOp(params *api.SearchParams, u *api.URL, op []json.RawMessage) (any, string) {
	args := make([]string, len(op))
	for i, raw := range op {
		if json.Unmarshal(raw, &args[i]) != nil || string(raw) == "null" {
			return nil, fmt.Sprintf("operation %s: arguments must be strings", raw)
		}
	}
	if len(args) == 0 {
		return nil, "empty operation"
	}
	want := func(n int) bool { return len(args) == n+1 }
	switch name := args[0]; {
	case name == "append" && want(2):
		params.Append(args[1], args[2])
	case name == "delete" && want(1):
		params.Delete(args[1])
	case name == "delete" && want(2):
		params.DeleteValue(args[1], args[2])
	case name == "set" && want(2):
		params.Set(args[1], args[2])
	case name == "sort" && want(0):
		params.Sort()
	case name == "has" && want(1):
		return params.Has(args[1]), ""
	case name == "has" && want(2):
		return params.HasValue(args[1], args[2]), ""
	case name == "get" && want(1):
		if v, ok := params.Get(args[1]); ok {
			return v, ""
		}
	case name == "getAll" && want(1):
		return append([]string{}, params.GetAll(args[1])...), ""
	case name == "size" && want(0):
		return params.Size(), ""
	case name == "toString" && want(0):
		return params.String(), ""
	case u != nil && name == "href" && want(0):
		return u.Href(), ""
	case u != nil && name == "search" && want(0):
		return u.Search(), ""
	case u != nil && name == "setSearch" && want(1):
		u.SetSearch(args[1])
	default:
		return nil, fmt.Sprintf("unknown operation %q with %d arguments", name, len(args)-1)
	}
	return nil, ""
}

func pairsJSON(pairs []api.Pair) [][]string {
	out := make([][]string, len(pairs))
	for i, p := range pairs {
		out[i] = []string{p.Name, p.Value}
	}
	return out
}
