package main

import (
	"bytes"
	"errors"
	"fmt"
	"runtime/debug"

	"github.com/spanurl/spanurl/accesslog"
	"github.com/spanurl/spanurl/httpurl"
	"github.com/spanurl/spanurl/span"
)

// logFormat is the format of the input lines (-format): formatLines, or
// one of the access-log formats of package accesslog.
type logFormat = accesslog.Format

// formatLines is a URL per line (or per -col column).
const formatLines logFormat = 0

func parseFormat(name string) (logFormat, error) {
	if name == "lines" {
		return formatLines, nil
	}
	if name == "jsonl" {
		return formatJSONL, nil
	}
	if f, ok := accesslog.FormatOf(name); ok {
		return f, nil
	}
	return 0, fmt.Errorf("unknown format %q: the formats are lines, jsonl, combined, common, vhost_combined and combined_host", name)
}

// serverOfHost returns the server of -host for an access log, as
// httpurl normalizes a Host header, or a message saying why host is not
// one.
func serverOfHost(host string) (canonical, msg string) {
	u, err := httpurl.ParseHost(host, "http")
	if err != nil {
		return "", fmt.Sprintf("-host %s: %v", host, err)
	}
	return u.Host(), ""
}

// serverOfBase returns the scheme and host[:port] of -base for an access
// log.
func serverOfBase(u span.URL) (scheme, host, msg string) {
	if u.Hostname() == "" || u.HasOpaquePath() || u.Username() != "" || u.Password() != "" ||
		(u.Scheme() != "http" && u.Scheme() != "https") {
		return "", "", fmt.Sprintf("-base %s: an access log needs an http or https base with a host and no credentials, such as https://example.com/", u.Href())
	}
	return u.Scheme(), u.Host(), ""
}

// logLine appends the output line for an access log line: the URL that
// package accesslog (and so httpurl) gives its request.
func (w *worker) logLine(out, line []byte) []byte {
	l := &w.entry
	if err := w.log.Parse(line, l); err != nil {
		var e *accesslog.Error
		if errors.As(err, &e) {
			if w.first && !w.hinted && w.st.lines <= hintLines && w.st.malformed == w.st.lines-w.st.blank-1 {
				w.hintFormat(line)
			}
			return w.malformed(out, &malformedLine{"malformed log line: " + e.Kind.Error(), logErrorName(e.Kind), e.Offset})
		}
		return w.malformed(out, &malformedLine{err.Error(), "malformed-log-line", 0})
	}
	return w.requestLine(out, l)
}

// requestLine appends the output line for the request of l: the URL that
// package accesslog (and so httpurl) gives it.
func (w *worker) requestLine(out []byte, l *accesslog.Line) []byte {
	cfg := w.cfg
	var errs span.ValidationErrors
	shift := 0
	if cfg.validate {
		errs, shift = w.validationErrors(l)
		if w.huge {
			// What the validating parser made of a huge line is
			// garbage now: collected before the URL is made, its
			// memory holds the URL rather than more of the system's.
			debug.FreeOSMemory()
		}
	}
	var u span.URL
	var err error
	if w.huge {
		// httpurl builds the URL text once, where the Parser would copy
		// the target into its memory first: a huge line is not held
		// three times.
		u, err = l.URL(cfg.host, cfg.scheme)
	} else {
		u, err = w.log.URL(l, cfg.host, cfg.scheme)
	}
	if cfg.validate {
		w.checkUTF8(l.Target)
		w.countUTF8(errs, err)
	}
	w.st.count(u, errs.List, err)
	input := unsafeString(l.Target)
	if w.st.hosts != nil && err == nil {
		w.rank(u, input)
	}
	if cfg.json {
		return w.appendJSON(out, input, u, errs, shift, err)
	}
	return w.appendTSV(out, input, u, errs, shift, err)
}

// logErrorName names the reason kind (an error of package accesslog) why
// a log line is malformed, for the errors field.
func logErrorName(kind error) string {
	switch kind {
	case accesslog.ErrVirtualHost:
		return "log-no-vhost-port"
	case accesslog.ErrClient:
		return "log-no-client"
	case accesslog.ErrTime:
		return "log-no-date"
	case accesslog.ErrRequest:
		return "log-no-request"
	case accesslog.ErrRequestLine:
		return "log-bad-request-line"
	case accesslog.ErrStatus:
		return "log-no-status"
	case accesslog.ErrHost:
		return "log-no-host"
	}
	return "malformed-log-line"
}

// validationErrors returns the validation errors of the URL text that
// httpurl parses for the request of l, and the number of bytes of that
// text before the target (so that error offsets become offsets into the
// target):
//
//   - origin-form "/path": "scheme://host" and the target;
//   - CONNECT "host:port": "https://", the target and "/";
//   - OPTIONS "*": the server itself, whose -host or log field has no
//     errors worth a column;
//   - anything else: the target alone.
//
// A huge line's target is read where it is, never copied: the text alone
// when it is the target, and for an origin-form target, when
// originFormErrors can, the target against scheme://host/.
func (w *worker) validationErrors(l *accesslog.Line) (span.ValidationErrors, int) {
	target := l.Target
	var text []byte
	shift := 0
	switch {
	case string(l.Method) == "CONNECT":
		text = append(append(append(w.text[:0], "https://"...), target...), '/')
		shift = len("https://")
	case string(l.Method) == "OPTIONS" && string(target) == "*":
		return span.ValidationErrors{}, 0
	case target[0] == '/':
		host, scheme := l.Server(w.cfg.host, w.cfg.scheme)
		if w.huge {
			if errs, ok := originFormErrors(target, scheme, host); ok {
				return errs, 0
			}
		}
		text = append(append(append(append(w.text[:0], scheme...), "://"...), host...), target...)
		shift = len(text) - len(target)
	case w.huge:
		_, errs, _ := span.ParseWithErrors(unsafeString(target), span.URL{})
		return errs, 0
	default:
		text = append(w.text[:0], target...)
	}
	w.text = text
	if w.huge {
		// The package's function reads the text where it is, where the
		// Parser would copy it first.
		_, errs, _ := span.ParseWithErrors(unsafeString(text), span.URL{})
		return errs, shift
	}
	_, errs, _ := w.parser.ParseWithErrors(text, span.URL{}, w.errList)
	w.errList = errs.List
	return errs, shift
}

// originFormErrors returns the validation errors of scheme://host +
// target, an origin-form target, with offsets into target, without
// building that text: it parses target against the base scheme://host/.
// The parser meets the same errors both ways: it reads scheme://host the
// same up to the target's first "/", and the rest of the target in path
// state, entered from path start state in one case and from relative
// slash state in the other, unless the target's next code point (after
// tabs and newlines, which the parser removes) is "/" or "\", which
// would start an authority in the relative reference. It reports false
// then, and when the base has validation errors of its own (the host's),
// which the caller finds in the whole text.
func originFormErrors(target []byte, scheme, host string) (span.ValidationErrors, bool) {
	rest := bytes.TrimLeft(target[1:], "\t\n\r")
	if len(rest) > 0 && (rest[0] == '/' || rest[0] == '\\') {
		return span.ValidationErrors{}, false
	}
	base, errs, err := span.ParseWithErrors(scheme+"://"+host+"/", span.URL{})
	if err != nil || errs.Len() > 0 {
		return span.ValidationErrors{}, false
	}
	_, errs, _ = span.ParseWithErrors(unsafeString(target), base)
	return errs, true
}

// hintLines is how many lines from the start of the input spanurl looks
// for the format the log is in, as long as every line so far is
// malformed.
const hintLines = 10

// hintFormats are the formats hintFormat tries, the most specific first:
// a combined parser reads combined_host lines too.
var hintFormats = [...]accesslog.Format{accesslog.VhostCombined, accesslog.CombinedHost, accesslog.Combined}

// hintFormat writes, once, which other format reads line, a malformed
// line among the first of the input with nothing but malformed lines
// before it: a whole log in the wrong format fails on every line, and
// the format is what to change.
func (w *worker) hintFormat(line []byte) {
	if w.cfg.format != formatJSONL && looksLikeJSONL(line) {
		w.hint(formatJSONL)
		return
	}
	for _, f := range hintFormats {
		if f == w.cfg.format {
			continue
		}
		p := accesslog.Parser{Format: f}
		var l accesslog.Line
		if err := p.Parse(line, &l); err == nil || errors.Is(err, accesslog.ErrRequestLine) {
			w.hint(f)
			return
		}
	}
}

// hint writes that the current line is in format f.
func (w *worker) hint(f logFormat) {
	w.hinted = true
	fmt.Fprintf(w.cfg.warn, "spanurl: line %d is not in -format %s: did you mean -format %s?\n", w.st.lines, formatName(w.cfg.format), formatName(f))
}
