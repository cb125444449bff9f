package reqtarget

import (
	"strings"
	"testing"
)

func TestCheckDNSName(t *testing.T) {
	label63 := strings.Repeat("a", 63)
	long := strings.Repeat(label63+".", 4)[:254]
	for _, tc := range []struct {
		name string
		want DNSProblem
		at   int
	}{
		{"example.com", DNSNameOK, -1},
		{"a-1.b", DNSNameOK, -1},
		{label63 + ".com", DNSNameOK, -1},
		{long[:253], DNSNameOK, -1},
		{"", DNSEmptyLabel, 0},
		{"a..b", DNSEmptyLabel, 2},
		{".a", DNSEmptyLabel, 0},
		{"a.", DNSEmptyLabel, 2},
		{label63 + "a.com", DNSLabelTooLong, 63},
		{"x." + label63 + "a", DNSLabelTooLong, 65},
		{long, DNSNameTooLong, 253},
		{"ex_ample.com", DNSBadCharacter, 2},
		{"Example.com", DNSBadCharacter, 0},
	} {
		if got, at := CheckDNSName(tc.name); got != tc.want || at != tc.at {
			t.Errorf("CheckDNSName(%.20q) = %d at %d, want %d at %d", tc.name, got, at, tc.want, tc.at)
		}
	}
}
