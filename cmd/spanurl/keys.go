package main

import (
	"strings"

	"github.com/spanurl/spanurl/api"
	"github.com/spanurl/spanurl/internal/form"
	"github.com/spanurl/spanurl/span"
	"github.com/spanurl/spanurl/urlkey"
)

// The fields that are not getters of the URL object: the keys a crawler,
// a cache or a web archive files a URL under (package urlkey's), the
// host as a browser shows it, and the query as text or one parameter.

// keyField returns the value of one of these fields (param: the NAME of
// param:NAME), and false for null: a query, or a query parameter, that
// is absent.
func (w *worker) keyField(f field, param string, u span.URL) (string, bool) {
	switch f {
	case fieldCacheKey:
		return urlkey.CacheKey(u), true
	case fieldSiteKey:
		return urlkey.SiteKey(u), true
	case fieldSURT:
		return urlkey.SURT(u), true
	case fieldDisplayHost:
		return api.HostForDisplay(u), true
	case fieldRawQuery:
		return u.Query()
	case fieldParam:
		return w.paramValue(u, param)
	}
	return "", true
}

// paramValue returns the value of the first query parameter of u whose
// name is name, both form-decoded as URLSearchParams decodes them ("+" is
// a space, percent-encoded bytes are decoded, bytes that are not UTF-8
// become U+FFFD), and false when no parameter has that name. The value
// may alias u.
func (w *worker) paramValue(u span.URL, name string) (string, bool) {
	q, ok := u.Query()
	if !ok {
		return "", false
	}
	for q != "" {
		pair := q
		if i := strings.IndexByte(q, '&'); i >= 0 {
			pair, q = q[:i], q[i+1:]
		} else {
			q = ""
		}
		if pair == "" {
			continue
		}
		n, v, _ := strings.Cut(pair, "=")
		if !w.formEqual(n, name) {
			continue
		}
		return w.formDecode(v), true
	}
	return "", false
}

// formEqual reports whether the form-encoded name s decodes to name.
func (w *worker) formEqual(s, name string) bool {
	if strings.IndexByte(s, '+') < 0 && strings.IndexByte(s, '%') < 0 {
		// A query holds ASCII alone: s decodes to itself.
		return s == name
	}
	return w.formDecode(s) == name
}

// formDecode returns the form-decoding of s.
func (w *worker) formDecode(s string) string {
	var v string
	v, w.paramBuf = form.DecodeComponent(s, w.paramBuf)
	return v
}
