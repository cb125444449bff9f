package fileurl_test

import (
	"encoding/json"
	"errors"
	"os"
	"path"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/fileurl"
	"github.com/spanurl/spanurl/span"
)

// nodeCase is one row of testdata/node-table.json: Node's answer (out) or
// its error code for one input.
type nodeCase struct {
	In    string `json:"in"`
	Out   string `json:"out"`
	Error string `json:"error"`
}

type nodeTable struct {
	Node         string     `json:"node"`
	POSIXToURL   []nodeCase `json:"posixToURL"`
	WindowsToURL []nodeCase `json:"windowsToURL"`
	URLToPOSIX   []nodeCase `json:"urlToPOSIX"`
	URLToWindows []nodeCase `json:"urlToWindows"`
}

// differs lists, by table section ("posix", "windows", "toposix",
// "towindows") and input, the inputs for which this package deliberately answers
// otherwise than Node (see the package documentation): what it answers
// ("" with err set for an error) and the error it matches.
var differs = map[string]struct {
	out string
	err error
}{
	`windows C:\`:                {out: "file:///C:/"},
	`windows C:/`:                {out: "file:///C:/"},
	`windows /`:                  {err: fileurl.ErrRelativePath}, // rooted, no drive
	`windows //server/share/x`:   {out: "file://server/share/x"},
	`windows \\.\pipe\x`:         {err: fileurl.ErrUNC},
	`windows \\a b\s`:            {err: fileurl.ErrUNC},
	`windows \\ser%ver\s`:        {err: fileurl.ErrUNC},
	"towindows file:///C:":       {out: `C:\`},
	"toposix file:///a%00b":      {err: fileurl.ErrNUL},
	"towindows file:///C:/a%00b": {err: fileurl.ErrNUL},
}

// nodeErrors maps Node's error codes to this package's sentinels.
var nodeErrors = map[string][]error{
	"ERR_INVALID_ARG_VALUE":     {fileurl.ErrUNC, fileurl.ErrRelativePath},
	"ERR_INVALID_FILE_URL_PATH": {fileurl.ErrEncodedSeparator, fileurl.ErrNoDrive},
	"ERR_INVALID_FILE_URL_HOST": {fileurl.ErrHost},
	"ERR_INVALID_URL_SCHEME":    {fileurl.ErrNotFileURL},
}

func readTable(t *testing.T) nodeTable {
	t.Helper()
	data, err := os.ReadFile("testdata/node-table.json")
	if err != nil {
		t.Fatal(err)
	}
	var table nodeTable
	if err := json.Unmarshal(data, &table); err != nil {
		t.Fatal(err)
	}
	return table
}

// TestNodeTable checks every row of the table that node-table.js made with
// Node's url.pathToFileURL and url.fileURLToPath, except the rows in
// differs, which are checked against this package's own answer; a row of
// differs that the table no longer has fails too, so the list stays true.
func TestNodeTable(t *testing.T) {
	table := readTable(t)
	used := map[string]bool{}
	check := func(t *testing.T, section string, c nodeCase, out string, err error) {
		t.Helper()
		if d, ok := differs[section+" "+c.In]; ok {
			used[section+" "+c.In] = true
			switch {
			case d.err != nil && !errors.Is(err, d.err):
				t.Errorf("%q: got %q, %v; want error %v (Node: %q %s)", c.In, out, err, d.err, c.Out, c.Error)
			case d.err == nil && (err != nil || out != d.out):
				t.Errorf("%q: got %q, %v; want %q (Node: %q %s)", c.In, out, err, d.out, c.Out, c.Error)
			}
			return
		}
		if c.Error != "" {
			for _, want := range nodeErrors[c.Error] {
				if errors.Is(err, want) {
					return
				}
			}
			t.Errorf("%q: got %q, %v; Node throws %s", c.In, out, err, c.Error)
			return
		}
		if err != nil || out != c.Out {
			t.Errorf("%q: got %q, %v; Node gives %q", c.In, out, err, c.Out)
		}
	}
	href := func(u span.URL, err error) (string, error) { return u.Href(), err }
	fromHref := func(s string, to func(span.URL) (string, error)) (string, error) {
		u, err := span.Parse(s)
		if err != nil {
			return "", err
		}
		return to(u)
	}
	for _, c := range table.POSIXToURL {
		out, err := href(fileurl.FromPOSIXPath(c.In))
		check(t, "posix", c, out, err)
	}
	for _, c := range table.WindowsToURL {
		out, err := href(fileurl.FromWindowsPath(c.In))
		check(t, "windows", c, out, err)
	}
	for _, c := range table.URLToPOSIX {
		out, err := fromHref(c.In, fileurl.ToPOSIXPath)
		check(t, "toposix", c, out, err)
	}
	for _, c := range table.URLToWindows {
		out, err := fromHref(c.In, fileurl.ToWindowsPath)
		check(t, "towindows", c, out, err)
	}
	for in := range differs {
		if !used[in] {
			t.Errorf("differs lists %q, which the table does not have", in)
		}
	}
	t.Logf("table made by Node %s: %d rows", table.Node,
		len(table.POSIXToURL)+len(table.WindowsToURL)+len(table.URLToPOSIX)+len(table.URLToWindows))
}

// TestErrors covers the error cases the table does not reach.
func TestErrors(t *testing.T) {
	for _, c := range []struct {
		in   string
		from func(string) (span.URL, error)
		want error
	}{
		{"", fileurl.FromPOSIXPath, fileurl.ErrRelativePath},
		{"a/b", fileurl.FromPOSIXPath, fileurl.ErrRelativePath},
		{"/a\x00b", fileurl.FromPOSIXPath, fileurl.ErrNUL},
		{"", fileurl.FromWindowsPath, fileurl.ErrRelativePath},
		{"C:", fileurl.FromWindowsPath, fileurl.ErrRelativePath},
		{"C:a", fileurl.FromWindowsPath, fileurl.ErrRelativePath},
		{`\a`, fileurl.FromWindowsPath, fileurl.ErrRelativePath},
		{`a\b`, fileurl.FromWindowsPath, fileurl.ErrRelativePath},
		{`1:\a`, fileurl.FromWindowsPath, fileurl.ErrRelativePath},
		{"C:\\a\x00", fileurl.FromWindowsPath, fileurl.ErrNUL},
		{`\\a?b\s`, fileurl.FromWindowsPath, fileurl.ErrUNC},
		{`\\a#b\s`, fileurl.FromWindowsPath, fileurl.ErrUNC},
		{`\\a:80\s`, fileurl.FromWindowsPath, fileurl.ErrUNC},
		{`\\u@h\s`, fileurl.FromWindowsPath, fileurl.ErrUNC},
		{`\\?\UNC\`, fileurl.FromWindowsPath, fileurl.ErrUNC},
	} {
		_, err := c.from(c.in)
		if !errors.Is(err, c.want) {
			t.Errorf("%q: err = %v, want %v", c.in, err, c.want)
		}
		var e *fileurl.Error
		if err != nil && (!errors.As(err, &e) || e.Input != c.in) {
			t.Errorf("%q: err = %#v, want an *Error with the input", c.in, err)
		}
	}
	for _, c := range []struct {
		href string
		to   func(span.URL) (string, error)
		want error
	}{
		{"https://h/a", fileurl.ToPOSIXPath, fileurl.ErrNotFileURL},
		{"https://h/a", fileurl.ToWindowsPath, fileurl.ErrNotFileURL},
		{"file:///a%2f%2E", fileurl.ToPOSIXPath, fileurl.ErrEncodedSeparator},
		{"file:///C:/a%5c", fileurl.ToWindowsPath, fileurl.ErrEncodedSeparator},
		{"file:///C:x", fileurl.ToWindowsPath, fileurl.ErrNoDrive},
		{"file:///", fileurl.ToWindowsPath, fileurl.ErrNoDrive},
		{"file://h/%00", fileurl.ToWindowsPath, fileurl.ErrNUL},
	} {
		u, err := span.Parse(c.href)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.to(u); !errors.Is(err, c.want) {
			t.Errorf("%q: err = %v, want %v", c.href, err, c.want)
		}
	}
}

// TestUnicodeUNC: a UNC server in Unicode is the URL's host in ASCII, and
// comes back in Unicode.
func TestUnicodeUNC(t *testing.T) {
	u, err := fileurl.FromWindowsPath(`\\münchen\share\x`)
	if err != nil || u.Href() != "file://xn--mnchen-3ya/share/x" {
		t.Fatalf("got %v, %v", u, err)
	}
	if p, err := fileurl.ToWindowsPath(u); err != nil || p != `\\münchen\share\x` {
		t.Errorf("back: %q, %v", p, err)
	}
}

// TestUNCServer: the server of a URL's host is the host in ASCII, or its
// Unicode form where that converts back to the host; a host that makes
// no valid server is ErrUNC. The path comes back as the same URL.
func TestUNCServer(t *testing.T) {
	for _, c := range []struct {
		href, path string
		err        error
	}{
		// Domain to Unicode of an invalid "xn--" label is "" or another
		// name: an empty server, U+0080, or "a.", which is another host.
		{"file://xn--/attacker.example/share/x", `\\xn--\attacker.example\share\x`, nil},
		{"file://xn--a/s/x", `\\xn--a\s\x`, nil},
		{"file://a.xn--/s/x", `\\a.xn--\s\x`, nil},
		{"file://xn--mnchen-3ya.xn--/s", `\\xn--mnchen-3ya.xn--\s`, nil},
		{"file://XN--MNCHEN-3YA/s", `\\münchen\s`, nil},
		{"file://a.xn--mnchen-3ya/s", `\\a.münchen\s`, nil},
		{"file://a./s", `\\a.\s`, nil},
		{"file://[::1]/s", `\\[::1]\s`, nil},
		{"file://./pipe/x", "", fileurl.ErrUNC},
		{"file://../x", "", fileurl.ErrUNC},
		{"file://%2e/pipe/x", "", fileurl.ErrUNC},
	} {
		u, err := span.Parse(c.href)
		if err != nil {
			t.Fatalf("%s: %v", c.href, err)
		}
		p, err := fileurl.ToWindowsPath(u)
		if c.err != nil {
			var e *fileurl.Error
			if !errors.Is(err, c.err) || !errors.As(err, &e) || e.Func != "ToWindowsPath" {
				t.Errorf("%s: got %q, %v; want %v", c.href, p, err, c.err)
			}
			continue
		}
		if err != nil || p != c.path {
			t.Errorf("%s: got %q, %v; want %q", c.href, p, err, c.path)
			continue
		}
		if back, err := fileurl.FromWindowsPath(p); err != nil || back.Href() != u.Href() {
			t.Errorf("%s: %q comes back as %q, %v", c.href, p, back.Href(), err)
		}
	}
	// Servers that FromWindowsPath refuses, as ToWindowsPath refuses their
	// hosts: a device path, a relative segment, a host the URL parser
	// drops, and names the URL parser would change ("%41" decoded, a tab
	// removed).
	for _, p := range []string{`\\.\pipe\x`, `\\..\s\x`, `\\localhost\s`, `\\LocalHost\C:\x`, `\\ser%41ver\s`, "\\\\a\tb\\s", `\\。\s`} {
		if u, err := fileurl.FromWindowsPath(p); !errors.Is(err, fileurl.ErrUNC) {
			t.Errorf("%q: got %q, %v; want ErrUNC", p, u.Href(), err)
		}
	}
}

// posixClean is the path FromPOSIXPath names: resolved, with a trailing
// slash kept.
func posixClean(p string) string {
	c := path.Clean(p)
	if strings.HasSuffix(p, "/") && c != "/" {
		c += "/"
	}
	return c
}

// FuzzPOSIXRoundTrip: every absolute POSIX path without NUL, bytes that
// are not UTF-8 included, comes back from its URL as its resolved form,
// and the URL is already in the form the URL parser gives.
func FuzzPOSIXRoundTrip(f *testing.F) {
	for _, s := range []string{"/", "/a b/c#d?e%f", "/a/../b/", "/\xff\xfe", "/é/😀", "/C:/x", "//a", "/a\\b", "/%2e%2e/x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		u, err := fileurl.FromPOSIXPath(p)
		if p == "" || p[0] != '/' || strings.IndexByte(p, 0) >= 0 {
			if err == nil {
				t.Fatalf("%q: no error", p)
			}
			return
		}
		if err != nil {
			t.Fatalf("%q: %v", p, err)
		}
		if again, err := span.Parse(u.Href()); err != nil || again != u {
			t.Fatalf("%q: %s parses as %s, %v", p, u, again, err)
		}
		back, err := fileurl.ToPOSIXPath(u)
		if err != nil || back != posixClean(p) {
			t.Fatalf("%q: %s gives %q, %v; want %q", p, u, back, err, posixClean(p))
		}
	})
}

// FuzzWindowsRoundTrip: a drive path comes back as its resolved form with
// "\" separators.
func FuzzWindowsRoundTrip(f *testing.F) {
	for _, s := range []string{`a\b`, `a b\c#d?e%f\`, `..\x`, `\\y`, "\xff", "é/😀", "a~b"} {
		f.Add(byte('C'), s)
	}
	f.Fuzz(func(t *testing.T, drive byte, rest string) {
		if !('a' <= drive|0x20 && drive|0x20 <= 'z') || strings.IndexByte(rest, 0) >= 0 {
			return
		}
		p := string(drive) + `:\` + rest
		u, err := fileurl.FromWindowsPath(p)
		if err != nil {
			t.Fatalf("%q: %v", p, err)
		}
		back, err := fileurl.ToWindowsPath(u)
		want := string(drive) + ":" + strings.ReplaceAll(posixClean("/"+strings.ReplaceAll(rest, `\`, "/")), "/", `\`)
		if err != nil || back != want {
			t.Fatalf("%q: %s gives %q, %v; want %q", p, u, back, err, want)
		}
	})
}

// FuzzToPath: any URL gives a path or an error, never a panic; a POSIX path
// is absolute and has no NUL, a Windows path is a drive or UNC path.
func FuzzToPath(f *testing.F) {
	for _, s := range []string{"file:///a", "file://h/a%2f", "file:///C:/x", "file:///C|", "file://xn--mnchen-3ya/", "file:///%00", "http://h/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := span.Parse(s)
		if err != nil {
			return
		}
		if p, err := fileurl.ToPOSIXPath(u); err == nil && (p == "" || p[0] != '/' || strings.IndexByte(p, 0) >= 0) {
			t.Fatalf("%s: POSIX path %q", u, p)
		}
		if p, err := fileurl.ToWindowsPath(u); err == nil && !strings.HasPrefix(p, `\\`) && (len(p) < 3 || p[1] != ':' || p[2] != '\\') {
			t.Fatalf("%s: Windows path %q", u, p)
		}
	})
}
