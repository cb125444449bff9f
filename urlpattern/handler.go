package urlpattern

import (
	"context"
	"net/http"

	"github.com/spanurl/spanurl/httpurl"
)

// Mux is an http.Handler that routes each request to the handler of the
// best pattern (by Router's rule) matching the request's URL, the WHATWG
// URL that httpurl.FromRequest builds with Options. The handler finds the
// pathname's groups with r.PathValue, as under http.ServeMux, and the
// whole match with ResultFromContext. A request whose URL cannot be built
// gets 400 Bad Request; one that no pattern matches goes to NotFound, or
// gets 404 Not Found when NotFound is nil.
//
// Register every handler before serving: ServeHTTP is safe for concurrent
// use, Handle is not.
type Mux struct {
	Options  httpurl.Options
	NotFound http.Handler
	router   Router[http.Handler]
}

// Handle routes the requests that pattern matches to h. Patterns without
// a protocol and host, such as one NewFromInit makes from a pathname
// alone, match any.
func (m *Mux) Handle(pattern *Pattern, h http.Handler) {
	m.router.Add(pattern, h)
}

// HandleFunc is Handle for a handler function.
func (m *Mux) HandleFunc(pattern *Pattern, f func(http.ResponseWriter, *http.Request)) {
	m.Handle(pattern, http.HandlerFunc(f))
}

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
	u, err := httpurl.FromRequest(r, m.Options)
	if err != nil {
		http.Error(w, "400 Bad Request", http.StatusBadRequest)
		return
	}
	h, res, ok := m.router.Match(u)
	if !ok {
		if m.NotFound != nil {
			m.NotFound.ServeHTTP(w, r)
			return
		}
		http.NotFound(w, r)
		return
	}
	for _, g := range res.Pathname.Groups {
		if g.Matched {
			r.SetPathValue(g.Name, g.Value)
		}
	}
	h.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), resultKey{}, res)))
}
