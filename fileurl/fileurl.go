package fileurl

import (
	"errors"
	"path"
	"runtime"
	"strconv"
	"strings"

	"github.com/spanurl/spanurl/api"
	"github.com/spanurl/spanurl/span"
)

// The errors, for errors.Is. Every error of this package is an *Error
// wrapping one of them.
var (
	// ErrRelativePath: the path is not absolute in its style.
	ErrRelativePath = errors.New("path is not absolute")
	// ErrNUL: a NUL byte in the path, or "%00" in the URL's path.
	ErrNUL = errors.New("NUL byte in path")
	// ErrUNC: a Windows path that starts with two separators but is not
	// \\server\share... with a valid host as server, or a file URL whose
	// host makes no valid server (see ToWindowsPath). A valid server is
	// not empty, not "." or ".." (the device namespace and a relative
	// segment to Windows), and read as a URL's host it is that host again.
	ErrUNC = errors.New("invalid UNC path")
	// ErrNotFileURL: the URL's scheme is not "file".
	ErrNotFileURL = errors.New("not a file URL")
	// ErrHost: a file URL with a host, which names no POSIX path.
	ErrHost = errors.New("file URL with a host has no POSIX path")
	// ErrNoDrive: a file URL without a host whose path does not start with
	// a drive letter, which names no Windows path.
	ErrNoDrive = errors.New("file URL path has no drive letter")
	// ErrEncodedSeparator: the URL's path holds "%2F" (or, for Windows,
	// "%5C"), which decodes to a separator.
	ErrEncodedSeparator = errors.New("encoded path separator in file URL")
)

// Error is the error of this package's functions: which function, the
// input (a path or an href), and what is wrong (one of the sentinels).
type Error struct {
	Func  string // "FromPOSIXPath", "ToWindowsPath", ...
	Input string
	Err   error
}

// Error returns "fileurl.FUNC INPUT: REASON" with the input quoted.
func (e *Error) Error() string {
	return "fileurl." + e.Func + " " + quote(e.Input) + ": " + e.Err.Error()
}

// Unwrap returns the sentinel.
func (e *Error) Unwrap() error { return e.Err }

// quote quotes s as Go does, cut to 256 bytes, so that an error can be
// logged as it is.
func quote(s string) string {
	if len(s) > 256 {
		return strconv.Quote(s[:256]) + "..."
	}
	return strconv.Quote(s)
}

// FromPath returns the file URL of an absolute path of the running system:
// FromWindowsPath on windows, FromPOSIXPath elsewhere.
func FromPath(p string) (span.URL, error) {
	if runtime.GOOS == "windows" {
		return FromWindowsPath(p)
	}
	return FromPOSIXPath(p)
}

// ToPath returns the path of the running system that a file URL names:
// ToWindowsPath on windows, ToPOSIXPath elsewhere.
func ToPath(u span.URL) (string, error) {
	if runtime.GOOS == "windows" {
		return ToWindowsPath(u)
	}
	return ToPOSIXPath(u)
}

// FromPOSIXPath returns the file URL of an absolute POSIX path, as Node's
// url.pathToFileURL(p, {windows: false}) does: dot segments and repeated
// slashes resolved, a trailing slash kept, and the bytes that a URL would
// read otherwise percent-encoded ("\" among them: it is a file name
// character on POSIX). See the package documentation.
func FromPOSIXPath(p string) (span.URL, error) {
	const fn = "FromPOSIXPath"
	if p == "" || p[0] != '/' {
		return span.URL{}, &Error{fn, p, ErrRelativePath}
	}
	if strings.IndexByte(p, 0) >= 0 {
		return span.URL{}, &Error{fn, p, ErrNUL}
	}
	clean := path.Clean(p)
	if strings.HasSuffix(p, "/") && clean != "/" {
		clean += "/"
	}
	href := appendEncoded([]byte("file://"), clean, true)
	return parse(fn, p, string(href))
}

// FromWindowsPath returns the file URL of an absolute Windows path, as
// Node's url.pathToFileURL(p, {windows: true}) does: a drive path
// ("C:\a\b") gives file:///C:/a/b, a UNC path ("\\server\share\x") gives
// file://server/share/x with the server as the URL's host; "\" and "/"
// are both separators. See the package documentation.
func FromWindowsPath(p string) (span.URL, error) {
	const fn = "FromWindowsPath"
	if strings.IndexByte(p, 0) >= 0 {
		return span.URL{}, &Error{fn, p, ErrNUL}
	}
	rest := p
	// The Win32 file namespace prefix names the same file without it.
	switch {
	case strings.HasPrefix(rest, `\\?\UNC\`):
		rest = `\\` + rest[len(`\\?\UNC\`):]
	case strings.HasPrefix(rest, `\\?\`):
		rest = rest[len(`\\?\`):]
	}
	if len(rest) >= 2 && isSeparator(rest[0]) && isSeparator(rest[1]) {
		return fromUNC(fn, p, rest[2:])
	}
	if len(rest) < 3 || !isASCIIAlpha(rest[0]) || rest[1] != ':' || !isSeparator(rest[2]) {
		return span.URL{}, &Error{fn, p, ErrRelativePath}
	}
	// The drive path: resolved like a POSIX path after the drive letter.
	tail := strings.ReplaceAll(rest[2:], `\`, "/")
	clean := path.Clean(tail)
	if isSeparator(rest[len(rest)-1]) && clean != "/" {
		clean += "/"
	}
	href := append([]byte("file:///"), rest[:2]...)
	href = appendEncoded(href, clean, false)
	return parse(fn, p, string(href))
}

// fromUNC makes the URL of the UNC path \\unc (unc is what follows the two
// separators): the server is the host and the rest, which the URL parser
// resolves, the path.
func fromUNC(fn, p, unc string) (span.URL, error) {
	end := strings.IndexAny(unc, `\/`)
	if end <= 0 {
		// No server, or no path after it.
		return span.URL{}, &Error{fn, p, ErrUNC}
	}
	host, ok := serverHost(unc[:end])
	if !ok {
		return span.URL{}, &Error{fn, p, ErrUNC}
	}
	href := append([]byte("file://"), host...)
	href = appendEncoded(href, strings.ReplaceAll(unc[end:], `\`, "/"), false)
	return parse(fn, p, string(href))
}

// serverHost returns the host that the UNC server names, the host of the
// URL "file://server/", or false where the server is not a valid one: ""
// and the host-less "localhost" (the URL would name a local file), "."
// (the device namespace, "\\.\") and ".." (a relative segment), and a
// server that is not a host and nothing more ("a:80", "u@h", "a?b").
func serverHost(server string) (string, bool) {
	if server == "" || server == "." || server == ".." || strings.ContainsAny(server, "?#\\/%\t\n\r") {
		// "?" or "#" would end the host and start a query or a fragment,
		// a separator would end it too; the URL parser would decode "%41"
		// into another name than Windows reads, and drop a tab or newline.
		return "", false
	}
	u, err := span.Parse("file://" + server + "/")
	if err != nil || u.Pathname() != "/" || u.Hostname() == "" || u.Hostname() == "." || u.Hostname() == ".." {
		return "", false
	}
	return u.Hostname(), true
}

// uncServer returns the UNC server for a file URL's host: the host in
// Unicode where it has an "xn--" label whose Unicode form converts back
// to the host by domain to ASCII, else the host as it is (ASCII). It
// reports false where the server is not valid (see serverHost), or would
// not name the host again when FromWindowsPath reads it.
func uncServer(host string) (string, bool) {
	server := host
	if strings.Contains(host, "xn--") {
		// An "xn--" label that is not valid Punycode has no Unicode form:
		// domain to Unicode reports an error and leaves "" or another
		// name, which would be another server.
		if uh, err := api.DomainToUnicode(host); err == nil && uh != "" {
			if back, err := api.DomainToASCII(uh, false); err == nil && back == host {
				server = uh
			}
		}
	}
	if h, ok := serverHost(server); !ok || h != host {
		return "", false
	}
	return server, true
}

func parse(fn, p, href string) (span.URL, error) {
	u, err := span.Parse(href)
	if err != nil {
		return span.URL{}, &Error{fn, p, err}
	}
	return u, nil
}

// ToPOSIXPath returns the absolute POSIX path that a file URL names, as
// Node's url.fileURLToPath(u, {windows: false}) does: the pathname
// percent-decoded. A URL with a host is ErrHost, one whose path holds
// "%2F" ErrEncodedSeparator; "%5C" decodes to a "\" in a file name.
func ToPOSIXPath(u span.URL) (string, error) {
	const fn = "ToPOSIXPath"
	if u.Scheme() != "file" {
		return "", &Error{fn, u.Href(), ErrNotFileURL}
	}
	if u.Hostname() != "" {
		return "", &Error{fn, u.Href(), ErrHost}
	}
	p := u.Pathname()
	if hasEncoded(p, '/') {
		return "", &Error{fn, u.Href(), ErrEncodedSeparator}
	}
	out := string(api.PercentDecode(p))
	if strings.IndexByte(out, 0) >= 0 {
		return "", &Error{fn, u.Href(), ErrNUL}
	}
	return out, nil
}

// ToWindowsPath returns the absolute Windows path that a file URL names,
// as Node's url.fileURLToPath(u, {windows: true}) does: with a host, the
// UNC path \\server\path; without one, the drive path of a pathname
// "/C:/...". The pathname is percent-decoded and "/" becomes "\"; "%2F"
// and "%5C" are ErrEncodedSeparator.
//
// The server is the host in ASCII, or, for a host with an "xn--" label,
// its Unicode form (domain to Unicode) where that has no error and
// converts back to the same host by domain to ASCII: "xn--mnchen-3ya" is
// "münchen", while "xn--a", whose Punycode decodes to a code point that
// no valid label holds, stays "xn--a". A host that makes no valid server
// (".", "..") is ErrUNC, so that FromWindowsPath of the path is the URL
// with the same host.
func ToWindowsPath(u span.URL) (string, error) {
	const fn = "ToWindowsPath"
	if u.Scheme() != "file" {
		return "", &Error{fn, u.Href(), ErrNotFileURL}
	}
	p := u.Pathname()
	if hasEncoded(p, '/') || hasEncoded(p, '\\') {
		return "", &Error{fn, u.Href(), ErrEncodedSeparator}
	}
	decoded := strings.ReplaceAll(string(api.PercentDecode(p)), "/", `\`)
	if strings.IndexByte(decoded, 0) >= 0 {
		return "", &Error{fn, u.Href(), ErrNUL}
	}
	if host := u.Hostname(); host != "" {
		server, ok := uncServer(host)
		if !ok {
			return "", &Error{fn, u.Href(), ErrUNC}
		}
		return `\\` + server + decoded, nil
	}
	// decoded is `\C:\...`: the drive letter comes first in a Windows path.
	if len(decoded) < 3 || !isASCIIAlpha(decoded[1]) || decoded[2] != ':' || len(decoded) > 3 && decoded[3] != '\\' {
		return "", &Error{fn, u.Href(), ErrNoDrive}
	}
	if len(decoded) == 3 {
		return decoded[1:] + `\`, nil
	}
	return decoded[1:], nil
}

// hasEncoded reports whether p holds c percent-encoded, with either case
// of hex digit.
func hasEncoded(p string, c byte) bool {
	const hex = "0123456789ABCDEF"
	for i := 0; i+2 < len(p); i++ {
		if p[i] == '%' && p[i+1] == hex[c>>4] && p[i+2]|0x20 == hex[c&15]|0x20 {
			return true
		}
	}
	return false
}

// appendEncoded appends p with the bytes that Node's path encoding
// escapes percent-encoded; posix says whether "\" is one of them (on
// Windows it is a separator, turned into "/" before).
func appendEncoded(dst []byte, p string, posix bool) []byte {
	const hex = "0123456789ABCDEF"
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c < 0x21 || c >= 0x7F || strings.IndexByte("\"#%<>?[]^`{|}~", c) >= 0 || c == '\\' && posix {
			dst = append(dst, '%', hex[c>>4], hex[c&15])
			continue
		}
		dst = append(dst, c)
	}
	return dst
}

func isSeparator(c byte) bool { return c == '\\' || c == '/' }

func isASCIIAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }
