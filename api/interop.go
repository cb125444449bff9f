package api

import (
	"log/slog"

	"github.com/spanurl/spanurl/span"
)

// MarshalText implements encoding.TextMarshaler: the href ("" for the
// zero URL).
func (u *URL) MarshalText() ([]byte, error) { return []byte(u.url.Href()), nil }

// UnmarshalText implements encoding.TextUnmarshaler: it runs the href
// setter on text (SetHref: on failure the URL is unchanged and the error
// is a *span.ParseError). Empty text makes u the zero URL, the inverse of
// MarshalText, and empties the query object's list.
func (u *URL) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		u.set(span.URL{})
		u.syncQueryObject("")
		return nil
	}
	return u.SetHref(string(text))
}

// AppendTo appends the href to dst and returns the extended slice,
// without allocating when dst has room.
func (u *URL) AppendTo(dst []byte) []byte { return u.url.AppendTo(dst) }

// Redacted returns the href with the password, if any, replaced by
// "xxxxx" (see span.URL.Redacted).
func (u *URL) Redacted() string { return u.view().Redacted() }

// LogValue implements slog.LogValuer: the URL logs as its Redacted href,
// never with its password. A nil *URL logs as "".
func (u *URL) LogValue() slog.Value {
	if u == nil {
		return slog.StringValue("")
	}
	return u.view().LogValue()
}
