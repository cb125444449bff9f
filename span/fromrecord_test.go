package span_test

import (
	"errors"
	"testing"

	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

// TestFromRecordChecks: FromRecord accepts a record in parsed form, built
// by hand, and refuses one the parser could not have produced, whatever
// is wrong with it.
func TestFromRecordChecks(t *testing.T) {
	good := func() *record.URL {
		var r record.URL
		r.Reset()
		r.Scheme = []byte("https")
		r.Host.SetText(record.HostDomain, []byte("example.com"))
		r.Port = 8080
		r.Path = []byte("/a/b")
		r.Query, r.HasQuery = []byte("q=1"), true
		return &r
	}
	u, err := span.FromRecord(good())
	if err != nil || u.Href() != "https://example.com:8080/a/b?q=1" || u.HostKind() != record.HostDomain {
		t.Fatalf("FromRecord(good) = %q, %v", u.Href(), err)
	}
	for name, spoil := range map[string]func(r *record.URL){
		"uppercase scheme": func(r *record.URL) { r.Scheme = []byte("HTTPS") },
		"empty scheme":     func(r *record.URL) { r.Scheme = nil },
		"uppercase host":   func(r *record.URL) { r.Host.SetText(record.HostDomain, []byte("Example.com")) },
		"IPv4 as domain":   func(r *record.URL) { r.Host.SetText(record.HostDomain, []byte("127.0.0.1")) },
		"domain as opaque": func(r *record.URL) { r.Host.SetText(record.HostOpaque, []byte("example.com")) },
		"null host":        func(r *record.URL) { r.Host.Reset() },
		"default port":     func(r *record.URL) { r.Port = 443 },
		"space in path":    func(r *record.URL) { r.Path = []byte("/a b") },
		"relative path":    func(r *record.URL) { r.Path = []byte("a") },
		"dot segment":      func(r *record.URL) { r.Path = []byte("/a/../b") },
		"opaque path":      func(r *record.URL) { r.OpaquePath = true },
		"hash in query":    func(r *record.URL) { r.Query = []byte("a#b") },
	} {
		r := good()
		spoil(r)
		if u, err := span.FromRecord(r); !errors.Is(err, span.ErrInvalidRecord) {
			t.Errorf("%s: FromRecord = %q, %v; want ErrInvalidRecord", name, u.Href(), err)
		}
	}
}
