package pct

import "testing"

func TestAppendDecoded(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"abc", "abc"},
		{"%41%62", "Ab"},
		{"%", "%"},
		{"%4", "%4"},
		{"%4g%41", "%4gA"},
		{"%%41", "%A"},
		{"%2525", "%25"},
		{"a%ff", "a\xff"},
	} {
		if got := string(AppendDecoded(nil, tc.in)); got != tc.want {
			t.Errorf("AppendDecoded(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if got := string(AppendDecoded([]byte("x"), []byte(tc.in))); got != "x"+tc.want {
			t.Errorf("AppendDecoded(x, []byte(%q)) = %q, want %q", tc.in, got, "x"+tc.want)
		}
	}
}

func TestDecodeHex2(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want byte
		ok   bool
	}{
		{"41", 'A', true}, {"fF", 0xff, true}, {"0a/", '\n', true},
		{"", 0, false}, {"4", 0, false}, {"4g", 0, false}, {"g4", 0, false},
	} {
		if got, ok := DecodeHex2(tc.in); got != tc.want || ok != tc.ok {
			t.Errorf("DecodeHex2(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestIsUnreserved(t *testing.T) {
	var got []byte
	for c := 0; c < 256; c++ {
		if IsUnreserved(byte(c)) {
			got = append(got, byte(c))
		}
	}
	const want = "-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"
	if string(got) != want {
		t.Errorf("unreserved bytes %q, want %q", got, want)
	}
}
