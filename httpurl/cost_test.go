package httpurl_test

import (
	"errors"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/spanurl/spanurl/httpurl"
	"github.com/spanurl/spanurl/internal/testvectors"
)

// serverRequest is the request net/http's server hands a handler for the
// request line "GET target HTTP/1.1": for an absolute-form target, r.Host
// is the target's authority.
func serverRequest(target, host string) *http.Request {
	if httpurl.FormOf(target) == httpurl.AbsoluteForm {
		_, rest, _ := strings.Cut(target, "://")
		if i := strings.IndexAny(rest, "/?"); i >= 0 {
			host = rest[:i]
		} else {
			host = rest
		}
	}
	return &http.Request{Method: "GET", RequestURI: target, Host: host, Header: http.Header{}}
}

// bestTimes runs each function runs times, interleaved, and returns the
// best time of each, in CPU time of the thread that runs them (see
// threadTime): the run least disturbed by the rest of the machine. Each
// run starts after a collection, so that none pays for the garbage of
// another.
func bestTimes(runs int, fs ...func()) []time.Duration {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	best := make([]time.Duration, len(fs))
	for i := range best {
		best[i] = 1 << 62
	}
	for range runs {
		for i, f := range fs {
			runtime.GC()
			start := threadTime()
			f()
			if d := threadTime() - start; d < best[i] {
				best[i] = d
			}
		}
	}
	return best
}

// hugeHost is the host of issue 31: 300 labels of 1,000 distinct
// non-ASCII code points (CJK ideographs, which domain to ASCII accepts),
// about 900 KB.
func hugeHost(labels, perLabel int) string {
	var b strings.Builder
	for l := range labels {
		if l > 0 {
			b.WriteByte('.')
		}
		for i := range perLabel {
			b.WriteRune(rune(0x4E00 + i))
		}
	}
	return b.String()
}

// TestHugeHostRefusedByLength: a request line whose absolute-form host is
// 900 KB of distinct non-ASCII code points is refused by the host length
// check, before the URL parser runs.
func TestHugeHostRefusedByLength(t *testing.T) {
	target := "http://" + hugeHost(300, 1000) + "/"
	r := serverRequest(target, "")
	// The host limit, not the target limit, is what is measured.
	opts := httpurl.Options{Policy: httpurl.Policy{MaxTargetLength: -1}}
	var err error
	d := bestTimes(5, func() { _, err = httpurl.FromRequest(r, opts) })[0]
	wall := time.Duration(1 << 62)
	for range 5 {
		start := time.Now()
		httpurl.FromRequest(r, opts)
		wall = min(wall, time.Since(start))
	}
	var e *httpurl.Error
	if !errors.Is(err, httpurl.ErrHostTooLong) || !errors.As(err, &e) || e.Offset != len("http://")+httpurl.DefaultMaxHostLength {
		t.Fatalf("%d-byte line: %v, want ErrHostTooLong at offset %d", len(target), err, len("http://")+httpurl.DefaultMaxHostLength)
	}
	t.Logf("%d-byte line: refused in %v (CPU time; wall clock %v)", len(target), d, wall)
	// Under the WHATWG policy too.
	_, err = httpurl.FromRequest(r, httpurl.Options{Policy: httpurl.Policy{WHATWG: true, MaxTargetLength: -1}})
	if !errors.Is(err, httpurl.ErrHostTooLong) {
		t.Errorf("WHATWG policy: %v, want ErrHostTooLong", err)
	}
}

// TestHostParsedOnce: FromRequest on an absolute-form request with r.Host
// the target's authority, as net/http's server sets it, does the work it
// does without r.Host: the host is parsed once. Counted in allocations,
// which a parse of a non-ASCII host makes and a busy machine does not
// change.
func TestHostParsedOnce(t *testing.T) {
	target := "http://" + hugeHost(3, 10) + ".example/x"
	for _, p := range []httpurl.Policy{{}, {WHATWG: true}} {
		r := serverRequest(target, "")
		noHost := serverRequest(target, "")
		noHost.Host = ""
		if _, err := httpurl.FromRequest(r, httpurl.Options{Policy: p}); err != nil {
			t.Fatalf("%+v: %v", p, err)
		}
		with := testing.AllocsPerRun(20, func() { httpurl.FromRequest(r, httpurl.Options{Policy: p}) })
		without := testing.AllocsPerRun(20, func() { httpurl.FromRequest(noHost, httpurl.Options{Policy: p}) })
		hostOnly := testing.AllocsPerRun(20, func() { httpurl.ParseHost(r.Host, "http") })
		t.Logf("%+v: %v allocations, %v without r.Host; parsing the host alone %v", p, with, without, hostOnly)
		if hostOnly == 0 || with != without {
			t.Errorf("%+v: %v allocations with r.Host, %v without (a parse of the host makes %v)", p, with, without, hostOnly)
		}
	}
}

// costShapes are request lines built to provoke super-linear work in
// FromRequest under the strict policy: each repeats a unit inside a frame.
var costShapes = []struct {
	name                 string
	prefix, unit, suffix string
}{
	{"long-host", "http://", "a", "/"},
	{"many-labels", "http://", "a.", "com/"},
	{"non-ascii-host", "http://", "\u4e00\u4e01", "/"},
	{"long-path", "/", "segment/", ""},
	{"dot-segments", "/", "a/../", "x"},
	{"encoded-dot-segments", "/", "a/%2e%2E/./", "x"},
	{"percent-escapes", "/", "%C3%A9", ""},
	{"unreserved-escapes", "/", "%61%7E", ""},
	{"mixed-escapes", "/", "a%2e%20", ""},
	{"non-ascii-path", "/", "é", ""},
	{"long-query", "/?", "a=b&", ""},
	{"query-escapes", "/?", "%zz%2F", ""},
	{"absolute-form-path", "http://example.com/", "a/./../", ""},
	{"absolute-form-decoding", "http://example.com./", "%7e", "?q"},
}

// TestFromRequestLinear: for every shape, FromRequest on a 1 MB request
// line (1,000,000 bytes) costs about 20x what it costs on a 50 KB one
// (50,000 bytes), as linear work does: the test allows 40x, which a
// parser quadratic in any part of the line (400x) or even n log n
// (about 26x) at a cost that dominates would not meet, and which a busy
// machine does not reach, since it compares the best of several
// interleaved runs of each.
func TestFromRequestLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("linear-time ratios need full-size inputs")
	}
	if testvectors.RaceEnabled {
		t.Skip("linear-time ratios are measured without the race detector")
	}
	for _, s := range costShapes {
		t.Run(s.name, func(t *testing.T) {
			build := func(size int) *http.Request {
				n := max(1, (size-len(s.prefix)-len(s.suffix))/len(s.unit))
				return serverRequest(s.prefix+strings.Repeat(s.unit, n)+s.suffix, "example.com")
			}
			small, large := build(50_000), build(1_000_000)
			// The parse, not the target limit, is what is measured.
			opts := httpurl.Options{Policy: httpurl.Policy{MaxTargetLength: -1}}
			_, errSmall := httpurl.FromRequest(small, opts)
			_, errLarge := httpurl.FromRequest(large, opts)
			if (errSmall == nil) != (errLarge == nil) {
				t.Fatalf("50 KB: %v; 1 MB: %v", errSmall, errLarge)
			}
			d := bestTimes(9,
				func() { httpurl.FromRequest(small, opts) },
				func() { httpurl.FromRequest(large, opts) },
			)
			ratio := float64(d[1]) / float64(d[0])
			t.Logf("50 KB %v, 1 MB %v: %.1fx (error: %.80v)", d[0], d[1], ratio, errLarge)
			if ratio > 40 {
				t.Errorf("1 MB takes %.1fx the time of 50 KB (%v, %v), want about 20x, at most 40x", ratio, d[1], d[0])
			}
		})
	}
}
