package api

import (
	"testing"

	"github.com/spanurl/spanurl/internal/pct"
	"github.com/spanurl/spanurl/internal/slow"
)

// TestFormASCII holds the serializer's ASCII path to the standard's
// percent-encode after encoding on every ASCII byte, alone and in a
// string.
func TestFormASCII(t *testing.T) {
	var all []byte
	for c := 0; c < 128; c++ {
		all = append(all, byte(c))
		s := string([]byte{'a', byte(c), 'b'})
		want := slow.AppendPercentEncodeAfterEncoding(nil, nil, []byte(s), &pct.FormURLEncodedSet, true)
		if got := appendFormASCII(nil, s); string(got) != string(want) {
			t.Errorf("%q: %q, want %q", s, got, want)
		}
	}
	want := slow.AppendPercentEncodeAfterEncoding(nil, nil, all, &pct.FormURLEncodedSet, true)
	if got := appendFormASCII(nil, string(all)); string(got) != string(want) {
		t.Errorf("all ASCII: %q, want %q", got, want)
	}
}

// FuzzFormASCII holds the serializer's ASCII path to the standard's
// percent-encode after encoding on any ASCII string.
func FuzzFormASCII(f *testing.F) {
	f.Add("a b&c=d/é")
	f.Fuzz(func(t *testing.T, s string) {
		if formScan(s)&formNonASCII != 0 {
			return
		}
		want := slow.AppendPercentEncodeAfterEncoding(nil, nil, []byte(s), &pct.FormURLEncodedSet, true)
		if got := appendFormASCII(nil, s); string(got) != string(want) {
			t.Errorf("%q: %q, want %q", s, got, want)
		}
	})
}
