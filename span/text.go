package span

import (
	"encoding/json"
	"log/slog"

	"github.com/spanurl/spanurl/internal/jsonstr"
	"github.com/spanurl/spanurl/internal/mask"
)

// AppendTo appends u's href to dst and returns the extended slice. It
// does not allocate when dst has room for the href.
func (u URL) AppendTo(dst []byte) []byte { return append(dst, u.href...) }

// AppendText implements encoding.TextAppender: it appends the href, like
// AppendTo (nothing for the zero URL), and never fails.
func (u URL) AppendText(dst []byte) ([]byte, error) { return append(dst, u.href...), nil }

// MarshalText implements encoding.TextMarshaler: the text is the href.
// The zero URL marshals to empty text (which UnmarshalText reads back as
// the zero URL).
func (u URL) MarshalText() ([]byte, error) { return []byte(u.href), nil }

// UnmarshalText implements encoding.TextUnmarshaler: it parses text with
// Parse (an absolute URL, the standard's URL parser with no base) and, on
// success, sets *u to the result. Empty text sets *u to the zero URL, the
// inverse of MarshalText. On failure *u is unchanged and the error is a
// *ParseError.
//
// The href is the standard's serialization, so a URL survives
// MarshalText and UnmarshalText unchanged (==), and text that is not yet
// in serialized form comes out normalized.
func (u *URL) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*u = URL{}
		return nil
	}
	v, err := Parse(string(text))
	if err != nil {
		return err
	}
	*u = v
	return nil
}

// MarshalJSON implements json.Marshaler: a URL is the JSON string of its
// href (what JavaScript's JSON.stringify writes for a URL object), and the
// zero URL is null. The output is what json.Marshal gives for the href
// string, HTML-safe escaping included.
func (u URL) MarshalJSON() ([]byte, error) {
	if u.href == "" {
		return []byte("null"), nil
	}
	return jsonstr.Append(make([]byte, 0, len(u.href)+2), u.href, true), nil
}

// UnmarshalJSON implements json.Unmarshaler: a JSON string is parsed as
// UnmarshalText parses text ("" is the zero URL); null leaves *u
// unchanged, as encoding/json does for every type that has no nil, so
// that null decodes to the zero URL in a new value. Anything else is an
// error.
func (u *URL) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	if s == "" {
		*u = URL{}
		return nil
	}
	v, err := Parse(s)
	if err != nil {
		return err
	}
	*u = v
	return nil
}

// Redacted returns the href with the password, if any, replaced by
// "xxxxx", as net/url's URL.Redacted does: the form to show or log a URL
// in. A ParseError masks its input with the same text. Without a password
// it is the href itself (no allocation).
func (u URL) Redacted() string {
	if u.Password() == "" {
		return u.href
	}
	// The password is href[UsernameEnd+1 : HostStart-1]: after ':' and
	// before '@'.
	return mask.Replace(u.href, int(u.p.UsernameEnd())+1, int(u.p.HostStart())-1)
}

// LogValue implements slog.LogValuer: a URL logs as its Redacted href, so
// that a URL with credentials never writes its password into a log,
// whatever the handler (without it, a text handler would print String and
// a JSON handler MarshalJSON, both with the password). slog resolves
// LogValuer for the values of attributes, not inside slices, maps or
// structs: log such URLs one by one, or their Redacted strings.
func (u URL) LogValue() slog.Value { return slog.StringValue(u.Redacted()) }
