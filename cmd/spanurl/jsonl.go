package main

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/spanurl/spanurl/accesslog"
)

// formatJSONL is -format jsonl: one JSON object per line, one of whose
// fields holds the URL, a request target or a request line. It is not a
// format of package accesslog.
const formatJSONL logFormat = 0xff

// jsonKind is what the field of -json-field holds (-json-kind).
type jsonKind uint8

const (
	jsonURL     jsonKind = iota // a URL, resolved against -base as a line of -format lines
	jsonTarget                  // a request target, on the server as an access log's
	jsonRequest                 // a request line, METHOD TARGET HTTP/VERSION
)

var jsonKindNames = [...]string{jsonURL: "url", jsonTarget: "target", jsonRequest: "request"}

// jsonInput is what -format jsonl reads from each line.
type jsonInput struct {
	kind      jsonKind
	field     []string // -json-field, split at its dots
	host      []string // -json-host, split at its dots; nil: none
	fieldName string   // -json-field as given

	// The messages of the malformed lines that do not depend on the line.
	noField, notString, empty, badRequest string
}

// setJSONInput sets c.jsonl from -json-field, -json-kind and -json-host.
func (c *config) setJSONInput(field, kind, host string) error {
	j := &c.jsonl
	found := false
	for k, name := range jsonKindNames {
		if name == kind {
			j.kind, found = jsonKind(k), true
		}
	}
	if !found {
		return fmt.Errorf("-json-kind %q: the kinds are url, target and request", kind)
	}
	var err error
	if j.field, err = jsonPath("-json-field", field); err != nil {
		return err
	}
	if host != "" {
		if j.kind == jsonURL {
			return fmt.Errorf("-json-host names the server of a request: it needs -json-kind target or request")
		}
		if j.host, err = jsonPath("-json-host", host); err != nil {
			return err
		}
	}
	j.fieldName = field
	q := strconv.Quote(field)
	j.noField = "malformed JSON line: no " + q + " field"
	j.notString = "malformed JSON line: the " + q + " field is not a string"
	j.empty = "malformed JSON line: the " + q + " field is empty"
	j.badRequest = "malformed JSON line: the " + q + " field is not METHOD TARGET [HTTP/VERSION]"
	return nil
}

// jsonPath splits the path of -json-field or -json-host at its dots.
func jsonPath(flag, path string) ([]string, error) {
	keys := strings.Split(path, ".")
	for _, k := range keys {
		if k == "" {
			return nil, fmt.Errorf("%s %q: a path of keys separated by dots, such as url or request.uri", flag, path)
		}
	}
	return keys, nil
}

// jsonLine appends the output line for a line of -format jsonl.
func (w *worker) jsonLine(out, line []byte) []byte {
	j := &w.cfg.jsonl
	s := &w.scan
	if !s.scan(line) {
		if w.first && !w.hinted && w.st.lines <= hintLines && w.st.malformed == w.st.lines-w.st.blank-1 {
			w.hintFormat(line)
		}
		msg := "malformed JSON line: " + s.errMsg + " at offset " + strconv.Itoa(s.errAt)
		return w.malformed(out, &malformedLine{msg, "json-malformed", s.errAt})
	}
	v := s.vals[0]
	switch {
	case !v.found:
		return w.malformed(out, &malformedLine{j.noField, "json-no-field", 0})
	case !v.isStr:
		return w.malformed(out, &malformedLine{j.notString, "json-not-string", v.start})
	}
	text := w.jsonText(line, v, &w.jsonBuf)
	if j.kind == jsonURL {
		failed := w.st.failed
		out = w.urlLine(out, text)
		if w.st.failed > failed && w.first && !w.hinted && w.st.lines <= hintLines {
			w.hintKind(text)
		}
		return out
	}
	if len(text) == 0 {
		return w.malformed(out, &malformedLine{j.empty, "json-empty", v.start})
	}
	l := &w.entry
	*l = accesslog.Line{}
	if h := s.vals[1]; h.found && h.isStr {
		// An empty or "-" host is the server of -host or -base, as
		// in an access log.
		l.Host = w.jsonText(line, h, &w.hostBuf)
	}
	if j.kind == jsonRequest {
		if l.SetRequest(text) != nil {
			return w.malformed(out, &malformedLine{j.badRequest, "json-bad-request-line", v.start})
		}
	} else {
		l.Target = text
	}
	return w.requestLine(out, l)
}

// hintKind writes, once, that the text of -json-field, which failed to
// parse as a URL among the first lines, is a request line: the kind, not
// the log, is what to change. (A path may as well be a relative link, for
// -base, as a request target: it gets no hint.)
func (w *worker) hintKind(text []byte) {
	var l accesslog.Line
	if l.SetRequest(text) != nil || bytes.IndexByte(l.Method, '/') >= 0 || len(l.Protocol) == 0 && l.Target[0] != '/' {
		return
	}
	w.hinted = true
	fmt.Fprintf(w.cfg.warn, "spanurl: line %d: the %q field holds a request line, not a URL: did you mean -json-kind request?\n",
		w.st.lines, w.cfg.jsonl.fieldName)
}

// jsonText returns the text of the string value v of line: the line's
// bytes, or their decoding into *buf when the string holds escapes.
func (w *worker) jsonText(line []byte, v jsonValue, buf *[]byte) []byte {
	raw := line[v.start:v.end]
	if !v.escaped {
		return raw
	}
	*buf = appendJSONString((*buf)[:0], raw)
	return *buf
}

// looksLikeJSONL reports whether line is a JSON object, for the hint on a
// log read in another format.
func looksLikeJSONL(line []byte) bool {
	var s jsonScan
	return s.scan(line)
}

// formatName is the name of f for -format.
func formatName(f logFormat) string {
	switch f {
	case formatLines:
		return "lines"
	case formatJSONL:
		return "jsonl"
	}
	return f.String()
}
