package urlpattern

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/spanurl/spanurl/httpurl"
	"github.com/spanurl/spanurl/span"
)

// ErrMethodNotAllowed: patterns match the request's URL, but none of them
// is registered for its method. Mux answers 405 Method Not Allowed with
// an Allow header listing the methods they are registered for.
var ErrMethodNotAllowed = errors.New("urlpattern: no pattern matching the URL is registered for the method")

// Mux is an http.Handler that routes each request to the handler of the
// best pattern matching the request's URL and method, as http.ServeMux
// routes on its "METHOD host/path" patterns. The URL is the WHATWG URL
// that httpurl.FromRequest builds with Options, under its policy (strict
// by default), built once per request and handed on: the handler gets
// httpurl.WithURL's copy of the request, so that
//
//   - httpurl.URLFromContext returns the URL routed on, which a proxy
//     forwards with httpurl.SetURL;
//   - r.URL, r.RequestURI and r.Host are that URL's, normalized (dot
//     segments removed), not the raw target;
//   - r.PathValue returns the pathname's named groups, as under
//     http.ServeMux (a group that did not match is "");
//   - ResultFromContext returns the whole match, every component's
//     groups.
//
// When the request's context already holds a URL (it was routed by
// another Mux, or comes through httpurl.Handler), Mux routes on that URL
// and does not build it again: Options applies to the requests that
// arrive without one.
//
// Which pattern wins: of the patterns that match the URL and are
// registered for the request's method (with HandleMethod) or for every
// method (with Handle), the most specific, by Router's rule; of equally
// specific ones, one registered for the method over one for every
// method, and otherwise the first registered. A pattern registered for
// GET also serves HEAD, as under http.ServeMux.
//
// What Mux answers itself, every refusal with its reason, the error's
// text, in the body (see Refused):
//
//   - a request whose URL cannot be built (the policy refuses it): 400
//     Bad Request, with the *httpurl.Error's text;
//   - a URL that patterns match, none for the method: 405 Method Not
//     Allowed, with an Allow header (ErrMethodNotAllowed);
//   - a URL that no pattern matches: NotFound, or 404 Not Found when
//     NotFound is nil;
//   - a CONNECT request, whose authority-form target names no URL to
//     route: 405 Method Not Allowed, with an empty Allow header
//     (httpurl.ErrConnect), unless HandleConnect has registered a
//     handler for every CONNECT;
//   - an "OPTIONS *" request, whose asterisk-form target names no URL:
//     400 Bad Request (httpurl.ErrAsteriskForm), unless HandleAsterisk
//     has registered a handler for it. (net/http's Server answers
//     "OPTIONS *" itself, before any handler, unless its
//     DisableGeneralOptionsHandler is set.)
//
// Register every handler before serving: ServeHTTP is safe for concurrent
// use, the Handle methods are not.
type Mux struct {
	// Options builds the URL of each request (see httpurl.Options): its
	// policy, its scheme rule, its DefaultHost for an HTTP/1.0 request
	// without Host.
	Options httpurl.Options
	// NotFound serves the requests that no pattern matches. When nil,
	// they get 404 Not Found.
	NotFound http.Handler
	// Refused, when set, answers the requests that Mux refuses, in place
	// of http.Error(w, err.Error(), code): code is 400 or 405 and err
	// the reason, which errors.Is matches against httpurl's sentinels
	// (httpurl.ErrInvalidHost, httpurl.ErrPolicy, httpurl.ErrConnect,
	// httpurl.ErrAsteriskForm, ...) or ErrMethodNotAllowed. A 405's Allow
	// header is already set.
	Refused func(w http.ResponseWriter, r *http.Request, code int, err error)

	all      Router[*muxRoute]             // the patterns for every method
	byMethod map[string]*Router[*muxRoute] // the patterns for one method
	connect  http.Handler
	asterisk http.Handler
}

// muxRoute is one registered pattern with its handler.
type muxRoute struct {
	pattern *Pattern
	h       http.Handler
}

// Handle routes the requests that pattern matches, whatever their method,
// to h.
//
// A pattern matches the whole URL, host included, and a component that a
// pattern does not give matches anything: a pathname-only pattern
// (NewPathname("/books/:id")) matches that path on every host and port,
// and under either scheme. That includes an absolute-form request
// ("GET http://other.example/books/1 HTTP/1.1"), whose target names its
// host, which HTTP says wins over the Host header. To serve a path on
// one host only, give the pattern a hostname:
//
//	// Any scheme and port:
//	p, err := urlpattern.NewFromInit(urlpattern.Init{
//		Hostname: urlpattern.String("api.example.com"),
//		Pathname: urlpattern.String("/books/:id"),
//	}, urlpattern.Options{})
//	// Or http or https on their default ports:
//	p := urlpattern.MustNew("http{s}?://api.example.com/books/:id")
//
// A request for another host then matches no pattern of that host.
func (m *Mux) Handle(pattern *Pattern, h http.Handler) {
	m.all.Add(pattern, &muxRoute{pattern, h})
}

// HandleFunc is Handle for a handler function.
func (m *Mux) HandleFunc(pattern *Pattern, f func(http.ResponseWriter, *http.Request)) {
	m.Handle(pattern, http.HandlerFunc(f))
}

// HandleMethod routes the requests with method that pattern matches to h,
// as http.ServeMux's "GET /path" does: a request that only patterns of
// other methods match gets 405 Method Not Allowed with an Allow header.
// A pattern registered for "GET" also serves "HEAD". Register a pattern
// once for each method it serves. The method is case-sensitive, as in
// HTTP ("GET", not "get"). HandleMethod panics when method is not an HTTP
// token, or is CONNECT, which HandleConnect registers.
func (m *Mux) HandleMethod(method string, pattern *Pattern, h http.Handler) {
	if !isToken(method) {
		panic(fmt.Sprintf("urlpattern: Mux.HandleMethod: invalid method %q", method))
	}
	if method == http.MethodConnect {
		panic("urlpattern: Mux.HandleMethod: CONNECT has no URL to match patterns on: use Mux.HandleConnect")
	}
	if m.byMethod == nil {
		m.byMethod = make(map[string]*Router[*muxRoute])
	}
	rt := m.byMethod[method]
	if rt == nil {
		rt = new(Router[*muxRoute])
		m.byMethod[method] = rt
	}
	rt.Add(pattern, &muxRoute{pattern, h})
}

// HandleMethodFunc is HandleMethod for a handler function.
func (m *Mux) HandleMethodFunc(method string, pattern *Pattern, f func(http.ResponseWriter, *http.Request)) {
	m.HandleMethod(method, pattern, http.HandlerFunc(f))
}

// HandleConnect routes every CONNECT request to h, once its
// authority-form target passes Options's policy
// (httpurl.Policy.ParseConnectTarget; 400 Bad Request otherwise).
// Patterns never see CONNECT: its target names a tunnel's endpoint, not
// a URL. h gets the request with its target, Host and URL as they came
// and the authority, as the URL https://host[:port]/, in
// httpurl.URLFromContext (see httpurl.ParseConnectTarget for the port).
// Without HandleConnect, Mux refuses CONNECT (405, httpurl.ErrConnect).
func (m *Mux) HandleConnect(h http.Handler) { m.connect = h }

// HandleAsterisk routes "OPTIONS *", the server-wide OPTIONS request, to
// h, which gets it as it came (URLFromContext has no URL for it).
// Without HandleAsterisk, Mux refuses it (400, httpurl.ErrAsteriskForm).
func (m *Mux) HandleAsterisk(h http.Handler) { m.asterisk = h }

// resultKey is the context key of the match Result.
type resultKey struct{}

// ResultFromContext returns the match result that Mux put in the
// request's context, or nil.
func ResultFromContext(ctx context.Context) *Result {
	r, _ := ctx.Value(resultKey{}).(*Result)
	return r
}

// ServeHTTP routes r.
func (m *Mux) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodConnect {
		m.serveConnect(w, r)
		return
	}
	if r.Method == http.MethodOptions && r.RequestURI == "*" && m.asterisk != nil {
		m.asterisk.ServeHTTP(w, r)
		return
	}
	u, ok := httpurl.URLFromContext(r.Context())
	if !ok {
		var err error
		if u, err = httpurl.FromRequest(r, m.Options); err != nil {
			if errors.Is(err, httpurl.ErrAsteriskForm) {
				err = fmt.Errorf("%w (urlpattern: Mux.HandleAsterisk registers a handler for OPTIONS *)", err)
			}
			m.refuse(w, r, http.StatusBadRequest, err)
			return
		}
		r = httpurl.WithURL(r, u)
	}
	rt := m.best(u, r.Method)
	if rt == nil {
		if allow := m.allowed(u); allow != "" {
			w.Header().Set("Allow", allow)
			m.refuse(w, r, http.StatusMethodNotAllowed, fmt.Errorf("%w: %s (Allow: %s)", ErrMethodNotAllowed, r.Method, allow))
			return
		}
		if m.NotFound != nil {
			m.NotFound.ServeHTTP(w, r)
			return
		}
		http.NotFound(w, r)
		return
	}
	res := rt.pattern.ExecURL(u)
	r = r.WithContext(context.WithValue(r.Context(), resultKey{}, res))
	for _, g := range res.Pathname.Groups {
		if g.Matched {
			r.SetPathValue(g.Name, g.Value)
		}
	}
	rt.h.ServeHTTP(w, r)
}

// serveConnect serves a CONNECT request.
func (m *Mux) serveConnect(w http.ResponseWriter, r *http.Request) {
	if m.connect == nil {
		w.Header().Set("Allow", "")
		m.refuse(w, r, http.StatusMethodNotAllowed, fmt.Errorf("urlpattern: %w (Mux.HandleConnect registers a handler for CONNECT)", httpurl.ErrConnect))
		return
	}
	u, err := httpurl.FromRequest(r, m.Options)
	if err != nil {
		m.refuse(w, r, http.StatusBadRequest, err)
		return
	}
	m.connect.ServeHTTP(w, httpurl.WithURL(r, u))
}

// refuse answers r with code and err.
func (m *Mux) refuse(w http.ResponseWriter, r *http.Request, code int, err error) {
	if m.Refused != nil {
		m.Refused(w, r, code, err)
		return
	}
	http.Error(w, err.Error(), code)
}

// best returns the route that serves u with method, or nil.
func (m *Mux) best(u span.URL, method string) *muxRoute {
	best, _ := m.all.Test(u)
	if len(m.byMethod) == 0 {
		return best
	}
	// Later candidates win ties: GET's patterns over every method's for
	// a HEAD, the method's own over both.
	consider := func(rt *Router[*muxRoute]) {
		if rt == nil {
			return
		}
		if c, ok := rt.Test(u); ok && (best == nil || compareSpecificity(c.pattern, best.pattern) >= 0) {
			best = c
		}
	}
	if method == http.MethodHead {
		consider(m.byMethod[http.MethodGet])
	}
	consider(m.byMethod[method])
	return best
}

// allowed returns the Allow header for u: the methods whose patterns
// match it, sorted, HEAD with GET; "" when there are none.
func (m *Mux) allowed(u span.URL) string {
	var methods []string
	for method, rt := range m.byMethod {
		if _, ok := rt.Test(u); ok {
			methods = append(methods, method)
			if method == http.MethodGet {
				methods = append(methods, http.MethodHead)
			}
		}
	}
	slices.Sort(methods)
	return strings.Join(slices.Compact(methods), ", ")
}

// isToken reports whether s is an HTTP token (RFC 9110, section 5.6.2),
// the syntax of a method.
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0:
		default:
			return false
		}
	}
	return true
}
