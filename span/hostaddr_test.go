package span_test

import (
	"net/netip"
	"testing"

	"github.com/spanurl/spanurl/span"
)

func TestHostAddr(t *testing.T) {
	tests := []struct {
		in   string
		want string // "" when not an address
	}{
		{"http://127.0.0.1/", "127.0.0.1"},
		{"http://0x7f.1/", "127.0.0.1"},
		{"http://2130706433/", "127.0.0.1"},
		{"http://127.1:8080/", "127.0.0.1"},
		{"http://[::1]/", "::1"},
		{"http://[0:0:0:0:0:ffff:7f00:1]/", "::ffff:127.0.0.1"},
		{"http://[2001:db8::1]:443/", "2001:db8::1"},
		{"https://example.com/", ""},
		{"http://1.2.3.4.example/", ""},
		{"foo://127.0.0.1/", ""}, // an opaque host: no IPv4 parsing in non-special URLs
		{"foo://[::1]/", "::1"},
		{"file:///x", ""},
		{"mailto:a@b", ""},
	}
	for _, tc := range tests {
		u := mustParse(t, tc.in)
		a, ok := u.HostAddr()
		if tc.want == "" {
			if ok || a.IsValid() {
				t.Errorf("HostAddr(%q) = %v, %v; want none", tc.in, a, ok)
			}
			continue
		}
		if !ok || a != netip.MustParseAddr(tc.want) {
			t.Errorf("HostAddr(%q) = %v, %v; want %s", tc.in, a, ok, tc.want)
		}
	}
	if a, ok := (span.URL{}).HostAddr(); ok || a.IsValid() {
		t.Error("zero URL has a host address")
	}
	u4, u6 := mustParse(t, "http://10.0.0.1/"), mustParse(t, "http://[::1]/")
	if n := testing.AllocsPerRun(100, func() { u4.HostAddr(); u6.HostAddr() }); n != 0 {
		t.Errorf("HostAddr allocates %v times", n)
	}
}

func TestPortOrDefault(t *testing.T) {
	tests := []struct {
		in   string
		want uint16
	}{
		{"http://h/", 80},
		{"http://h:80/", 80},
		{"http://h:8080/", 8080},
		{"https://h/", 443},
		{"https://h:443/", 443},
		{"ws://h/", 80},
		{"wss://h/", 443},
		{"ftp://h/", 21},
		{"https://h:0/", 0},
		{"file:///x", 0},
		{"foo://h/", 0},
		{"foo://h:99/", 99},
		{"mailto:a@b", 0},
	}
	for _, tc := range tests {
		if got := mustParse(t, tc.in).PortOrDefault(); got != tc.want {
			t.Errorf("PortOrDefault(%q) = %d, want %d", tc.in, got, tc.want)
		}
	}
	if got := (span.URL{}).PortOrDefault(); got != 0 {
		t.Errorf("zero URL: PortOrDefault = %d", got)
	}
	for scheme, want := range map[string]uint16{"http": 80, "https": 443, "ws": 80, "wss": 443, "ftp": 21} {
		if p, ok := span.DefaultPort(scheme); !ok || p != want {
			t.Errorf("DefaultPort(%q) = %d, %v", scheme, p, ok)
		}
	}
	for _, scheme := range []string{"file", "foo", "", "HTTP", "gopher"} {
		if p, ok := span.DefaultPort(scheme); ok || p != 0 {
			t.Errorf("DefaultPort(%q) = %d, %v; want none", scheme, p, ok)
		}
	}
}
