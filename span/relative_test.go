package span_test

import (
	"testing"

	"github.com/spanurl/spanurl/span"
)

// TestMakeRelative includes the cases of rust-url's make_relative issues:
// #754 and #774 (the file name lost when it is the same in both URLs),
// #766 (a trailing "/" dropped), #772 (a leading "//" dropped) and #1151
// (a target with an opaque path).
func TestMakeRelative(t *testing.T) {
	for _, c := range []struct{ base, u, want string }{
		{"http://127.0.0.1:8080/file.txt", "http://127.0.0.1:8080/test/file.txt", "test/file.txt"},
		{"http://example.com/dir_a/bar.html", "http://example.com/dir_b/bar.html", "../dir_b/bar.html"},
		{"file:///base/", "file:///base/directory/", "directory/"},
		{"https://foo.com/", "https://foo.com//bar", ".//bar"},
		{"foo:/a/b", "foo:bar", "foo:bar"},
		{"foo:/a/b", "foo:/a/c", "c"},
		{"https://example.net/a/b.html", "https://example.net/a/c.png", "c.png"},
		{"https://h/a/b", "https://h/a/b", ""},
		{"https://h/a/b#x", "https://h/a/b", ""},
		{"https://h/a/b", "https://h/a/b#y", "#y"},
		{"https://h/a/b", "https://h/a/b#", "#"},
		{"https://h/a/b?q", "https://h/a/b", "b"},
		{"https://h/a/?q", "https://h/a/", "./"},
		{"https://h/a/b", "https://h/a/b?r", "?r"},
		{"https://h/a/b", "https://h/a/b?", "?"},
		{"https://h/a/b/c", "https://h/x", "../../x"},
		{"https://h/a/b", "https://h/a/c:d", "./c:d"},
		{"https://h/a/b", "https://other/a/b", "//other/a/b"},
		{"https://h/a", "http://h/a", "http://h/a"},
		{"https://u:p@h/a", "https://h/a", "//h/a"},
		{"https://h/a/b", "https://h/", "../"},
		{"https://h/a/b/", "https://h/a/", "../"},
		{"foo:/0//", "foo:/", "/"},                 // "../../" would be longer than the href
		{"file:///C:/a/b", "file:///C:/c", "../c"}, // ".." never removes a drive letter
		{"file:///C:/a/b", "file:///D:/c", "/D:/c"},
	} {
		base, u := span.MustParse(c.base), span.MustParse(c.u)
		got := span.MakeRelative(base, u)
		if got != c.want {
			t.Errorf("MakeRelative(%s, %s) = %q, want %q", base, u, got, c.want)
		}
		if back, err := base.Parse(got); err != nil || back != u {
			t.Errorf("%s: %q resolves to %v, %v; want %s", base, got, back, err, u)
		}
	}
}

// FuzzMakeRelative: MakeRelative is the inverse of (URL).Parse for every
// pair of URLs, and never longer than the href when base and u share their
// scheme and authority.
func FuzzMakeRelative(f *testing.F) {
	for _, p := range [][2]string{
		{"http://example.com/dir_a/bar.html", "http://example.com/dir_b/bar.html"},
		{"https://foo.com/", "https://foo.com//bar"},
		{"foo:/a/b", "foo:bar"},
		{"file:///C:/a/b", "file:///C|/c"},
		{"foo:/a/b", "foo:/.//c"},
		{"https://h/a/b?q#f", "https://h/a/b?q#g"},
		{"foo://h", "foo://h?q"},
		{"https://h/a/b", "https://h/a/b/c:d"},
	} {
		f.Add(p[0], p[1])
	}
	f.Fuzz(func(t *testing.T, b, s string) {
		base, err := span.Parse(b)
		if err != nil {
			return
		}
		u, err := base.Parse(s)
		if err != nil {
			return
		}
		rel := span.MakeRelative(base, u)
		if len(rel) > len(u.Href()) && u.Scheme() == base.Scheme() && u.Host() == base.Host() && u.Username() == base.Username() && u.Password() == base.Password() && !u.HasOpaquePath() {
			t.Fatalf("MakeRelative(%s, %s) = %q, longer than the href", base, u, rel)
		}
		back, err := base.Parse(rel)
		if err != nil || back != u {
			t.Fatalf("MakeRelative(%s, %s) = %q, which resolves to %v, %v", base, u, rel, back, err)
		}
	})
}
