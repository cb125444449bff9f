package main

import (
	"strconv"

	"github.com/spanurl/spanurl/internal/jsonstr"
	"github.com/spanurl/spanurl/span"
)

// appendJSON appends one JSON object: the fields, minus the URL's
// components when the line fails to parse, which adds "error" at the end.
func (w *worker) appendJSON(out []byte, input string, u span.URL, errs span.ValidationErrors, shift int, err error) []byte {
	w.errLine = err != nil && !w.cfg.hasStatus
	if err == nil && w.cfg.needMatch {
		w.match(u)
	}
	out = append(out, '{')
	first := true
	for i, f := range w.cfg.fields {
		switch {
		case f == fieldInput:
			out = appendKey(out, &first, "input")
			out = append(out, '"')
			out = w.appendValue(out, input, encJSON)
			out = append(out, '"')
		case f == fieldStatus:
			out = appendKey(out, &first, "status")
			out = jsonstr.Append(out, w.status(errs, err), false)
		case f == fieldErrors:
			out = appendKey(out, &first, "errors")
			out = append(out, '[')
			if m, ok := err.(*malformedLine); ok {
				out = append(out, `{"name":`...)
				out = jsonstr.Append(out, m.name, false)
				out = append(out, `,"offset":`...)
				out = strconv.AppendInt(out, int64(m.offset), 10)
				out = append(out, '}')
			}
			for j, e := range errs.List {
				if j > 0 {
					out = append(out, ',')
				}
				out = append(out, `{"name":`...)
				out = jsonstr.Append(out, e.Type.String(), false)
				out = append(out, `,"offset":`...)
				out = strconv.AppendInt(out, int64(max(e.Offset-shift, 0)), 10)
				out = append(out, '}')
			}
			out = w.appendUTF8JSON(out, len(errs.List) > 0)
			out = append(out, ']')
			if errs.Omitted > 0 {
				out = appendKey(out, &first, "errorsOmitted")
				out = strconv.AppendInt(out, int64(errs.Omitted), 10)
			}
		case err != nil:
		case f == fieldMatch:
			out = appendKey(out, &first, "match")
			out = w.appendMatchJSON(out)
		case f == fieldGroups:
			out = appendKey(out, &first, "groups")
			out = w.appendGroupsJSON(out)
		case f == fieldParam:
			if !first {
				out = append(out, ',')
			}
			first = false
			out = append(out, w.cfg.paramKeys[i]...)
			fallthrough
		default:
			if f != fieldParam {
				out = appendKey(out, &first, fieldNames[f])
			}
			start := len(out)
			out = append(out, '"')
			var ok bool
			out, ok = w.appendURLField(out, f, w.cfg.param(i), u, encJSON)
			if !ok {
				out = append(out[:start], "null"...)
			} else {
				out = append(out, '"')
			}
		}
	}
	if err != nil {
		w.errLine = !w.cfg.hasStatus
		out = appendKey(out, &first, "error")
		out = jsonstr.Append(out, err.Error(), false)
	}
	return append(out, "}\n"...)
}

// appendKey appends a JSON object's key and its colon, after a comma
// unless *first.
func appendKey(out []byte, first *bool, name string) []byte {
	if !*first {
		out = append(out, ',')
	}
	*first = false
	out = append(out, '"')
	out = append(out, name...)
	return append(out, `":`...)
}
