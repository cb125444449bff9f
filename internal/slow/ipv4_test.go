package slow

import (
	"slices"
	"strings"
	"testing"

	"github.com/spanurl/spanurl/record"
)

// ve is a validation error at an offset, for the tables below.
func ve(t record.ErrorType, offset int) record.ValidationError {
	return record.ValidationError{Type: t, Offset: offset}
}

func TestParseIPv4(t *testing.T) {
	const fail = "failure"
	tests := []struct {
		in   string
		at   int
		want string // the serialized address, or fail
		errs []record.ValidationError
	}{
		// Dotted decimal.
		{in: "127.0.0.1", want: "127.0.0.1"},
		{in: "0.0.0.0", want: "0.0.0.0"},
		{in: "255.255.255.255", want: "255.255.255.255"},
		{in: "0", want: "0.0.0.0"},
		// Short forms: the last number fills the remaining bytes (and is
		// still an IPv4-out-of-range-part validation error when over 255).
		{in: "127.1", want: "127.0.0.1"},
		{in: "127.0.1", want: "127.0.0.1"},
		{in: "3232235777", want: "192.168.1.1", errs: []record.ValidationError{ve(record.IPv4OutOfRangePart, 0)}},
		{in: "1.2.65535", want: "1.2.255.255", errs: []record.ValidationError{ve(record.IPv4OutOfRangePart, 4)}},
		{in: "1.16777215", want: "1.255.255.255", errs: []record.ValidationError{ve(record.IPv4OutOfRangePart, 2)}},
		{in: "4294967295", want: "255.255.255.255", errs: []record.ValidationError{ve(record.IPv4OutOfRangePart, 0)}},
		// Hexadecimal and octal parts: IPv4-non-decimal-part, one per part.
		{in: "0x7f.1", want: "127.0.0.1", errs: []record.ValidationError{ve(record.IPv4NonDecimalPart, 0)}},
		{in: "0X7F.1", want: "127.0.0.1", errs: []record.ValidationError{ve(record.IPv4NonDecimalPart, 0)}},
		{in: "0300.0250.0.1", want: "192.168.0.1", errs: []record.ValidationError{
			ve(record.IPv4NonDecimalPart, 0), ve(record.IPv4NonDecimalPart, 5)}},
		{in: "0xc0.0250.01", want: "192.168.0.1", errs: []record.ValidationError{
			ve(record.IPv4NonDecimalPart, 0), ve(record.IPv4NonDecimalPart, 5), ve(record.IPv4NonDecimalPart, 10)}},
		{in: "127.0.0x0.1", want: "127.0.0.1", errs: []record.ValidationError{ve(record.IPv4NonDecimalPart, 6)}},
		{in: "0x", want: "0.0.0.0", errs: []record.ValidationError{ve(record.IPv4NonDecimalPart, 0)}},
		{in: "1.0x", want: "1.0.0.0", errs: []record.ValidationError{ve(record.IPv4NonDecimalPart, 2)}},
		{in: "0x.0x.0", want: "0.0.0.0", errs: []record.ValidationError{
			ve(record.IPv4NonDecimalPart, 0), ve(record.IPv4NonDecimalPart, 3)}},
		{in: "00.00.00.00", want: "0.0.0.0", errs: []record.ValidationError{
			ve(record.IPv4NonDecimalPart, 0), ve(record.IPv4NonDecimalPart, 3),
			ve(record.IPv4NonDecimalPart, 6), ve(record.IPv4NonDecimalPart, 9)}},
		{in: "0x00000000000000000000000000000001", want: "0.0.0.1", errs: []record.ValidationError{ve(record.IPv4NonDecimalPart, 0)}},
		{in: "0000000000000000000000001.2.3.4", want: "1.2.3.4", errs: []record.ValidationError{ve(record.IPv4NonDecimalPart, 0)}},
		{in: "0xffffffff", want: "255.255.255.255", errs: []record.ValidationError{
			ve(record.IPv4NonDecimalPart, 0), ve(record.IPv4OutOfRangePart, 0)}},
		// Range rules: any part > 255 is an error; only the last may exceed
		// 255, and it must fit the remaining bytes.
		{in: "4294967296", want: fail, errs: []record.ValidationError{ve(record.IPv4OutOfRangePart, 0)}},
		{in: "0x100000000", want: fail, errs: []record.ValidationError{
			ve(record.IPv4NonDecimalPart, 0), ve(record.IPv4OutOfRangePart, 0)}},
		{in: "1.2.65536", want: fail, errs: []record.ValidationError{ve(record.IPv4OutOfRangePart, 4)}},
		{in: "1.16777216", want: fail, errs: []record.ValidationError{ve(record.IPv4OutOfRangePart, 2)}},
		{in: "256.0.0.1", want: fail, errs: []record.ValidationError{ve(record.IPv4OutOfRangePart, 0)}},
		{in: "1.2.3.256", want: fail, errs: []record.ValidationError{ve(record.IPv4OutOfRangePart, 6)}},
		{in: "255.255.4000.1", want: fail, errs: []record.ValidationError{ve(record.IPv4OutOfRangePart, 8)}},
		{in: "1.300.3.400", want: fail, errs: []record.ValidationError{ve(record.IPv4OutOfRangePart, 2)}},
		{in: "99999999999999999999999999999999", want: fail, errs: []record.ValidationError{ve(record.IPv4OutOfRangePart, 0)}},
		{in: "0x" + strings.Repeat("f", 100), want: fail, errs: []record.ValidationError{
			ve(record.IPv4NonDecimalPart, 0), ve(record.IPv4OutOfRangePart, 0)}},
		// Too many parts.
		{in: "1.2.3.4.5", want: fail, errs: []record.ValidationError{ve(record.IPv4TooManyParts, 7)}},
		{in: "1.2.3.4.5.", want: fail, errs: []record.ValidationError{
			ve(record.IPv4EmptyPart, 9), ve(record.IPv4TooManyParts, 7)}},
		{in: "1.2.3.4..", want: fail, errs: []record.ValidationError{
			ve(record.IPv4EmptyPart, 8), ve(record.IPv4TooManyParts, 7)}},
		// A trailing dot is allowed (one).
		{in: "1.2.3.4.", want: "1.2.3.4", errs: []record.ValidationError{ve(record.IPv4EmptyPart, 7)}},
		{in: "127.0.0.1.", want: "127.0.0.1", errs: []record.ValidationError{ve(record.IPv4EmptyPart, 9)}},
		{in: "1.", want: "0.0.0.1", errs: []record.ValidationError{ve(record.IPv4EmptyPart, 1)}},
		// Non-numeric parts.
		{in: "", want: fail, errs: []record.ValidationError{
			ve(record.IPv4EmptyPart, 0), ve(record.IPv4NonNumericPart, 0)}},
		{in: ".", want: fail, errs: []record.ValidationError{
			ve(record.IPv4EmptyPart, 0), ve(record.IPv4NonNumericPart, 0)}},
		{in: "1..2", want: fail, errs: []record.ValidationError{ve(record.IPv4NonNumericPart, 2)}},
		{in: ".1", want: fail, errs: []record.ValidationError{ve(record.IPv4NonNumericPart, 0)}},
		{in: "test.42", want: fail, errs: []record.ValidationError{ve(record.IPv4NonNumericPart, 0)}},
		{in: "09", want: fail, errs: []record.ValidationError{ve(record.IPv4NonNumericPart, 0)}},
		{in: "1.2.3.09", want: fail, errs: []record.ValidationError{ve(record.IPv4NonNumericPart, 6)}},
		{in: "0x0x1", want: fail, errs: []record.ValidationError{ve(record.IPv4NonNumericPart, 0)}},
		{in: "0xg", want: fail, errs: []record.ValidationError{ve(record.IPv4NonNumericPart, 0)}},
		{in: "0x1.09", want: fail, errs: []record.ValidationError{
			ve(record.IPv4NonDecimalPart, 0), ve(record.IPv4NonNumericPart, 4)}},
		// Offsets are relative to at.
		{in: "1.2.3.4.", at: 10, want: "1.2.3.4", errs: []record.ValidationError{ve(record.IPv4EmptyPart, 17)}},
		{in: "1.0x2", at: 3, want: "1.0.0.2", errs: []record.ValidationError{ve(record.IPv4NonDecimalPart, 5)}},
	}
	for _, tt := range tests {
		r := &reporter{on: true}
		address, ok := parseIPv4([]byte(tt.in), r, tt.at)
		got := fail
		if ok {
			var h record.Host
			h.SetIPv4(address)
			got = string(h.Text)
		}
		if got != tt.want {
			t.Errorf("parseIPv4(%q) = %s, want %s", tt.in, got, tt.want)
		}
		if !slices.Equal(r.list, tt.errs) {
			t.Errorf("parseIPv4(%q) errors %v, want %v", tt.in, r.list, tt.errs)
		}
		// A nil reporter gives the same result.
		address2, ok2 := parseIPv4([]byte(tt.in), nil, tt.at)
		if ok2 != ok || address2 != address {
			t.Errorf("parseIPv4(%q) with nil reporter = %d, %v; want %d, %v", tt.in, address2, ok2, address, ok)
		}
	}
}

func TestParseIPv4Number(t *testing.T) {
	tests := []struct {
		in              string
		n               uint64
		validationError bool
		ok              bool
	}{
		{"", 0, false, false},
		{"0", 0, false, true},
		{"9", 9, false, true},
		{"10", 10, false, true},
		{"00", 0, true, true},
		{"010", 8, true, true},
		{"0777", 511, true, true},
		{"0x", 0, true, true},
		{"0X", 0, true, true},
		{"0x10", 16, true, true},
		{"0XaBc", 0xabc, true, true},
		{"4294967296", 1 << 32, false, true},
		{"08", 0, false, false},
		{"0x0g", 0, false, false},
		{"0x0x", 0, false, false},
		{"00x1", 0, false, false},
		{"1a", 0, false, false},
		{"a", 0, false, false},
		{"-1", 0, false, false},
		{"+1", 0, false, false},
		{" 1", 0, false, false},
		{"1.", 0, false, false},
	}
	for _, tt := range tests {
		n, v, ok := parseIPv4Number([]byte(tt.in))
		if n != tt.n || v != tt.validationError || ok != tt.ok {
			t.Errorf("parseIPv4Number(%q) = %d, %v, %v; want %d, %v, %v", tt.in, n, v, ok, tt.n, tt.validationError, tt.ok)
		}
	}

	// Huge numbers do not wrap around: they stay greater than 2^32.
	for _, in := range []string{
		strings.Repeat("9", 100),
		"0x" + strings.Repeat("f", 100),
		"0x1" + strings.Repeat("0", 100),
		"07" + strings.Repeat("7", 100),
		"18446744073709551616", // 2^64
		"18446744073709551615", // 2^64-1
		"0x10000000000000000",  // 2^64
	} {
		n, _, ok := parseIPv4Number([]byte(in))
		if !ok || n <= 1<<32 {
			t.Errorf("parseIPv4Number(%.20q...) = %d, %v; want a number > 2^32", in, n, ok)
		}
	}
}

func TestEndsInANumber(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"", false},
		{".", false},
		{"..", false},
		{"1", true},
		{"1.", true},
		{"a.1", true},
		{"a.1.", true},
		{"a.1..", false},
		{"example.255", true},
		{"a.09", true}, // the IPv4 parser rejects it later
		{"a.0x", true},
		{"a.0X1f", true},
		{"a.0x1.", true},
		{"0x", true},
		{"a.0xg", false},
		{"a.x1", false},
		{"a.b", false},
		{"1.a", false},
		{"example.com", false},
		{"a.1a", false},
		{"a.-1", false},
	}
	for _, tt := range tests {
		if got := endsInANumber([]byte(tt.in)); got != tt.want {
			t.Errorf("endsInANumber(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
