package benthos

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/redpanda-data/benthos/v4/public/service"
	"github.com/spanurl/spanurl/accesslog"
	"github.com/spanurl/spanurl/span"
	"github.com/spanurl/spanurl/urlkey"
)

// Metadata keys the processor sets on a message it refuses.
const (
	// MetaError holds the reason a message was refused: the error's text,
	// with anything that may be a password or a query value masked.
	MetaError = "spanurl_error"
	// MetaErrorType holds the URL Standard's name of the validation error
	// that made the parser fail, when one did.
	MetaErrorType = "spanurl_error_type"
)

// ProcessorName is the name the processor is registered under.
const ProcessorName = "spanurl"

// ProcessorSpec returns the configuration spec of the spanurl processor.
func ProcessorSpec() *service.ConfigSpec {
	return service.NewConfigSpec().
		Categories("Parsing").
		Summary("Parses a URL, or the request of an access-log line, as a browser reads URLs (the WHATWG URL Standard), into structured fields.").
		Description(`
In the mode `+"`url`"+` the input is a URL (resolved against `+"`base`"+` when set), and the result is an object with the fields of a browser's URL object (href, protocol, username, host, hostname, port, pathname, search, hash, origin; the password is left out), the URL's `+"`cache_key`"+` and `+"`site`"+` (registrable domain), and with `+"`validation_errors: true`"+` the list of the standard's validation errors met while parsing.

In the mode `+"`accesslog`"+` the input is one line of an access log in `+"`format`"+`; the result is the line's fields (client, ident, user, time, request, method, target, protocol, status, size, referer, user_agent, and vhost/port or host when the format has them) with the URL the request asked for, as a server makes it, under `+"`url`"+`.

A message whose input is refused (not a URL, not a log line, a request target a server refuses) is not dropped: it goes on with the metadata `+"`"+MetaError+"`"+` (the reason, with passwords and query values masked) and `+"`"+MetaErrorType+"`"+` (the validation error's name, when there is one), and is flagged with the error, so that `+"`catch`"+`, `+"`switch`"+` on `+"`errored()`"+` or a `+"`reject_errored`"+` output can route it. Its content is left as it was, except for a log line whose only fault is its request, whose log fields are written.`).
		Field(service.NewStringEnumField("mode", "url", "accesslog").Description("What the input is: a URL, or an access-log line.").Default("url")).
		Field(service.NewStringField("field").Description("The dot path of the input in a JSON message, such as `request.url`; empty for the whole message as a string.").Default("")).
		Field(service.NewStringField("target_field").Description("The dot path where the result object is written; empty to make it the whole message.").Default("")).
		Field(service.NewStringField("base").Description("mode `url`: a URL to resolve the input against, so that relative references (`/a?b`, `../x`) parse.").Default("").Example("https://www.example.com/")).
		Field(service.NewStringEnumField("format", "common", "combined", "vhost_combined", "combined_host").Description("mode `accesslog`: the log's format. `combined` also reads lines that end after the size or the referer.").Default("combined")).
		Field(service.NewStringField("host").Description("mode `accesslog`: the server's host[:port], for lines that do not name it (every format but `vhost_combined`, and `combined_host` lines whose host is `-`).").Default("").Example("www.example.com")).
		Field(service.NewStringEnumField("scheme", "http", "https").Description("mode `accesslog`: the scheme the server was reached by, for lines that do not say (`vhost_combined` lines say it by their port, 443 or 80).").Default("http")).
		Field(service.NewBoolField("validation_errors").Description("mode `url`: list the URL Standard's validation errors in `validation_errors`.").Default(false)).
		Field(service.NewObjectField("cache_key",
			service.NewStringListField("drop_params").Description("Query parameters the key leaves out, such as `fbclid`.").Default([]any{}),
			service.NewStringListField("drop_param_prefixes").Description("Prefixes of the names of query parameters the key leaves out, such as `utm_`.").Default([]any{}),
			service.NewBoolField("keep_order").Description("Keep the query's parameters in their order.").Default(false),
			service.NewBoolField("normalize_escapes").Description("Decode percent-encoded unreserved characters and uppercase the hex digits of the others.").Default(false),
			service.NewBoolField("keep_fragment").Description("Keep the fragment.").Default(false),
			service.NewBoolField("icann_only").Description("Make `site` use only the ICANN section of the Public Suffix List.").Default(false),
		).Description("The policy of the `cache_key` and `site` fields.").Advanced()).
		Example("Access log to structured events", "Reads nginx combined log lines from a file and writes one JSON object per line, with the URL of each request.", `
input:
  file:
    paths: [ ./access.log ]
    scanner:
      lines: {}
pipeline:
  processors:
    - spanurl:
        mode: accesslog
        format: combined
        host: www.example.com
        scheme: https
output:
  stdout: {}
`).
		Example("A URL field of JSON events", "Parses the field `page` of each event into `page_url`.", `
pipeline:
  processors:
    - spanurl:
        field: page
        target_field: page_url
        validation_errors: true
`)
}

// RegisterProcessor registers the spanurl processor on env. Importing the
// package already registers it on service.GlobalEnvironment; call this
// for an environment of your own.
func RegisterProcessor(env *service.Environment) error {
	return env.RegisterProcessor(ProcessorName, ProcessorSpec(), newProcessor)
}

// processor is the spanurl processor. It is safe for concurrent use: the
// access-log parsers, which are not, come from a pool.
type processor struct {
	accesslog bool
	field     []string // nil: the whole message
	target    []string // nil: the whole message
	base      span.URL
	format    accesslog.Format
	host      string
	scheme    string
	withErrs  bool
	keys      urlkey.Options
	parsers   sync.Pool // *accesslog.Parser
}

func newProcessor(conf *service.ParsedConfig, _ *service.Resources) (service.Processor, error) {
	p := &processor{}
	mode, err := conf.FieldString("mode")
	if err != nil {
		return nil, err
	}
	switch mode {
	case "url":
	case "accesslog":
		p.accesslog = true
	default:
		return nil, fmt.Errorf("mode: unknown mode %q", mode)
	}
	for _, f := range []struct {
		name string
		to   *[]string
	}{{"field", &p.field}, {"target_field", &p.target}} {
		s, err := conf.FieldString(f.name)
		if err != nil {
			return nil, err
		}
		if *f.to, err = splitPath(s); err != nil {
			return nil, fmt.Errorf("%s: %w", f.name, err)
		}
	}
	if s, err := conf.FieldString("base"); err != nil {
		return nil, err
	} else if s != "" {
		if p.base, err = span.Parse(s); err != nil {
			return nil, fmt.Errorf("base: %w", err)
		}
	}
	name, err := conf.FieldString("format")
	if err != nil {
		return nil, err
	}
	var ok bool
	if p.format, ok = accesslog.FormatOf(name); !ok {
		return nil, fmt.Errorf("format: unknown format %q", name)
	}
	if p.host, err = conf.FieldString("host"); err != nil {
		return nil, err
	}
	if p.scheme, err = conf.FieldString("scheme"); err != nil {
		return nil, err
	}
	if p.scheme != "http" && p.scheme != "https" {
		return nil, fmt.Errorf("scheme: %q is not http or https", p.scheme)
	}
	if p.withErrs, err = conf.FieldBool("validation_errors"); err != nil {
		return nil, err
	}
	k := conf.Namespace("cache_key")
	if p.keys.DropParams, err = k.FieldStringList("drop_params"); err != nil {
		return nil, err
	}
	if p.keys.DropParamPrefixes, err = k.FieldStringList("drop_param_prefixes"); err != nil {
		return nil, err
	}
	for _, b := range []struct {
		name string
		to   *bool
	}{{"keep_order", &p.keys.KeepOrder}, {"normalize_escapes", &p.keys.NormalizeEscapes}, {"keep_fragment", &p.keys.KeepFragment}, {"icann_only", &p.keys.ICANNOnly}} {
		if *b.to, err = k.FieldBool(b.name); err != nil {
			return nil, err
		}
	}
	format := p.format
	p.parsers.New = func() any { return &accesslog.Parser{Format: format} }
	return p, nil
}

// Process parses the input of m and writes the result into it. It never
// drops m and never returns an error: a refused input is reported in m's
// metadata and error flag.
func (p *processor) Process(_ context.Context, m *service.Message) (service.MessageBatch, error) {
	in, err := p.input(m)
	if err != nil {
		refuse(m, err)
		return service.MessageBatch{m}, nil
	}
	var out map[string]any
	if p.accesslog {
		out, err = p.parseLine(in)
	} else {
		out, err = p.parseURL(in)
	}
	if out != nil {
		p.write(m, out)
	}
	if err != nil {
		refuse(m, err)
	}
	return service.MessageBatch{m}, nil
}

// Close releases nothing: the processor holds no resources.
func (p *processor) Close(context.Context) error { return nil }

// parseURL parses in as a URL against p.base.
func (p *processor) parseURL(in string) (map[string]any, error) {
	if p.withErrs {
		u, errs, err := span.ParseWithErrors(in, p.base)
		if err != nil {
			return nil, err
		}
		out := p.urlObject(u)
		out["validation_errors"] = validationErrors(errs.List)
		return out, nil
	}
	u, err := parse(in, p.base)
	if err != nil {
		return nil, err
	}
	return p.urlObject(u), nil
}

// parseLine reads in as a line of p.format and the URL of its request.
// A line whose only fault is its request returns its fields and the error.
func (p *processor) parseLine(in string) (map[string]any, error) {
	lp := p.parsers.Get().(*accesslog.Parser)
	defer p.parsers.Put(lp)
	var l accesslog.Line
	if err := lp.Parse([]byte(in), &l); err != nil {
		if errors.Is(err, accesslog.ErrRequestLine) {
			return logFields(&l), err
		}
		return nil, err
	}
	out := logFields(&l)
	u, err := l.URL(p.host, p.scheme)
	if err != nil {
		return out, err
	}
	out["url"] = p.urlObject(u)
	return out, nil
}

// urlObject returns the fields of u with its cache key and site.
func (p *processor) urlObject(u span.URL) map[string]any {
	out := urlFields(u)
	out["cache_key"] = p.keys.CacheKey(u)
	out["site"] = p.keys.SiteKey(u)
	return out
}

// input returns the string the processor reads from m.
func (p *processor) input(m *service.Message) (string, error) {
	if p.field == nil {
		b, err := m.AsBytes()
		return string(b), err
	}
	v, err := m.AsStructured()
	if err != nil {
		return "", fmt.Errorf("field %s: message is not JSON: %w", strings.Join(p.field, "."), err)
	}
	for _, name := range p.field {
		obj, ok := v.(map[string]any)
		if !ok {
			return "", fmt.Errorf("field %s: not found", strings.Join(p.field, "."))
		}
		if v, ok = obj[name]; !ok {
			return "", fmt.Errorf("field %s: not found", strings.Join(p.field, "."))
		}
	}
	switch v := v.(type) {
	case string:
		return v, nil
	case []byte:
		return string(v), nil
	}
	return "", fmt.Errorf("field %s: a %T, not a string", strings.Join(p.field, "."), v)
}

// write puts out at p.target in m. A message that is not a JSON object
// becomes one when p.target names a field.
func (p *processor) write(m *service.Message, out map[string]any) {
	if p.target == nil {
		m.SetStructuredMut(out)
		return
	}
	var root map[string]any
	if v, err := m.AsStructuredMut(); err == nil {
		root, _ = v.(map[string]any)
	}
	if root == nil {
		root = map[string]any{}
	}
	obj := root
	last := len(p.target) - 1
	for _, name := range p.target[:last] {
		next, ok := obj[name].(map[string]any)
		if !ok {
			next = map[string]any{}
			obj[name] = next
		}
		obj = next
	}
	obj[p.target[last]] = out
	m.SetStructuredMut(root)
}

// refuse marks m as refused for err.
func refuse(m *service.Message, err error) {
	m.MetaSetMut(MetaError, err.Error())
	if t, ok := span.ErrorType(err); ok {
		m.MetaSetMut(MetaErrorType, t.String())
	}
	m.SetError(err)
}

// splitPath splits a dot path into its names; "" is nil.
func splitPath(s string) ([]string, error) {
	if s == "" {
		return nil, nil
	}
	names := strings.Split(s, ".")
	for _, n := range names {
		if n == "" {
			return nil, fmt.Errorf("empty name in the path %q", s)
		}
	}
	return names, nil
}
