package main

import (
	"strconv"

	"github.com/spanurl/spanurl/span"
)

// appendTSV appends the fields separated by tabs, or an "error:" line for a
// failure when the fields have no status.
func (w *worker) appendTSV(out []byte, input string, u span.URL, errs span.ValidationErrors, shift int, err error) []byte {
	fields := w.cfg.fields
	if err == nil && w.cfg.needMatch {
		w.match(u)
	}
	if err != nil && !w.cfg.hasStatus {
		w.errLine = true
		out = append(out, "error: "...)
		out = appendOneLine(out, err.Error())
		return append(out, '\n')
	}
	for i, f := range fields {
		if i > 0 {
			out = append(out, '\t')
		}
		switch {
		case f == fieldInput:
			enc := encTSVInput
			if i == len(fields)-1 {
				enc = encTSVInputLast
			}
			out = w.appendValue(out, input, enc)
		case f == fieldStatus:
			out = append(out, w.status(errs, err)...)
		case f == fieldErrors:
			if m, ok := err.(*malformedLine); ok {
				out = append(out, m.name...)
				out = append(out, '@')
				out = strconv.AppendInt(out, int64(m.offset), 10)
			}
			for j, e := range errs.List {
				if j > 0 {
					out = append(out, ',')
				}
				out = append(out, e.Type.String()...)
				out = append(out, '@')
				out = strconv.AppendInt(out, int64(max(e.Offset-shift, 0)), 10)
			}
			out = w.appendUTF8TSV(out, len(errs.List) > 0)
			if errs.Omitted > 0 {
				out = append(out, ",+"...)
				out = strconv.AppendInt(out, int64(errs.Omitted), 10)
			}
		case err != nil:
		case f == fieldMatch:
			out = w.appendMatchTSV(out)
		case f == fieldGroups:
			out = w.appendGroupsTSV(out)
		default:
			param := ""
			if f == fieldParam {
				param = w.cfg.params[i]
			}
			out, _ = w.appendURLField(out, f, param, u, encRaw)
		}
	}
	return append(out, '\n')
}

// appendTSVInput appends the input with line breaks written as \n and \r,
// and tabs as \t unless it is the last field (which cut -fN- gives back
// whole).
func appendTSVInput(out []byte, s string, last bool) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\n':
			out = append(out, `\n`...)
		case c == '\r':
			out = append(out, `\r`...)
		case c == '\t' && !last:
			out = append(out, `\t`...)
		default:
			out = append(out, c)
		}
	}
	return out
}
