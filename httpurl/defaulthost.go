package httpurl

import "net/http"

// withDefaultHost returns r, or a shallow copy of it whose Host is
// opts.DefaultHost when r names no host (see Options.DefaultHost).
func (opts *Options) withDefaultHost(r *http.Request) *http.Request {
	if opts.DefaultHost == "" || r.Host != "" {
		return r
	}
	if r.RequestURI == "" && r.URL != nil && r.URL.Host != "" {
		return r // a client request names its host in URL.Host
	}
	if r.RequestURI != "" && FormOf(r.RequestURI) == AbsoluteForm {
		return r // the target names its host
	}
	r2 := *r
	r2.Host = opts.DefaultHost
	return &r2
}
