package fast

import (
	"strings"
	"testing"

	"github.com/spanurl/spanurl/record"
)

func TestIsCanonicalIPv4(t *testing.T) {
	for _, tc := range []struct {
		host string
		want bool
	}{
		{"1.2.3.4", true},
		{"0.0.0.0", true},
		{"255.255.255.255", true},
		{"10.0.100.1", true},
		{"256.1.1.1", false},  // out of range
		{"1.2.3.256", false},  // out of range, last part
		{"01.2.3.4", false},   // leading zero: the serializer drops it
		{"1.2.3.00", false},   // leading zero
		{"1.2.3.4.", false},   // trailing dot: not serialized
		{"1.2.3", false},      // three parts: a different address
		{"1.2.3.4.5", false},  // five parts: failure
		{"1..3.4", false},     // empty part
		{".1.2.3", false},     // empty first part
		{"1.2.3.", false},     // empty last part
		{"1.2.3.a", false},    // not a number
		{"0x1.2.3.4", false},  // hex
		{"1000.1.1.1", false}, // four digits
		{"1.2.3.4444", false}, // four digits, last part
		{"", false},           // empty
		{"255.255.255.2555", false},
	} {
		if got := isCanonicalIPv4(tc.host); got != tc.want {
			t.Errorf("isCanonicalIPv4(%q) = %v, want %v", tc.host, got, tc.want)
		}
	}
}

// canonicalIPv4Ref is isCanonicalIPv4 as the serializer's form says it, a
// part at a time: the reference the word-at-a-time version is held to.
func canonicalIPv4Ref(host string) bool {
	parts := strings.Split(host, ".")
	if len(parts) != 4 {
		return false
	}
	for _, p := range parts {
		if p == "" || len(p) > 3 || len(p) > 1 && p[0] == '0' {
			return false
		}
		v := 0
		for i := 0; i < len(p); i++ {
			if p[i] < '0' || p[i] > '9' {
				return false
			}
			v = v*10 + int(p[i]-'0')
		}
		if v > 255 {
			return false
		}
	}
	return true
}

// TestIsCanonicalIPv4Parts: every host of four parts drawn from numbers
// at the edges (lengths 0 to 4, leading zeros, 255 and 256) and from
// bytes that are not digits, joined by '.' or by another byte, agrees
// with the reference; so do the hosts with one byte dropped or added.
func TestIsCanonicalIPv4Parts(t *testing.T) {
	parts := []string{"", "0", "1", "9", "00", "01", "10", "99", "100", "199", "249", "250", "255", "256", "260", "300", "999", "0000", "1000", "a", "1a", "/", "\x80", ":", "2\xff5"}
	for _, a := range parts {
		for _, b := range parts {
			for _, c := range parts {
				for _, d := range parts {
					for _, host := range []string{a + "." + b + "." + c + "." + d, a + "." + b + "." + c + "." + d + ".", a + "." + b + "/" + c + "." + d, a + b + "." + c + "." + d} {
						if got, want := isCanonicalIPv4(host), canonicalIPv4Ref(host); got != want {
							t.Fatalf("isCanonicalIPv4(%q) = %v, want %v", host, got, want)
						}
					}
				}
			}
		}
	}
}

// FuzzCanonicalIPv4: isCanonicalIPv4 agrees with the reference on any
// host, and hostNumber takes as IPv4 exactly the canonical addresses.
func FuzzCanonicalIPv4(f *testing.F) {
	for _, s := range []string{"1.2.3.4", "255.255.255.255", "1.2.3.04", "0.0.0.0", "1.2.3.4.", "1..2.3", "12.34.56.789", "192.168.000.1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, host string) {
		want := canonicalIPv4Ref(host)
		if got := isCanonicalIPv4(host); got != want {
			t.Fatalf("isCanonicalIPv4(%q) = %v, want %v", host, got, want)
		}
		if host == "" {
			return
		}
		kind, ok := hostNumber(host)
		if (ok && kind == record.HostIPv4) != want {
			t.Fatalf("hostNumber(%q) = %v %v, canonical IPv4 %v", host, kind, ok, want)
		}
		if !want && ok && endsInANumber(host) != numberNo {
			t.Fatalf("hostNumber(%q) takes a host that ends in a number", host)
		}
	})
}

// TestHostNumber: how the fast path takes a host by its end, for each
// digit a canonical address can end in and the other number forms.
func TestHostNumber(t *testing.T) {
	for _, c := range []struct {
		host string
		kind record.HostKind
		ok   bool
	}{
		{"1.2.3.9", record.HostIPv4, true},
		{"1.2.3.0", record.HostIPv4, true},
		{"192.168.100.255", record.HostIPv4, true},
		{"example.com", record.HostDomain, true},
		{"example.de", record.HostDomain, true}, // ends in a hex digit, not a number
		{"a9.b8c", record.HostDomain, true},
		{"1.2.3.09", record.HostDomain, false}, // numbers the IPv4 parser rewrites
		{"1.2.9", record.HostDomain, false},
		{"a.0x9", record.HostDomain, false},
		{"a.9", record.HostDomain, false},
		{"1.2.3.9.", record.HostDomain, false},
	} {
		if kind, ok := hostNumber(c.host); kind != c.kind || ok != c.ok {
			t.Errorf("hostNumber(%q) = %v %v, want %v %v", c.host, kind, ok, c.kind, c.ok)
		}
	}
}
