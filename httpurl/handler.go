package httpurl

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"

	"github.com/spanurl/spanurl/internal/pct"
	"github.com/spanurl/spanurl/span"
)

// urlKey is the context key under which Handler and WithURL keep the URL.
type urlKey struct{}

// URLFromContext returns the URL that Handler (or WithURL) put into a
// request's context, and whether there is one.
func URLFromContext(ctx context.Context) (span.URL, bool) {
	u, ok := ctx.Value(urlKey{}).(span.URL)
	return u, ok
}

// WithURL returns a shallow copy of r that says u, the URL built for r
// (by FromRequest), wherever net/http's handlers read a request's URL, so
// that an http.ServeMux matches its patterns, and PathValue reads its
// wildcards, on the path that was checked rather than on the raw one:
//
//	r.URL.Path        u's pathname, percent-decoded (as net/http decodes it)
//	r.URL.RawPath     u's pathname, so that EscapedPath, on which ServeMux
//	                  matches, is the pathname and "%2F" stays inside a
//	                  segment (where net/url accepts the pathname as an
//	                  encoding of Path: see span.URL.ToNetURL)
//	r.URL.RawQuery    u's query
//	r.URL.Scheme,     u's scheme and host when r is an absolute-form request
//	r.URL.Host        (r.URL.Host set), as net/http sets them; empty otherwise
//	r.RequestURI      u.RequestURI(), the normalized target
//	r.Host            u.Host()
//
// The copy's context holds u for URLFromContext. r itself is not changed.
//
// A CONNECT request keeps its authority-form target: its copy has u in
// its context and r's URL, RequestURI and Host, as they are, since a
// CONNECT asks for a tunnel to that authority and not for u's pathname
// "/" (and u's host lacks the port when it is 443, https's default).
func WithURL(r *http.Request, u span.URL) *http.Request {
	r2 := r.WithContext(context.WithValue(r.Context(), urlKey{}, u))
	if r.Method == http.MethodConnect {
		return r2
	}
	nu := &url.URL{}
	if q, ok := u.Query(); ok {
		nu.RawQuery, nu.ForceQuery = q, q == ""
	}
	p := u.Pathname()
	nu.Path = p
	if strings.IndexByte(p, '%') >= 0 {
		nu.Path = string(pct.AppendDecoded(make([]byte, 0, len(p)), p))
	}
	// RawPath even when it decodes to itself: without it, EscapedPath
	// (what a proxy forwards) would re-encode "!", "'", "(" and the like.
	nu.RawPath = p
	if r.URL != nil && r.URL.Host != "" {
		nu.Scheme, nu.Host = u.Scheme(), u.Host()
	}
	r2.URL = nu
	r2.RequestURI = u.RequestURI()
	r2.Host = u.Host()
	return r2
}

// ErrConnect: the request is a CONNECT, whose authority-form target
// asks for a tunnel and names no resource to route. Handler refuses it
// (405 Method Not Allowed) rather than serve it as a request for "/".
var ErrConnect = errors.New("CONNECT request: an authority-form target names no URL to route")

// Handler returns a handler that builds each request's URL with
// FromRequest and opts, answers 400 Bad Request (with the error's text)
// when that fails, and otherwise serves the request with next, given
// WithURL's copy of it: next routes on the URL that opts's policy checked,
// and reads it back with URLFromContext.
//
//	mux := http.NewServeMux()
//	mux.HandleFunc("GET /files/{name}", serveFile) // r.PathValue("name")
//	http.ListenAndServe(addr, httpurl.Handler(mux, httpurl.Options{}))
//
// Two kinds of request name no URL and never reach next: "OPTIONS *"
// gets 400 Bad Request with ErrAsteriskForm's text, and a CONNECT gets
// 405 Method Not Allowed, with an empty Allow header and ErrConnect's
// text, whatever its authority. A server that tunnels serves CONNECT
// before Handler, checking the authority with Policy.ParseConnectTarget:
//
//	h := httpurl.Handler(proxy, opts)
//	http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
//		if r.Method == http.MethodConnect {
//			tunnel(w, r) // opts.Policy.ParseConnectTarget(r.RequestURI)
//			return
//		}
//		h.ServeHTTP(w, r)
//	})
//
// (urlpattern.Mux, which builds the URL itself, routes CONNECT to the
// handler its HandleConnect registers.)
//
// When next is an *http.ServeMux, Handler keeps it from redirecting
// (307) before any pattern is matched, and from matching another path
// than the one checked:
//
//   - a path with an empty segment ("//a//b", "/a/"+"/b"), which the URL
//     Standard keeps and ServeMux would redirect to "/a/b", another
//     resource: 404 Not Found, since no ServeMux pattern matches such a
//     path;
//
//   - an absolute-form target ("GET http://h/x/../y"), which ServeMux
//     matches on r.URL.Path after cleaning it: WithURL has put the
//     resolved path there, so the mux matches it without a redirect.
//
//   - a path that net/url cannot hold as RawPath (one with "|", "^" or a
//     "%" not followed by two hex digits beside an encoded separator,
//     which only a relaxed policy lets through) would reach the mux
//     re-encoded from its decoded form, with "%2F" turned into a "/":
//     400 Bad Request.
//
// Any other next (a proxy that forwards with SetURL, say) gets every
// request the policy accepts; a router of another kind that reads r.URL
// rather than URLFromContext is safe under the strict policy, which
// refuses encoded separators.
func Handler(next http.Handler, opts Options) http.Handler {
	_, isMux := next.(*http.ServeMux)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodConnect {
			w.Header().Set("Allow", "")
			http.Error(w, newError(ErrConnect, "target", r.RequestURI, "", -1, nil).Error(), http.StatusMethodNotAllowed)
			return
		}
		u, err := FromRequest(r, opts)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		r2 := WithURL(r, u)
		if isMux {
			p := u.Pathname()
			if esc := r2.URL.EscapedPath(); esc != p && strings.Count(esc, "/") != strings.Count(p, "/") {
				http.Error(w, "httpurl: the path cannot be given to net/http's router as it is", http.StatusBadRequest)
				return
			}
			if strings.Contains(p, "//") {
				http.NotFound(w, r2)
				return
			}
		}
		next.ServeHTTP(w, r2)
	})
}
