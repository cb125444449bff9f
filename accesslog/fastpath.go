package accesslog

import (
	"encoding/binary"

	"github.com/spanurl/spanurl/httpurl"
	"github.com/spanurl/spanurl/span"
)

// urlParser is the state of Parser.URL: a span.Parser, the text it
// parses, and the last server httpurl accepted.
type urlParser struct {
	sp   span.Parser
	text []byte // the server's scheme://host, then the last target

	host, scheme string // the last server that httpurl.ParseHost accepted
	server       int    // the length of its scheme://host in text; 0 before the first
}

// URL returns the URL of the request of l as Line.URL does (the same URL
// or the same error), without allocating for the lines most logs are made
// of: the URL is in p's memory, valid until p's next Parse or URL, as a
// span.Parser's results are. Keep it with its Clone method. The result of
// every other line is Line.URL's.
//
// The lines it reads on its own are the origin-form requests ("/path",
// with any method but CONNECT)
// of printable ASCII without a space or "#" (the bytes that httpurl
// refuses in a target) to a server that httpurl.ParseHost accepts. For them it
// parses the same text that httpurl.ParseRequestTarget parses,
// scheme://host followed by the target, with a span.Parser; anything
// that parser refuses goes to Line.URL for httpurl's error. A test
// compares the two on every line of the test logs and in a fuzz target.
func (p *Parser) URL(l *Line, host, scheme string) (span.URL, error) {
	t := l.Target
	if len(t) == 0 || t[0] != '/' || string(l.Method) == "CONNECT" {
		return l.URL(host, scheme)
	}
	defHost, defScheme := host, scheme
	q := &p.url
	// The server, as Server returns it but without a copy: a field of
	// the line is compared with the remembered server as it is.
	var field []byte
	switch {
	case l.vhostPort != nil:
		field = l.vhostPort
		switch string(l.Port) {
		case "443":
			scheme = "https"
		case "80":
			scheme = "http"
		}
	case len(l.Host) > 0 && !(len(l.Host) == 1 && l.Host[0] == '-'):
		field = l.Host
	}
	if field != nil {
		host = borrow(field)
	}
	if q.server == 0 || host != q.host || scheme != q.scheme {
		u, err := httpurl.ParseHost(host, scheme)
		if err != nil {
			return l.URL(defHost, defScheme)
		}
		if field != nil {
			host = string(field)
		}
		q.host, q.scheme = host, scheme
		q.text = append(append(append(q.text[:0], u.Scheme()...), "://"...), host...)
		q.server = len(q.text)
	}
	// The server's scheme://host stays at the start of text for the
	// lines that name the same server.
	q.text = append(q.text[:q.server], t...)
	u, err := q.sp.Parse(q.text)
	if err != nil {
		return l.URL(defHost, defScheme)
	}
	// A URL whose href is the text itself, without a fragment, comes
	// from a target without the bytes httpurl refuses: the parser
	// removes tabs and newlines, percent-encodes spaces, the other
	// controls, DEL and bytes that are not ASCII, and keeps "#" only as
	// the start of a fragment. Other targets are scanned.
	if (u.Href() != borrow(q.text) || u.HasFragment()) && !plainTarget(t) {
		return l.URL(defHost, defScheme)
	}
	return u, nil
}

// plainTarget reports whether t is printable ASCII without the bytes that
// httpurl refuses in a request target (space and "#"). Bytes that are not
// ASCII are left to httpurl, which may read them otherwise than the URL
// parser does. It tests eight bytes at a time, since every line's target
// goes through it.
func plainTarget(t []byte) bool {
	const (
		ones  = 0x0101010101010101
		highs = 0x8080808080808080
	)
	for len(t) >= 8 {
		x := binary.LittleEndian.Uint64(t)
		// A byte is refused when it is below 0x21 (x - 0x21 borrows
		// into its high bit), 0x7F or above (high bit set, or x + 1
		// carries into it), or "#" (x ^ "#" is zero).
		below := (x - 0x21*ones) & ^x & highs
		above := (x | (x&^highs + ones)) & highs
		y := x ^ '#'*ones
		hash := (y - ones) & ^y & highs
		if below|above|hash != 0 {
			return false
		}
		t = t[8:]
	}
	for _, c := range t {
		if c <= ' ' || c == '#' || c >= 0x7F {
			return false
		}
	}
	return true
}
