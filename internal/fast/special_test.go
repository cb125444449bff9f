package fast

import "testing"

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
