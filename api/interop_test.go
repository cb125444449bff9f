package api

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
	_ encoding.TextMarshaler   = (*URL)(nil)
	_ encoding.TextUnmarshaler = (*URL)(nil)
	_ json.Marshaler           = (*URL)(nil)
	_ json.Unmarshaler         = (*URL)(nil)
	_ slog.LogValuer           = (*URL)(nil)
)

func TestURLText(t *testing.T) {
	u, _ := NewURL("HTTPS://Example.com/a/../b?x=1")
	text, err := u.MarshalText()
	if err != nil || string(text) != "https://example.com/b?x=1" {
		t.Fatalf("MarshalText = %q, %v", text, err)
	}
	var back URL
	if err := back.UnmarshalText(text); err != nil || back.Href() != u.Href() {
		t.Errorf("UnmarshalText(%q) = %q, %v", text, back.Href(), err)
	}
	// The query object follows.
	sp := back.SearchParams()
	if err := back.UnmarshalText([]byte("https://h/?y=2")); err != nil || !sp.Has("y") || sp.Has("x") {
		t.Errorf("UnmarshalText did not update the query object: %v", err)
	}
	// Empty text is the zero URL, failure changes nothing.
	if err := back.UnmarshalText(nil); err != nil || back.Href() != "" || sp.Size() != 0 {
		t.Errorf("UnmarshalText(empty) = %q, %v, list size %d", back.Href(), err, sp.Size())
	}
	if text, _ := back.MarshalText(); len(text) != 0 {
		t.Errorf("zero MarshalText = %q", text)
	}
	err = u.UnmarshalText([]byte("https://exa mple.com/"))
	if !errors.Is(err, record.DomainInvalidCodePoint) || u.Href() != "https://example.com/b?x=1" {
		t.Errorf("UnmarshalText(bad) = %v, %q", err, u.Href())
	}
}

func TestURLJSONNullAndEmpty(t *testing.T) {
	u, _ := NewURL("https://example.com/")
	if err := json.Unmarshal([]byte(`null`), u); err != nil || u.Href() != "https://example.com/" {
		t.Errorf("null: %q, %v", u.Href(), err)
	}
	if err := json.Unmarshal([]byte(`""`), u); err != nil || u.Href() != "" {
		t.Errorf(`"": %q, %v`, u.Href(), err)
	}
	data, _ := json.Marshal(u)
	if string(data) != `""` {
		t.Errorf("zero URL marshals to %s", data)
	}
	var s struct{ U *URL }
	if err := json.Unmarshal([]byte(`{"U":null}`), &s); err != nil || s.U != nil {
		t.Errorf("null pointer field: %v, %v", s.U, err)
	}
}

func TestURLAppendToRedactedLogValue(t *testing.T) {
	u, _ := NewURL("https://user:secret@example.com/a")
	buf := make([]byte, 0, 64)
	if n := testing.AllocsPerRun(100, func() { buf = u.AppendTo(buf[:0]) }); n != 0 {
		t.Errorf("AppendTo allocates %v times", n)
	}
	if string(buf) != u.Href() {
		t.Errorf("AppendTo = %q", buf)
	}
	if got := u.Redacted(); got != "https://user:xxxxx@example.com/a" {
		t.Errorf("Redacted = %q", got)
	}
	var out bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&out, nil))
	var nilURL *URL
	log.Info("x", "url", u, "none", nilURL)
	if strings.Contains(out.String(), "secret") || !strings.Contains(out.String(), `"url":"https://user:xxxxx@example.com/a"`) ||
		!strings.Contains(out.String(), `"none":""`) {
		t.Errorf("log: %s", out.String())
	}
}

// TestErrorsNeverShowPassword: every error the API returns for an input
// with a password: the constructor (input and base), the href setter,
// text and JSON decoding.
func TestErrorsNeverShowPassword(t *testing.T) {
	bad := []string{
		"https://user:secret@exa mple.com/",
		"https://user:secret@[::1",
		"foo://u:secret@host:99999999",
		"https:user:secret@exa mple.com",
		"https://user:pa/secret@host/",
	}
	var errs []error
	for _, in := range bad {
		_, err := NewURL(in)
		errs = append(errs, err)
		_, err = NewURL("x", in)
		if !errors.Is(err, ErrInvalidBase) {
			t.Errorf("NewURL(x, %q) = %v, want ErrInvalidBase", in, err)
		}
		errs = append(errs, err)
		if _, err = NewURL(in, "https://base.example/"); err != nil {
			// ("https:user:secret@..." is a relative path against an
			// https base, and parses.)
			errs = append(errs, err)
		}
		u, _ := NewURL("https://ok.example/")
		errs = append(errs, u.SetHref(in))
		errs = append(errs, u.UnmarshalText([]byte(in)))
		data, _ := json.Marshal(in)
		errs = append(errs, json.Unmarshal(data, u))
		var v span.URL
		errs = append(errs, v.UnmarshalText([]byte(in)))
		errs = append(errs, json.Unmarshal(data, &v))
		if u.Href() != "https://ok.example/" {
			t.Errorf("a failed decode changed the URL: %q", u.Href())
		}
	}
	for _, err := range errs {
		if err == nil {
			t.Error("a bad input succeeded")
			continue
		}
		for _, f := range []string{"%v", "%+v", "%#v", "%s"} {
			if s := fmt.Sprintf(f, err); strings.Contains(s, "secret") {
				t.Errorf(f+" of %v shows the password: %s", err, s)
			}
		}
		// Which input, which validation error, where.
		if s := err.Error(); !strings.Contains(s, "invalid URL \"") || !strings.Contains(s, " at offset ") {
			t.Errorf("error without input or position: %s", s)
		}
	}
}
