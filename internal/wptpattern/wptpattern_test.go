package wptpattern

import (
	"encoding/json"
	"testing"
)

func args(t *testing.T, list string) []json.RawMessage {
	t.Helper()
	var a []json.RawMessage
	if err := json.Unmarshal([]byte(list), &a); err != nil {
		t.Fatal(err)
	}
	return a
}

func ptr(s string) *string { return &s }

func TestDecodeConstructor(t *testing.T) {
	tests := []struct {
		args         string
		str          *string // the pattern string, or nil for a dictionary
		pathname     *string
		base         *string
		ignoreCase   bool
		initWithBase bool
		err          bool
	}{
		{args: `[]`},
		{args: `["/a"]`, str: ptr("/a")},
		{args: `["/a", "https://x/"]`, str: ptr("/a"), base: ptr("https://x/")},
		{args: `["/a", {"ignoreCase": true}]`, str: ptr("/a"), ignoreCase: true},
		{args: `["/a", "https://x/", {"ignoreCase": true}]`, str: ptr("/a"), base: ptr("https://x/"), ignoreCase: true},
		{args: `["/a", {}, {"ignoreCase": true}]`, str: ptr("/a"), base: ptr("[object Object]"), ignoreCase: true},
		{args: `["/a", "https://x/", {"ignoreCase": true}, 1]`, str: ptr("/a"), base: ptr("https://x/"), ignoreCase: true},
		{args: `["/a", 5]`, str: ptr("/a")},
		{args: `[{"pathname": "/b", "port": 5}]`, pathname: ptr("/b")},
		{args: `[null]`},
		{args: `[{"pathname": "/b"}, "https://x/"]`, pathname: ptr("/b"), base: ptr("https://x/"), initWithBase: true},
		{args: `[5]`, err: true},
		{args: `[5, "https://x/"]`, base: ptr("https://x/"), initWithBase: true, err: true},
	}
	for _, tc := range tests {
		c, err := DecodeConstructor(args(t, tc.args))
		if (err != nil) != tc.err {
			t.Errorf("%s: error %v, want one: %v", tc.args, err, tc.err)
		}
		if c.IsString != (tc.str != nil) || tc.str != nil && c.String != *tc.str {
			t.Errorf("%s: IsString %v, String %q", tc.args, c.IsString, c.String)
		}
		if !same(c.Init.Pathname, tc.pathname) || !same(c.BaseURL, tc.base) {
			t.Errorf("%s: pathname %v, base URL %v", tc.args, deref(c.Init.Pathname), deref(c.BaseURL))
		}
		if c.Init.Port != nil {
			t.Errorf("%s: a member that is not a string is kept", tc.args)
		}
		if c.IgnoreCase != tc.ignoreCase || c.InitWithBase() != tc.initWithBase {
			t.Errorf("%s: IgnoreCase %v, InitWithBase %v", tc.args, c.IgnoreCase, c.InitWithBase())
		}
	}
}

func TestDecodeInputs(t *testing.T) {
	tests := []struct {
		inputs       string
		str          *string
		hash         *string
		base         *string
		initWithBase bool
		err          bool
	}{
		{inputs: `[]`},
		{inputs: `["https://x/a"]`, str: ptr("https://x/a")},
		{inputs: `["/a", "https://x/"]`, str: ptr("/a"), base: ptr("https://x/")},
		{inputs: `["/a", 5]`, str: ptr("/a"), base: ptr("")},
		{inputs: `[{"hash": "h"}]`, hash: ptr("h")},
		{inputs: `[{"hash": "h"}, "https://x/"]`, hash: ptr("h"), base: ptr("https://x/"), initWithBase: true},
		{inputs: `[5]`, err: true},
		{inputs: `[5, "https://x/"]`, base: ptr("https://x/"), initWithBase: true, err: true},
	}
	for _, tc := range tests {
		in, err := DecodeInputs(args(t, tc.inputs))
		if (err != nil) != tc.err {
			t.Errorf("%s: error %v, want one: %v", tc.inputs, err, tc.err)
		}
		if in.IsString != (tc.str != nil) || tc.str != nil && in.String != *tc.str {
			t.Errorf("%s: IsString %v, String %q", tc.inputs, in.IsString, in.String)
		}
		if !same(in.Init.Hash, tc.hash) || !same(in.BaseURL, tc.base) || in.InitWithBase() != tc.initWithBase {
			t.Errorf("%s: hash %v, base URL %v, InitWithBase %v", tc.inputs, deref(in.Init.Hash), deref(in.BaseURL), in.InitWithBase())
		}
	}
}

func TestMember(t *testing.T) {
	a, err := DecodeArg(json.RawMessage(`{"protocol": "p", "username": "u", "password": "w", "hostname": "h", "port": "1", "pathname": "/", "search": "s", "hash": "x", "baseURL": "b", "other": "o"}`))
	if err != nil {
		t.Fatal(err)
	}
	fields := []*string{a.Init.Protocol, a.Init.Username, a.Init.Password, a.Init.Hostname, a.Init.Port, a.Init.Pathname, a.Init.Search, a.Init.Hash, a.Init.BaseURL}
	for i, name := range []string{"protocol", "username", "password", "hostname", "port", "pathname", "search", "hash", "baseURL"} {
		v, ok := a.Init.Member(name)
		if !ok || fields[i] == nil || v != *fields[i] {
			t.Errorf("Member(%q) = %q, %v; field %v", name, v, ok, deref(fields[i]))
		}
	}
	if _, ok := a.Init.Member("other"); ok {
		t.Error(`Member("other") is present`)
	}
	var empty Init
	if _, ok := empty.Member("hash"); ok {
		t.Error(`Member("hash") of an empty Init is present`)
	}
}

func same(a, b *string) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }

func deref(p *string) any {
	if p == nil {
		return nil
	}
	return *p
}
