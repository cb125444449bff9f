package main

import (
	"bytes"
	"slices"
	"strconv"
	"unsafe"

	"github.com/spanurl/spanurl/accesslog"
	"github.com/spanurl/spanurl/internal/jsonstr"
	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
	"github.com/spanurl/spanurl/urlpattern"
)

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
