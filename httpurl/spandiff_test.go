package httpurl_test

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/httpurl"
	"github.com/spanurl/spanurl/internal/testvectors"
	"github.com/spanurl/spanurl/span"
)

// sentinelPairs are httpurl's sentinels and span's of the same refusal.
var sentinelPairs = []struct{ h, s error }{
	{httpurl.ErrInvalidTarget, span.ErrInvalidTarget},
	{httpurl.ErrInvalidHost, span.ErrInvalidHost},
	{httpurl.ErrControlCharacter, span.ErrControlCharacter},
	{httpurl.ErrAsteriskForm, span.ErrAsteriskForm},
	{httpurl.ErrInvalidScheme, span.ErrInvalidScheme},
}

// sameResult reports what differs between httpurl's result and span's
// Parser's for one request: the href, the refusal, and for a refusal
// before parsing its sentinels, for one of the URL parser its validation
// error.
func sameResult(hu span.URL, herr error, su span.URL, serr error) string {
	if (herr == nil) != (serr == nil) || hu.Href() != su.Href() {
		return "results differ"
	}
	if herr == nil {
		return ""
	}
	var he *httpurl.Error
	if !errors.As(herr, &he) {
		return "httpurl's error is not an *Error"
	}
	if he.Err == nil {
		for _, p := range sentinelPairs {
			if errors.Is(herr, p.h) != errors.Is(serr, p.s) {
				return "sentinels differ on " + p.h.Error()
			}
		}
		return ""
	}
	ht, hok := span.ErrorType(herr)
	st, sok := span.ErrorType(serr)
	if ht != st || hok != sok {
		return "validation errors differ"
	}
	return ""
}

// diffRequest compares httpurl's ParseRequestTarget, ParseConnectTarget
// and ParseHost with span's Parser on one request.
func diffRequest(t testing.TB, p *span.Parser, target, host, scheme string) {
	t.Helper()
	hu, herr := httpurl.ParseRequestTarget(target, host, scheme)
	su, serr := p.ParseRequestTarget([]byte(target), host, scheme)
	if d := sameResult(hu, herr, su, serr); d != "" {
		t.Errorf("ParseRequestTarget(%q, %q, %q): %s: httpurl %q, %v; span %q, %v", target, host, scheme, d, hu.Href(), herr, su.Href(), serr)
	}
	hu, herr = httpurl.ParseConnectTarget(target)
	su, serr = p.ParseConnectTarget([]byte(target))
	if d := sameResult(hu, herr, su, serr); d != "" {
		t.Errorf("ParseConnectTarget(%q): %s: httpurl %q, %v; span %q, %v", target, d, hu.Href(), herr, su.Href(), serr)
	}
	hu, herr = httpurl.ParseHost(host, scheme)
	su, serr = p.ParseHost(host, scheme)
	if d := sameResult(hu, herr, su, serr); d != "" {
		t.Errorf("ParseHost(%q, %q): %s: httpurl %q, %v; span %q, %v", host, scheme, d, hu.Href(), herr, su.Href(), serr)
	}
}

// attackTargets are request targets that a proxy must not read otherwise
// than its backends, and attackHosts Host values of the same kind.
var (
	attackTargets = []string{
		"/", "*", "", "/a?b", "//evil.com/x", "///evil.com", "/\\evil.com", "/..%2f..%2fetc/passwd",
		"/a/..%2f", "/a/%2e%2e/b", "/a/.%2E/b", "/a\\..\\b", "/a@b", "/@evil.com", "/a\x00b", "/a\tb",
		"/a\r\nHost: x", "/a\x7fb", "/a b", "/a#b", "/\xff\xfe", "/\xc0\xae\xc0\xae/x", "/\xed\xa0\x80",
		"/é?é", "/\xe2\x82", "http://evil.com/x", "HTTP://EVIL.com:80/x", "https://evil.com:443",
		"http://u:p@evil.com/", "http://evil.com\\@good.com/", "http://[::1]x/", "http://[::1]:8080/a",
		"http:///x", "http://", "https://h?q", "ftp://h/", "javascript:alert(1)", "evil.com:443",
		"[::1]:443", "[::1]", "evil.com", "evil.com:", "u@evil.com:443", "h:443/x", "h:0x1bb",
		"CONNECT evil.com:443", "\xff:443", "xn--nxasmq6b.com:443", "EXAMPLE.com:80",
		"http://" + strings.Repeat("a", 300) + ".com/", strings.Repeat("a", 70000) + ".com:443",
		"http://1.2.3/x", "http://0x7f.1/", "http://h/\xff?\xfe", "http://\xff.com/", "/a?\x00",
		"%2F%2Fevil.com", "/%zz", "http://h.example:99999/", "http://h.example:-1/",
	}
	attackHosts = []string{
		"example.com", "EXAMPLE.com:443", "", "[::1]", "[::1]:8080", "[::1]x", "x[::1]", "[[::1]]",
		"[::1", "]", "u@h", "u:p@h", "h/x", "h\\x", "h?x", "h#x", "h x", "h\x00", "h\t", "h%41",
		"\xff.com", "xn--nxasmq6b.com", "bücher.de", "1.2.3", "0x7f.1", "h:99999", "h:", "h:x",
		strings.Repeat("a", 300) + ".com", "evil.com:443", "*",
	}
)

// TestSpanParserMatchesHTTPURL: span's Parser and httpurl accept the same
// request targets, hosts and CONNECT targets, with the same URL, and
// refuse the same ones with the same sentinels.
func TestSpanParserMatchesHTTPURL(t *testing.T) {
	var p span.Parser
	for _, target := range attackTargets {
		for _, host := range attackHosts {
			for _, scheme := range []string{"http", "HTTPS", "ftp"} {
				diffRequest(t, &p, target, host, scheme)
			}
		}
	}
}

// TestSpanParserMatchesHTTPURLOnRequests: the same over the recorded
// traffic of requests.txt.
func TestSpanParserMatchesHTTPURLOnRequests(t *testing.T) {
	f, err := os.Open(filepath.Join(testvectors.DatasetsDir(t), "requests.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var p span.Parser
	r := bufio.NewReader(f)
	n := 0
	for {
		line, err := r.ReadString('\n')
		if line = strings.TrimSuffix(line, "\n"); line != "" {
			target, host, _ := strings.Cut(line, "\t")
			if host == "" {
				host = "example.com"
			}
			diffRequest(t, &p, target, host, "https")
			n++
		}
		if err != nil {
			break
		}
	}
	if n < 1000 {
		t.Fatalf("requests.txt: %d lines", n)
	}
}

// FuzzSpanParserMatchesHTTPURL: span's Parser against httpurl on any
// request.
func FuzzSpanParserMatchesHTTPURL(f *testing.F) {
	for i, target := range attackTargets {
		f.Add(target, attackHosts[i%len(attackHosts)], i%2 == 0)
	}
	var p span.Parser
	f.Fuzz(func(t *testing.T, target, host string, https bool) {
		scheme := "http"
		if https {
			scheme = "https"
		}
		diffRequest(t, &p, target, host, scheme)
	})
}
