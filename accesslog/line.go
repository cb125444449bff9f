package accesslog

import (
	"bytes"

	"github.com/spanurl/spanurl/httpurl"
)

// Line holds the fields of one log line. Every field is a sub-slice of the
// line, except the quoted fields that hold escapes, which are decoded into
// the Parser's buffer: a Line is valid until the line's bytes change or the
// Parser parses another line. A field the line's format does not have is
// nil.
type Line struct {
	VHost []byte // VhostCombined: the virtual host of "VHOST:PORT"
	Port  []byte // VhostCombined: the port of "VHOST:PORT"

	Client []byte // the client's address (%h, $remote_addr)
	Ident  []byte // the identd user, usually "-"
	User   []byte // the authenticated user, "-" when none; it may hold spaces
	Time   []byte // the text between "[" and "]"

	Request  []byte // the request line, decoded
	Method   []byte // the request line's method; nil when ErrRequestLine
	Target   []byte // the request-target; nil when ErrRequestLine
	Protocol []byte // "HTTP/1.1" and the like; nil for HTTP/0.9 and when ErrRequestLine

	Status []byte // three digits
	Size   []byte // digits, or "-"

	Referer   []byte // Combined and after: decoded; nil when the line ends before it
	UserAgent []byte // Combined and after: decoded; nil when the line ends before it
	Host      []byte // CombinedHost: the Host field, decoded

	Extra []byte // what follows the format's last field and a space

	vhostPort  []byte // the whole "VHOST:PORT" field
	requestOff int    // the offset in the line of the request's text
}

// Parser reads lines of one Format. The zero Parser is not usable: set
// Format. A Parser keeps the buffer it decodes escapes into from line to
// line, so that it allocates only when a line with escapes is longer than
// every line before; it is not safe for concurrent use.
type Parser struct {
	Format Format
	// Policy is the routing policy of URL's URLs, httpurl's, as
	// httpurl.Options.Policy: the strict one when left zero, as
	// httpurl.FromRequest applies it by default, so that a logged
	// request gives the URL, or the refusal, that a proxy built on
	// httpurl gives the same request live.
	Policy httpurl.Policy

	buf   []byte // the decoded fields of the current line
	reset bool   // buf is emptied for the current line

	url urlParser // for URL
}

// Parse splits line into l's fields, which are transient: sub-slices of
// line, and of p's memory (valid until p's next Parse) for the decoded
// ones. It returns an *Error for a line that does not have the fields of
// p.Format: with one matching ErrRequestLine, every field of l is set but
// Method, Target and Protocol; with any other, l is the zero Line. An
// empty line gives an *Error of Kind ErrBlankLine, which does not match
// ErrMalformed. Parse panics if p.Format is not one of the formats.
func (p *Parser) Parse(line []byte, l *Line) error {
	p.reset = false
	if len(line) == 0 {
		if p.Format < Common || p.Format > CombinedHost {
			panic("accesslog: Parse with an invalid " + p.Format.String())
		}
		*l = Line{}
		return &Error{ErrBlankLine, 0}
	}
	if err := p.parse(line, l); err != nil {
		if err.Kind != ErrRequestLine {
			*l = Line{}
		}
		return err
	}
	return nil
}

// parse is Parse, with the fields read before a problem left in l. It
// writes every field of l on the way to its end, the ones the line lacks
// as nil, so that Parse does not clear l before it.
func (p *Parser) parse(line []byte, l *Line) *Error {
	rest := line
	// at is the offset in line of rest.
	at := func() int { return len(line) - len(rest) }

	switch p.Format {
	case Common, Combined, CombinedHost:
		l.vhostPort, l.VHost, l.Port = nil, nil, nil
	case VhostCombined:
		i := bytes.IndexByte(rest, ' ')
		if i <= 0 {
			return &Error{ErrVirtualHost, 0}
		}
		field := rest[:i]
		colon := bytes.LastIndexByte(field, ':')
		if colon <= 0 || colon == len(field)-1 || !allDigits(field[colon+1:]) {
			return &Error{ErrVirtualHost, max(colon, 0)}
		}
		l.vhostPort, l.VHost, l.Port = field, field[:colon], field[colon+1:]
		rest = rest[i+1:]
	default:
		panic("accesslog: Parse with an invalid " + p.Format.String())
	}

	// CLIENT IDENT USER [TIME]
	open := bytes.IndexByte(rest, '[')
	if open < 1 || rest[open-1] != ' ' {
		return &Error{ErrTime, at() + max(open, 0)}
	}
	who := rest[:open-1]
	sp1 := bytes.IndexByte(who, ' ')
	if sp1 <= 0 {
		return &Error{ErrClient, at()}
	}
	sp2 := bytes.IndexByte(who[sp1+1:], ' ')
	if sp2 <= 0 || sp1+1+sp2 == len(who)-1 {
		return &Error{ErrClient, at() + sp1 + 1}
	}
	l.Client, l.Ident, l.User = who[:sp1], who[sp1+1:sp1+1+sp2], who[sp1+2+sp2:]
	rest = rest[open+1:]
	end := bytes.IndexByte(rest, ']')
	if end < 0 {
		return &Error{ErrTime, at() - 1}
	}
	l.Time, rest = rest[:end], rest[end+1:]

	// "REQUEST"
	if len(rest) < 2 || rest[0] != ' ' || rest[1] != '"' {
		return &Error{ErrRequest, at()}
	}
	rest = rest[1:]
	l.requestOff = at() + 1
	// The quoted fields look for their closing quote alone before the
	// first backslash of the line, which one scan finds for all of them.
	bs := backslashTail(rest)
	raw, r, esc, ok := quoted(rest, &bs)
	if !ok {
		return &Error{ErrRequest, at()}
	}
	l.Request, rest = p.decode(line, raw, esc), r

	// STATUS SIZE
	if len(rest) < 6 || rest[0] != ' ' || !isDigit(rest[1]) || !isDigit(rest[2]) || !isDigit(rest[3]) || rest[4] != ' ' {
		return &Error{ErrStatus, at()}
	}
	l.Status, rest = rest[1:4], rest[5:]
	n := 0
	for n < len(rest) && isDigit(rest[n]) {
		n++
	}
	if n == 0 && rest[0] == '-' {
		n = 1
	}
	if n == 0 || n < len(rest) && rest[n] != ' ' {
		return &Error{ErrStatus, at()}
	}
	l.Size, rest = rest[:n], rest[n:]

	// "REFERER" "USER-AGENT" ["HOST"]
	l.Referer, l.UserAgent, l.Host = nil, nil, nil
	switch p.Format {
	case Combined, VhostCombined:
		if raw, r, esc, ok := quotedField(rest, &bs); ok {
			l.Referer, rest = p.decode(line, raw, esc), r
			if raw, r, esc, ok := quotedField(rest, &bs); ok {
				l.UserAgent, rest = p.decode(line, raw, esc), r
			}
		}
	case CombinedHost:
		for _, f := range [...]*[]byte{&l.Referer, &l.UserAgent, &l.Host} {
			raw, r, esc, ok := quotedField(rest, &bs)
			if !ok {
				return &Error{ErrHost, at()}
			}
			*f, rest = p.decode(line, raw, esc), r
		}
	}
	l.Extra = nil
	if len(rest) > 0 {
		l.Extra = rest[1:]
	}

	var split bool
	l.Method, l.Target, l.Protocol, split = splitRequest(l.Request)
	if !split {
		return &Error{ErrRequestLine, l.requestOff}
	}
	return nil
}

// backslashTail locates the first backslash of s, a suffix of a line, by
// the number of bytes from it to the end of the line, which locates it in
// every shorter suffix too; it is 0 when s has no backslash.
func backslashTail(s []byte) int {
	if i := bytes.IndexByte(s, '\\'); i >= 0 {
		return len(s) - i
	}
	return 0
}

// quotedField splits s, which should start with ` "`, as quoted does.
func quotedField(s []byte, bs *int) (text, rest []byte, esc int, ok bool) {
	if len(s) < 2 || s[0] != ' ' || s[1] != '"' {
		return nil, nil, -1, false
	}
	return quoted(s[1:], bs)
}

// quoted splits s, which starts with '"', into the text up to the closing
// '"' (backslash escapes skipped, not decoded) and what follows it. *bs is
// backslashTail of s: a text that ends before that backslash has no
// escapes, and when one does, quoted moves *bs to the backslash after it.
// esc is the index in text of its first backslash, -1 when it has none.
func quoted(s []byte, bs *int) (text, rest []byte, esc int, ok bool) {
	i := bytes.IndexByte(s[1:], '"') + 1
	if i == 0 {
		return nil, nil, -1, false // no quote, escaped or not, ends the text
	}
	first := len(s) - *bs // the index in s of the first backslash
	if i < first {
		return s[1:i], s[i+1:], -1, true
	}
	// The bytes before the backslash are neither '\\' nor '"'.
	for j := max(first, 1); j < len(s); j++ {
		switch s[j] {
		case '\\':
			if esc == 0 {
				esc = j
			}
			j++
		case '"':
			*bs = backslashTail(s[j+1:])
			return s[1:j], s[j+1:], esc - 1, true
		}
	}
	return nil, nil, -1, false
}

// decode returns field, a quoted field of line whose first backslash is
// at esc (-1 for none), with its escapes decoded: field itself when it has
// none, and otherwise its text decoded at the end of p.buf.
func (p *Parser) decode(line, field []byte, esc int) []byte {
	if esc < 0 {
		return field
	}
	return p.decodeEscapes(line, field, esc)
}

// decodeEscapes is decode for a field with escapes. The buffer has room for all
// of line when it is first used for it, and a decoded field is never
// longer than its text, so the fields of one line never move.
func (p *Parser) decodeEscapes(line, field []byte, esc int) []byte {
	if !p.reset {
		if cap(p.buf) < len(line) {
			p.buf = make([]byte, 0, len(line))
		}
		p.buf, p.reset = p.buf[:0], true
	}
	start := len(p.buf)
	p.buf = unescape(p.buf, field, esc)
	return p.buf[start:len(p.buf):len(p.buf)]
}

func allDigits(s []byte) bool {
	for _, c := range s {
		if !isDigit(c) {
			return false
		}
	}
	return len(s) > 0
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
