package httpurl

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/spanurl/spanurl/span"
)

// SetURL makes out, a request to a backend, carry u: its request-target
// is u's pathname and query, byte for byte as they are in u's href, and
// its Host header is u's host. u is an http or https URL, such as
// FromRequest returns; out is typically httputil.ReverseProxy's
// ProxyRequest.Out, in Rewrite:
//
//	Rewrite: func(pr *httputil.ProxyRequest) {
//		u, _ := httpurl.URLFromContext(pr.In.Context()) // the URL routed on
//		pr.Out.URL.Scheme, pr.Out.URL.Host = backend.Scheme, backend.Host
//		httpurl.SetURL(pr.Out, u)
//	}
//
// where the proxy is served behind Handler or urlpattern.Mux, which put
// the URL they built and checked into the request's context.
//
// What it sets:
//
//	out.URL.Opaque           u's pathname, verbatim: net/http's client
//	                         writes an Opaque as it is, where it would
//	                         encode Path again (and a "%2F" would become
//	                         a "/" whenever net/url cannot hold the path:
//	                         see span.URL.ToNetURL)
//	out.URL.RawQuery         u's query, verbatim; ForceQuery for an empty
//	                         non-null query ("/a?")
//	out.URL.Path, RawPath,   empty: Opaque is the path
//	Fragment, RawFragment
//	out.Host                 u.Host(): the host routed on, in its
//	                         serialized form, and ":port" when the port
//	                         is not the scheme's default (net/http's
//	                         client sends an empty Host header instead of
//	                         a domain with '"', '`', '{' or '}', which the
//	                         standard allows: refuse those before routing)
//
// out.URL.Scheme and out.URL.Host, the backend to connect to, are left as
// they are: set them before or after SetURL. So are out.URL.User, the
// method, the headers and the body.
//
// A pathname starting with "//" ("http://h//a", which the target "//a"
// gives) is sent in absolute-form, out.URL.Scheme + "://" + u.Host() +
// pathname: net/url's RequestURI writes an Opaque starting with "//" that
// way, and a backend that resolves an origin-form "//a" against its
// origin as a URL reference would read "a" as a host. RFC 9112 requires
// servers to accept absolute-form and to take the host from it, which is
// then u's host, as the Host header says.
//
// The query is u's, whole: before Rewrite, ReverseProxy re-encodes a
// query that url.ParseQuery does not read whole (with ";", a "%" not
// followed by two hex digits, or more than 10,000 parameters), dropping
// what it refuses, and SetURL puts back the query routed on. A proxy that
// allows or denies on query parameters reads them as its backends do, or
// refuses such queries.
//
// Over HTTP/2, net/http sends the same bytes as :path (the "//" case
// without the scheme and host, which go in :scheme and :authority).
//
// The target is written for a connection to the backend itself: when the
// Transport sends a request for an http backend through a forward proxy
// (its Proxy returns a URL; http.DefaultTransport reads HTTP_PROXY, but
// never for loopback addresses), net/http writes an Opaque as it is, and
// the forward proxy gets an origin-form target it cannot forward.
//
// SetURL does not allocate, except for a pathname starting with "//".
func SetURL(out *http.Request, u span.URL) {
	if out.URL == nil {
		out.URL = new(url.URL)
	}
	p := u.Pathname()
	if strings.HasPrefix(p, "//") {
		p = "//" + u.Host() + p
	}
	q, hasQuery := u.Query()
	out.URL.Opaque, out.URL.Path, out.URL.RawPath = p, "", ""
	out.URL.RawQuery, out.URL.ForceQuery = q, hasQuery && q == ""
	out.URL.Fragment, out.URL.RawFragment = "", ""
	out.Host = u.Host()
}
