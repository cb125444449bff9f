package benthos

import (
	"github.com/spanurl/spanurl/accesslog"
	"github.com/spanurl/spanurl/api"
	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

// urlFields returns the components of u as a browser's URL object names
// them (its password left out, so that a credential in a URL does not
// become a field of its own in a log store), as a Bloblang object.
func urlFields(u span.URL) map[string]any {
	return map[string]any{
		"href":     u.Href(),
		"protocol": u.Protocol(),
		"username": u.Username(),
		"host":     u.Host(),
		"hostname": u.Hostname(),
		"port":     u.Port(),
		"pathname": u.Pathname(),
		"search":   u.Search(),
		"hash":     u.Hash(),
		"origin":   u.Origin(),
	}
}

// validationErrors returns errs as a list of {"type", "offset"} objects,
// the type named as in the URL Standard.
func validationErrors(errs []record.ValidationError) []any {
	out := make([]any, 0, len(errs))
	for _, e := range errs {
		out = append(out, map[string]any{
			"type":   e.Type.String(),
			"offset": int64(e.Offset),
		})
	}
	return out
}

// logFields returns the fields of an access-log line that the line has,
// as strings; the request line's parts are left out when it has none.
func logFields(l *accesslog.Line) map[string]any {
	m := make(map[string]any, 16)
	put := func(name string, v []byte) {
		if v != nil {
			m[name] = string(v)
		}
	}
	put("vhost", l.VHost)
	put("port", l.Port)
	put("client", l.Client)
	put("ident", l.Ident)
	put("user", l.User)
	put("time", l.Time)
	put("request", l.Request)
	put("method", l.Method)
	put("target", l.Target)
	put("protocol", l.Protocol)
	put("status", l.Status)
	put("size", l.Size)
	put("referer", l.Referer)
	put("user_agent", l.UserAgent)
	put("host", l.Host)
	if len(l.Extra) > 0 {
		m["extra"] = string(l.Extra)
	}
	return m
}

// queryFields returns the pairs of an application/x-www-form-urlencoded
// string as parse_form_url_encoded shapes them: a name met once maps to
// its value, a name met more often to the list of its values in order.
func queryFields(q string) map[string]any {
	if len(q) > 0 && q[0] == '?' {
		q = q[1:]
	}
	pairs := api.ParseForm(q)
	m := make(map[string]any, len(pairs))
	for _, p := range pairs {
		switch v := m[p.Name].(type) {
		case nil:
			m[p.Name] = p.Value
		case string:
			m[p.Name] = []any{v, p.Value}
		case []any:
			m[p.Name] = append(v, p.Value)
		}
	}
	return m
}
