package accesslog

import (
	"github.com/spanurl/spanurl/span"
)

// urlParser is the state of Parser.URL: the span.Parser that parses the
// request targets.
type urlParser struct {
	sp span.Parser
}

// URL returns the URL of the request of l as Line.URL does (the same URL
// or the same error), without allocating once warm: the URL is in p's
// memory, valid until p's next Parse or URL, as a span.Parser's results
// are. Keep it with its Clone method.
//
// It reads every request with span.Parser's ParseRequestTarget,
// ParseConnectTarget and ParseHost, which share httpurl's checks and give
// httpurl's URLs (a test compares them on requests.txt, attack strings
// and in a fuzz target), on the server that Server returns, lent without
// a copy. A request that they refuse goes to Line.URL for httpurl's
// *httpurl.Error, so refusals cost what Line.URL costs.
func (p *Parser) URL(l *Line, host, scheme string) (span.URL, error) {
	if l.Target == nil {
		return l.URL(host, scheme)
	}
	h, sch := host, scheme
	// The server, as Server returns it but without a copy: the parser
	// keeps nothing of it.
	switch {
	case l.vhostPort != nil:
		h = borrow(l.vhostPort)
		sch = serverScheme(l.Port, sch)
	case len(l.Host) > 0 && !(len(l.Host) == 1 && l.Host[0] == '-'):
		h = borrow(l.Host)
	}
	sp := &p.url.sp
	var u span.URL
	var err error
	switch {
	case string(l.Method) == "CONNECT":
		u, err = sp.ParseConnectTarget(l.Target)
	case string(l.Method) == "OPTIONS" && string(l.Target) == "*":
		u, err = sp.ParseHost(h, sch)
	default:
		u, err = sp.ParseRequestTarget(l.Target, h, sch)
	}
	if err != nil {
		return l.URL(host, scheme)
	}
	return u, nil
}
