package spanbeam

import (
	"fmt"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/spanurl/spanurl/accesslog"
	"github.com/spanurl/spanurl/span"
	"github.com/spanurl/spanurl/urlkey"
)

func init() {
	beam.RegisterType(reflect.TypeOf((*URL)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*Request)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*DeadLetter)(nil)).Elem())
	register.DoFn3x1[string, func(string, URL), func(DeadLetter), error](&parseURLFn{})
	register.DoFn3x0[string, func(string, Request), func(DeadLetter)](&parseLogFn{})
	register.Emitter2[string, URL]()
	register.Emitter2[string, Request]()
	register.Emitter1[DeadLetter]()
}

// URL is a parsed URL as the URL Standard's URL object shows it: each
// field is the getter of the same name (Protocol ends with ':', Search
// starts with '?' and Hash with '#' when not empty).
type URL struct {
	Href     string
	Protocol string
	Username string
	Password string
	Host     string
	Hostname string
	Port     string
	Pathname string
	Search   string
	Hash     string
}

// FromSpan returns the components of u.
func FromSpan(u span.URL) URL {
	return URL{
		Href:     u.Href(),
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

// Request is an access-log line: its fields as the log wrote them (the
// quoted ones decoded, "-" kept) and the URL that its request asked for.
type Request struct {
	Client    string
	User      string
	Time      string
	Method    string
	Target    string
	Protocol  string
	Status    string
	Size      string
	Referer   string
	UserAgent string
	// Server is the host[:port] that served the request: the VHOST:PORT
	// or Host field of the line, or LogOptions.Host when it has none.
	Server string
	URL    URL
}

// DeadLetter is an input that did not parse: the line as read and the
// reason, the error's text.
type DeadLetter struct {
	Input  string
	Reason string
}

// KeyBy chooses the key of each parsed element.
type KeyBy uint8

const (
	// BySite keys by urlkey.Options.SiteKey: the registrable domain
	// of the host, or the host when it has none ("" for a URL without a
	// host).
	BySite KeyBy = iota
	// ByCacheKey keys by urlkey.Options.CacheKey: the href without
	// its fragment, with its query parameters in URLSearchParams' sorted
	// order.
	ByCacheKey
	// ByHref keys by the href itself.
	ByHref
)

func (k KeyBy) key(o urlkey.Options, u span.URL) string {
	switch k {
	case ByCacheKey:
		return o.CacheKey(u)
	case ByHref:
		return u.Href()
	}
	return o.SiteKey(u)
}

// URLOptions configures ParseURLs.
type URLOptions struct {
	// KeyBy is the key of each parsed URL; the zero value is BySite.
	KeyBy KeyBy
	// Keys is the key policy: the parameters CacheKey drops, whether
	// SiteKey uses the ICANN part of the Public Suffix List alone.
	Keys urlkey.Options
	// Base, when not empty, is the URL that the lines are resolved
	// against, for relative references ("/a?b", "../c"); when empty,
	// a line that is not an absolute URL is a dead letter.
	Base string
}

// ParseURLs parses each string of lines, a PCollection<string>, as a URL
// (leading and trailing C0 controls and spaces, tabs and newlines ignored,
// as the URL Standard says). It returns the parsed URLs,
// PCollection<KV<string, URL>> keyed as opts.KeyBy says, and the lines
// that are not URLs, PCollection<DeadLetter>.
//
// ParseURLs panics when opts.Base is set and is not an absolute URL, as
// beam.ParDo panics on a DoFn it cannot use; TryParseURLs returns the
// error instead.
func ParseURLs(s beam.Scope, lines beam.PCollection, opts URLOptions) (parsed, deadLetter beam.PCollection) {
	parsed, deadLetter, err := TryParseURLs(s, lines, opts)
	if err != nil {
		panic(err)
	}
	return parsed, deadLetter
}

// TryParseURLs is ParseURLs returning an error for an invalid opts.Base
// or a PCollection it cannot apply to.
func TryParseURLs(s beam.Scope, lines beam.PCollection, opts URLOptions) (parsed, deadLetter beam.PCollection, err error) {
	if opts.Base != "" {
		if _, err := span.Parse(opts.Base); err != nil {
			return beam.PCollection{}, beam.PCollection{}, fmt.Errorf("spanbeam: base URL: %w", err)
		}
	}
	s = s.Scope("spanbeam.ParseURLs")
	out, err := beam.TryParDo(s, &parseURLFn{KeyBy: opts.KeyBy, Keys: opts.Keys, Base: opts.Base}, lines)
	if err != nil {
		return beam.PCollection{}, beam.PCollection{}, err
	}
	return out[0], out[1], nil
}

// parseURLFn is ParseURLs' DoFn. Its exported fields are its
// configuration, serialized into the pipeline for the workers.
type parseURLFn struct {
	KeyBy KeyBy
	Keys  urlkey.Options
	Base  string

	base span.URL
}

// Setup parses the base URL once per DoFn instance.
func (f *parseURLFn) Setup() error {
	if f.Base == "" {
		return nil
	}
	u, err := span.Parse(f.Base)
	if err != nil {
		return fmt.Errorf("spanbeam: base URL: %w", err)
	}
	f.base = u
	return nil
}

// ProcessElement parses one line; an error is returned only for a DoFn
// that Setup did not prepare, which a runner never does.
func (f *parseURLFn) ProcessElement(line string, emit func(string, URL), dead func(DeadLetter)) error {
	var (
		u   span.URL
		err error
	)
	if f.Base != "" {
		if f.base.IsZero() {
			return fmt.Errorf("spanbeam: ProcessElement before Setup")
		}
		u, err = f.base.Parse(line)
	} else {
		u, err = span.Parse(line)
	}
	if err != nil {
		dead(DeadLetter{Input: line, Reason: err.Error()})
		return nil
	}
	emit(f.KeyBy.key(f.Keys, u), FromSpan(u))
	return nil
}

// LogOptions configures ParseAccessLog.
type LogOptions struct {
	// Host and Scheme are the server the log is of, for the URLs of
	// origin-form targets ("GET /a") on lines whose format has no
	// VHOST:PORT or Host field, as for accesslog.Line.URL.
	Host   string
	Scheme string
	// KeyBy is the key of each request; the zero value is BySite.
	KeyBy KeyBy
	// Keys is the key policy, as for URLOptions.
	Keys urlkey.Options
}

// ParseAccessLog reads each string of lines, a PCollection<string> of
// access-log lines in format, with accesslog.Parser, and makes the URL of
// its request with accesslog.Line.URL (httpurl's request-target rules).
// It returns the requests, PCollection<KV<string, Request>> keyed as
// opts.KeyBy says by their URL, and the lines that are not in format or
// whose request names no URL (a "-" request, a TLS handshake, a target
// that httpurl refuses), PCollection<DeadLetter>.
//
// ParseAccessLog panics when format is not one of accesslog's formats;
// TryParseAccessLog returns the error instead.
func ParseAccessLog(s beam.Scope, lines beam.PCollection, format accesslog.Format, opts LogOptions) (parsed, deadLetter beam.PCollection) {
	parsed, deadLetter, err := TryParseAccessLog(s, lines, format, opts)
	if err != nil {
		panic(err)
	}
	return parsed, deadLetter
}

// TryParseAccessLog is ParseAccessLog returning an error for a format
// that is not one of accesslog's or a PCollection it cannot apply to.
func TryParseAccessLog(s beam.Scope, lines beam.PCollection, format accesslog.Format, opts LogOptions) (parsed, deadLetter beam.PCollection, err error) {
	if err := checkFormat(format); err != nil {
		return beam.PCollection{}, beam.PCollection{}, err
	}
	s = s.Scope("spanbeam.ParseAccessLog")
	out, err := beam.TryParDo(s, &parseLogFn{Format: format, Host: opts.Host, Scheme: opts.Scheme, KeyBy: opts.KeyBy, Keys: opts.Keys}, lines)
	if err != nil {
		return beam.PCollection{}, beam.PCollection{}, err
	}
	return out[0], out[1], nil
}

// checkFormat returns an error for a Format that accesslog.Parser does
// not read (it panics on one).
func checkFormat(f accesslog.Format) error {
	if g, ok := accesslog.FormatOf(f.String()); !ok || g != f {
		return fmt.Errorf("spanbeam: access-log format %v is not one of accesslog's", f)
	}
	return nil
}

// parseLogFn is ParseAccessLog's DoFn. The parser and the line are
// reused from element to element: a runner gives each bundle its own
// DoFn instance and calls ProcessElement for one element at a time.
type parseLogFn struct {
	Format accesslog.Format
	Host   string
	Scheme string
	KeyBy  KeyBy
	Keys   urlkey.Options

	parser accesslog.Parser
	line   accesslog.Line
}

// Setup checks the format once per DoFn instance, so that a DoFn built
// without TryParseAccessLog fails its bundle rather than its worker.
func (f *parseLogFn) Setup() error {
	if err := checkFormat(f.Format); err != nil {
		return err
	}
	f.parser.Format = f.Format
	return nil
}

// ProcessElement parses one log line.
func (f *parseLogFn) ProcessElement(text string, emit func(string, Request), dead func(DeadLetter)) {
	l := &f.line
	if err := f.parser.Parse([]byte(text), l); err != nil {
		dead(DeadLetter{Input: text, Reason: err.Error()})
		return
	}
	// Line.URL's result owns its memory, unlike Parser.URL's, so that a
	// fused downstream DoFn may keep the strings of the Request.
	u, err := l.URL(f.Host, f.Scheme)
	if err != nil {
		dead(DeadLetter{Input: text, Reason: err.Error()})
		return
	}
	server, _ := l.Server(f.Host, f.Scheme)
	emit(f.KeyBy.key(f.Keys, u), Request{
		Client:    string(l.Client),
		User:      string(l.User),
		Time:      string(l.Time),
		Method:    string(l.Method),
		Target:    string(l.Target),
		Protocol:  string(l.Protocol),
		Status:    string(l.Status),
		Size:      string(l.Size),
		Referer:   string(l.Referer),
		UserAgent: string(l.UserAgent),
		Server:    server,
		URL:       FromSpan(u),
	})
}
