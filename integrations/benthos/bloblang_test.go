package benthos

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/redpanda-data/benthos/v4/public/bloblang"
)

// query runs mapping on the JSON document in on env and returns the result as JSON.
func query(t *testing.T, env *bloblang.Environment, mapping, in string) (string, error) {
	t.Helper()
	exec, err := env.Parse(mapping)
	if err != nil {
		t.Fatalf("%s: %v", mapping, err)
	}
	var v any
	if err := json.Unmarshal([]byte(in), &v); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Query(v)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

func TestBloblangMethods(t *testing.T) {
	for _, c := range []struct{ mapping, in, want string }{
		{`root = this.url.parse_url_whatwg()`, `{"url":"HTTPS://Example.COM:443/a/./b/../c?q=1;r=2#top"}`,
			`{"hash":"#top","host":"example.com","hostname":"example.com","href":"https://example.com/a/c?q=1;r=2#top","origin":"https://example.com","pathname":"/a/c","port":"","protocol":"https:","search":"?q=1;r=2","username":""}`},
		{`root.path = this.href.parse_url_whatwg(base: this.page).pathname`, `{"href":"../img/x.png","page":"https://example.com/blog/post/"}`,
			`{"path":"/blog/img/x.png"}`},
		{`root = this.parse_url_whatwg(validation_errors: true).validation_errors`, `"http://a\\b"`,
			`[{"offset":8,"type":"invalid-reverse-solidus"}]`},
		{`root = this.parse_url_whatwg().hostname`, `"http://BÜCHER.example/"`, `"xn--bcher-kva.example"`},
		{`root.link = this.href.url_resolve(this.page)`, `{"href":"../img/x.png?v=1","page":"https://example.com/blog/post/"}`,
			`{"link":"https://example.com/blog/img/x.png?v=1"}`},
		{`root = this.url_resolve("http://h/a/b")`, `"//other/x"`, `"http://other/x"`},
		{`root.key = this.url.url_cache_key(drop_param_prefixes: ["utm_"])`, `{"url":"https://Example.com/p?b=2&utm_source=x&a=1#top"}`,
			`{"key":"https://example.com/p?a=1&b=2"}`},
		{`root = this.url_cache_key()`, `"http://h/?b=1&&a=2#f"`, `"http://h/?a=2&b=1"`},
		{`root = this.url_cache_key(keep_order: true, keep_fragment: true, drop_params: ["fbclid"])`, `"http://h/?b=1&fbclid=z&a=2#f"`, `"http://h/?b=1&a=2#f"`},
		{`root = this.url_cache_key(normalize_escapes: true)`, `"http://h/%7e%2f"`, `"http://h/~%2F"`},
		{`root.site = this.url.url_site()`, `{"url":"https://img.example.co.uk/a.png"}`, `{"site":"example.co.uk"}`},
		{`root = [this.url_site(), this.url_site(icann_only: true)]`, `"https://alice.github.io/"`, `["alice.github.io","github.io"]`},
		{`root.params = this.url.parse_url_whatwg().search.parse_query_whatwg()`, `{"url":"https://example.com/?a=1;b=2&c=%41&c=+"}`,
			`{"params":{"a":"1;b=2","c":["A"," "]}}`},
		{`root = this.parse_query_whatwg()`, `"a=%zz&a=1&a=2"`, `{"a":["%zz","1","2"]}`},
		{`root = this.parse_url_whatwg().pathname.catch("refused")`, `"not a url"`, `"refused"`},
	} {
		got, err := query(t, bloblang.GlobalEnvironment(), c.mapping, c.in)
		if err != nil {
			t.Errorf("%s on %s: %v", c.mapping, c.in, err)
			continue
		}
		if got != c.want {
			t.Errorf("%s on %s:\n got %s\nwant %s", c.mapping, c.in, got, c.want)
		}
	}
}

func TestBloblangErrors(t *testing.T) {
	_, err := query(t, bloblang.GlobalEnvironment(), `root = this.parse_url_whatwg()`, `"https://exa mple.com/?token=secret"`)
	if err == nil || !strings.Contains(err.Error(), "domain-invalid-code-point") || strings.Contains(err.Error(), "secret") {
		t.Errorf("error = %v, want the validation error with the token masked", err)
	}
	if _, err := bloblang.Parse(`root = this.url_resolve("not a base")`); err == nil {
		t.Error("a base that is not a URL is accepted")
	}
	if _, err := bloblang.Parse(`root = this.url_cache_key(drop_params: "fbclid")`); err == nil {
		t.Error("drop_params that is not an array is accepted")
	}
}

// TestBloblangCustomEnvironment checks that RegisterBloblang gives the
// methods to an environment that starts without them.
func TestBloblangCustomEnvironment(t *testing.T) {
	env := bloblang.NewEmptyEnvironment()
	if _, err := env.Parse(`root = this.parse_url_whatwg()`); err == nil {
		t.Fatal("an empty environment has parse_url_whatwg")
	}
	if err := RegisterBloblang(env); err != nil {
		t.Fatal(err)
	}
	got, err := query(t, env, `root = this.parse_url_whatwg().href`, `"HTTP://A/"`)
	if err != nil || got != `"http://a/"` {
		t.Errorf("got %s, %v", got, err)
	}
}

// TestMappingProcessor runs the methods in a mapping processor of a stream.
func TestMappingProcessor(t *testing.T) {
	out := runStream(t, []string{
		`{"url":"https://Example.com/a?b=1;c=2&utm_source=x"}`,
		`{"url":"http://[::1"}`,
	}, `
mapping: |
  let u = this.url.parse_url_whatwg()
  root.host = $u.hostname
  root.key = this.url.url_cache_key(drop_param_prefixes: ["utm_"])
  root.params = $u.search.parse_query_whatwg()
`)
	var got map[string]any
	if err := json.Unmarshal([]byte(out[0].content), &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"host": "example.com", "key": "https://example.com/a?b=1;c=2",
		"params": map[string]any{"b": "1;c=2", "utm_source": "x"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if out[1].err == nil || !strings.Contains(out[1].err.Error(), "IPv6-unclosed") {
		t.Errorf("refused URL: %v", out[1].err)
	}
}
