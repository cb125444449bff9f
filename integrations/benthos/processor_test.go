package benthos

import (
	"strings"
	"testing"
)

func TestProcessorURL(t *testing.T) {
	out := runStream(t, []string{
		"HTTPS://User:Secret@EXAMPLE.com:443/a/./b/../c?b=2;x&a=1#top",
		`https://exa mple.com/?token=abc`,
		"/relative",
	}, `spanurl: {}`)
	if len(out) != 3 {
		t.Fatalf("%d messages out, want 3 (refused messages are kept)", len(out))
	}
	got := out[0].object(t)
	want := map[string]any{
		"href":      "https://User:Secret@example.com/a/c?b=2;x&a=1#top",
		"protocol":  "https:",
		"username":  "User",
		"host":      "example.com",
		"hostname":  "example.com",
		"port":      "",
		"pathname":  "/a/c",
		"search":    "?b=2;x&a=1",
		"hash":      "#top",
		"origin":    "https://example.com",
		"cache_key": "https://User:Secret@example.com/a/c?a=1&b=2;x",
		"site":      "example.com",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %#v, want %#v", k, got[k], v)
		}
	}
	if _, ok := got["password"]; ok {
		t.Errorf("the password is a field: %v", got)
	}
	if out[0].err != nil || out[0].meta[MetaError] != "" {
		t.Errorf("a valid URL is flagged: %v %q", out[0].err, out[0].meta[MetaError])
	}

	// A refused URL goes on unchanged, with its reason, the reason masking
	// the query's values.
	bad := out[1]
	if bad.content != `https://exa mple.com/?token=abc` {
		t.Errorf("refused content = %q, want it unchanged", bad.content)
	}
	if bad.err == nil {
		t.Error("refused message is not flagged with an error")
	}
	if e := bad.meta[MetaError]; !strings.Contains(e, "domain-invalid-code-point") || strings.Contains(e, "abc") {
		t.Errorf("%s = %q, want the reason with the token masked", MetaError, e)
	}
	if got := bad.meta[MetaErrorType]; got != "domain-invalid-code-point" {
		t.Errorf("%s = %q", MetaErrorType, got)
	}
	if out[2].meta[MetaErrorType] != "missing-scheme-non-relative-URL" {
		t.Errorf("relative reference without base: %q", out[2].meta)
	}
}

func TestProcessorBaseAndValidationErrors(t *testing.T) {
	out := runStream(t, []string{"../x y?q=\\", `https://a/b\c`},
		`spanurl: { base: "https://www.example.com/dir/page", validation_errors: true }`)
	got := out[0].object(t)
	if got["href"] != "https://www.example.com/x%20y?q=\\" {
		t.Errorf("href = %v", got["href"])
	}
	// The space and the backslash of the query are invalid-URL-unit.
	errs, _ := got["validation_errors"].([]any)
	if len(errs) != 2 || errs[0].(map[string]any)["offset"] != 4.0 || errs[1].(map[string]any)["type"] != "invalid-URL-unit" {
		t.Errorf("validation_errors = %v, want invalid-URL-unit at 4 and 9", errs)
	}
	got = out[1].object(t)
	errs, _ = got["validation_errors"].([]any)
	if len(errs) != 1 || errs[0].(map[string]any)["type"] != "invalid-reverse-solidus" {
		t.Errorf("validation_errors = %v, want invalid-reverse-solidus", got["validation_errors"])
	}
	if got["pathname"] != "/b/c" {
		t.Errorf("pathname = %v", got["pathname"])
	}
}

func TestProcessorFields(t *testing.T) {
	out := runStream(t, []string{
		`{"event":{"page":"https://Shop.Example.co.uk/p?utm_source=x&b=2&a=1"},"n":1}`,
		`{"event":{"page":42}}`,
		`{"other":1}`,
		`not json`,
	}, `
spanurl:
  field: event.page
  target_field: event.url
  cache_key:
    drop_param_prefixes: [ utm_ ]
`)
	got := out[0].object(t)
	if got["n"] != 1.0 || got["event"].(map[string]any)["page"] == nil {
		t.Errorf("other fields lost: %v", got)
	}
	u := got["event"].(map[string]any)["url"].(map[string]any)
	if u["cache_key"] != "https://shop.example.co.uk/p?a=1&b=2" || u["site"] != "example.co.uk" {
		t.Errorf("url = %v", u)
	}
	for i, want := range []string{"not a string", "not found", "not JSON"} {
		r := out[i+1]
		if !strings.Contains(r.meta[MetaError], want) || r.err == nil {
			t.Errorf("message %d: %s = %q, want %q", i+1, MetaError, r.meta[MetaError], want)
		}
	}
}

func TestProcessorAccessLog(t *testing.T) {
	lines := readLines(t, "testdata/combined-sample.log")
	out := runStream(t, lines, `
spanurl:
  mode: accesslog
  format: combined
  host: www.example.com
  scheme: https
`)
	if len(out) != len(lines) {
		t.Fatalf("%d messages out of %d", len(out), len(lines))
	}
	first := out[0].object(t)
	if first["status"] != "200" || first["method"] != "GET" || first["client"] != "203.0.113.9" || first["user_agent"] != "Mozilla/5.0" {
		t.Errorf("log fields = %v", first)
	}
	u := first["url"].(map[string]any)
	if u["href"] != "https://www.example.com/a/c?q=1;r=2" || u["search"] != "?q=1;r=2" {
		t.Errorf("url = %v", u)
	}
	// CONNECT names a tunnel, not a URL: the log fields are written and
	// the message flagged with httpurl.ErrConnect's reason, as a proxy on
	// httpurl refuses it.
	if c := out[2]; c.object(t)["method"] != "CONNECT" || c.object(t)["url"] != nil ||
		!strings.Contains(c.meta[MetaError], "CONNECT request") || c.err == nil {
		t.Errorf("CONNECT line: %q, %s", c.meta[MetaError], c.content)
	}
	// nginx's \xHH escapes are decoded, and the bytes are the URL's.
	if e := out[4].object(t); e["user_agent"] != `agent "x"` || e["url"].(map[string]any)["pathname"] != "/caf%C3%A9" {
		t.Errorf("escaped line = %v", e)
	}

	// "-": the log fields are written, the message flagged.
	dash := out[3]
	if obj := dash.object(t); obj["status"] != "408" || obj["url"] != nil {
		t.Errorf("request-less line = %v", obj)
	}
	if !strings.Contains(dash.meta[MetaError], "the request is not METHOD TARGET") || dash.err == nil {
		t.Errorf("request-less line: %q", dash.meta[MetaError])
	}
	// Not a log line: unchanged and flagged.
	if out[5].content != "not a log line" || !strings.Contains(out[5].meta[MetaError], "no [date] field") {
		t.Errorf("not a line: %q %v", out[5].content, out[5].meta)
	}
	// A target a server refuses (a space; a fragment): log fields and the
	// reason.
	for _, r := range out[6:] {
		if !strings.HasPrefix(r.meta[MetaError], "httpurl: invalid request target") || r.object(t)["status"] != "400" {
			t.Errorf("refused target: %q, %s", r.meta[MetaError], r.content)
		}
	}
}

func TestProcessorLogFormats(t *testing.T) {
	out := runStream(t, []string{
		`shop.example:443 203.0.113.9 - - [10/Oct/2024:13:55:36 +0000] "GET //cart/./items HTTP/2.0" 200 1 "-" "-"`,
		`shop.example:8080 203.0.113.9 - - [10/Oct/2024:13:55:36 +0000] "GET /x HTTP/1.1" 200 1 "-" "-"`,
	}, `spanurl: { mode: accesslog, format: vhost_combined }`)
	for i, want := range []string{"https://shop.example//cart/items", "http://shop.example:8080/x"} {
		obj := out[i].object(t)
		if obj["url"].(map[string]any)["href"] != want {
			t.Errorf("line %d: %v, want %s", i, obj, want)
		}
	}
	out = runStream(t, []string{
		`203.0.113.9 - - [10/Oct/2024:13:55:37 +0000] "GET /api?x=1 HTTP/1.1" 200 20 "-" "curl/8.5.0" "API.example.com:8443"`,
		`203.0.113.9 - - [10/Oct/2024:13:55:38 +0000] "GET /no-host HTTP/1.0" 200 20 "-" "curl/8.5.0" "-"`,
	}, `spanurl: { mode: accesslog, format: combined_host, host: default.example }`)
	for i, want := range []string{"http://api.example.com:8443/api?x=1", "http://default.example/no-host"} {
		obj := out[i].object(t)
		if obj["url"].(map[string]any)["href"] != want {
			t.Errorf("line %d: %v, want %s", i, obj, want)
		}
	}
}

func TestProcessorTargetOnRawMessage(t *testing.T) {
	out := runStream(t, []string{"https://example.com/"}, `spanurl: { target_field: parsed.url }`)
	obj := out[0].object(t)
	if obj["parsed"].(map[string]any)["url"].(map[string]any)["href"] != "https://example.com/" {
		t.Errorf("got %v", obj)
	}
}

func TestProcessorConfigErrors(t *testing.T) {
	for _, conf := range []string{
		`spanurl: { base: "not a url" }`,
		`spanurl: { field: "a..b" }`,
		`spanurl: { mode: nope }`,
		`spanurl: { scheme: ftp }`,
	} {
		spec := ProcessorSpec()
		body := strings.TrimPrefix(conf, "spanurl: ")
		parsed, err := spec.ParseYAML(body, nil)
		if err == nil {
			_, err = newProcessor(parsed, nil)
		}
		if err == nil {
			t.Errorf("%s: no error", conf)
		}
	}
}
