package span_test

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

var (
	_ encoding.TextMarshaler   = span.URL{}
	_ encoding.TextAppender    = span.URL{}
	_ encoding.TextUnmarshaler = (*span.URL)(nil)
	_ json.Marshaler           = span.URL{}
	_ json.Unmarshaler         = (*span.URL)(nil)
	_ fmt.Stringer             = span.URL{}
	_ slog.LogValuer           = span.URL{}
)

func mustParse(t testing.TB, s string) span.URL {
	t.Helper()
	u, err := span.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// textCases: the href and input forms the encodings are tested with.
var textCases = []struct{ in, href string }{
	{"https://example.com/", "https://example.com/"},
	{"HTTPS://EXAMPLE.com:443/a/./b?q#f", "https://example.com/a/b?q#f"},
	{"https://user:pw@h/?a=1&b=<>\"", "https://user:pw@h/?a=1&b=%3C%3E%22"},
	{"sc:a\"b\\c<&>", "sc:a\"b\\c<&>"},
	{"foo://ex%41mple/x y", "foo://ex%41mple/x%20y"},
	{"http://[::1]:8080/", "http://[::1]:8080/"},
	{"mailto:x@example.org", "mailto:x@example.org"},
}

func TestText(t *testing.T) {
	for _, tc := range textCases {
		var u span.URL
		if err := u.UnmarshalText([]byte(tc.in)); err != nil {
			t.Fatalf("UnmarshalText(%q): %v", tc.in, err)
		}
		if u.Href() != tc.href || u != mustParse(t, tc.in) {
			t.Errorf("UnmarshalText(%q) = %q, want %q", tc.in, u.Href(), tc.href)
		}
		text, err := u.MarshalText()
		if err != nil || string(text) != tc.href {
			t.Errorf("MarshalText(%q) = %q, %v", tc.href, text, err)
		}
		app, _ := u.AppendText([]byte("x"))
		if string(app) != "x"+tc.href {
			t.Errorf("AppendText = %q", app)
		}
		var back span.URL
		if err := back.UnmarshalText(text); err != nil || back != u {
			t.Errorf("text round trip of %q: %q, %v", tc.href, back.Href(), err)
		}
	}
	// The zero URL is empty text, and back.
	text, err := span.URL{}.MarshalText()
	if err != nil || len(text) != 0 {
		t.Errorf("zero MarshalText = %q, %v", text, err)
	}
	u := mustParse(t, "https://example.com/")
	if err := u.UnmarshalText(nil); err != nil || !u.IsZero() {
		t.Errorf("UnmarshalText(empty) = %q, %v; want the zero URL", u.Href(), err)
	}
	// Failure: *u unchanged, a *ParseError matching the sentinel.
	u = mustParse(t, "https://example.com/")
	err = u.UnmarshalText([]byte("https://exa mple.com/"))
	var pe *span.ParseError
	if !errors.As(err, &pe) || !errors.Is(err, record.DomainInvalidCodePoint) || u.Href() != "https://example.com/" {
		t.Errorf("UnmarshalText(bad) = %v, u = %q", err, u.Href())
	}
}

func TestJSON(t *testing.T) {
	for _, tc := range textCases {
		u := mustParse(t, tc.in)
		got, err := json.Marshal(u)
		want, _ := json.Marshal(tc.href)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("json.Marshal(%q) = %s, %v; want %s", tc.href, got, err, want)
		}
		direct, _ := u.MarshalJSON()
		if !bytes.Equal(direct, want) {
			t.Errorf("MarshalJSON(%q) = %s, want %s (as json.Marshal of the string)", tc.href, direct, want)
		}
		var back span.URL
		if err := json.Unmarshal(got, &back); err != nil || back != u {
			t.Errorf("json round trip of %q: %q, %v", tc.href, back.Href(), err)
		}
		// Not yet serialized input is normalized on the way in.
		in, _ := json.Marshal(tc.in)
		if err := json.Unmarshal(in, &back); err != nil || back != u {
			t.Errorf("json.Unmarshal(%s) = %q, %v", in, back.Href(), err)
		}
	}
	// In a struct, with the zero URL as null, and null decoding to zero.
	type page struct {
		URL  span.URL   `json:"url"`
		Next span.URL   `json:"next"`
		Refs []span.URL `json:"refs"`
	}
	p := page{URL: mustParse(t, "https://example.com/a"), Refs: []span.URL{mustParse(t, "https://b.example/")}}
	data, err := json.Marshal(p)
	const want = `{"url":"https://example.com/a","next":null,"refs":["https://b.example/"]}`
	if err != nil || string(data) != want {
		t.Fatalf("json.Marshal(page) = %s, %v; want %s", data, err, want)
	}
	var q page
	if err := json.Unmarshal(data, &q); err != nil || q.URL != p.URL || !q.Next.IsZero() || len(q.Refs) != 1 || q.Refs[0] != p.Refs[0] {
		t.Errorf("json.Unmarshal(%s) = %+v, %v", data, q, err)
	}
	// As a map key (through MarshalText).
	m := map[span.URL]int{mustParse(t, "https://example.com/"): 1}
	data, err = json.Marshal(m)
	if err != nil || string(data) != `{"https://example.com/":1}` {
		t.Errorf("json.Marshal(map) = %s, %v", data, err)
	}
	var m2 map[span.URL]int
	if err := json.Unmarshal([]byte(`{"HTTPS://EXAMPLE.COM":1}`), &m2); err != nil || m2[mustParse(t, "https://example.com/")] != 1 {
		t.Errorf("json.Unmarshal(map) = %v, %v", m2, err)
	}
	// "" is the zero URL; null leaves the value as it is; other JSON fails.
	u := mustParse(t, "https://example.com/")
	if err := json.Unmarshal([]byte(`""`), &u); err != nil || !u.IsZero() {
		t.Errorf(`json.Unmarshal("") = %q, %v`, u.Href(), err)
	}
	u = mustParse(t, "https://example.com/")
	if err := u.UnmarshalJSON([]byte(`null`)); err != nil || u.Href() != "https://example.com/" {
		t.Errorf("UnmarshalJSON(null) = %q, %v", u.Href(), err)
	}
	for _, bad := range []string{`1`, `{}`, `"https://exa mple.com/"`, `"no scheme"`} {
		if err := json.Unmarshal([]byte(bad), &u); err == nil {
			t.Errorf("json.Unmarshal(%s) succeeded: %q", bad, u.Href())
		}
	}
}

func TestAppendToNoAllocs(t *testing.T) {
	u := mustParse(t, "https://user:pw@example.com:8443/a/b?q=1#frag")
	buf := make([]byte, 0, 128)
	if n := testing.AllocsPerRun(100, func() { buf = u.AppendTo(buf[:0]) }); n != 0 {
		t.Errorf("AppendTo allocates %v times", n)
	}
	if string(buf) != u.Href() {
		t.Errorf("AppendTo = %q", buf)
	}
	if got := string(u.AppendTo([]byte("<"))); got != "<"+u.Href() {
		t.Errorf("AppendTo appends: %q", got)
	}
	if n := testing.AllocsPerRun(100, func() { buf, _ = u.AppendText(buf[:0]) }); n != 0 {
		t.Errorf("AppendText allocates %v times", n)
	}
	v := mustParse(t, "https://example.com/a")
	if n := testing.AllocsPerRun(100, func() { _ = v.Redacted() }); n != 0 {
		t.Errorf("Redacted without a password allocates %v times", n)
	}
}

func TestRedacted(t *testing.T) {
	tests := []struct{ in, want string }{
		{"https://user:secret@example.com/a?b#c", "https://user:xxxxx@example.com/a?b#c"},
		{"https://:secret@example.com/", "https://:xxxxx@example.com/"},
		{"https://user@example.com/", "https://user@example.com/"},
		{"https://example.com/", "https://example.com/"},
		{"foo://u:p%40ss@h:99/", "foo://u:xxxxx@h:99/"},
		{"mailto:user:secret@example.org", "mailto:user:secret@example.org"}, // an opaque path has no password
	}
	for _, tc := range tests {
		if got := mustParse(t, tc.in).Redacted(); got != tc.want {
			t.Errorf("Redacted(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got := (span.URL{}).Redacted(); got != "" {
		t.Errorf("zero Redacted = %q", got)
	}
}

// TestLogValue: logging a URL, with any handler, never writes its password.
func TestLogValue(t *testing.T) {
	u := mustParse(t, "https://user:secret@example.com/a?q#f")
	for name, mk := range map[string]func(*bytes.Buffer) slog.Handler{
		"text": func(b *bytes.Buffer) slog.Handler { return slog.NewTextHandler(b, nil) },
		"json": func(b *bytes.Buffer) slog.Handler { return slog.NewJSONHandler(b, nil) },
	} {
		var buf bytes.Buffer
		log := slog.New(mk(&buf))
		log.Info("fetch", "url", u, slog.Any("any", u), slog.Group("g", "u", u))
		out := buf.String()
		if strings.Contains(out, "secret") || strings.Count(out, "user:xxxxx@example.com") != 3 {
			t.Errorf("%s handler: %s", name, out)
		}
	}
	if v := u.LogValue(); v.Kind() != slog.KindString || v.String() != "https://user:xxxxx@example.com/a?q#f" {
		t.Errorf("LogValue = %v", v)
	}
}
