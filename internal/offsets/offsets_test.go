package offsets_test

import (
	"testing"

	"github.com/spanurl/spanurl/internal/offsets"
	"github.com/spanurl/spanurl/record"
)

// TestOffsetsCheck: the consistency check rejects broken offsets (so that
// the fuzzers relying on it can fail).
func TestOffsetsCheck(t *testing.T) {
	u := record.URL{}
	u.Reset()
	u.Scheme = []byte("https")
	u.Host.SetText(record.HostDomain, []byte("h"))
	u.Port = 8080
	u.Path = []byte("/p")
	u.Query, u.HasQuery = []byte("q"), true
	href, off := u.Serialize(nil, false)
	if msg := offsets.Check(off, string(href)); msg != "" {
		t.Fatalf("good offsets rejected: %s", msg)
	}
	for name, mutate := range map[string]func(o *record.Offsets){
		"scheme": func(o *record.Offsets) { o.SchemeEnd++ },
		"port":   func(o *record.Offsets) { o.Port = 8081 },
		"query":  func(o *record.Offsets) { o.QueryStart-- },
		"path":   func(o *record.Offsets) { o.PathStart = uint32(len(href) + 1) },
		"host":   func(o *record.Offsets) { o.HostStart = o.HostEnd + 1 },
	} {
		bad := off
		mutate(&bad)
		if offsets.Check(bad, string(href)) == "" {
			t.Errorf("%s: broken offsets accepted", name)
		}
	}
}

// TestPacked: packing keeps every offset, the port (or its absence), the
// host kind and the flags.
func TestPacked(t *testing.T) {
	for _, o := range []record.Offsets{
		{SchemeEnd: 5, UsernameEnd: 8, HostStart: 12, HostEnd: 23, Port: 8080, PathStart: 28, QueryStart: 30, FragmentStart: 40},
		{SchemeEnd: 6, UsernameEnd: 7, HostStart: 7, HostEnd: 7, Port: record.Omitted, PathStart: 7, QueryStart: record.Omitted, FragmentStart: record.Omitted},
		{SchemeEnd: 1 << 31, UsernameEnd: 1<<32 - 2, HostStart: 3, HostEnd: 4, Port: 0, PathStart: 1<<32 - 2, QueryStart: 1<<32 - 2, FragmentStart: 1<<32 - 2},
		{Port: 65535},
	} {
		for _, kind := range []record.HostKind{record.HostNull, record.HostDomain, record.HostEmpty} {
			for _, flags := range []uint8{0, offsets.FlagSpecial, offsets.FlagSpecial | offsets.FlagOpaquePath} {
				p := offsets.Pack(&o, kind, flags)
				if got := p.Offsets(); got != o || p.Kind() != kind || p.Flags() != flags {
					t.Errorf("Pack(%+v, %v, %d) unpacks to %+v, %v, %d", o, kind, flags, got, p.Kind(), p.Flags())
				}
			}
		}
	}
}

// TestWithHost: the host end and every start after it move, the port
// and the flags stay, the kind is replaced.
func TestWithHost(t *testing.T) {
	const none = record.Omitted
	for _, c := range []struct {
		o    record.Offsets
		d    int
		want record.Offsets
	}{
		{record.Offsets{SchemeEnd: 5, UsernameEnd: 8, HostStart: 8, HostEnd: 19, Port: none, PathStart: 19, QueryStart: 21, FragmentStart: 24},
			3, record.Offsets{SchemeEnd: 5, UsernameEnd: 8, HostStart: 8, HostEnd: 22, Port: none, PathStart: 22, QueryStart: 24, FragmentStart: 27}},
		{record.Offsets{SchemeEnd: 5, UsernameEnd: 8, HostStart: 8, HostEnd: 19, Port: 8080, PathStart: 24, QueryStart: none, FragmentStart: none},
			-4, record.Offsets{SchemeEnd: 5, UsernameEnd: 8, HostStart: 8, HostEnd: 15, Port: 8080, PathStart: 20, QueryStart: none, FragmentStart: none}},
	} {
		p := offsets.Pack(&c.o, record.HostOpaque, offsets.FlagSpecial).WithHost(c.d, record.HostDomain)
		if got := p.Offsets(); got != c.want || p.Kind() != record.HostDomain || p.Flags() != offsets.FlagSpecial {
			t.Errorf("WithHost(%d) on %+v: %+v kind %v flags %d, want %+v", c.d, c.o, got, p.Kind(), p.Flags(), c.want)
		}
	}
}

// TestPortDigits: empty and digits up to 65535 (leading zeros are the
// port state's too), nothing past them and no other byte.
func TestPortDigits(t *testing.T) {
	for s, want := range map[string]bool{
		"": true, "0": true, "9": true, "80": true, "65535": true, "0000000000065535": true,
		"65536": false, "99999": false, "8a": false, " 8": false, "8/": false, "-1": false, ":": false,
	} {
		if got := offsets.PortDigits(s); got != want {
			t.Errorf("PortDigits(%q) = %v, want %v", s, got, want)
		}
	}
}
