package urlpattern

import "testing"

// TestCanonicalizePathname checks canonicalize a pathname on relative
// values, where the standard inserts "/-" before parsing and strips two
// code points after. Dot segments that pop the inserted "/-" with the
// first segment leave the path "/", which is stripped to the empty string.
func TestCanonicalizePathname(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"/a/../b", "/b"},
		{"/..", "/"},
		{"a", "a"},
		{"./foo", "./foo"},
		{"../foo", "../foo"},
		{"a/./b", "a/b"},
		{"a b", "a%20b"},
		{"a/..", ""},
		{"a/../", ""},
		{"./..", ""},
		{"..", ".."},
		{"a/%2e%2E", ""},
		{"a\\..", ""},
		{"a/b/../..", ""},
		{"a/b/..", "a/"},
		// The standard strips two code points whatever the parser left:
		// where the "/-" is popped, the first code point of what follows
		// goes with the slash.
		{"a/../bc", "c"},
	}
	for _, tc := range tests {
		got, err := canonicalizePathname(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("canonicalizePathname(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}

// TestRelativeDotSegmentsDoNotPanic checks the public entry points that
// canonicalize a relative pathname with dot segments that climb to the
// root.
func TestRelativeDotSegmentsDoNotPanic(t *testing.T) {
	for _, in := range []string{"a/..", "./..", "a/b/../..", "a/%2e%2e"} {
		p, err := NewPathname(in, Options{})
		if err != nil {
			t.Errorf("NewPathname(%q): %v", in, err)
			continue
		}
		if got := p.Pathname(); got != "" {
			t.Errorf("NewPathname(%q).Pathname() = %q, want \"\"", in, got)
		}
		if _, err := NewFromInit(Init{Pathname: String(in)}, Options{}); err != nil {
			t.Errorf("NewFromInit(pathname %q): %v", in, err)
		}
		any, err := NewFromInit(Init{}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		init := Init{Pathname: String(in)}
		if !any.TestInit(init) {
			t.Errorf("TestInit(pathname %q) = false, want true", in)
		}
		r := any.ExecInit(init)
		if r == nil || r.Pathname.Input != "" {
			t.Errorf("ExecInit(pathname %q) = %+v, want pathname input \"\"", in, r)
		}
		if !p.TestInit(init) {
			t.Errorf("NewPathname(%q).TestInit(itself) = false", in)
		}
	}
}
