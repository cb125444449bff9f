package fileurl_test

import (
	"strings"
	"testing"

	"github.com/spanurl/spanurl/api"
	"github.com/spanurl/spanurl/fileurl"
	"github.com/spanurl/spanurl/span"
)

// encodePath percent-encodes the bytes of p that the package
// documentation lists ("\" only when posix), with uppercase hex digits.
func encodePath(p string, posix bool) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c < 0x21 || c >= 0x7F || strings.IndexByte("\"#%<>?[]^`{|}~", c) >= 0 || c == '\\' && posix {
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// canonicalWindowsHref is the href that FromWindowsPath gives for the path
// that ToWindowsPath makes of a file URL with host host and
// percent-decoded pathname dec: a drive path resolved as FromWindowsPath
// resolves it ("/C:" is the root "/C:/"), a UNC path as it is (the URL
// parser left no dot segments in it), re-encoded.
func canonicalWindowsHref(host, dec string) string {
	if host == "" {
		return "file://" + dec[:3] + encodePath(posixClean("/"+strings.TrimPrefix(dec[3:], "/")), false)
	}
	return "file://" + host + encodePath(dec, false)
}

// FuzzWindowsURLRoundTrip: for any URL that ToWindowsPath accepts,
// FromWindowsPath of the path succeeds and gives the URL with the same
// host, its query and fragment dropped, its percent-decoded pathname
// resolved and re-encoded (canonicalWindowsHref), which is the URL's own
// href where it has that form already; that URL round-trips exactly.
func FuzzWindowsURLRoundTrip(f *testing.F) {
	for _, s := range []string{
		"file:///C:/a", "file:///C:", "file:///c|/a//b/", "file://h/s/x", "file://h/", "file://h//a",
		"file://xn--mnchen-3ya/s", "file://XN--MNCHEN-3YA.example/s?q#f", "file://xn--/a.example/s/x",
		"file://xn--a/s/x", "file://a.xn--/s/x", "file://./pipe/x", "file://1.2.3.4/s", "file://[::1]/s",
		"file:///C:/a%20b/%25/%e9%ff", "file://h/C:/x", "file:///C:/a%3F%23",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := span.Parse(s)
		if err != nil {
			return
		}
		p, err := fileurl.ToWindowsPath(u)
		if err != nil {
			return
		}
		v, err := fileurl.FromWindowsPath(p)
		if err != nil {
			t.Fatalf("%s: %q: %v", u, p, err)
		}
		if v.Hostname() != u.Hostname() {
			t.Fatalf("%s: %q gives host %q", u, p, v.Hostname())
		}
		want := canonicalWindowsHref(u.Hostname(), string(api.PercentDecode(u.Pathname())))
		if v.Href() != want {
			t.Fatalf("%s: %q gives %s, want %s", u, p, v, want)
		}
		p2, err := fileurl.ToWindowsPath(v)
		if err != nil {
			t.Fatalf("%s: %q: %s: %v", u, p, v, err)
		}
		if v2, err := fileurl.FromWindowsPath(p2); err != nil || v2.Href() != v.Href() {
			t.Fatalf("%s: %q gives %s, whose %q gives %s, %v", u, p, v, p2, v2, err)
		}
	})
}

// FuzzWindowsPathRoundTrip: for any path that FromWindowsPath accepts,
// ToWindowsPath of the URL succeeds and gives an equivalent path, one
// whose URL is the same: a drive path resolved with "\" separators, a
// UNC path with the same server (up to case, and an "xn--" server in
// Unicode) and, where the path has no dot segments, the same rest.
func FuzzWindowsPathRoundTrip(f *testing.F) {
	for _, s := range []string{
		`C:\a\b`, `c:/a/../b/`, `C:\`, `\\server\share\x`, `//server/share`, `\\?\C:\a`, `\\?\UNC\s\x`,
		`\\münchen\s`, `\\MÜNCHEN\s\`, `\\xn--a\s`, `\\xn--\a.example\s`, `\\a.xn--\s`, `\\1.2.3.4\s`,
		`\\h\a\.\b\..\c`, `\\h\a\\b`, `\\h\C:\x`, `\\localhost\s`, `\\..\s`, `\\ser%41ver\s`, "\\\\a\tb\\s",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		u, err := fileurl.FromWindowsPath(p)
		if err != nil {
			return
		}
		back, err := fileurl.ToWindowsPath(u)
		if err != nil {
			t.Fatalf("%q: %s: %v", p, u, err)
		}
		if u2, err := fileurl.FromWindowsPath(back); err != nil || u2.Href() != u.Href() {
			t.Fatalf("%q: %s gives %q, whose URL is %s, %v", p, u, back, u2, err)
		}
		rest := p
		switch {
		case strings.HasPrefix(rest, `\\?\UNC\`):
			rest = `\\` + rest[len(`\\?\UNC\`):]
		case strings.HasPrefix(rest, `\\?\`):
			rest = rest[len(`\\?\`):]
		}
		rest = strings.ReplaceAll(rest, "/", `\`)
		if !strings.HasPrefix(rest, `\\`) {
			want := rest[:2] + strings.ReplaceAll(posixClean("/"+strings.ReplaceAll(rest[3:], `\`, "/")), "/", `\`)
			if back != want {
				t.Fatalf("%q: %s gives %q, want %q", p, u, back, want)
			}
			return
		}
		server, tail, _ := strings.Cut(rest[2:], `\`)
		backServer, backTail, _ := strings.Cut(back[2:], `\`)
		if !strings.Contains(u.Hostname(), "xn--") && u.Hostname() == strings.ToLower(server) && backServer != u.Hostname() {
			t.Fatalf("%q: %s gives server %q", p, u, backServer)
		}
		dots := false
		for _, seg := range strings.Split(tail, `\`) {
			dots = dots || seg == "." || seg == ".."
		}
		if !dots && backTail != tail {
			t.Fatalf("%q: %s gives %q, want the rest %q", p, u, back, tail)
		}
	})
}

// FuzzPOSIXURLRoundTrip: for any URL that ToPOSIXPath accepts,
// FromPOSIXPath of the path succeeds and gives the URL of the resolved
// path, its percent-encoding the package's, which is the URL's own href
// where it has that form already; ToPOSIXPath of it is the resolved path.
func FuzzPOSIXURLRoundTrip(f *testing.F) {
	for _, s := range []string{
		"file:///", "file:///a//b/", "file:///a%5Cb", "file:///a%20b?q#f", "file://localhost/x",
		"file:///%e9%ff%25", "file:///C:/..", "file:///a/%2e%2E/b", "file:///a%2F", "file:///%00",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := span.Parse(s)
		if err != nil {
			return
		}
		p, err := fileurl.ToPOSIXPath(u)
		if err != nil {
			return
		}
		v, err := fileurl.FromPOSIXPath(p)
		if err != nil {
			t.Fatalf("%s: %q: %v", u, p, err)
		}
		clean := posixClean(p)
		if want := "file://" + encodePath(clean, true); v.Href() != want {
			t.Fatalf("%s: %q gives %s, want %s", u, p, v, want)
		}
		if back, err := fileurl.ToPOSIXPath(v); err != nil || back != clean {
			t.Fatalf("%s: %q gives %s, whose path is %q, %v", u, p, v, back, err)
		}
	})
}
