package spanbeam_test

import (
	"context"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/spanurl/spanurl/accesslog"
	"github.com/spanurl/spanurl/integrations/beam/spanbeam"
	"golang.org/x/net/publicsuffix"
)

// The benchmarks compare spanbeam's DoFns with what a Beam Go user writes
// today, Beam having no URL transform: a DoFn around net/url, with
// golang.org/x/net/publicsuffix for the site and url.Values' sorted
// Encode for the cache key, and for logs a regular expression of the
// combined_host format before it. The inputs are the request targets and
// hosts of requests.txt, as absolute URLs and as a combined_host log.

func init() {
	register.DoFn3x0[string, func(string, spanbeam.URL), func(spanbeam.DeadLetter)](&netURLFn{})
	register.DoFn3x0[string, func(string, spanbeam.Request), func(spanbeam.DeadLetter)](&regexpLogFn{})
	register.DoFn3x0[context.Context, string, spanbeam.URL](&countURLFn{})
	register.DoFn2x0[context.Context, spanbeam.DeadLetter](&countDeadFn{})
}

// netURLFn parses with net/url and keys as spanbeam's KeyBy says.
type netURLFn struct {
	KeyBy spanbeam.KeyBy
}

func (f *netURLFn) ProcessElement(line string, emit func(string, spanbeam.URL), dead func(spanbeam.DeadLetter)) {
	u, err := url.Parse(strings.TrimSpace(line))
	if err == nil && !u.IsAbs() {
		err = errNotAbsolute
	}
	if err != nil {
		dead(spanbeam.DeadLetter{Input: line, Reason: err.Error()})
		return
	}
	emit(netKey(f.KeyBy, u), netComponents(u))
}

type notAbsolute struct{}

func (notAbsolute) Error() string { return "not an absolute URL" }

var errNotAbsolute error = notAbsolute{}

func netComponents(u *url.URL) spanbeam.URL {
	c := spanbeam.URL{
		Href:     u.String(),
		Protocol: u.Scheme + ":",
		Host:     u.Host,
		Hostname: u.Hostname(),
		Port:     u.Port(),
		Pathname: u.EscapedPath(),
	}
	if u.User != nil {
		c.Username = u.User.Username()
		c.Password, _ = u.User.Password()
	}
	if u.RawQuery != "" {
		c.Search = "?" + u.RawQuery
	}
	if u.Fragment != "" {
		c.Hash = "#" + u.EscapedFragment()
	}
	return c
}

func netKey(k spanbeam.KeyBy, u *url.URL) string {
	switch k {
	case spanbeam.ByCacheKey:
		v := *u
		v.Fragment, v.RawFragment = "", ""
		v.RawQuery = u.Query().Encode()
		return v.String()
	case spanbeam.ByHref:
		return u.String()
	}
	host := strings.ToLower(u.Hostname())
	if site, err := publicsuffix.EffectiveTLDPlusOne(host); err == nil {
		return site
	}
	return host
}

// combinedHost is the combined_host format as a regular expression: the
// quoted fields allow nginx's \" and \\ escapes (left undecoded).
var combinedHost = regexp.MustCompile(`^(\S+) (\S+) (.*?) \[([^\]]*)\] "(\S+) (.*?)(?: (HTTP/[0-9.]+))?" (\d{3}) (\S+) "((?:[^"\\]|\\.)*)" "((?:[^"\\]|\\.)*)" "((?:[^"\\]|\\.)*)"`)

// regexpLogFn reads a combined_host line with a regular expression and
// makes its URL with net/url.
type regexpLogFn struct {
	Host, Scheme string
	KeyBy        spanbeam.KeyBy
}

func (f *regexpLogFn) ProcessElement(line string, emit func(string, spanbeam.Request), dead func(spanbeam.DeadLetter)) {
	m := combinedHost.FindStringSubmatch(line)
	if m == nil {
		dead(spanbeam.DeadLetter{Input: line, Reason: "malformed log line"})
		return
	}
	host := m[12]
	if host == "-" || host == "" {
		host = f.Host
	}
	u, err := url.ParseRequestURI(m[6])
	if err != nil {
		dead(spanbeam.DeadLetter{Input: line, Reason: err.Error()})
		return
	}
	if !u.IsAbs() {
		u.Scheme, u.Host = f.Scheme, host
	}
	emit(netKey(f.KeyBy, u), spanbeam.Request{
		Client: m[1], User: m[3], Time: m[4], Method: m[5], Target: m[6], Protocol: m[7],
		Status: m[8], Size: m[9], Referer: m[10], UserAgent: m[11], Server: host, URL: netComponents(u),
	})
}

// benchInputs returns requests.txt as absolute URLs (the Host, or
// example.com where the line has none) and as combined_host log lines.
func benchInputs(b *testing.B) (urls, logs []string) {
	b.Helper()
	for _, rec := range readLines(b, filepath.Join(datasetsDir(b), "requests.txt"), 1<<20) {
		target, host, _ := strings.Cut(rec, "\t")
		if host == "" {
			host = "example.com"
		}
		if strings.HasPrefix(target, "/") {
			urls = append(urls, "https://"+host+target)
		} else {
			urls = append(urls, target)
		}
		logs = append(logs, `192.0.2.1 - - [10/Oct/2024:13:55:36 +0000] "GET `+nginxEscape(target)+` HTTP/1.1" 200 1 "-" "-" "`+nginxEscape(host)+`"`)
	}
	return urls, logs
}

var (
	sinkKey  string
	sinkURL  spanbeam.URL
	sinkReq  spanbeam.Request
	sinkDead int
)

func emitURL(k string, u spanbeam.URL)     { sinkKey, sinkURL = k, u }
func emitReq(k string, r spanbeam.Request) { sinkKey, sinkReq = k, r }
func emitDead(spanbeam.DeadLetter)         { sinkDead++ }
func totalBytes(lines []string) (n int64) {
	for _, l := range lines {
		n += int64(len(l))
	}
	return n
}

// BenchmarkURLDoFn is the per-element cost of ParseURLs' DoFn and of the
// net/url DoFn, called as a runner calls them, without the runner.
func BenchmarkURLDoFn(b *testing.B) {
	urls, _ := benchInputs(b)
	for _, key := range []struct {
		name string
		by   spanbeam.KeyBy
	}{{"site", spanbeam.BySite}, {"cachekey", spanbeam.ByCacheKey}} {
		b.Run("spanbeam/"+key.name, func(b *testing.B) {
			fn := &spanbeam.ParseURLFn{KeyBy: key.by}
			if err := fn.Setup(); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(totalBytes(urls) / int64(len(urls)))
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				_ = fn.ProcessElement(urls[i%len(urls)], emitURL, emitDead)
			}
		})
		b.Run("neturl/"+key.name, func(b *testing.B) {
			fn := &netURLFn{KeyBy: key.by}
			b.SetBytes(totalBytes(urls) / int64(len(urls)))
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				fn.ProcessElement(urls[i%len(urls)], emitURL, emitDead)
			}
		})
	}
}

// BenchmarkLogDoFn is the per-element cost of ParseAccessLog's DoFn and
// of the regular expression and net/url DoFn on combined_host lines.
func BenchmarkLogDoFn(b *testing.B) {
	_, logs := benchInputs(b)
	b.Run("spanbeam/site", func(b *testing.B) {
		fn := &spanbeam.ParseLogFn{Format: accesslog.CombinedHost, Host: "example.com", Scheme: "https"}
		if err := fn.Setup(); err != nil {
			b.Fatal(err)
		}
		b.SetBytes(totalBytes(logs) / int64(len(logs)))
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			fn.ProcessElement(logs[i%len(logs)], emitReq, emitDead)
		}
	})
	b.Run("regexp+neturl/site", func(b *testing.B) {
		fn := &regexpLogFn{Host: "example.com", Scheme: "https"}
		b.SetBytes(totalBytes(logs) / int64(len(logs)))
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			fn.ProcessElement(logs[i%len(logs)], emitReq, emitDead)
		}
	})
}

// countURLFn and countDeadFn count a pipeline's outputs in metrics.
type countURLFn struct{}

func (countURLFn) ProcessElement(ctx context.Context, _ string, _ spanbeam.URL) {
	beam.NewCounter("bench", "parsed").Inc(ctx, 1)
}

type countDeadFn struct{}

func (countDeadFn) ProcessElement(ctx context.Context, _ spanbeam.DeadLetter) {
	beam.NewCounter("bench", "dead").Inc(ctx, 1)
}

// BenchmarkPrismURLs runs a whole pipeline on prism, in process:
// textio.Read of requests.txt's URLs, the parse keyed by site, and a
// counter; one op is one run over every line, and lines/s its
// throughput, runner overhead included.
func BenchmarkPrismURLs(b *testing.B) {
	urls, _ := benchInputs(b)
	path := filepath.Join(b.TempDir(), "urls.txt")
	if err := os.WriteFile(path, []byte(strings.Join(urls, "\n")+"\n"), 0o600); err != nil {
		b.Fatal(err)
	}
	run := func(b *testing.B, parse func(s beam.Scope, lines beam.PCollection) (beam.PCollection, beam.PCollection)) {
		for b.Loop() {
			p, s := beam.NewPipelineWithRoot()
			parsed, dead := parse(s, textio.Read(s, path))
			beam.ParDo0(s, &countURLFn{}, parsed)
			beam.ParDo0(s, &countDeadFn{}, dead)
			res, err := ptest.RunWithMetrics(p)
			if err != nil {
				b.Fatal(err)
			}
			var n int64
			for _, c := range res.Metrics().AllMetrics().Counters() {
				n += c.Committed
			}
			if n != int64(len(urls)) {
				b.Fatalf("%d outputs for %d lines", n, len(urls))
			}
		}
		b.ReportMetric(float64(len(urls))*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
	}
	b.Run("spanbeam", func(b *testing.B) {
		run(b, func(s beam.Scope, lines beam.PCollection) (beam.PCollection, beam.PCollection) {
			return spanbeam.ParseURLs(s, lines, spanbeam.URLOptions{KeyBy: spanbeam.BySite})
		})
	})
	b.Run("neturl", func(b *testing.B) {
		run(b, func(s beam.Scope, lines beam.PCollection) (beam.PCollection, beam.PCollection) {
			return beam.ParDo2(s, &netURLFn{KeyBy: spanbeam.BySite}, lines)
		})
	})
}
