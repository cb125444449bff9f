package api

import (
	"errors"
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/spanurl/spanurl/internal/slow"
)

func TestParseForm(t *testing.T) {
	const fffd = "\uFFFD"
	tests := []struct {
		in   string
		want []Pair
	}{
		{"", nil},
		{"&", nil},
		{"&&&", nil},
		{"a=b", []Pair{{"a", "b"}}},
		{"a=b&c=d", []Pair{{"a", "b"}, {"c", "d"}}},
		{"&&a=b&&c&", []Pair{{"a", "b"}, {"c", ""}}},
		// 3.2: split at the first "=" only; "=" first or last.
		{"a", []Pair{{"a", ""}}},
		{"=", []Pair{{"", ""}}},
		{"=b", []Pair{{"", "b"}}},
		{"a=", []Pair{{"a", ""}}},
		{"a==b", []Pair{{"a", "=b"}}},
		{"a=b=c", []Pair{{"a", "b=c"}}},
		// 3.4: "+" is a space, before percent-decoding ("%2B" is "+").
		{"a+b=c+d", []Pair{{"a b", "c d"}}},
		{"%2B=%20", []Pair{{"+", " "}}},
		{"a=%2B+%2b", []Pair{{"a", "+ +"}}},
		// Percent-decoding: "%" not followed by two hex digits is itself.
		{"%", []Pair{{"%", ""}}},
		{"%4=%zz%4", []Pair{{"%4", "%zz%4"}}},
		{"%%41=%4%41", []Pair{{"%A", "%4A"}}},
		{"%26=%3D", []Pair{{"&", "="}}},
		{"%C3%A9=%E2%82%AC", []Pair{{"é", "€"}}},
		{"%c3%a9", []Pair{{"é", ""}}},
		{"é=☕", []Pair{{"é", "☕"}}},
		// UTF-8 decode without BOM: a BOM is kept, each maximal subpart of
		// an ill-formed sequence is one U+FFFD.
		{"%EF%BB%BFa", []Pair{{"\uFEFFa", ""}}},
		{"%FF", []Pair{{fffd, ""}}},
		{"%C0%80", []Pair{{fffd + fffd, ""}}},
		{"%E2%82", []Pair{{fffd, ""}}},
		{"%E2%82%41", []Pair{{fffd + "A", ""}}},
		{"%E2%82%E2%82%AC", []Pair{{fffd + "€", ""}}},
		{"%F0%9F%98", []Pair{{fffd, ""}}},
		{"%F0%80%80", []Pair{{fffd + fffd + fffd, ""}}},
		{"%ED%A0%80", []Pair{{fffd + fffd + fffd, ""}}},
		{"%F4%90%80%80", []Pair{{fffd + fffd + fffd + fffd, ""}}},
		{"%F5", []Pair{{fffd, ""}}},
		{"%80%80", []Pair{{fffd + fffd, ""}}},
		{"%EF%BF%BD", []Pair{{fffd, ""}}},
		// Raw bytes of the input go through the same decode.
		{"\xE2\x82=\xff", []Pair{{fffd, fffd}}},
		// A leading "?" is part of the first name (only the constructor
		// strips it).
		{"?a=b", []Pair{{"?a", "b"}}},
	}
	for _, tc := range tests {
		got := ParseForm(tc.in)
		if !slices.Equal(got, tc.want) {
			t.Errorf("ParseForm(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if got := ParseFormBytes([]byte(tc.in)); !slices.Equal(got, tc.want) {
			t.Errorf("ParseFormBytes(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestDecodeUTF8WithoutBOM checks the maximal subpart replacement on every
// one- and two-byte sequence and every three-byte sequence with a lead byte
// of 0xE0-0xF4, against the count derived from the Encoding Standard's
// decoder written out a second way (a state machine over bytes).
func TestDecodeUTF8WithoutBOM(t *testing.T) {
	check := func(b []byte) {
		t.Helper()
		got := decodeUTF8WithoutBOM(b)
		want := referenceUTF8Decode(b)
		if got != want {
			t.Fatalf("decodeUTF8WithoutBOM(% X) = %+q, want %+q", b, got, want)
		}
	}
	for i := 0; i < 256; i++ {
		check([]byte{byte(i)})
		for j := 0; j < 256; j++ {
			check([]byte{byte(i), byte(j)})
			if i >= 0xE0 && i <= 0xF4 {
				for _, k := range []byte{0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xE2, 0xFF} {
					check([]byte{byte(i), byte(j), k})
					check([]byte{byte(i), byte(j), k, 0x80})
				}
			}
		}
	}
}

// referenceUTF8Decode is the Encoding Standard's UTF-8 decoder, step by
// step, with replacement error mode.
func referenceUTF8Decode(input []byte) string {
	var out []rune
	codePoint, bytesSeen, bytesNeeded := rune(0), 0, 0
	lower, upper := byte(0x80), byte(0xBF)
	for i := 0; i <= len(input); i++ {
		if i == len(input) {
			// end-of-queue and bytes needed is not 0: error.
			if bytesNeeded != 0 {
				out = append(out, utf8.RuneError)
			}
			break
		}
		b := input[i]
		if bytesNeeded == 0 {
			switch {
			case b <= 0x7F:
				out = append(out, rune(b))
			case b >= 0xC2 && b <= 0xDF:
				bytesNeeded, codePoint = 1, rune(b&0x1F)
			case b >= 0xE0 && b <= 0xEF:
				if b == 0xE0 {
					lower = 0xA0
				}
				if b == 0xED {
					upper = 0x9F
				}
				bytesNeeded, codePoint = 2, rune(b&0xF)
			case b >= 0xF0 && b <= 0xF4:
				if b == 0xF0 {
					lower = 0x90
				}
				if b == 0xF4 {
					upper = 0x8F
				}
				bytesNeeded, codePoint = 3, rune(b&0x7)
			default:
				out = append(out, utf8.RuneError)
			}
			continue
		}
		if b < lower || b > upper {
			codePoint, bytesNeeded, bytesSeen = 0, 0, 0
			lower, upper = 0x80, 0xBF
			i-- // restore byte to the queue
			out = append(out, utf8.RuneError)
			continue
		}
		lower, upper = 0x80, 0xBF
		codePoint = codePoint<<6 | rune(b&0x3F)
		bytesSeen++
		if bytesSeen != bytesNeeded {
			continue
		}
		out = append(out, codePoint)
		codePoint, bytesNeeded, bytesSeen = 0, 0, 0
	}
	return string(out)
}

func TestSerializeForm(t *testing.T) {
	tests := []struct {
		in   []Pair
		want string
	}{
		{nil, ""},
		{[]Pair{{"", ""}}, "="},
		{[]Pair{{"a", "b"}}, "a=b"},
		{[]Pair{{"a", "1"}, {"b", "2"}, {"a", "3"}}, "a=1&b=2&a=3"},
		{[]Pair{{"", ""}, {"", ""}}, "=&="},
		// Space is "+", "+" is "%2B".
		{[]Pair{{"a b", "c+d"}}, "a+b=c%2Bd"},
		// Only ASCII alphanumerics and * - . _ are left as they are.
		{[]Pair{{"*-._", "~!'()"}}, "*-._=%7E%21%27%28%29"},
		{[]Pair{{"&=%#?/:;@$,", "[]{}|\\^`\"<>"}}, "%26%3D%25%23%3F%2F%3A%3B%40%24%2C=%5B%5D%7B%7D%7C%5C%5E%60%22%3C%3E"},
		{[]Pair{{"\x00\t\n\x7f", ""}}, "%00%09%0A%7F="},
		{[]Pair{{"é", "☕\U0001F600"}}, "%C3%A9=%E2%98%95%F0%9F%98%80"},
		// Invalid UTF-8: each maximal subpart is U+FFFD.
		{[]Pair{{"\xE2\x82", "\xff\xfe"}}, "%EF%BF%BD=%EF%BF%BD%EF%BF%BD"},
	}
	for _, tc := range tests {
		if got := SerializeForm(tc.in); got != tc.want {
			t.Errorf("SerializeForm(%q) = %q, want %q", tc.in, got, tc.want)
		}
		got, err := SerializeFormWithEncoding(tc.in, " UTF-8\n")
		if err != nil || got != tc.want {
			t.Errorf("SerializeFormWithEncoding(%q, UTF-8) = %q, %v, want %q", tc.in, got, err, tc.want)
		}
	}
}

func TestSerializeFormWithEncoding(t *testing.T) {
	tests := []struct {
		in    []Pair
		label string
		want  string
	}{
		{[]Pair{{"é", "€ x"}}, "windows-1252", "%E9=%80+x"},
		{[]Pair{{"é", "€"}}, "latin1", "%E9=%80"},
		// A code point the encoding cannot encode is an HTML numeric
		// character reference, percent-encoded.
		{[]Pair{{"a", "☃"}}, "windows-1252", "a=%26%239731%3B"},
		{[]Pair{{"ア", "☃"}}, "Shift_JIS", "%83A=%26%239731%3B"},
		// get an output encoding: UTF-16 and replacement are UTF-8.
		{[]Pair{{"é", ""}}, "utf-16le", "%C3%A9="},
		{[]Pair{{"é", ""}}, "UTF-16BE", "%C3%A9="},
	}
	for _, tc := range tests {
		got, err := SerializeFormWithEncoding(tc.in, tc.label)
		if err != nil || got != tc.want {
			t.Errorf("SerializeFormWithEncoding(%q, %q) = %q, %v, want %q", tc.in, tc.label, got, err, tc.want)
		}
	}
	_, err := SerializeFormWithEncoding([]Pair{{"a", "b"}}, "no-such-encoding")
	var le *slow.EncodingLabelError
	if !errors.As(err, &le) {
		t.Errorf("unknown label: err = %v, want an *EncodingLabelError", err)
	}
}

// FuzzFormRoundTrip checks that parsing the serialization of pairs gives
// the pairs back (as scalar value strings), and that the serialization is
// ASCII without space.
func FuzzFormRoundTrip(f *testing.F) {
	f.Add("a b", "c+d", "&=", "%zz")
	f.Add("é", "\U0001F600", "", "\xff")
	f.Fuzz(func(t *testing.T, n1, v1, n2, v2 string) {
		pairs := []Pair{{n1, v1}, {n2, v2}}
		s := SerializeForm(pairs)
		for i := 0; i < len(s); i++ {
			if s[i] <= ' ' || s[i] >= 0x7f {
				t.Fatalf("SerializeForm(%q) = %q: byte %#x", pairs, s, s[i])
			}
		}
		want := []Pair{{usvString(n1), usvString(v1)}, {usvString(n2), usvString(v2)}}
		if got := ParseForm(s); !slices.Equal(got, want) {
			t.Fatalf("ParseForm(SerializeForm(%q)) = %q, want %q", pairs, got, want)
		}
	})
}
