package benthos

import (
	"testing"

	"github.com/spanurl/spanurl/accesslog"
	"github.com/spanurl/spanurl/span"
	"github.com/spanurl/spanurl/urlkey"
)

// wantURL returns the fields the processor must give for u, computed with
// the library's own functions.
func wantURL(u span.URL) map[string]any {
	return map[string]any{
		"href": u.Href(), "protocol": u.Protocol(), "username": u.Username(),
		"host": u.Host(), "hostname": u.Hostname(), "port": u.Port(),
		"pathname": u.Pathname(), "search": u.Search(), "hash": u.Hash(),
		"origin": u.Origin(), "cache_key": urlkey.CacheKey(u), "site": urlkey.SiteKey(u),
	}
}

// checkURL compares the URL object got with the library's u.
func checkURL(t *testing.T, in string, got any, u span.URL) bool {
	t.Helper()
	obj, ok := got.(map[string]any)
	if !ok {
		t.Errorf("%q: url = %#v", in, got)
		return false
	}
	for k, v := range wantURL(u) {
		if obj[k] != v {
			t.Errorf("%q: %s = %#v, library %#v", in, k, obj[k], v)
			return false
		}
	}
	return true
}

// testEquivalence runs reqs through the processor in both modes and
// checks every message against the library on the same input.
func testEquivalence(t *testing.T, reqs []request) {
	urls := make([]string, len(reqs))
	lines := make([]string, len(reqs))
	for i, r := range reqs {
		urls[i], lines[i] = r.url(), r.logLine()
	}

	out := runStream(t, urls, `spanurl: {}`)
	if len(out) != len(urls) {
		t.Fatalf("url mode: %d messages out of %d", len(out), len(urls))
	}
	refused := 0
	for i, in := range urls {
		u, err := span.Parse(in)
		if err != nil {
			refused++
			if out[i].meta[MetaError] != err.Error() || out[i].content != in {
				t.Errorf("%q: refused as %q with content %q, library: %v", in, out[i].meta[MetaError], out[i].content, err)
			}
			continue
		}
		if out[i].meta[MetaError] != "" {
			t.Errorf("%q: refused (%s), library parses it", in, out[i].meta[MetaError])
			continue
		}
		checkURL(t, in, out[i].object(t), u)
	}
	t.Logf("url mode: %d inputs, %d refused by both", len(urls), refused)

	out = runStream(t, lines, `spanurl: { mode: accesslog, format: combined_host, host: `+defaultHost+`, scheme: https }`)
	if len(out) != len(lines) {
		t.Fatalf("accesslog mode: %d messages out of %d", len(out), len(lines))
	}
	p := accesslog.Parser{Format: accesslog.CombinedHost}
	var l accesslog.Line
	refused = 0
	for i, in := range lines {
		err := p.Parse([]byte(in), &l)
		var u span.URL
		if err == nil {
			u, err = l.URL(defaultHost, "https")
		}
		if err != nil {
			refused++
			if out[i].meta[MetaError] != err.Error() {
				t.Errorf("%q: refused as %q, library: %v", in, out[i].meta[MetaError], err)
			}
			continue
		}
		if out[i].meta[MetaError] != "" {
			t.Errorf("%q: refused (%s), library reads it", in, out[i].meta[MetaError])
			continue
		}
		obj := out[i].object(t)
		if obj["target"] != string(l.Target) || obj["host"] != string(l.Host) || obj["status"] != "200" {
			t.Errorf("%q: log fields %v", in, obj)
		}
		checkURL(t, in, obj["url"], u)
	}
	t.Logf("accesslog mode: %d lines, %d refused by both", len(lines), refused)
}

func TestEquivalenceSample(t *testing.T) {
	testEquivalence(t, sampleRequests(t))
}

// TestEquivalenceDataset compares the processor with the library on 2,000
// lines of the shared requests.txt taken at even steps, so that every
// source of the file (browser captures, then server logs) is in them.
func TestEquivalenceDataset(t *testing.T) {
	all := datasetRequests(t, 0)
	step := max(len(all)/2000, 1)
	var reqs []request
	for i := 0; i < len(all) && len(reqs) < 2000; i += step {
		reqs = append(reqs, all[i])
	}
	testEquivalence(t, reqs)
}
