package splice

import (
	"testing"
	"unsafe"
)

func TestBuild(t *testing.T) {
	const href = "https://example.com/a/b?q#f"
	cases := []struct {
		a, b      int
		pre       byte
		value     string
		post      byte
		want      string
		unchanged bool
	}{
		{19, 23, 0, "/x", 0, "https://example.com/x?q#f", false},
		{23, 25, '?', "long=query", 0, "https://example.com/a/b?long=query#f", false},
		{8, 8, 0, "user", '@', "https://user@example.com/a/b?q#f", false},
		{23, 25, '?', "q", 0, href, true},
	}
	for _, c := range cases {
		// New memory.
		got, buf := buildString(nil, href, c.a, c.b, c.pre, c.value, c.post)
		if got != c.want || (c.unchanged && unsafe.StringData(got) != unsafe.StringData(href)) {
			t.Errorf("build(nil, %d, %d, %q): %q, want %q", c.a, c.b, c.value, got, c.want)
		}
		if !c.unchanged && (len(buf) != len(got) || cap(buf) != len(got)) {
			t.Errorf("build(nil) gave a buffer of len %d cap %d for %q", len(buf), cap(buf), got)
		}
		// In place: the href at the start of a buffer with room.
		mem := make([]byte, len(href), 64)
		copy(mem, href)
		in := unsafe.String(unsafe.SliceData(mem), len(mem))
		got, buf = buildString(mem, in, c.a, c.b, c.pre, c.value, c.post)
		if got != c.want || unsafe.SliceData(buf) != unsafe.SliceData(mem) {
			t.Errorf("build(in place, %q): %q, want %q (same memory %v)", c.value, got, c.want, unsafe.SliceData(buf) == unsafe.SliceData(mem))
		}
		// A buffer holding the href elsewhere than at its start is not
		// written.
		mem2 := make([]byte, 4+len(href), 128)
		copy(mem2[4:], href)
		in2 := unsafe.String(&mem2[4], len(href))
		got, buf = buildString(mem2, in2, c.a, c.b, c.pre, c.value, c.post)
		if got != c.want || (!c.unchanged && unsafe.SliceData(buf) == unsafe.SliceData(mem2)) || string(mem2[4:]) != href {
			t.Errorf("build(overlapping, %q): %q, want %q", c.value, got, c.want)
		}
	}
}

// buildString runs build on a URL holding href.
func buildString(dst []byte, href string, a, b int, pre byte, value string, post byte) (string, []byte) {
	u := URL{Href: href}
	u.build(&dst, a, b, pre, value, post)
	return u.Href, dst
}

func TestDotSegment(t *testing.T) {
	for s, want := range map[string]bool{
		".": true, "..": true, "%2e": true, "%2E.": true, "%2e%2E": true,
		"": false, "...": false, ".a": false, "%2f": false, "%2": false, "a..": false,
	} {
		if got := dotSegment(s); got != want {
			t.Errorf("dotSegment(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestDomain(t *testing.T) {
	for h, want := range map[string]bool{
		"example.org": true, "a-b.c": true, "x1.y2": true, "a.b9c": true,
		"": false, "Example.org": false, "a..b": false, ".a": false, "a.": false,
		"1.2.3.4": false, "a.0x1": false, "a.1b": false, "xn--nxa.gr": false,
		"a_b.c": false, "a%41": false, "é.fr": false,
	} {
		if got := domain(h); got != want {
			t.Errorf("domain(%q) = %v, want %v", h, got, want)
		}
	}
}

func TestDomainPrefix(t *testing.T) {
	for v, want := range map[string]int{
		"example.org": 11, "example.org/p": 11, "a-b.c?q": 5, "a.b#f": 3, "a.b\\c": 3,
		"a.b:80": 3, "a.b\tc": 3, "a.bC": 3, "x1.y2 z": 5,
		"": -1, "/p": -1, "a..b/": -1, ".a/": -1, "a./": -1, "a.9/": -1, "a.0x1?": -1,
		"xn--nxa.gr/": -1, "a.xn--b#": -1, "Example.org": -1,
		"abcdefgh": 8, "abcdefg.h": 9, "abcdefgh.ijklmnop.q/r": 19, "www.example.com:443": 15,
		"abcdefgh..ijk": -1, "abcdefg.xn--ijkl.m": -1, "abcdefgh.1234567": -1, "abcdefgh.a123456": 16,
		"abcdefgh.": -1, "abcdefghijklmnopé": 16, "abcdefghijklmno\x00": 15,
		"zz.z9/": 5, "a.xn--/": -1, "xn--.a": -1, "xn-.a": 5, "ab{": 2,
	} {
		if got := domainPrefix(v); got != want {
			t.Errorf("domainPrefix(%q) = %d, want %d", v, got, want)
		}
	}
}

func TestSpecialPort(t *testing.T) {
	for v, want := range map[string]int{
		"": 0, "80": 2, "8080/p": 4, "0?q": 1, "65535#f": 5, `1\x`: 1, "/p": 0,
		"65536": -1, "99999/": -1, "1:2": -1, "8\t0": -1, "8a": -1, " 8": -1,
		"9/": 1, "19": 2, "0": 1, "/9": 0, ":9": -1,
	} {
		if got := specialPort(v); got != want {
			t.Errorf("specialPort(%q) = %d, want %d", v, got, want)
		}
	}
}
