package httpurl_test

import (
	"errors"
	"testing"

	"github.com/spanurl/spanurl/httpurl"
)

// utf8Targets are request targets with bytes that are not UTF-8 and the
// hrefs that keep them, percent-encoded byte for byte, on host
// example.com over https.
var utf8Targets = []struct{ target, want string }{
	{"/a\xff\xfe", "https://example.com/a%FF%FE"},
	{"/\xc3", "https://example.com/%C3"},                          // truncated sequence
	{"/x\xe2\x82", "https://example.com/x%E2%82"},                 // truncated three-byte sequence
	{"/\xc0\xae", "https://example.com/%C0%AE"},                   // overlong "."
	{"/\xc0\xae\xc0\xae/x", "https://example.com/%C0%AE%C0%AE/x"}, // an overlong ".." is no dot segment
	{"/\xed\xa0\x80", "https://example.com/%ED%A0%80"},            // surrogate
	{"/\xf4\x90\x80\x80", "https://example.com/%F4%90%80%80"},     // above U+10FFFF
	{"/\xc3\xa9\xff?q=\xfe\xc3\xa9", "https://example.com/%C3%A9%FF?q=%FE%C3%A9"},
	{"/\xc3\xa9", "https://example.com/%C3%A9"}, // valid UTF-8 as the standard encodes it
	{"/%FF", "https://example.com/%FF"},
	{"http://h.example/\xff?\xfe", "http://h.example/%FF?%FE"},
	{"https://h.example?\xff", "https://h.example/?%FF"},
}

func TestParseRequestTargetKeepsBytes(t *testing.T) {
	for _, tc := range utf8Targets {
		u, err := httpurl.ParseRequestTarget(tc.target, "example.com", "https")
		if err != nil || u.Href() != tc.want {
			t.Errorf("ParseRequestTarget(%q) = %q, %v; want %q", tc.target, u.Href(), err, tc.want)
		}
	}
}

// TestInvalidUTF8HostRefused: a host is a name, not bytes to keep, so one
// that is not UTF-8 is refused, in the Host and in an absolute-form
// target.
func TestInvalidUTF8HostRefused(t *testing.T) {
	for _, tc := range []struct{ target, host string }{
		{"/x", "\xff.example"},
		{"/x", "a\xc0\xae.example"},
		{"http://\xff.example/x", ""},
		{"http://a\xed\xa0\x80.example/", ""},
	} {
		u, err := httpurl.ParseRequestTarget(tc.target, tc.host, "http")
		if !errors.Is(err, httpurl.ErrInvalidHost) {
			t.Errorf("ParseRequestTarget(%q, %q) = %q, %v; want ErrInvalidHost", tc.target, tc.host, u.Href(), err)
		}
	}
}
