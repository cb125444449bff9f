package span_test

import (
	"errors"
	"testing"

	"github.com/spanurl/spanurl/span"
)

// TestJoinPath includes the inputs of Go's net/url JoinPath issues: #53763
// (an encoded "/" in the base or an element must stay encoded), #54385
// (dot segments resolved whether or not the base ends in "/"), #58605 (an
// empty base path) and #75799 (a stray "%" must not drop the elements).
func TestJoinPath(t *testing.T) {
	for _, c := range []struct {
		base string
		elem []string
		want string
	}{
		{"https://www.example.com/a%2fb", []string{"a%2fb"}, "https://www.example.com/a%2fb/a%2fb"},
		{"https://go.dev", []string{"../x"}, "https://go.dev/x"},
		{"https://go.dev/", []string{"../x"}, "https://go.dev/x"},
		{"https://go.dev", []string{"./../../x"}, "https://go.dev/x"},
		{"https://go.dev", []string{"..;/../../../../../x"}, "https://go.dev/x"},
		{"https://go.dev", []string{"%2e%2e/%2E%2e/x"}, "https://go.dev/x"},
		{"https://go.dev", []string{" ../../x"}, "https://go.dev/x"}, // " .." is a segment, which ".." removes
		{"https://www.example.com?z=1", []string{"/a/b"}, "https://www.example.com/a/b?z=1"},
		{"https://h", []string{"a"}, "https://h/a"},
		{"/qwerty", nil, ""}, // not a URL: checked below
		{"https://h/qwerty", []string{"a", "b", "100%"}, "https://h/qwerty/a/b/100%"},
		{"https://h/a/", []string{"b/", "c"}, "https://h/a/b/c"},
		{"https://h/a", []string{"b", "c/"}, "https://h/a/b/c/"},
		{"https://h/a", []string{"", "b", ""}, "https://h/a/b"},
		{"https://h/a", []string{"//b"}, "https://h/a/b"},
		{"https://h/a", []string{"b?c#d"}, "https://h/a/b%3Fc%23d"},
		{"https://h/a?q#f", []string{"b"}, "https://h/a/b?q#f"},
		{"https://h/a", []string{`b\c`}, "https://h/a/b/c"},
		{"foo://h/a", []string{`b\c`}, `foo://h/a/b\c`},
		{"https://h/v1/", []string{"users", "a b", "é"}, "https://h/v1/users/a%20b/%C3%A9"},
		{"https://h/a", nil, "https://h/a"},
		{"foo:/a", []string{"b"}, "foo:/a/b"},
		{"file:///C:/a", []string{"..", "..", "b"}, "file:///C:/b"},
	} {
		if c.want == "" {
			continue
		}
		got, err := span.MustParse(c.base).JoinPath(c.elem...)
		if err != nil || got.Href() != c.want {
			t.Errorf("%s join %q = %v, %v; want %s", c.base, c.elem, got, err, c.want)
		}
	}
	if _, err := span.MustParse("mailto:a@b").JoinPath("x"); !errors.Is(err, span.ErrOpaquePath) {
		t.Errorf("opaque path: err = %v", err)
	}
	if _, err := (span.URL{}).JoinPath("x"); !errors.Is(err, span.ErrNotAbsolute) {
		t.Errorf("zero URL: err = %v", err)
	}
}

// TestJoinPathStaysInPath: an element lands in the path, after a "/", on
// every kind of URL, and never in the authority of a URL whose host and
// path are empty ("s3://"), where the "//" before the empty host must not
// be read as the separator an element follows.
func TestJoinPathStaysInPath(t *testing.T) {
	for _, c := range []struct {
		base string
		elem []string
		want string
	}{
		{"s3://", []string{"user:pw@evil.example:8080", "file"}, "s3:///user:pw@evil.example:8080/file"},
		{"foo://?q", []string{"file"}, "foo:///file?q"},
		{"git+ssh://#f", []string{"x"}, "git+ssh:///x#f"},
		{"s3://", []string{"file"}, "s3:///file"},
		{"s3://", []string{"", "/a"}, "s3:///a"},
		{"s3://", []string{"[::1]:80"}, "s3:///[::1]:80"},
		{"s3://", []string{"a", "..", "..", "b"}, "s3:///b"},
		{"s3://", []string{"%2e%2e", "//x"}, "s3:///x"},
		{"s3://?q#f", []string{"a/..//x"}, "s3:////x?q#f"}, // an empty host needs no "/."
		{"foo:/", []string{"a/..//x"}, "foo:/.//x"},        // a null host does
		{"foo:/.//x", []string{"a"}, "foo:/.//x/a"},
		{"foo:///", []string{"a"}, "foo:///a"},
		{"foo://h?q", []string{"a"}, "foo://h/a?q"},
		{"foo://u:p@h:1", []string{"a@b:2"}, "foo://u:p@h:1/a@b:2"},
		{"file:///", []string{"h", "C:"}, "file:///h/C:"},
		{"file://h", []string{"C|", "x"}, "file://h/C:/x"}, // the path state normalizes a drive letter
		{"https://h", []string{`\\evil.example`}, "https://h/evil.example"},
		{"https://h/a", []string{"b\\", "c"}, "https://h/a/b/c"},
		{"foo://h/a", []string{`\b`}, `foo://h/a/\b`},
		{"https://h/a", []string{"\t/b"}, "https://h/a/b"},
		{"https://h", []string{"a/\t", "b"}, "https://h/a/b"},
		{"foo://h", []string{"x "}, "foo://h/x%20"},
		{"foo://h", []string{"x\x01"}, "foo://h/x%01"},
	} {
		base := span.MustParse(c.base)
		got, err := base.JoinPath(c.elem...)
		if err != nil || got.Href() != c.want {
			t.Errorf("%s join %q = %v, %v; want %s", c.base, c.elem, got, err, c.want)
			continue
		}
		if got.Scheme() != base.Scheme() || got.Username() != base.Username() || got.Password() != base.Password() ||
			got.Host() != base.Host() || got.HostKind() != base.HostKind() || got.Port() != base.Port() {
			t.Errorf("%s join %q = %s: the authority changed", c.base, c.elem, got)
		}
	}
}
