package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"github.com/spanurl/spanurl/accesslog"
	"github.com/spanurl/spanurl/api"
	"github.com/spanurl/spanurl/internal/jsonstr"
	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
	"github.com/spanurl/spanurl/urlpattern"
)

// config is what the flags ask for. The workers share it and never write
// to it.
type config struct {
	base span.URL // -base for lines; zero: none (and always zero for logs)

	format logFormat
	jsonl  jsonInput // -format jsonl: the field to read, and what it holds
	scheme string    // logs: the scheme of the server (-base's, or "http")
	host   string    // logs: host[:port] of the server (-host, or -base's)

	col      int    // -col: the 1-based column holding the URL; 0: the whole line
	sep      string // -sep
	noColumn string // the message for a line without column col

	warn      io.Writer // standard error, for the hint on a log of another format
	errStderr bool      // -errors stderr: error lines go to standard error

	fields    []field
	params    []string // for each of fields, the NAME of param:NAME (or "")
	paramKeys []string // for each of fields, the JSON key "param:NAME": (or "")
	json      bool
	validate  bool
	stats     bool
	hasStatus bool // fields has status: failures are rows, not "error:" lines

	statsField field  // -stats-field: the field whose values -stats ranks
	statsParam string // its NAME when it is param:NAME
	statsName  string // its name as given

	routes    *routes // -match and -match-file; nil: none
	needMatch bool    // routes and a field or -stats that needs the match
	hasGroups bool    // fields has groups: the match's result is needed
}

// field is one column of -fields.
type field uint8

const (
	fieldInput field = iota
	fieldHref
	fieldOrigin
	fieldProtocol
	fieldScheme
	fieldUsername
	fieldPassword
	fieldHost
	fieldHostname
	fieldPort
	fieldPathname
	fieldSearch
	fieldHash
	fieldRegistrable
	fieldKind
	fieldStatus
	fieldErrors
	fieldMatch
	fieldGroups
	fieldCacheKey
	fieldSiteKey
	fieldSURT
	fieldDisplayHost
	fieldRawQuery
	fieldParam // param:NAME, with NAME in config.params
	numFields
)

var fieldNames = [numFields]string{
	fieldInput:       "input",
	fieldHref:        "href",
	fieldOrigin:      "origin",
	fieldProtocol:    "protocol",
	fieldScheme:      "scheme",
	fieldUsername:    "username",
	fieldPassword:    "password",
	fieldHost:        "host",
	fieldHostname:    "hostname",
	fieldPort:        "port",
	fieldPathname:    "pathname",
	fieldSearch:      "search",
	fieldHash:        "hash",
	fieldRegistrable: "registrable",
	fieldKind:        "kind",
	fieldStatus:      "status",
	fieldErrors:      "errors",
	fieldMatch:       "match",
	fieldGroups:      "groups",
	fieldCacheKey:    "cachekey",
	fieldSiteKey:     "sitekey",
	fieldSURT:        "surt",
	fieldDisplayHost: "displayhost",
	fieldRawQuery:    "rawquery",
	fieldParam:       "param:NAME",
}

// jsonFields are the fields of -json without -fields: the input and the
// URL object's getters, in the order of the standard's URL class.
var jsonFields = []field{
	fieldInput, fieldHref, fieldOrigin, fieldProtocol, fieldUsername, fieldPassword,
	fieldHost, fieldHostname, fieldPort, fieldPathname, fieldSearch, fieldHash,
}

// setFields sets c.fields from -fields (list, when given) or from the
// other flags.
func (c *config) setFields(list string, given bool) error {
	switch {
	case given:
		for _, name := range strings.Split(list, ",") {
			f, param, ok := fieldByName(strings.TrimSpace(name))
			if !ok {
				if name == "" {
					return errors.New("empty field name")
				}
				return fmt.Errorf("unknown field %q; the fields are %s", name, strings.Join(fieldNames[:], ","))
			}
			if f == fieldParam && param == "" {
				return fmt.Errorf("the field %s names no parameter: give param:NAME", name)
			}
			if (f == fieldStatus || f == fieldErrors) && !c.validate {
				return fmt.Errorf("the field %s needs -validate", name)
			}
			if (f == fieldMatch || f == fieldGroups) && c.routes == nil {
				return fmt.Errorf("the field %s needs -match or -match-file", name)
			}
			c.fields = append(c.fields, f)
			c.params = append(c.params, param)
			key := ""
			if f == fieldParam {
				key = string(jsonstr.Append(nil, "param:"+param, false)) + ":"
			}
			c.paramKeys = append(c.paramKeys, key)
		}
	case c.routes != nil:
		// The pattern first, for cut -f1 | sort | uniq -c; the input
		// last, as it may hold tabs.
		c.fields = []field{fieldMatch, fieldGroups, fieldInput}
		if c.validate {
			if c.json {
				c.fields = append(c.fields, fieldStatus, fieldErrors)
			} else {
				c.fields = []field{fieldMatch, fieldGroups, fieldStatus, fieldErrors, fieldInput}
			}
		}
	case c.json:
		c.fields = jsonFields
		if c.validate {
			c.fields = append(jsonFields[:len(jsonFields):len(jsonFields)], fieldStatus, fieldErrors)
		}
	case c.validate:
		c.fields = []field{fieldStatus, fieldErrors, fieldInput}
	default:
		c.fields = []field{fieldHref}
	}
	for _, f := range c.fields {
		c.hasStatus = c.hasStatus || f == fieldStatus
		c.hasGroups = c.hasGroups || f == fieldGroups
		c.needMatch = c.needMatch || f == fieldMatch || f == fieldGroups
	}
	c.needMatch = c.routes != nil && (c.needMatch || c.stats)
	return nil
}

// fieldByName returns the field named name, and for param:NAME the
// parameter's NAME.
func fieldByName(name string) (f field, param string, ok bool) {
	if p, ok := strings.CutPrefix(name, "param:"); ok {
		return fieldParam, p, true
	}
	for f, n := range fieldNames {
		if n == name {
			return field(f), "", true
		}
	}
	return 0, "", false
}

// setStatsField sets the field that -stats ranks from -stats-field.
func (c *config) setStatsField(name string) error {
	f, param, ok := fieldByName(name)
	switch {
	case !ok:
		return fmt.Errorf("unknown field %q; the fields are %s", name, strings.Join(fieldNames[:], ","))
	case f == fieldParam && param == "":
		return fmt.Errorf("the field %s names no parameter: give param:NAME", name)
	case f == fieldStatus || f == fieldErrors || f == fieldMatch || f == fieldGroups:
		return fmt.Errorf("-stats counts the %s of the lines already: rank a field of the URL or the input", name)
	}
	c.statsField, c.statsParam, c.statsName = f, param, name
	return nil
}

// param returns the parameter NAME of the i-th field when it is
// param:NAME.
func (c *config) param(i int) string {
	if i < len(c.params) {
		return c.params[i]
	}
	return ""
}

// worker turns lines into output lines. Every goroutine of the pipeline
// owns one: the results of its parsers alias its buffers.
type worker struct {
	cfg    *config
	parser span.Parser
	st     stats

	// For access logs:
	log    accesslog.Parser // splits lines and decodes their escapes
	entry  accesslog.Line   // the fields of the current line
	first  bool             // formats the input's first lines (see hintFormat)
	hinted bool             // hintFormat has written its hint
	text   []byte           // the URL text built from a request target (-validate)

	errList []record.ValidationError // the validation errors of the last line (-validate)
	badUTF8 int                      // 1 + the offset of the line's first byte not UTF-8 (utf8.go)

	// For -format jsonl (jsonl.go):
	scan    jsonScan // finds the fields of a line
	jsonBuf []byte   // the decoding of a field with escapes
	hostBuf []byte   // the decoding of the host field with escapes

	errLine  bool   // the line just formatted is an error line
	scratch  []byte // an error line being given its location
	paramBuf []byte // form-decoding of param:NAME (keys.go)
	fieldBuf []byte // the value of -stats-field (fieldString)

	registrables map[string]registrable // registrable domains of hosts met lately

	huge  bool   // the line being formatted is longer than hugeLine
	parts []part // the parts of the chunk being formatted (parts.go)

	// The best route of the line's URL (match.go):
	matched bool               // one matches
	route   int                // its index in cfg.routes.patterns
	result  *urlpattern.Result // its groups, when the fields have them
}

func newWorker(cfg *config) *worker {
	w := &worker{cfg: cfg, log: accesslog.Parser{Format: cfg.format}}
	w.scan.paths = [2][]string{cfg.jsonl.field, cfg.jsonl.host}
	if cfg.stats {
		w.st.hosts = newTopHosts(topHostsCapacity)
		if cfg.routes != nil {
			// One count per pattern, and the last for no match.
			w.st.routes = make([]int64, len(cfg.routes.patterns)+1)
		}
	}
	return w
}

// hugeLine is the length beyond which a worker lets go of its buffers once
// the line is done, so that one long line does not pin its memory for the
// rest of the run.
const hugeLine = 1 << 20

// process formats every line of c.in into c.out (and its error lines into
// c.errs with -errors stderr).
func (w *worker) process(c *chunk) {
	out := c.out[:0]
	w.parts = c.parts[:0]
	c.errs = c.errs[:0]
	in := c.in
	n := 0
	for len(in) > 0 {
		var line []byte
		if i := bytes.IndexByte(in, '\n'); i >= 0 {
			line, in = in[:i], in[i+1:]
		} else {
			line, in = in, nil
		}
		if len(line) > 0 && line[len(line)-1] == '\r' {
			line = line[:len(line)-1]
		}
		w.huge = len(line) > hugeLine
		start, parts := len(out), len(w.parts)
		w.errLine = false
		out = w.line(out, line)
		if w.errLine {
			out = w.locate(out, start, parts, c, c.first+int64(n))
		}
		n++
		if w.huge {
			// The line's parts may refer to these buffers: they are
			// not written again.
			w.parser, w.log = span.Parser{}, accesslog.Parser{Format: w.log.Format}
			w.text, w.scratch = nil, nil
			w.jsonBuf, w.hostBuf, w.paramBuf = nil, nil, nil
		}
	}
	c.out, c.lines = out, n
	c.parts, w.parts = w.parts, nil
}

// locate gives the error line out[start:] the location of its input line,
// "error: FILE:N: ..." or "error: line N: ..." ({"file":...,"line":N,...}
// with -json), and with -errors stderr moves it to c.errs, leaving an
// empty line in out so that output lines stay aligned with input lines.
// In out, the line moves over to make room for its location, and so do
// its parts, w.parts[parts:]; a line that goes to c.errs has none
// (appendPart).
func (w *worker) locate(out []byte, start, parts int, c *chunk, n int64) []byte {
	loc := w.scratch[:0]
	skip := 0 // the bytes of the line that loc replaces
	if w.cfg.json {
		skip = len("{")
		loc = append(loc, '{')
		if c.file != "" {
			loc = append(loc, `"file":`...)
			loc = jsonstr.Append(loc, c.file, false)
			loc = append(loc, ',')
		}
		loc = append(loc, `"line":`...)
		loc = strconv.AppendInt(loc, n, 10)
		loc = append(loc, ',')
	} else {
		const prefix = "error: "
		skip = len(prefix)
		loc = append(loc, prefix...)
		if c.file != "" {
			loc = appendOneLine(loc, c.file)
			loc = append(loc, ':')
		} else {
			loc = append(loc, "line "...)
		}
		loc = strconv.AppendInt(loc, n, 10)
		loc = append(loc, ": "...)
	}
	w.scratch = loc
	if w.cfg.errStderr {
		c.errs = append(append(c.errs, loc...), out[start+skip:]...)
		return append(out[:start], '\n')
	}
	// Only the location is new: the line is moved within out rather than
	// built again, so that a long one is not held twice.
	shift := len(loc) - skip
	end := len(out)
	out = slices.Grow(out, shift)[:end+shift]
	copy(out[start+len(loc):], out[start+skip:end])
	copy(out[start:], loc)
	for i := parts; i < len(w.parts); i++ {
		w.parts[i].end += shift
	}
	return out
}

// line appends the output line for line to out.
func (w *worker) line(out, line []byte) []byte {
	cfg := w.cfg
	w.st.lines++
	if len(line) == 0 {
		// A blank line holds nothing to parse: it is not a failure, and
		// its output line is blank too, so that lines stay aligned.
		w.st.blank++
		return append(out, '\n')
	}
	// input is the URL text as found on the line, which the parser reads.
	var input []byte
	switch {
	case cfg.format == formatJSONL:
		return w.jsonLine(out, line)
	case cfg.format != formatLines:
		return w.logLine(out, line)
	case cfg.col > 0:
		c, ok := column(line, cfg.col, cfg.sep)
		if !ok {
			return w.malformed(out, &malformedLine{cfg.noColumn, "no-column", len(line)})
		}
		input = c
	default:
		input = line
	}
	return w.urlLine(out, input)
}

// urlLine appends the output line for the URL text input, resolved
// against -base.
func (w *worker) urlLine(out, input []byte) []byte {
	cfg := w.cfg
	var (
		u    span.URL
		errs span.ValidationErrors
		err  error
	)
	switch {
	case cfg.validate && w.huge:
		// As below: the package's function reads the line where it is.
		u, errs, err = span.ParseWithErrors(unsafeString(input), cfg.base)
	case cfg.validate:
		u, errs, err = w.parser.ParseWithErrors(input, cfg.base, w.errList)
		w.errList = errs.List
	case w.huge:
		// The package's Parse reads the line where it is, where the
		// Parser would copy it first: a huge line is not held twice.
		u, err = cfg.base.Parse(unsafeString(input))
	default:
		u, err = w.parser.ParseRef(cfg.base, input)
	}
	if cfg.validate {
		w.checkUTF8(input)
		w.countUTF8(errs, err)
	}
	w.st.count(u, errs.List, err)
	if w.st.hosts != nil && err == nil {
		w.rank(u, unsafeString(input))
	}
	if cfg.json {
		return w.appendJSON(out, unsafeString(input), u, errs, 0, err)
	}
	return w.appendTSV(out, unsafeString(input), u, errs, 0, err)
}

// malformed appends the output line for a line that holds no URL text,
// for the reason e: an error line, or, when the fields have status, a
// row of every field with status "malformed" and e as its one error
// (and its message as "error" with -json), so that columns stay aligned.
func (w *worker) malformed(out []byte, e *malformedLine) []byte {
	w.st.failed++
	w.st.malformed++
	if w.cfg.hasStatus {
		if w.cfg.json {
			return w.appendJSON(out, "", span.URL{}, span.ValidationErrors{}, 0, e)
		}
		return w.appendTSV(out, "", span.URL{}, span.ValidationErrors{}, 0, e)
	}
	w.errLine = true
	if w.cfg.json {
		out = append(out, `{"error":`...)
		out = jsonstr.Append(out, e.msg, false)
		return append(out, "}\n"...)
	}
	out = append(out, "error: "...)
	out = append(out, e.msg...)
	return append(out, '\n')
}

// malformedLine is why a line holds no URL text: a message for its error
// line, and a name and a byte offset in the line for the errors field of
// its row.
type malformedLine struct {
	msg    string
	name   string
	offset int
}

func (e *malformedLine) Error() string { return e.msg }

// column returns the n-th (1-based) column of line.
func column(line []byte, n int, sep string) ([]byte, bool) {
	for ; n > 1; n-- {
		i := bytes.Index(line, unsafeBytes(sep))
		if i < 0 {
			return nil, false
		}
		line = line[i+len(sep):]
	}
	if i := bytes.Index(line, unsafeBytes(sep)); i >= 0 {
		line = line[:i]
	}
	return line, true
}

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

// appendURLField appends the value of a URL field (param: the NAME of
// param:NAME) encoded as enc (encRaw or encJSON; a value of param:NAME
// in TSV with encTSVInput, as it may hold tabs); false means null (a URL whose host has no
// registrable domain, a query or parameter that is absent).
func (w *worker) appendURLField(out []byte, f field, param string, u span.URL, enc encoding) ([]byte, bool) {
	var v string
	switch f {
	case fieldHref:
		v = u.Href()
	case fieldOrigin:
		start := len(out)
		out = appendOrigin(out, u)
		if enc == encJSON && jsonstr.NeedsEscape(out[start:]) {
			// Only an opaque host holds a '"' or '\'.
			v := string(out[start:])
			out = jsonstr.AppendChars(out[:start], v, false)
		}
		return out, true
	case fieldProtocol:
		v = u.Protocol()
	case fieldScheme:
		v = u.Scheme()
	case fieldUsername:
		v = u.Username()
	case fieldPassword:
		v = u.Password()
	case fieldHost:
		v = u.Host()
	case fieldHostname:
		v = u.Hostname()
	case fieldPort:
		v = u.Port()
	case fieldPathname:
		v = u.Pathname()
	case fieldSearch:
		v = u.Search()
	case fieldHash:
		v = u.Hash()
	case fieldRegistrable:
		d, ok := w.registrable(u)
		return appendEncoded(out, d, enc), ok
	case fieldKind:
		v = u.HostKind().String()
	default:
		var ok bool
		v, ok = w.keyField(f, param, u)
		if f == fieldParam && enc == encRaw {
			// In TSV, a decoded value may hold tabs and line breaks.
			enc = encTSVInput
		}
		return w.appendValue(out, v, enc), ok
	}
	return w.appendValue(out, v, enc), true
}

// fieldString returns the value of a URL field as text, which stays
// valid until the next call, and false for null.
func (w *worker) fieldString(f field, param string, u span.URL) (string, bool) {
	huge := w.huge
	w.huge = false // the value is wanted whole, not as a part (parts.go)
	var ok bool
	w.fieldBuf, ok = w.appendURLField(w.fieldBuf[:0], f, param, u, encRaw)
	w.huge = huge
	return unsafeString(w.fieldBuf), ok
}

// registrableCacheSize bounds the registrable domains a worker remembers.
const registrableCacheSize = 4096

// registrable returns the registrable domain of u's host, from a cache of
// the hosts met lately: the Public Suffix List lookup costs more than the
// parse, and the hosts of a log repeat.
func (w *worker) registrable(u span.URL) (string, bool) {
	if u.HostKind() != record.HostDomain {
		return api.URLRegistrableDomain(u)
	}
	host := u.Hostname()
	if r, ok := w.registrables[host]; ok {
		return r.domain, r.ok
	}
	d, ok := api.URLRegistrableDomain(u)
	if len(w.registrables) >= registrableCacheSize {
		clear(w.registrables)
	}
	if w.registrables == nil {
		w.registrables = make(map[string]registrable)
	}
	// host and d alias the parser's memory; d is a suffix of host.
	host = strings.Clone(host)
	r := registrable{host[len(host)-len(d):], ok}
	if r.domain != d {
		r.domain = strings.Clone(d)
	}
	w.registrables[host] = r
	return d, ok
}

// registrable is a registrable domain, or none (ok false).
type registrable struct {
	domain string
	ok     bool
}

// appendOrigin appends u.Origin() without building a string for a URL
// with credentials.
func appendOrigin(out []byte, u span.URL) []byte {
	o, ok := u.OriginURL()
	if !ok {
		return append(out, "null"...)
	}
	out = append(out, o.Href()[:len(o.Scheme())+len("://")]...)
	return append(out, o.Host()...)
}

// status is "malformed" for a line that holds no URL text, "failure"
// for an input that does not parse, "invalid" for one that parses with
// validation errors and "valid" for the rest.
func status(errs span.ValidationErrors, err error) string {
	switch {
	case err != nil:
		if _, ok := err.(*malformedLine); ok {
			return "malformed"
		}
		return "failure"
	case errs.Len() > 0:
		return "invalid"
	}
	return "valid"
}

// appendOneLine appends s with its line breaks written as \r and \n, so
// that output lines stay aligned with input lines.
func appendOneLine(out []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\n':
			out = append(out, `\n`...)
		case '\r':
			out = append(out, `\r`...)
		default:
			out = append(out, c)
		}
	}
	return out
}

// unsafeString views b as a string. The views never outlive the line
// being formatted (b is a chunk's memory, reused for later input).
func unsafeString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// unsafeBytes views s as bytes, which are never written.
func unsafeBytes(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// The remainder serves spanurl wpt.

// newEncoder returns a JSON encoder that leaves <, > and & alone.
func newEncoder(w *bufio.Writer) *json.Encoder {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc
}

// components are the URL object's getters, in the order of the standard's
// URL class.
type components struct {
	Href     string `json:"href"`
	Origin   string `json:"origin"`
	Protocol string `json:"protocol"`
	Username string `json:"username"`
	Password string `json:"password"`
	Host     string `json:"host"`
	Hostname string `json:"hostname"`
	Port     string `json:"port"`
	Pathname string `json:"pathname"`
	Search   string `json:"search"`
	Hash     string `json:"hash"`
}

func componentsOf(u span.URL) *components {
	return &components{
		Href:     u.Href(),
		Origin:   u.Origin(),
		Protocol: u.Protocol(),
		Username: u.Username(),
		Password: u.Password(),
		Host:     u.Host(),
		Hostname: u.Hostname(),
		Port:     u.Port(),
		Pathname: u.Pathname(),
		Search:   u.Search(),
		Hash:     u.Hash(),
	}
}
