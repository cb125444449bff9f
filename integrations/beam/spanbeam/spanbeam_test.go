package spanbeam_test

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	beamlog "github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/spanurl/spanurl/accesslog"
	"github.com/spanurl/spanurl/integrations/beam/spanbeam"
	"github.com/spanurl/spanurl/span"
	"github.com/spanurl/spanurl/urlkey"
)

// TestMain runs the pipelines of the tests on the prism runner, in
// process, unless --runner names another.
func TestMain(m *testing.M) {
	// prism and the SDK log each job's steps at info, which would bury the
	// tests' and the benchmarks' own output.
	beamlog.LogLevel = "warn"
	ptest.MainWithDefault(m, "prism")
}

func init() {
	register.Function2x1(formatURL)
	register.Function2x1(formatRequest)
	register.Function1x1(formatDead)
}

// formatURL writes a keyed URL as one comparable string.
func formatURL(key string, u spanbeam.URL) string {
	return strings.Join([]string{key, u.Href, u.Protocol, u.Username, u.Password, u.Host, u.Hostname, u.Port, u.Pathname, u.Search, u.Hash}, "|")
}

// formatRequest writes a keyed request as one comparable string.
func formatRequest(key string, r spanbeam.Request) string {
	return strings.Join([]string{key, r.Client, r.User, r.Time, r.Method, r.Target, r.Protocol, r.Status, r.Size, r.Referer, r.UserAgent, r.Server}, "|") + "|" + formatURL("", r.URL)
}

// expectKey is the key KeyBy k names for u, from urlkey alone.
func expectKey(k spanbeam.KeyBy, keys urlkey.Options, u span.URL) string {
	switch k {
	case spanbeam.ByCacheKey:
		return keys.CacheKey(u)
	case spanbeam.ByHref:
		return u.Href()
	}
	return keys.SiteKey(u)
}

// formatDead writes a dead letter as one comparable string.
func formatDead(d spanbeam.DeadLetter) string { return d.Input + "|" + d.Reason }

// expectURLs computes with the library alone what ParseURLs should give
// for lines: the formatted keyed URLs and the formatted dead letters.
func expectURLs(t *testing.T, lines []string, opts spanbeam.URLOptions) (parsed, dead []any) {
	t.Helper()
	base := span.URL{}
	if opts.Base != "" {
		base = span.MustParse(opts.Base)
	}
	for _, line := range lines {
		var (
			u   span.URL
			err error
		)
		if opts.Base != "" {
			u, err = base.Parse(line)
		} else {
			u, err = span.Parse(line)
		}
		if err != nil {
			dead = append(dead, line+"|"+err.Error())
			continue
		}
		key := expectKey(opts.KeyBy, opts.Keys, u)
		parsed = append(parsed, formatURL(key, spanbeam.FromSpan(u)))
	}
	return parsed, dead
}

// checkURLs runs ParseURLs on lines and checks its outputs against want
// and wantDead, formatted.
func checkURLs(t *testing.T, lines []string, opts spanbeam.URLOptions, want, wantDead []any) {
	t.Helper()
	p, s := beam.NewPipelineWithRoot()
	parsed, dead := spanbeam.ParseURLs(s, beam.CreateList(s, lines), opts)
	passert.Equals(s, beam.ParDo(s, formatURL, parsed), want...)
	passert.Equals(s, beam.ParDo(s, formatDead, dead), wantDead...)
	ptest.RunAndValidate(t, p)
}

// TestParseURLs checks the components and site keys of a few URLs, and
// the dead letters of what is not a URL, against values written out.
func TestParseURLs(t *testing.T) {
	lines := []string{
		"https://user:pw@www.Example.co.uk:8443/a/../b?q=1#top",
		"  http://img.example.co.uk/x.png\t",
		"HTTP://[::1]:80/",
		"mailto:someone@example.org",
		"https://alice.github.io/p",
		"https://exa mple.com/",
		"/relative/only",
		"http://999.1.1.1/",
	}
	want := []any{
		"example.co.uk|https://user:pw@www.example.co.uk:8443/b?q=1#top|https:|user|pw|www.example.co.uk:8443|www.example.co.uk|8443|/b|?q=1|#top",
		"example.co.uk|http://img.example.co.uk/x.png|http:|||img.example.co.uk|img.example.co.uk||/x.png||",
		"[::1]|http://[::1]/|http:|||[::1]|[::1]||/||",
		"|mailto:someone@example.org|mailto:||||||someone@example.org||",
		"alice.github.io|https://alice.github.io/p|https:|||alice.github.io|alice.github.io||/p||",
	}
	gotParsed, gotDead := expectURLs(t, lines, spanbeam.URLOptions{})
	if strings.Join(toStrings(gotParsed), "\n") != strings.Join(toStrings(want), "\n") {
		t.Fatalf("the library gives\n%s\nwant\n%s", strings.Join(toStrings(gotParsed), "\n"), strings.Join(toStrings(want), "\n"))
	}
	if len(gotDead) != 3 {
		t.Fatalf("the library refuses %d lines, want 3: %v", len(gotDead), gotDead)
	}
	for i, in := range []string{"https://exa mple.com/", "/relative/only", "http://999.1.1.1/"} {
		if d := gotDead[i].(string); !strings.HasPrefix(d, in+"|invalid URL") {
			t.Errorf("dead letter %d = %q, want the input and the parser's reason", i, d)
		}
	}
	checkURLs(t, lines, spanbeam.URLOptions{}, want, gotDead)
}

// TestParseURLsKeys checks the cache key with a policy, the ICANN-only
// site key, the href key and a base URL.
func TestParseURLsKeys(t *testing.T) {
	lines := []string{
		"https://shop.example/cart?b=2&utm_source=x&a=1#frag",
		"https://shop.example/cart?a=1&b=2",
		"https://alice.github.io/",
		"../up?x",
		"https://[bad/",
	}
	for _, opts := range []spanbeam.URLOptions{
		{KeyBy: spanbeam.ByCacheKey, Keys: urlkey.Options{DropParamPrefixes: []string{"utm_"}}},
		{KeyBy: spanbeam.BySite, Keys: urlkey.Options{ICANNOnly: true}, Base: "https://www.example.com/dir/page"},
		{KeyBy: spanbeam.ByHref, Base: "file:///C:/dir/"},
	} {
		want, wantDead := expectURLs(t, lines, opts)
		checkURLs(t, lines, opts, want, wantDead)
	}
	want, _ := expectURLs(t, lines[:2], spanbeam.URLOptions{KeyBy: spanbeam.ByCacheKey, Keys: urlkey.Options{DropParamPrefixes: []string{"utm_"}}})
	if k0, k1, _ := strings.Cut(want[0].(string), "|"); k0 != strings.SplitN(want[1].(string), "|", 2)[0] || k1 == "" {
		t.Errorf("the two spellings of /cart have the keys of %q and %q, want one", want[0], want[1])
	}
}

// TestTryParseURLsBase checks that a base that is not a URL is refused
// when the pipeline is built.
func TestTryParseURLsBase(t *testing.T) {
	_, s := beam.NewPipelineWithRoot()
	_, _, err := spanbeam.TryParseURLs(s, beam.Create(s, "a"), spanbeam.URLOptions{Base: "not a base"})
	var perr *span.ParseError
	if !errors.As(err, &perr) {
		t.Fatalf("TryParseURLs with an invalid base: %v, want a *span.ParseError", err)
	}
}

// TestTryParseAccessLogFormat checks that a format accesslog does not
// read is refused when the pipeline is built.
func TestTryParseAccessLogFormat(t *testing.T) {
	_, s := beam.NewPipelineWithRoot()
	for _, f := range []accesslog.Format{0, accesslog.CombinedHost + 1} {
		if _, _, err := spanbeam.TryParseAccessLog(s, beam.Create(s, "a"), f, spanbeam.LogOptions{}); err == nil {
			t.Errorf("TryParseAccessLog with %v: no error", f)
		}
	}
	if _, _, err := spanbeam.TryParseAccessLog(s, beam.Create(s, "a"), accesslog.Common, spanbeam.LogOptions{}); err != nil {
		t.Errorf("TryParseAccessLog with Common: %v", err)
	}
}

var logLines = []string{
	`203.0.113.9 - - [10/Oct/2024:13:55:36 +0000] "GET /a/../index.html?q=1 HTTP/1.1" 200 2326 "-" "curl/8.5.0"`,
	`192.0.2.44 - bob [10/Oct/2024:13:55:41 +0000] "CONNECT upstream.example.org:443 HTTP/1.1" 200 0 "-" "curl/8.5.0"`,
	`192.0.2.45 - - [10/Oct/2024:13:55:42 +0000] "GET http://proxy.example.net/x?b=1&a=2 HTTP/1.1" 200 9 "https://ref.example/" "agent \"q\""`,
	`198.51.100.8 - - [10/Oct/2024:13:55:46 +0000] "-" 408 0 "-" "-"`,
	`198.51.100.9 - - [10/Oct/2024:13:55:47 +0000] "GET /a b HTTP/1.1" 400 0 "-" "-"`,
	`not a log line`,
}

// expectLog computes with the library alone what ParseAccessLog should
// give for lines.
func expectLog(t *testing.T, lines []string, format accesslog.Format, opts spanbeam.LogOptions) (parsed, dead []any) {
	t.Helper()
	p := accesslog.Parser{Format: format}
	for _, line := range lines {
		var l accesslog.Line
		if err := p.Parse([]byte(line), &l); err != nil {
			dead = append(dead, line+"|"+err.Error())
			continue
		}
		u, err := l.URL(opts.Host, opts.Scheme)
		if err != nil {
			dead = append(dead, line+"|"+err.Error())
			continue
		}
		key := expectKey(opts.KeyBy, opts.Keys, u)
		server, _ := l.Server(opts.Host, opts.Scheme)
		parsed = append(parsed, formatRequest(key, spanbeam.Request{
			Client: string(l.Client), User: string(l.User), Time: string(l.Time),
			Method: string(l.Method), Target: string(l.Target), Protocol: string(l.Protocol),
			Status: string(l.Status), Size: string(l.Size), Referer: string(l.Referer),
			UserAgent: string(l.UserAgent), Server: server, URL: spanbeam.FromSpan(u),
		}))
	}
	return parsed, dead
}

// checkLog runs ParseAccessLog on lines and checks its outputs.
func checkLog(t *testing.T, lines []string, format accesslog.Format, opts spanbeam.LogOptions, want, wantDead []any) {
	t.Helper()
	p, s := beam.NewPipelineWithRoot()
	parsed, dead := spanbeam.ParseAccessLog(s, beam.CreateList(s, lines), format, opts)
	passert.Equals(s, beam.ParDo(s, formatRequest, parsed), want...)
	passert.Equals(s, beam.ParDo(s, formatDead, dead), wantDead...)
	ptest.RunAndValidate(t, p)
}

// TestParseAccessLog checks the requests of a few combined-log lines
// against values written out, and their dead letters.
func TestParseAccessLog(t *testing.T) {
	opts := spanbeam.LogOptions{Host: "www.example.com", Scheme: "https", KeyBy: spanbeam.ByCacheKey}
	want := []any{
		`https://www.example.com/index.html?q=1|203.0.113.9|-|10/Oct/2024:13:55:36 +0000|GET|/a/../index.html?q=1|HTTP/1.1|200|2326|-|curl/8.5.0|www.example.com||https://www.example.com/index.html?q=1|https:|||www.example.com|www.example.com||/index.html|?q=1|`,
	}
	got, wantDead := expectLog(t, logLines, accesslog.Combined, opts)
	if strings.Join(toStrings(got), "\n") != strings.Join(toStrings(want), "\n") {
		t.Fatalf("the library gives\n%s\nwant\n%s", strings.Join(toStrings(got), "\n"), strings.Join(toStrings(want), "\n"))
	}
	// CONNECT and the absolute-form target of another scheme are refused
	// as the proxy refuses them (accesslog's strict policy).
	if len(wantDead) != 5 {
		t.Fatalf("the library refuses %d lines, want 5: %v", len(wantDead), wantDead)
	}
	checkLog(t, logLines, accesslog.Combined, opts, want, wantDead)
}

// TestSameAsLibrary runs both transforms on lines of the corpora
// (absolute.txt and messy.txt as URLs, requests.txt written as a
// combined_host log) and checks that every output equals what the
// library gives for the same line.
func TestSameAsLibrary(t *testing.T) {
	dir := datasetsDir(t)
	n := 3000
	if testing.Short() {
		n = 300
	}
	urls := append(readLines(t, filepath.Join(dir, "absolute.txt"), n), readLines(t, filepath.Join(dir, "messy.txt"), n)...)
	// The corpora's first lines all parse; these do not.
	urls = append(urls, "", "https://exa mple.com/", "http://[::1/", "//no-scheme", "https://xn--/", "http://1.2.3.4.5/")
	var logs []string
	for _, rec := range readLines(t, filepath.Join(dir, "requests.txt"), 2*n) {
		target, host, _ := strings.Cut(rec, "\t")
		if host == "" {
			host = "-"
		}
		logs = append(logs, `192.0.2.1 - - [10/Oct/2024:13:55:36 +0000] "GET `+nginxEscape(target)+` HTTP/1.1" 200 1 "-" "-" "`+nginxEscape(host)+`"`)
	}

	uopts := spanbeam.URLOptions{KeyBy: spanbeam.ByCacheKey, Keys: urlkey.Options{NormalizeEscapes: true}}
	wantURLs, wantURLDead := expectURLs(t, urls, uopts)
	lopts := spanbeam.LogOptions{Host: "example.com", Scheme: "https"}
	wantLogs, wantLogDead := expectLog(t, logs, accesslog.CombinedHost, lopts)
	if len(wantURLDead) == 0 || len(wantURLs) < len(urls)/2 || len(wantLogs) < len(logs)/2 {
		t.Fatalf("corpora: %d URLs, %d refused; %d requests", len(wantURLs), len(wantURLDead), len(wantLogs))
	}

	// One pipeline with both transforms: prism's start-up is paid once.
	p, s := beam.NewPipelineWithRoot()
	parsed, dead := spanbeam.ParseURLs(s, beam.CreateList(s, urls), uopts)
	passert.Equals(s, beam.ParDo(s, formatURL, parsed), wantURLs...)
	passert.Equals(s, beam.ParDo(s, formatDead, dead), wantURLDead...)
	reqs, bad := spanbeam.ParseAccessLog(s, beam.CreateList(s, logs), accesslog.CombinedHost, lopts)
	passert.Equals(s, beam.ParDo(s, formatRequest, reqs), wantLogs...)
	passert.Equals(s, beam.ParDo(s, formatDead, bad), wantLogDead...)
	ptest.RunAndValidate(t, p)
}

func toStrings(v []any) []string {
	out := make([]string, len(v))
	for i, x := range v {
		out[i] = x.(string)
	}
	return out
}

// datasetsDir returns the URL corpora's directory: $SPANURL_DATASETS_DIR,
// or shared/datasets beside the repository.
func datasetsDir(tb testing.TB) string {
	tb.Helper()
	const env, probe = "SPANURL_DATASETS_DIR", "requests.txt"
	if dir := os.Getenv(env); dir != "" {
		if _, err := os.Stat(filepath.Join(dir, probe)); err != nil {
			tb.Fatalf("$%s=%s has no %s", env, dir, probe)
		}
		return dir
	}
	dir := filepath.Join("..", "..", "..", "..", "shared", "datasets")
	if _, err := os.Stat(filepath.Join(dir, probe)); err != nil {
		tb.Skipf("test data not found: set $%s or put shared/datasets beside the repository", env)
	}
	return dir
}

// readLines returns the first n lines of the file at path.
func readLines(tb testing.TB, path string, n int) []string {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for len(lines) < n && sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return lines
}

// nginxEscape escapes s as nginx writes a quoted field: '"', '\' and
// bytes that are not printable ASCII as \xHH.
func nginxEscape(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7F || c == '"' || c == '\\' {
			b.WriteString(`\x`)
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}
