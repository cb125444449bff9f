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
// of the request with package httpurl's request-target functions: the
// origin-form "/path" and the absolute-form "http://host/path" with
// httpurl.ParseRequestTarget, the authority-form "host:443" of CONNECT with
// httpurl.ParseConnectTarget, and the asterisk-form of "OPTIONS *" as the
// server itself with httpurl.ParseHost. A target that httpurl refuses (a
// space, a control character, a fragment, an authority-form target
// without CONNECT) is refused here with httpurl's *httpurl.Error, so that
// both packages always agree.
//
// Bytes of a target that are not UTF-8 (a raw 0xFF, or nginx's \xFF) are
// kept as the server received them, percent-encoded one by one ("%FF"),
// as httpurl keeps them, rather than read as U+FFFD as the URL Standard,
// which parses strings, would.
//
// Line.URL's results are permanent, like httpurl's, and cost an
// allocation or two per line. Parser.URL gives the same URLs and errors
// without allocating for every request it accepts, in every form: it
// parses with span.Parser's request-target methods, which share httpurl's
// checks, and its results, like that parser's, are valid until its next
// call. Tests compare the two on the test logs, on requests.txt and in a
// fuzz target.
//
// # Errors
//
// Parse returns an *Error for a line that does not have the format's
// fields: its Kind is one of the sentinel errors (ErrVirtualHost,
// ErrClient, ErrTime, ErrRequest, ErrStatus, ErrHost, ErrRequestLine) and
// its Offset the byte of the line where the problem is found; every
// *Error also matches ErrMalformed. A line whose only fault is its
// request line (such as "-" for a connection closed before a request, or
// the bytes of a TLS handshake sent to a plain HTTP port) has every other
// field set and an error matching ErrRequestLine.
package accesslog
