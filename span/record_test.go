package span_test

import (
	"testing"

	"github.com/spanurl/spanurl/record"
	"github.com/spanurl/spanurl/span"
)

// TestToRecordRoundTrip: a URL's record serializes back to the same href,
// and IP hosts carry their numeric values.
func TestToRecordRoundTrip(t *testing.T) {
	for _, in := range []string{
		"https://user:pw@example.com:8080/a/b?q#f",
		"http://0x7f.1/",
		"http://[1:0::2]:81/",
		"web+demo:/.//not-a-host/",
		"mailto:a@b?x#y",
		"file:///C:/x",
		"foo://h",
	} {
		u, err := span.Parse(in)
		if err != nil {
			t.Fatal(err)
		}
		var r record.URL
		u.ToRecord(&r)
		if got := r.String(); got != u.Href() {
			t.Errorf("%q: record serializes to %q, want %q", in, got, u.Href())
		}
		if back, err := span.FromRecord(&r); err != nil || back != u {
			t.Errorf("%q: FromRecord gives %q, %v", in, back.Href(), err)
		}
	}
	u, _ := span.Parse("http://0x7f.1/")
	var r record.URL
	u.ToRecord(&r)
	if r.Host.IPv4 != 0x7f000001 {
		t.Errorf("IPv4 value %#x", r.Host.IPv4)
	}
	u, _ = span.Parse("http://[1::2]/")
	u.ToRecord(&r)
	if r.Host.IPv6 != [8]uint16{1, 0, 0, 0, 0, 0, 0, 2} {
		t.Errorf("IPv6 value %v", r.Host.IPv6)
	}
}
