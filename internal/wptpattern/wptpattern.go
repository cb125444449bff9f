// Package wptpattern decodes the arguments of the URL Pattern cases of the
// web-platform-tests (urlpatterntestdata.json and the compare and generate
// data) as the WPT harness hands them to JavaScript: a pattern is a pattern
// string or a URLPatternInit dictionary; the constructor takes a base URL
// and options after it; test() and exec() take an input and a base URL.
//
// The tests of urlpattern and spanurl wpt both read the cases through it,
// so that the two cannot disagree about what a case asks. It gives plain
// values and imports nothing of the module, which lets urlpattern's own
// tests import it from a layer below urlpattern; the caller converts Init
// to urlpattern.Init and makes the calls.
package wptpattern

import "encoding/json"

// Init is a URLPatternInit dictionary: each member the dictionary holds as
// a string, nil for one it lacks. Its fields are urlpattern.Init's, in the
// same order, so that urlpattern.Init(init) converts it.
type Init struct {
	Protocol *string
	Username *string
	Password *string
	Hostname *string
	Port     *string
	Pathname *string
	Search   *string
	Hash     *string
	BaseURL  *string
}

// member returns the field of the member a dictionary names name, or nil
// for a name URLPatternInit lacks.
func (init *Init) member(name string) **string {
	switch name {
	case "protocol":
		return &init.Protocol
	case "username":
		return &init.Username
	case "password":
		return &init.Password
	case "hostname":
		return &init.Hostname
	case "port":
		return &init.Port
	case "pathname":
		return &init.Pathname
	case "search":
		return &init.Search
	case "hash":
		return &init.Hash
	case "baseURL":
		return &init.BaseURL
	}
	return nil
}

// Member returns the member of the dictionary named name ("protocol" to
// "hash", or "baseURL") and whether the dictionary holds it.
func (init *Init) Member(name string) (string, bool) {
	if f := init.member(name); f != nil && *f != nil {
		return **f, true
	}
	return "", false
}

// Arg is one argument that is a string or a URLPatternInit: a pattern, or
// the input of test() and exec().
type Arg struct {
	IsString bool
	String   string // the string, when IsString
	Init     Init   // the dictionary, when not IsString
}

// DecodeArg decodes an argument that is a string or a URLPatternInit. The
// members of a dictionary that are not strings are left out, as the
// harness's dictionaries have none; a value that is neither a string nor
// an object (null is an empty dictionary) is an error.
func DecodeArg(raw json.RawMessage) (Arg, error) {
	if isString(raw) {
		return Arg{IsString: true, String: stringOf(raw)}, nil
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return Arg{}, err
	}
	var a Arg
	for k, v := range m {
		if s, ok := v.(string); ok {
			if f := a.Init.member(k); f != nil {
				*f = &s
			}
		}
	}
	return a, nil
}

// Constructor is the argument list of new URLPattern(...) after WebIDL's
// overload resolution.
type Constructor struct {
	Arg                // the pattern; an empty dictionary when there is no argument
	BaseURL    *string // the base URL argument, nil when there is none
	IgnoreCase bool    // the ignoreCase member of the options
}

// DecodeConstructor decodes the "pattern" list of a case, the arguments of
// new URLPattern(...). With three arguments or more the second is the
// base URL, an object converting to "[object Object]", and the third the
// options; with two, the second is the base URL when it is a string and
// the options otherwise. Options that are not an object are empty. The
// error is the pattern dictionary's; the Constructor returned with it
// holds the other arguments.
func DecodeConstructor(args []json.RawMessage) (Constructor, error) {
	var c Constructor
	optionsAt := -1
	switch {
	case len(args) >= 3:
		b := "[object Object]"
		if isString(args[1]) {
			b = stringOf(args[1])
		}
		c.BaseURL, optionsAt = &b, 2
	case len(args) == 2 && isString(args[1]):
		b := stringOf(args[1])
		c.BaseURL = &b
	case len(args) == 2:
		optionsAt = 1
	}
	if optionsAt > 0 {
		var o struct {
			IgnoreCase bool `json:"ignoreCase"`
		}
		_ = json.Unmarshal(args[optionsAt], &o)
		c.IgnoreCase = o.IgnoreCase
	}
	if len(args) == 0 {
		return c, nil
	}
	var err error
	c.Arg, err = DecodeArg(args[0])
	return c, err
}

// InitWithBase reports whether the constructor is given a URLPatternInit
// and a base URL, which throws a TypeError.
func (c *Constructor) InitWithBase() bool { return !c.IsString && c.BaseURL != nil }

// Inputs is the argument list of test() and exec().
type Inputs struct {
	Arg             // the input; an empty dictionary when there is no argument
	BaseURL *string // the base URL argument, nil when there is none
}

// DecodeInputs decodes the "inputs" list of a case, the arguments of
// test() and exec(); a base URL that is not a string is "". The error is
// the input dictionary's; the Inputs returned with it holds the base URL,
// so that a caller may throw InitWithBase's TypeError first.
func DecodeInputs(inputs []json.RawMessage) (Inputs, error) {
	var in Inputs
	if len(inputs) > 1 {
		b := stringOf(inputs[1])
		in.BaseURL = &b
	}
	if len(inputs) == 0 {
		return in, nil
	}
	var err error
	in.Arg, err = DecodeArg(inputs[0])
	return in, err
}

// InitWithBase reports whether test() or exec() is given a URLPatternInit
// and a base URL, which throws a TypeError.
func (in *Inputs) InitWithBase() bool { return !in.IsString && in.BaseURL != nil }

func isString(raw json.RawMessage) bool { return len(raw) > 0 && raw[0] == '"' }

// stringOf returns the JSON string raw holds, or "" when it holds another
// value.
func stringOf(raw json.RawMessage) string {
	var s string
	_ = json.Unmarshal(raw, &s)
	return s
}
