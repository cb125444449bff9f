package reqtarget

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/internal/testvectors"
)

// recorder is a URLParser that records the texts it is given (the
// target parsed as it is with "as-is:" before it), returns each as its
// URL with "?" for every byte that a URL parser would change (a control,
// a space, a byte outside ASCII), and refuses a text holding "!" at the
// offset of the "!".
type recorder struct {
	target string
	texts  *[]string
}

func (recorder) Buffer() []byte { return nil }

func (r recorder) Parse(text []byte) (string, error) {
	*r.texts = append(*r.texts, string(text))
	return r.parse(string(text))
}

func (r recorder) ParseTarget() (string, error) {
	*r.texts = append(*r.texts, "as-is:"+r.target)
	return r.parse(r.target)
}

func (r recorder) parse(text string) (string, error) {
	if i := strings.IndexByte(text, '!'); i >= 0 {
		return "", &offsetError{i}
	}
	u := []byte(text)
	for i, c := range u {
		if c <= ' ' || c >= 0x7F {
			u[i] = '?'
		}
	}
	return string(u), nil
}

func (recorder) Verbatim(u string, text []byte) bool { return u == string(text) }

func (recorder) Offset(err error) int {
	var oe *offsetError
	if errors.As(err, &oe) {
		return oe.off
	}
	return -1
}

type offsetError struct{ off int }

func (e *offsetError) Error() string { return "refused" }

// TestTargetTexts: the texts Target gives the URL parser, in order, for
// every form, and the Problem of the parser's refusal: the field it
// blames, the value, the offset in that value.
func TestTargetTexts(t *testing.T) {
	for _, tc := range []struct {
		target, host, scheme string
		texts                []string
		field                string // of the parser's refusal, or ""
		offset               int
	}{
		{"/a?b", "h", "HTTPS", []string{"https://h/a?b"}, "", 0},
		{"/a\xff\xc3\xa9", "h", "http", []string{"http://h/a%FF\xc3\xa9"}, "", 0},
		{"//x/y", "h:80", "http", []string{"http://h:80//x/y"}, "", 0},
		{"http://h/a", "", "", []string{"as-is:http://h/a"}, "", 0},
		{"HTTP://h/a\xff", "", "", []string{"HTTP://h/a%FF"}, "", 0},
		{"http://h/a", "other", "https", []string{"http://other/", "as-is:http://h/a"}, "", 0},
		{"http://h/a", "h", "https", []string{"as-is:http://h/a"}, "", 0},
		{"/a!", "h", "http", []string{"http://h/a!"}, "target", 2},
		{"/a", "h!", "http", []string{"http://h!/a"}, "host", 1},
		{"http://h!/a", "", "", []string{"as-is:http://h!/a"}, "target", 8},
		{"http://h/a", "x!", "http", []string{"http://x!/"}, "host", 1},
	} {
		var texts []string
		u, pr, ok := Target(recorder{tc.target, &texts}, tc.target, tc.host, tc.scheme, nil)
		if !slices.Equal(texts, tc.texts) {
			t.Errorf("Target(%q, %q): parsed %q, want %q", tc.target, tc.host, texts, tc.texts)
		}
		if tc.field == "" {
			if !ok || u == "" {
				t.Errorf("Target(%q, %q) = %q, %+v, %v", tc.target, tc.host, u, pr, ok)
			}
			continue
		}
		value := tc.target
		if tc.field == "host" {
			value = tc.host
		}
		if ok || pr.Err == nil || pr.Field != tc.field || pr.Value != value || pr.Offset != tc.offset {
			t.Errorf("Target(%q, %q): %+v, %v; want a refusal of %s %q at %d", tc.target, tc.host, pr, ok, tc.field, value, tc.offset)
		}
	}
}

// TestTargetKnownServer: on a known server an origin-form target is parsed
// first, and parsed again only when it holds bytes outside ASCII and the
// parser changed it; a refused one still gets the scan's Problem.
func TestTargetKnownServer(t *testing.T) {
	var known Known
	var texts []string
	if _, _, ok := Target(recorder{"/", &texts}, "/", "h", "https", &known); !ok {
		t.Fatal("first request refused")
	}
	for _, tc := range []struct {
		target string
		texts  []string
		reason string
	}{
		{"/a", []string{"https://h/a"}, ""},
		{"/a b", []string{"https://h/a b"}, "space"},
		{"/\xff", []string{"https://h/\xff", "https://h/%FF"}, ""},
	} {
		texts = nil
		_, pr, ok := Target(recorder{tc.target, &texts}, tc.target, "h", "https", &known)
		if !slices.Equal(texts, tc.texts) || ok != (tc.reason == "") || pr.Reason != tc.reason {
			t.Errorf("Target(%q): parsed %q, %+v, %v", tc.target, texts, pr, ok)
		}
	}
}

// TestTargetBufferSize: a caller with no buffer gets the text in one
// allocation of its size (rounded up to the allocator's size class),
// whatever it encodes.
func TestTargetBufferSize(t *testing.T) {
	if testvectors.RaceEnabled {
		t.Skip("the race detector changes what allocates: counted without it")
	}
	for _, target := range []string{"/a/b?c=d", "/a\xff\xfe\xc3", "/" + strings.Repeat("\xffé", 1000)} {
		b := appendOrigin(nil, "https", "example.com", target, true)
		if allocs := testing.AllocsPerRun(10, func() { appendOrigin(nil, "https", "example.com", target, true) }); allocs != 1 {
			t.Errorf("appendOrigin(%q): %v allocations", target, allocs)
		}
		if cap(b)-len(b) > max(16, len(b)/8) {
			t.Errorf("appendOrigin(%q): length %d, capacity %d", target, len(b), cap(b))
		}
	}
}
