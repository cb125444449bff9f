package main

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/spanurl/spanurl/span"
)

// logFormat is the format of the input lines (-format).
type logFormat uint8

const (
	// formatLines: a URL per line (or per -col column).
	formatLines logFormat = iota
	// formatCombined: the Common Log Format and the combined format of
	// Apache and nginx,
	//
	//	host ident user [date] "request" status size ["referer" "user-agent" ...]
	formatCombined
	// formatVhostCombined: Apache's vhost_combined, "%v:%p " before the
	// combined format: the virtual host and the port that served the
	// request.
	formatVhostCombined
	// formatCombinedHost: the combined format followed by the quoted Host
	// header, as nginx logs it with "$host" added after
	// "$http_user_agent".
	formatCombinedHost
)

var formatNames = map[string]logFormat{
	"lines":          formatLines,
	"combined":       formatCombined,
	"common":         formatCombined,
	"vhost_combined": formatVhostCombined,
	"combined_host":  formatCombinedHost,
}

func parseFormat(name string) (logFormat, error) {
	if f, ok := formatNames[name]; ok {
		return f, nil
	}
	return 0, fmt.Errorf("unknown format %q: the formats are lines, combined (or common), vhost_combined and combined_host", name)
}

// server is the origin requests of a log line went to: prefix is
// "scheme://host[:port]", or msg says what is wrong with the log's field.
type server struct {
	prefix, msg string
}

// serverPrefix returns "scheme://host[:port]" for hostport (a host and an
// optional port, as in a Host header), canonicalized by the URL parser,
// or a message saying why hostport is not one. It parses with p, or with
// span.Parse when p is nil.
func serverPrefix(p *span.Parser, scheme, hostport string) (prefix, msg string) {
	s := scheme + "://" + hostport + "/"
	var u span.URL
	var err error
	if p != nil {
		u, err = p.Parse(unsafeBytes(s))
	} else {
		u, err = span.Parse(s)
	}
	if err != nil {
		return "", fmt.Sprintf("server %q is not a host[:port]: %v", hostport, err)
	}
	// The host parser strips and canonicalizes; anything that makes more
	// than a host and a port is refused.
	if u.Hostname() == "" || u.Username() != "" || u.Password() != "" ||
		u.Pathname() != "/" || u.HasQuery() || u.HasFragment() {
		return "", fmt.Sprintf("server %q is not a host[:port]", hostport)
	}
	href := u.Href()
	return strings.Clone(href[:len(href)-1]), ""
}

// serverOfBase returns the scheme and "scheme://host[:port]" of -base for
// an access log.
func serverOfBase(u span.URL) (scheme, prefix, msg string) {
	if u.Hostname() == "" || u.HasOpaquePath() || u.Username() != "" || u.Password() != "" {
		return "", "", fmt.Sprintf("-base %s: an access log needs a base with a host and no credentials, such as https://example.com/", u.Href())
	}
	off := u.Offsets()
	return u.Scheme(), u.Href()[:off.PathStart], ""
}

// request finds the request target of an access log line and the URL text
// to parse for it: input is the target as requested (unescaped); text is
// the URL the target stands for, with shift bytes before input's (so that
// validation error offsets can be made offsets into input); msg is set
// for a malformed line.
//
// As RFC 9112 (section 3.3, reconstructing the target URI) says:
//
//   - origin-form "/path?query" goes to the server: its URL is the
//     server's "scheme://host[:port]" followed by the target (so that
//     "//x" stays a path, as for the server);
//   - asterisk-form "*" (OPTIONS *) is the server itself: "scheme://host/";
//   - authority-form "host:port" of CONNECT is "scheme://host:port/" with
//     the server's scheme;
//   - anything else, absolute-form "http://host/path" included, is parsed
//     as a URL on its own (no base).
func (w *worker) request(line []byte) (input, text []byte, shift int, msg string) {
	a, msg := splitAccessLine(line, w.cfg.format)
	if msg != "" {
		return nil, nil, 0, msg
	}
	prefix := w.cfg.prefix
	switch w.cfg.format {
	case formatVhostCombined:
		if len(a.server) > 0 && !isDash(a.server) {
			if prefix, msg = w.server(a.server, true); msg != "" {
				return nil, nil, 0, "malformed log line: bad virtual host field: " + msg
			}
		}
	case formatCombinedHost:
		host := unescapeLog(&w.unescH, a.server)
		if len(host) > 0 && !isDash(host) {
			if prefix, msg = w.server(host, false); msg != "" {
				return nil, nil, 0, "malformed log line: bad Host field: " + msg
			}
		}
	}
	req := unescapeLog(&w.unesc, a.request)
	method, target, ok := splitRequest(req)
	if !ok {
		return nil, nil, 0, "malformed log line: the request is not METHOD TARGET [HTTP/VERSION]"
	}
	switch {
	case target[0] == '/':
		w.text = append(append(w.text[:0], prefix...), target...)
		return target, w.text, len(prefix), ""
	case len(target) == 1 && target[0] == '*':
		w.text = append(append(w.text[:0], prefix...), '/')
		return target, w.text, len(prefix), ""
	case string(method) == "CONNECT" && !bytes.ContainsAny(target, `/\?#@`):
		scheme := prefix[:strings.Index(prefix, "://")+len("://")]
		w.text = append(append(append(w.text[:0], scheme...), target...), '/')
		return target, w.text, len(scheme), ""
	}
	return target, target, 0, ""
}

func isDash(b []byte) bool { return len(b) == 1 && b[0] == '-' }

// serverCacheSize bounds the servers a worker remembers.
const serverCacheSize = 1024

// server returns the prefix for the server of a log line: the Host field,
// or with vhost the "%v:%p" field of vhost_combined, whose port 443 means
// https and 80 http.
func (w *worker) server(field []byte, vhost bool) (prefix, msg string) {
	if s, ok := w.servers[string(field)]; ok {
		return s.prefix, s.msg
	}
	scheme := w.cfg.scheme
	if vhost {
		switch string(field[bytes.LastIndexByte(field, ':')+1:]) {
		case "443":
			scheme = "https"
		case "80":
			scheme = "http"
		}
	}
	prefix, msg = serverPrefix(&w.sparser, scheme, string(field))
	if w.servers == nil || len(w.servers) >= serverCacheSize {
		w.servers = make(map[string]server)
	}
	w.servers[string(field)] = server{prefix, msg}
	return prefix, msg
}

// accessLine holds the fields of an access log line that spanurl reads,
// still escaped.
type accessLine struct {
	server  []byte // vhost_combined: "%v:%p"; combined_host: the Host field
	request []byte // the request line
}

// splitAccessLine finds the fields of line in format f:
//
//	[vhost:port ]host ident user [date] "request" status size["referer" "user-agent"[ "host"]]...
//
// The fields before the date are not read (a user name may hold spaces);
// the date is the first [...]. For combined and vhost_combined, anything
// after the size is ignored, so the Common Log Format and formats that add
// fields at the end are read too. For combined_host the quoted Host field
// must follow the user agent.
func splitAccessLine(line []byte, f logFormat) (a accessLine, msg string) {
	if f == formatVhostCombined {
		i := bytes.IndexByte(line, ' ')
		if i <= 0 || !hasPort(line[:i]) {
			return a, "malformed log line: no VHOST:PORT field"
		}
		a.server, line = line[:i], line[i+1:]
	}
	i := bytes.IndexByte(line, '[')
	if i < 1 || line[i-1] != ' ' {
		return a, "malformed log line: no [date] field"
	}
	j := bytes.IndexByte(line[i:], ']')
	if j < 0 {
		return a, "malformed log line: no [date] field"
	}
	rest := line[i+j+1:]
	if !bytes.HasPrefix(rest, []byte(` "`)) {
		return a, `malformed log line: no "request" field after the date`
	}
	var ok bool
	a.request, rest, ok = quoted(rest[1:])
	if !ok {
		return a, `malformed log line: no "request" field after the date`
	}
	// " status size", status three digits, size digits or "-".
	if len(rest) < 6 || rest[0] != ' ' || !isDigit(rest[1]) || !isDigit(rest[2]) || !isDigit(rest[3]) || rest[4] != ' ' {
		return a, "malformed log line: no status and size after the request"
	}
	rest = rest[5:]
	n := 0
	for n < len(rest) && isDigit(rest[n]) {
		n++
	}
	if n == 0 && rest[0] == '-' {
		n = 1
	}
	if n == 0 || (n < len(rest) && rest[n] != ' ') {
		return a, "malformed log line: no status and size after the request"
	}
	rest = rest[n:]
	if f == formatCombinedHost {
		// referer, user agent, host
		for k := 0; k < 3; k++ {
			if !bytes.HasPrefix(rest, []byte(` "`)) {
				return a, `malformed log line: no "host" field after the user agent`
			}
			if a.server, rest, ok = quoted(rest[1:]); !ok {
				return a, `malformed log line: no "host" field after the user agent`
			}
		}
	}
	return a, ""
}

// hasPort reports whether s ends in ":" and digits.
func hasPort(s []byte) bool {
	i := bytes.LastIndexByte(s, ':')
	if i < 0 || i == len(s)-1 {
		return false
	}
	for _, c := range s[i+1:] {
		if !isDigit(c) {
			return false
		}
	}
	return true
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// quoted splits s, which starts with '"', into the text up to the closing
// '"' (backslash escapes skipped, not decoded) and what follows it.
func quoted(s []byte) (text, rest []byte, ok bool) {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return s[1:i], s[i+1:], true
		}
	}
	return nil, nil, false
}

// unescapeLog decodes the escapes Apache and nginx write in quoted log
// fields: \" \\ \b \f \n \r \t \v and \xHH; other backslashes stay. It
// returns s itself when s has none, and otherwise the text decoded into
// *buf.
func unescapeLog(buf *[]byte, s []byte) []byte {
	i := bytes.IndexByte(s, '\\')
	if i < 0 {
		return s
	}
	out := append((*buf)[:0], s[:i]...)
	for i < len(s) {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			out = append(out, c)
			i++
			continue
		}
		switch e := s[i+1]; e {
		case '"', '\\':
			out = append(out, e)
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'v':
			out = append(out, '\v')
		case 'x':
			if i+3 < len(s) && isHex(s[i+2]) && isHex(s[i+3]) {
				out = append(out, unhex(s[i+2])<<4|unhex(s[i+3]))
				i += 4
				continue
			}
			out = append(out, '\\')
			i++
			continue
		default:
			out = append(out, '\\')
			i++
			continue
		}
		i += 2
	}
	*buf = out
	return out
}

func isHex(c byte) bool {
	return isDigit(c) || 'a' <= c|0x20 && c|0x20 <= 'f'
}

func unhex(c byte) byte {
	if isDigit(c) {
		return c - '0'
	}
	return (c | 0x20) - 'a' + 10
}

// splitRequest splits a request line "METHOD TARGET HTTP/VERSION" (the
// version may be missing, as in HTTP/0.9). The target is what lies between
// the first space and the last; a method must be an HTTP token.
func splitRequest(req []byte) (method, target []byte, ok bool) {
	sp := bytes.IndexByte(req, ' ')
	if sp <= 0 {
		return nil, nil, false
	}
	method, target = req[:sp], req[sp+1:]
	for _, c := range method {
		if !isTchar(c) {
			return nil, nil, false
		}
	}
	if i := bytes.LastIndexByte(target, ' '); i >= 0 && bytes.HasPrefix(target[i+1:], []byte("HTTP/")) {
		target = target[:i]
	}
	return method, target, len(target) > 0
}

// isTchar reports whether c may appear in an HTTP token (RFC 9110).
func isTchar(c byte) bool {
	switch {
	case 'a' <= c|0x20 && c|0x20 <= 'z', isDigit(c):
		return true
	}
	return strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
}
