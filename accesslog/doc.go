// Package accesslog reads the lines of HTTP servers' access logs and gives
// the URL each request asked for, as package httpurl builds it for a live
// request, so that a log processor and a proxy agree on what a logged
// request meant.
//
// # Formats
//
// Four formats are read, all built on the Common Log Format:
//
//	Common         CLIENT IDENT USER [TIME] "REQUEST" STATUS SIZE
//	Combined       Common + ` "REFERER" "USER-AGENT"`
//	VhostCombined  "VHOST:PORT " + Combined           (Apache's %v:%p prefix)
//	CombinedHost   Combined + ` "HOST"`                (nginx with "$host" added)
//
// The fields before the time are split at spaces, the user taking what
// is left (a user name may hold spaces); TIME is the first [...] field.
// Whatever follows a format's last field is kept in Line.Extra, so logs
// that add fields at the end are read too, and Combined also reads lines
// that end after SIZE or after the referer.
//
// # Escapes
//
// Servers escape bytes in quoted fields: nginx writes '"', '\' and bytes
// that are not printable ASCII as \xHH, Apache writes \" \\ \n \r \t \v \b
// and \xHH. The quoted fields of a Line (the request line, the referer,
// the user agent and the Host) are decoded back to the bytes the server
// received. Fields without escapes are sub-slices of the line; decoded
// fields are sub-slices of a buffer the Parser reuses, so they are valid
// until the Parser's next Parse. A line that needs no decoding costs no
// allocation.
//
// # Request lines and URLs
//
// The request line "METHOD TARGET PROTOCOL" is split into its three parts
// (a line of HTTP/0.9, "GET /x", has no protocol; a target with spaces is
// what lies between the first space and the last). Line.URL gives the URL
// of the request as a server or proxy built on package httpurl makes it
// for the same request arriving live, with httpurl.FromRequest and its
// default, strict routing policy (httpurl.Policy): the same URL, or the
// same refusal, an *httpurl.Error with the same text and the same
// sentinels. So "/adm%69n" is "/admin" and "/%7Euser/" is "/~user/", as
// the proxy routes and forwards them, and a target that the proxy
// refuses ("/a%2Fb", "/a b", a control character, a fragment, an
// absolute-form target whose scheme is not the server's) is refused
// here. Line.URLWithPolicy, and Parser.URL with Parser.Policy, take
// another policy, as httpurl.Options.Policy does.
//
// Two kinds of request name no URL and give no path: a CONNECT request
// gives httpurl.Handler's refusal, an error matching httpurl.ErrConnect
// (its authority is Policy.ParseConnectTarget(string(l.Target))), and
// "OPTIONS *" an error matching httpurl.ErrAsteriskForm, as
// httpurl.FromRequest gives it (the server itself is
// httpurl.ParseHost(l.Server(host, scheme))).
//
// The origin-form "/path" is on the server that Line.Server returns; an
// absolute-form "http://host/path" is on its own host, which net/http's
// server makes the request's Host. Bytes of a target that are not UTF-8
// (a raw 0xFF, or nginx's \xFF) are kept as the server received them,
// percent-encoded one by one ("%FF"), as httpurl keeps them, rather than
// read as U+FFFD as the URL Standard, which parses strings, would.
//
// httpurl's sentinels of a request target refused before parsing are
// span's (httpurl.ErrInvalidHost is span.ErrInvalidHost), so errors.Is
// matches an error of any of the three packages against either name.
//
// # Transient results, and counting them
//
// Line.URL's results are permanent, like httpurl's, and cost an
// allocation or two per line. Parser.URL gives the same URLs and errors
// without allocating for the origin-form requests that the policy
// accepts unchanged (nearly all of a log) and for CONNECT and "OPTIONS
// *": it parses with span.Parser's request-target methods, which share
// httpurl's checks, and hands the rest to Line.URLWithPolicy. Its
// results, like that parser's, are in its memory and valid only until
// its next call; so are the fields of a Line, which alias the line and
// the Parser's buffer.
//
// A map that counts the strings of such results keeps them wrongly: both
// m[u.Pathname()]++ and a clone on insert followed by m[k]++ for a key
// already there store the transient string as the key (Go replaces a
// string key on assignment), and the keys then read as the paths of
// later lines. Counter counts them right, copying each distinct string
// once. The spanurl_poison build tag (see span.Parser) makes the mistake
// show: kept keys read as "!!!!".
//
// # Errors
//
// Parse returns an *Error for a line that does not have the format's
// fields: its Kind is one of the sentinel errors (ErrVirtualHost,
// ErrClient, ErrTime, ErrRequest, ErrStatus, ErrHost, ErrRequestLine) and
// its Offset the byte of the line where the problem is found; every such
// *Error also matches ErrMalformed. An empty line is not malformed but
// blank: its *Error's Kind is ErrBlankLine, which does not match
// ErrMalformed, so that a loop that counts errors.Is(err, ErrMalformed)
// counts what the spanurl command counts as failed. A line whose only fault is its
// request line (such as "-" for a connection closed before a request, or
// the bytes of a TLS handshake sent to a plain HTTP port) has every other
// field set and an error matching ErrRequestLine.
package accesslog
