package span

import (
	"errors"
	"net/url"
	"strconv"
	"strings"

	"github.com/spanurl/spanurl/internal/pct"
	"github.com/spanurl/spanurl/record"
)

// ToNetURL returns u as a net/url URL, with the fields that url.Parse
// gives for u's href (where url.Parse accepts it and can hold the
// pathname, see below), nil for the zero URL.
// The mapping, WHATWG getter to url.URL field:
//
//	Scheme()                 Scheme
//	opaque path              Opaque, verbatim ("mailto:x" is Opaque "x");
//	                         User, Host and Path stay empty
//	Username(), Password()   User: url.UserPassword with both
//	                         percent-decoded (net/url holds userinfo
//	                         decoded and encodes it in String); url.User
//	                         when the password is empty; nil when both are
//	Host()                   Host: the serialized host (domains ASCII
//	                         lowercase, IPv6 in brackets) and ":port" when
//	                         the port is not null; an opaque host's
//	                         percent-encoded bytes are decoded when all of
//	                         them are above 0x7F (as url.Parse does, and
//	                         String encodes them again), otherwise it stays
//	                         as it is
//	HostKind() == HostNull   OmitHost ("foo:/x"); an empty host ("file:///x")
//	                         is Host "" with OmitHost false
//	Pathname()               Path percent-decoded, and RawPath the pathname
//	                         when net/url's default encoding of Path differs
//	                         from it, so that EscapedPath returns the
//	                         pathname (a "%2F" stays distinct from "/");
//	                         with a null host and a path starting with "//",
//	                         the "/." both serializations put before it is
//	                         kept ("foo:/.//x" is Path "/.//x"). When
//	                         net/url cannot hold the pathname that way, it
//	                         goes in Opaque: see below
//	Query()                  RawQuery; ForceQuery for an empty non-null
//	                         query ("https://h/?")
//	Fragment()               Fragment percent-decoded, RawFragment as Path
//	                         and RawPath
//
// Percent-decoding leaves a "%" that is not followed by two hex digits as
// it is (the standard's percent-decode), and may give bytes that are not
// UTF-8.
//
// net/url cannot hold every pathname in Path and RawPath: it refuses a
// RawPath with "\", "^" or "|" (which the standard leaves as they are in
// some paths), or with a "%" not followed by two hex digits, and then
// EscapedPath, String and RequestURI encode the decoded Path again,
// turning a "%2F" into a real "/" ("/..%2Fadmin|" would be sent as
// "/../admin%7C"). ToNetURL never returns such a URL: for those
// pathnames, Path and RawPath stay empty and Opaque holds the href from
// after "scheme:" to the end of the path, userinfo left out ("//", the
// host as Host() gives it, and the pathname; the pathname alone when the
// host is null). String and RequestURI then write the pathname byte for
// byte (RequestURI in absolute-form: "https://h/..%2Fadmin|"),
// EscapedPath is empty, and Host and User are set as above, so that a
// Transport dials the host. Either way a percent-encoded byte never
// becomes a delimiter: the pathname is what EscapedPath returns, or it is
// in Opaque as it is.
//
// The mapping is lossless, ToNetURL(u).String() == u.Href() and so
// FromNetURL(ToNetURL(u)) == u, except where net/url cannot say what the
// WHATWG URL says:
//
//   - an empty non-null fragment ("https://h/#"): net/url drops the "#";
//   - an empty host with an empty path ("foo://", "foo://?q"): net/url
//     drops the "//";
//   - userinfo beside a pathname that goes in Opaque (above): Opaque
//     leaves it out, since Redacted would show a password in Opaque;
//   - a fragment with "#", "\", "^", "{", "|" or "}", or such a "%";
//   - a username or password with "!", "'", "(", ")" or "*", or with a
//     percent-encoded byte that net/url would not encode the same way
//     (an ASCII letter, digit or one of -._~$&+,;=, or lowercase hex):
//     net/url encodes userinfo in its own way;
//   - a host with "`", "{" or "}", or an opaque host with a
//     percent-encoded byte that is not above 0x7F or is in lowercase hex,
//     unless the pathname goes in Opaque, which holds the host as it is:
//     net/url encodes hosts in its own way.
//
// Everything else (the scheme, port, query, IP addresses, domains, opaque
// paths, every percent-encoding in a path the standard produces) goes
// through unchanged.
func (u URL) ToNetURL() *url.URL {
	if u.IsZero() {
		return nil
	}
	nu := &url.URL{Scheme: u.Scheme()}
	q, hasQuery := u.Query()
	nu.RawQuery, nu.ForceQuery = q, hasQuery && q == ""
	if f, ok := u.Fragment(); ok {
		nu.Fragment = percentDecode(f)
		if (&url.URL{Fragment: nu.Fragment}).EscapedFragment() != f {
			nu.RawFragment = f
		}
	}
	if u.HasOpaquePath() {
		nu.Opaque = u.Pathname()
		return nu
	}
	switch name, pass := u.Username(), u.Password(); {
	case pass != "":
		nu.User = url.UserPassword(percentDecode(name), percentDecode(pass))
	case name != "":
		nu.User = url.User(percentDecode(name))
	}
	nu.Host = u.Host()
	if u.p.Kind() == record.HostOpaque && strings.IndexByte(nu.Host, '%') >= 0 && onlyNonASCIIEscapes(nu.Host) {
		nu.Host = percentDecode(nu.Host)
	}
	nu.OmitHost = u.p.Kind() == record.HostNull
	p := u.Pathname()
	if u.p.Kind() == record.HostNull && strings.HasPrefix(p, "//") {
		// The serializer's "/." guard: href[HostEnd:PathStart] is "/.".
		p = u.href[u.p.HostEnd():u.p.PathEnd(len(u.href))]
	}
	nu.Path = percentDecode(p)
	if (&url.URL{Path: nu.Path}).EscapedPath() != p {
		nu.RawPath = p
	}
	if nu.EscapedPath() != p {
		// net/url would encode the decoded Path again, and a "%2F" in p
		// would become a "/": the path goes in Opaque, verbatim.
		nu.Path, nu.RawPath, nu.Opaque = "", "", p
		if !nu.OmitHost {
			nu.Opaque = "//" + u.Host() + p
		}
	}
	return nu
}

// percentDecode is the standard's percent-decode of s, as a string: s
// itself when it has no "%".
func percentDecode(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	return string(pct.AppendDecoded(make([]byte, 0, len(s)), s))
}

// onlyNonASCIIEscapes reports whether every "%" of s starts a
// percent-encoded byte above 0x7F: the only percent-encoding url.Parse
// decodes in a host (and String encodes again).
func onlyNonASCIIEscapes(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		if i+2 >= len(s) || !pct.IsASCIIHexDigit(s[i+1]) || !pct.IsASCIIHexDigit(s[i+2]) || s[i+1] < '8' {
			return false
		}
		i += 2
	}
	return true
}

// ErrNotAbsolute is matched (errors.Is) by the error of FromNetURL for a
// nil *url.URL or one without a scheme: a relative reference, which has
// no WHATWG URL until it is resolved against a base (base.Parse(ref.String())).
var ErrNotAbsolute = errors.New("not an absolute URL")

// ErrNoHost is matched by the error of FromNetURL for an http, https, ws,
// wss or ftp url.URL without a host: the standard's parser would read the
// first path segment (or the opaque data) as the host ("http:/x" and
// "http:x" are both "http://x/"), so FromNetURL refuses instead.
var ErrNoHost = errors.New("URL of a special scheme without a host")

// netURLError is a FromNetURL failure that is not a parse error.
type netURLError struct {
	redacted string // the url.URL, Redacted
	err      error
}

func (e *netURLError) Error() string {
	return "span: cannot convert " + quote(e.redacted) + ": " + e.err.Error()
}

func (e *netURLError) Unwrap() error { return e.err }

// quote quotes s for an error message: strconv.Quote of s shortened to
// 256 bytes.
func quote(s string) string {
	const max = 256
	if len(s) > max {
		return strconv.Quote(s[:max]) + "..."
	}
	return strconv.Quote(s)
}

// FromNetURL returns the WHATWG URL of a net/url URL: the result of
// parsing nu.String() with Parse. The error is a *ParseError (its input
// is nu.String() with the password masked) when the standard's parser
// rejects it, and matches ErrNotAbsolute for a nil nu or one without a
// scheme, and ErrNoHost for a special-scheme URL without a host.
//
// The standard normalizes what net/url keeps as it was given:
//
//   - the scheme and a domain are lowercased; a Unicode domain (which
//     net/url percent-encodes in String) becomes its IDNA ASCII form
//     ("bücher.example" is "xn--bcher-kva.example");
//   - IPv4 hosts in any form the standard accepts become dotted decimal
//     ("0x7f.1" is "127.0.0.1"), IPv6 hosts their canonical compressed
//     form; a zone ("[fe80::1%en0]") is an error;
//   - a port equal to the scheme's default, and an empty port, are
//     dropped ("http://h:80/" is "http://h/");
//   - dot segments are resolved ("/a/../b" and "/a/%2e%2e/b" are "/b"),
//     "\" is a path separator in special URLs, and a special URL's empty
//     path is "/";
//   - bytes the standard's percent-encode sets name are percent-encoded
//     (a space in RawQuery becomes "%20"), and percent-encodings that
//     net/url wrote are kept as they are (never decoded).
//
// And net/url holds what the standard cannot: relative references (an
// empty Scheme), hosts for schemes that need one left empty (ErrNoHost),
// zones, and hosts with characters the host parser forbids; those are
// errors.
func FromNetURL(nu *url.URL) (URL, error) {
	if nu == nil {
		return URL{}, &netURLError{"<nil>", ErrNotAbsolute}
	}
	if nu.Scheme == "" {
		return URL{}, &netURLError{nu.Redacted(), ErrNotAbsolute}
	}
	switch strings.ToLower(nu.Scheme) {
	case "http", "https", "ws", "wss", "ftp":
		if nu.Host == "" && !strings.HasPrefix(nu.Opaque, "//") {
			return URL{}, &netURLError{nu.Redacted(), ErrNoHost}
		}
	}
	return Parse(nu.String())
}
