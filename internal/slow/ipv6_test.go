package slow

import (
	"slices"
	"testing"

	"github.com/spanurl/spanurl/record"
)

func TestParseIPv6(t *testing.T) {
	valid := []struct {
		in   string
		want [8]uint16
	}{
		{"::", [8]uint16{}},
		{"::1", [8]uint16{0, 0, 0, 0, 0, 0, 0, 1}},
		{"1::", [8]uint16{1}},
		{"0:0::1", [8]uint16{0, 0, 0, 0, 0, 0, 0, 1}},
		{"1::8", [8]uint16{1, 0, 0, 0, 0, 0, 0, 8}},
		{"1:2::7:8", [8]uint16{1, 2, 0, 0, 0, 0, 7, 8}},
		{"1:2:3:4:5:6:7:8", [8]uint16{1, 2, 3, 4, 5, 6, 7, 8}},
		{"1:2:3:4:5:6:7::", [8]uint16{1, 2, 3, 4, 5, 6, 7, 0}},
		{"::2:3:4:5:6:7:8", [8]uint16{0, 2, 3, 4, 5, 6, 7, 8}},
		{"1:2:3::5:6:7:8", [8]uint16{1, 2, 3, 0, 5, 6, 7, 8}},
		{"ABCD:ef01::", [8]uint16{0xabcd, 0xef01}},
		{"0001:0002::0", [8]uint16{1, 2}},
		{"ffff:FFFF:ffff:ffff:ffff:ffff:ffff:ffff", [8]uint16{0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff}},
		// IPv4 in IPv6.
		{"::ffff:192.168.0.1", [8]uint16{0, 0, 0, 0, 0, 0xffff, 0xc0a8, 0x0001}},
		{"::127.0.0.1", [8]uint16{0, 0, 0, 0, 0, 0, 0x7f00, 0x0001}},
		{"::0.0.0.0", [8]uint16{}},
		{"::255.255.255.255", [8]uint16{0, 0, 0, 0, 0, 0, 0xffff, 0xffff}},
		{"1:2:3:4:5:6:1.2.3.4", [8]uint16{1, 2, 3, 4, 5, 6, 0x0102, 0x0304}},
		{"1:2:3:4:5::1.2.3.4", [8]uint16{1, 2, 3, 4, 5, 0, 0x0102, 0x0304}},
		{"1::1.2.3.4", [8]uint16{1, 0, 0, 0, 0, 0, 0x0102, 0x0304}},
		{"1:2:3:4:5:6:7.8.9.10", [8]uint16{1, 2, 3, 4, 5, 6, 0x0708, 0x090a}},
	}
	for _, tt := range valid {
		r := &reporter{on: true}
		got, ok := parseIPv6([]byte(tt.in), r, 0)
		if !ok || got != tt.want {
			t.Errorf("parseIPv6(%q) = %x, %v; want %x", tt.in, got, ok, tt.want)
		}
		if len(r.list) != 0 {
			t.Errorf("parseIPv6(%q) errors %v, want none", tt.in, r.list)
		}
	}

	invalid := []struct {
		in  string
		err record.ValidationError
	}{
		{":", ve(record.IPv6InvalidCompression, 0)},
		{":1", ve(record.IPv6InvalidCompression, 0)},
		{":1:2:3:4:5:6:7", ve(record.IPv6InvalidCompression, 0)},
		{"1:2:3:4:5:6:7:8:9", ve(record.IPv6TooManyPieces, 16)},
		{"1:2:3:4:5:6::7:8", ve(record.IPv6TooManyPieces, 15)},
		{"::1:2:3:4:5:6:7:8", ve(record.IPv6TooManyPieces, 16)},
		{"1::1::1", ve(record.IPv6MultipleCompression, 5)},
		{":::", ve(record.IPv6MultipleCompression, 2)},
		{"1:2:3!:4", ve(record.IPv6InvalidCodePoint, 5)},
		{"1:2:3:", ve(record.IPv6InvalidCodePoint, 5)},
		{"1:", ve(record.IPv6InvalidCodePoint, 1)},
		{"::1:", ve(record.IPv6InvalidCodePoint, 3)},
		{"12345::", ve(record.IPv6InvalidCodePoint, 4)},
		{"g::", ve(record.IPv6InvalidCodePoint, 0)},
		{"::ü", ve(record.IPv6InvalidCodePoint, 2)},
		{"::1%31", ve(record.IPv6InvalidCodePoint, 3)},
		{"::1 ", ve(record.IPv6InvalidCodePoint, 3)},
		{"1:2:3", ve(record.IPv6TooFewPieces, 5)},
		{"", ve(record.IPv6TooFewPieces, 0)},
		{"1.2.3.4", ve(record.IPv6TooFewPieces, 7)},
		{"1:1:1:1:1:1:1:127.0.0.1", ve(record.IPv4InIPv6TooManyPieces, 14)},
		{"1:2:3:4:5:6:7:1.2.3.4", ve(record.IPv4InIPv6TooManyPieces, 14)},
		{"ffff::.0.0.1", ve(record.IPv4InIPv6InvalidCodePoint, 6)},
		{"ffff::127.0.xyz.1", ve(record.IPv4InIPv6InvalidCodePoint, 12)},
		{"ffff::127.0xyz", ve(record.IPv4InIPv6InvalidCodePoint, 11)},
		{"ffff::127.00.0.1", ve(record.IPv4InIPv6InvalidCodePoint, 11)},
		{"ffff::127.0.0.1.2", ve(record.IPv4InIPv6InvalidCodePoint, 15)},
		{"ffff::127.0.0.1.", ve(record.IPv4InIPv6InvalidCodePoint, 15)},
		{"ffff::127..0.1", ve(record.IPv4InIPv6InvalidCodePoint, 10)},
		{"::1.2.3.4:1", ve(record.IPv4InIPv6InvalidCodePoint, 9)},
		{"ffff::127.0.0.4000", ve(record.IPv4InIPv6OutOfRangePart, 16)},
		{"::256.0.0.1", ve(record.IPv4InIPv6OutOfRangePart, 4)},
		{"ffff::127.0.0", ve(record.IPv4InIPv6TooFewParts, 13)},
		{"::1.2.3", ve(record.IPv4InIPv6TooFewParts, 7)},
		{"1:2:3:4:5:1.2.3.4", ve(record.IPv6TooFewPieces, 17)},
	}
	for _, tt := range invalid {
		r := &reporter{on: true}
		got, ok := parseIPv6([]byte(tt.in), r, 0)
		if ok {
			t.Errorf("parseIPv6(%q) = %x, want failure", tt.in, got)
		}
		if want := []record.ValidationError{tt.err}; !slices.Equal(r.list, want) {
			t.Errorf("parseIPv6(%q) errors %v, want %v", tt.in, r.list, want)
		}
		// Offsets are relative to at.
		r = &reporter{on: true}
		parseIPv6([]byte(tt.in), r, 100)
		if len(r.list) != 1 || r.list[0].Offset != tt.err.Offset+100 {
			t.Errorf("parseIPv6(%q) at 100: errors %v, want offset %d", tt.in, r.list, tt.err.Offset+100)
		}
	}
}

// TestIPv6Serialize checks the IPv6 serializer (record.Host.SetIPv6), in
// particular its choice of the piece run to compress, on parsed addresses.
func TestIPv6Serialize(t *testing.T) {
	tests := []struct{ in, want string }{
		// The spec's example: the second run of zeros is the first longest.
		{"0:f:0:0:f:f:0:0", "0:f::f:f:0:0"},
		{"1:0:0:2:0:0:0:3", "1:0:0:2::3"},
		{"1:0:0:0:2:0:0:3", "1::2:0:0:3"},
		{"1:0:0:2:2:0:0:3", "1::2:2:0:0:3"}, // a tie: the first run
		{"0:0:1:0:0:1:0:0", "::1:0:0:1:0:0"},
		{"1:0:1:0:1:0:1:0", "1:0:1:0:1:0:1:0"}, // single zeros are not compressed
		{"0:1:2:3:4:5:6:7", "0:1:2:3:4:5:6:7"},
		{"1:2:3:4:5:6:7:0", "1:2:3:4:5:6:7:0"},
		{"0:0:0:0:0:0:0:0", "::"},
		{"0:0:0:0:0:0:0:1", "::1"},
		{"1:0:0:0:0:0:0:0", "1::"},
		{"1:0:0:0:0:0:0:1", "1::1"},
		{"1:2:3:4:5:6:0:0", "1:2:3:4:5:6::"},
		{"1:2:3:4:5:6:7::", "1:2:3:4:5:6:7:0"},
		{"ABCD:0:0:0:0:0:0:0001", "abcd::1"},
		{"2001:0db8:85a3:0000:0000:8a2e:0370:7334", "2001:db8:85a3::8a2e:370:7334"},
		{"::ffff:192.168.0.1", "::ffff:c0a8:1"},
		{"0:0::1", "::1"},
	}
	for _, tt := range tests {
		address, ok := parseIPv6([]byte(tt.in), nil, 0)
		if !ok {
			t.Errorf("parseIPv6(%q) failed", tt.in)
			continue
		}
		var h record.Host
		h.SetIPv6(address)
		if got := string(h.Text); got != "["+tt.want+"]" {
			t.Errorf("SetIPv6(parseIPv6(%q)) = %q, want [%s]", tt.in, got, tt.want)
		}
	}
}
