package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/spanurl/spanurl/span"
)

// runWPT runs "spanurl wpt": one JSON request per line of stdin, one JSON
// answer per line of stdout, in order, whatever the requests hold. Only an
// I/O error stops it.
func runWPT(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "-h", "-help", "--help":
			if _, err := io.WriteString(stdout, manual); err != nil {
				return exitFailure
			}
			return exitOK
		}
		fmt.Fprintln(stderr, "spanurl wpt: takes no arguments (spanurl -h for help)")
		return exitUsage
	}
	out := bufio.NewWriterSize(stdout, 64<<10)
	enc := newEncoder(out)
	err := eachLine(stdin, out, func(line string) {
		enc.Encode(answerWPT([]byte(line))) // errors stay in out, reported on Flush
	})
	if err == nil {
		if err = out.Flush(); err != nil {
			err = fmt.Errorf("%w: %v", errWrite, err)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "spanurl wpt: %v\n", err)
		return exitFailure
	}
	return exitOK
}

// wptFailure is the answer for an input that fails to parse.
type wptFailure struct {
	Failure bool `json:"failure"`
}

// wptError is the answer for a request that is malformed or not supported.
type wptError struct {
	Error string `json:"error"`
}

var errNotObject = wptError{Error: "request is not a JSON object"}

// answerWPT answers one request line:
//
//	{"input": S, "base": S or null}            -> the getters, or {"failure": true}
//	{"href": S, "setter": S, "new_value": S}   -> the getters after the setter (wpt_api.go)
//	{"op": ...}                                -> URLSearchParams operations (wpt_api.go)
//	anything else                              -> {"error": "..."}
func answerWPT(line []byte) any {
	var req map[string]json.RawMessage
	if err := json.Unmarshal(line, &req); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			return errNotObject
		}
		return wptError{Error: "invalid JSON: " + err.Error()}
	}
	if req == nil { // the line is "null"
		return errNotObject
	}
	if _, ok := req["op"]; ok {
		return answerOp(req)
	}
	if _, ok := req["setter"]; ok {
		return answerSetter(req)
	}
	rawInput, ok := req["input"]
	if !ok {
		return wptError{Error: `request has none of "input", "setter" or "op"`}
	}
	var input string
	if err := json.Unmarshal(rawInput, &input); err != nil || string(rawInput) == "null" {
		return wptError{Error: `"input" is not a string`}
	}
	var base *string
	if raw, ok := req["base"]; ok && string(raw) != "null" {
		base = new(string)
		if err := json.Unmarshal(raw, base); err != nil {
			return wptError{Error: `"base" is neither a string nor null`}
		}
	}
	u, err := parseAgainst(input, base)
	if err != nil {
		return wptFailure{Failure: true}
	}
	return componentsOf(u)
}

// parseAgainst runs new URL(input, base): a base that fails to parse is a
// failure too.
func parseAgainst(input string, base *string) (span.URL, error) {
	if base == nil {
		return span.Parse(input)
	}
	b, err := span.Parse(*base)
	if err != nil {
		return span.URL{}, err
	}
	return b.Parse(input)
}

// newEncoder returns a JSON encoder that leaves <, > and & alone.
func newEncoder(w *bufio.Writer) *json.Encoder {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc
}

// components are the URL object's getters, in the order of the standard's
// URL class.
type components struct {
	Href     string `json:"href"`
	Origin   string `json:"origin"`
	Protocol string `json:"protocol"`
	Username string `json:"username"`
	Password string `json:"password"`
	Host     string `json:"host"`
	Hostname string `json:"hostname"`
	Port     string `json:"port"`
	Pathname string `json:"pathname"`
	Search   string `json:"search"`
	Hash     string `json:"hash"`
}

func componentsOf(u span.URL) *components {
	return &components{
		Href:     u.Href(),
		Origin:   u.Origin(),
		Protocol: u.Protocol(),
		Username: u.Username(),
		Password: u.Password(),
		Host:     u.Host(),
		Hostname: u.Hostname(),
		Port:     u.Port(),
		Pathname: u.Pathname(),
		Search:   u.Search(),
		Hash:     u.Hash(),
	}
}
