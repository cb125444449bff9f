// Package caddyspanurl brings spanurl's request URL to Caddy: one WHATWG
// URL per request, checked by httpurl's routing policy, on which Caddy's
// matchers match and which its handlers, reverse_proxy included, forward
// byte for byte.
//
// It registers two modules:
//
//   - http.handlers.spanurl (Caddyfile directive spanurl), a handler that
//     builds the request's URL with httpurl.FromRequest under a
//     configurable httpurl.Policy, refuses what the policy refuses, and
//     otherwise puts the URL's pathname, query and host into the request
//     (r.URL.Path, RawPath, RawQuery, RequestURI, Host), in place, so
//     that every later matcher, placeholder and handler reads the URL
//     that was checked;
//   - http.matchers.spanurl_pattern (Caddyfile matcher spanurl_pattern),
//     a request matcher for WHATWG URL patterns (package urlpattern),
//     matching on the handler's URL or, without the handler, on the URL
//     that the strict policy builds (a request the policy refuses does
//     not match).
//
// The handler orders itself before every standard directive but tracing
// in a site block; see README.md for the configurations that keep the
// guarantee (the handler first, at the top level of the site).
package caddyspanurl
