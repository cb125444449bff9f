package benthos

import (
	"errors"
	"fmt"

	"github.com/redpanda-data/benthos/v4/public/bloblang"
	"github.com/spanurl/spanurl/span"
	"github.com/spanurl/spanurl/urlkey"
)

// RegisterBloblang registers the Bloblang methods of this package on env:
// parse_url_whatwg, url_resolve, url_cache_key, url_site and
// parse_query_whatwg. Importing the package already registers them on
// bloblang.GlobalEnvironment; call this for an environment of your own
// (bloblang.NewEnvironment, or one given to a service.Environment with
// UseBloblangEnvironment).
func RegisterBloblang(env *bloblang.Environment) error {
	for _, m := range methods {
		if err := env.RegisterMethodV2(m.name, m.spec(), m.ctor); err != nil {
			return fmt.Errorf("bloblang method %s: %w", m.name, err)
		}
	}
	return nil
}

// method is one Bloblang method of this package.
type method struct {
	name string
	spec func() *bloblang.PluginSpec
	ctor bloblang.MethodConstructorV2
}

// methods are the Bloblang methods RegisterBloblang registers.
var methods = []method{
	{"parse_url_whatwg", parseURLSpec, parseURLCtor},
	{"url_resolve", resolveSpec, resolveCtor},
	{"url_cache_key", cacheKeySpec, cacheKeyCtor},
	{"url_site", siteSpec, siteCtor},
	{"parse_query_whatwg", querySpec, queryCtor},
}

const category = "Parsing"

func parseURLSpec() *bloblang.PluginSpec {
	return bloblang.NewPluginSpec().
		Category(category).
		Description("Parses a URL as the WHATWG URL Standard (and so a browser) reads it, returning the components of a browser's URL object: href, protocol, username, host, hostname, port, pathname, search, hash and origin (the password is left out). With `base`, a relative reference is resolved against it. With `validation_errors: true` the object also holds `validation_errors`, a list of `{type, offset}` for the standard's validation errors, which a URL can have and still parse. A string that is not a URL is an error, which `catch` handles.").
		Param(bloblang.NewStringParam("base").Description("A URL to resolve the string against.").Default("")).
		Param(bloblang.NewBoolParam("validation_errors").Description("Whether to list the validation errors.").Default(false)).
		Example("", `root = this.url.parse_url_whatwg()`,
			[2]string{`{"url":"HTTPS://Example.COM:443/a/./b/../c?q=1;r=2#top"}`,
				`{"hash":"#top","host":"example.com","hostname":"example.com","href":"https://example.com/a/c?q=1;r=2#top","origin":"https://example.com","pathname":"/a/c","port":"","protocol":"https:","search":"?q=1;r=2","username":""}`}).
		Example("", `root.path = this.href.parse_url_whatwg(base: this.page).pathname`,
			[2]string{`{"href":"../img/x.png","page":"https://example.com/blog/post/"}`,
				`{"path":"/blog/img/x.png"}`})
}

func parseURLCtor(args *bloblang.ParsedParams) (bloblang.Method, error) {
	base, err := baseParam(args)
	if err != nil {
		return nil, err
	}
	withErrors, err := args.GetBool("validation_errors")
	if err != nil {
		return nil, err
	}
	return bloblang.StringMethod(func(s string) (any, error) {
		if withErrors {
			u, errs, err := span.ParseWithErrors(s, base)
			if err != nil {
				return nil, err
			}
			m := urlFields(u)
			m["validation_errors"] = validationErrors(errs.List)
			return m, nil
		}
		u, err := parse(s, base)
		if err != nil {
			return nil, err
		}
		return urlFields(u), nil
	}), nil
}

func resolveSpec() *bloblang.PluginSpec {
	return bloblang.NewPluginSpec().
		Category(category).
		Description("Resolves the string, a URL or a relative reference, against a base URL as a browser resolves a link on a page, and returns the href of the result.").
		Param(bloblang.NewStringParam("base").Description("The URL to resolve against.")).
		Example("", `root.link = this.href.url_resolve(this.page)`,
			[2]string{`{"href":"../img/x.png?v=1","page":"https://example.com/blog/post/"}`,
				`{"link":"https://example.com/blog/img/x.png?v=1"}`})
}

func resolveCtor(args *bloblang.ParsedParams) (bloblang.Method, error) {
	s, err := args.GetString("base")
	if err != nil {
		return nil, err
	}
	base, err := span.Parse(s)
	if err != nil {
		return nil, fmt.Errorf("base: %w", err)
	}
	return bloblang.StringMethod(func(s string) (any, error) {
		u, err := base.Parse(s)
		if err != nil {
			return nil, err
		}
		return u.Href(), nil
	}), nil
}

func cacheKeySpec() *bloblang.PluginSpec {
	return bloblang.NewPluginSpec().
		Category(category).
		Description("Returns the cache key of a URL, under which the URLs that name the same resource fall together: the URL without its fragment, its query's parameters sorted by name (parameters with the same name keep their order) and without empty parameters. The parameters choose another policy, as spanurl's urlkey.Options does.").
		Param(bloblang.NewAnyParam("drop_params").Description("Names of query parameters to leave out, such as `fbclid`.").Default([]any{})).
		Param(bloblang.NewAnyParam("drop_param_prefixes").Description("Prefixes of the names of query parameters to leave out, such as `utm_`.").Default([]any{})).
		Param(bloblang.NewBoolParam("keep_order").Description("Keep the parameters in their order.").Default(false)).
		Param(bloblang.NewBoolParam("normalize_escapes").Description("Decode percent-encoded unreserved characters and uppercase the hex digits of the others.").Default(false)).
		Param(bloblang.NewBoolParam("keep_fragment").Description("Keep the fragment.").Default(false)).
		Example("", `root.key = this.url.url_cache_key(drop_param_prefixes: ["utm_"])`,
			[2]string{`{"url":"https://Example.com/p?b=2&utm_source=x&a=1#top"}`,
				`{"key":"https://example.com/p?a=1&b=2"}`})
}

func cacheKeyCtor(args *bloblang.ParsedParams) (bloblang.Method, error) {
	var o urlkey.Options
	var err error
	if o.DropParams, err = stringsParam(args, "drop_params"); err != nil {
		return nil, err
	}
	if o.DropParamPrefixes, err = stringsParam(args, "drop_param_prefixes"); err != nil {
		return nil, err
	}
	for _, b := range []struct {
		name string
		to   *bool
	}{{"keep_order", &o.KeepOrder}, {"normalize_escapes", &o.NormalizeEscapes}, {"keep_fragment", &o.KeepFragment}} {
		if *b.to, err = args.GetBool(b.name); err != nil {
			return nil, err
		}
	}
	return bloblang.StringMethod(func(s string) (any, error) {
		u, err := span.Parse(s)
		if err != nil {
			return nil, err
		}
		key := o.CacheKey(u)
		return key, nil
	}), nil
}

func siteSpec() *bloblang.PluginSpec {
	return bloblang.NewPluginSpec().
		Category(category).
		Description("Returns the site of a URL: the registrable domain of its host by the Public Suffix List (`www.example.co.uk` and `img.example.co.uk` are both `example.co.uk`), or the host itself when it has none (an IP address, `localhost`); the empty string for a URL without a host.").
		Param(bloblang.NewBoolParam("icann_only").Description("Use only the ICANN section of the list, so that `alice.github.io` and `bob.github.io` are both `github.io`.").Default(false)).
		Example("", `root.site = this.url.url_site()`,
			[2]string{`{"url":"https://img.example.co.uk/a.png"}`, `{"site":"example.co.uk"}`})
}

func siteCtor(args *bloblang.ParsedParams) (bloblang.Method, error) {
	var o urlkey.Options
	var err error
	if o.ICANNOnly, err = args.GetBool("icann_only"); err != nil {
		return nil, err
	}
	return bloblang.StringMethod(func(s string) (any, error) {
		u, err := span.Parse(s)
		if err != nil {
			return nil, err
		}
		return o.SiteKey(u), nil
	}), nil
}

func querySpec() *bloblang.PluginSpec {
	return bloblang.NewPluginSpec().
		Category(category).
		Description("Parses a query string (with or without its leading `?`) or a form body as the URL Standard's application/x-www-form-urlencoded parser (URLSearchParams) does, in the shape of parse_form_url_encoded: a name met once maps to its value, a name met more often to the list of its values. Only `&` separates parameters, so that `a=1;b=2` is the parameter `a` with the value `1;b=2`, where parse_form_url_encoded fails.").
		Example("", `root.params = this.url.parse_url_whatwg().search.parse_query_whatwg()`,
			[2]string{`{"url":"https://example.com/?a=1;b=2&c=%41&c=+"}`,
				`{"params":{"a":"1;b=2","c":["A"," "]}}`})
}

func queryCtor(*bloblang.ParsedParams) (bloblang.Method, error) {
	return bloblang.StringMethod(func(s string) (any, error) {
		return queryFields(s), nil
	}), nil
}

// baseParam returns the URL of the optional "base" parameter, the zero URL
// when it is empty.
func baseParam(args *bloblang.ParsedParams) (span.URL, error) {
	s, err := args.GetString("base")
	if err != nil || s == "" {
		return span.URL{}, err
	}
	base, err := span.Parse(s)
	if err != nil {
		return span.URL{}, fmt.Errorf("base: %w", err)
	}
	return base, nil
}

// parse parses s against base, the zero URL for none.
func parse(s string, base span.URL) (span.URL, error) {
	if base.IsZero() {
		return span.Parse(s)
	}
	return base.Parse(s)
}

// stringsParam returns the parameter name, an array of strings.
func stringsParam(args *bloblang.ParsedParams, name string) ([]string, error) {
	v, err := args.Get(name)
	if err != nil {
		return nil, err
	}
	list, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("%s: expected an array of strings, got %T", name, v)
	}
	out := make([]string, 0, len(list))
	for _, e := range list {
		s, ok := e.(string)
		if !ok {
			return nil, errors.New(name + ": expected an array of strings")
		}
		out = append(out, s)
	}
	return out, nil
}
