package uts46

import (
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// TestDecode: decode agrees with utf8.DecodeRuneInString on every sequence of two and
// three bytes after a non-ASCII first byte and on random four-byte ones, followed by
// nothing or by more bytes: the same code point and size where UTF-8 is valid,
// RuneError where it is not (surrogates aside, which decode returns as themselves).
func TestDecode(t *testing.T) {
	check := func(s string) {
		want, wantSize := utf8.DecodeRuneInString(s)
		got, size := decode(s)
		if want == utf8.RuneError && wantSize == 1 {
			if got != utf8.RuneError && !(0xD800 <= got && got <= 0xDFFF) {
				t.Fatalf("decode(%+q) = U+%04X, %d; want RuneError", s, got, size)
			}
			return
		}
		if got != want || size != wantSize {
			t.Fatalf("decode(%+q) = U+%04X, %d; want U+%04X, %d", s, got, size, want, wantSize)
		}
	}
	for c0 := 0x80; c0 < 0x100; c0++ {
		check(string([]byte{byte(c0)}))
		for c1 := 0; c1 < 0x100; c1++ {
			check(string([]byte{byte(c0), byte(c1)}))
			check(string([]byte{byte(c0), byte(c1), 'a'}))
			for c2 := 0; c2 < 0x100; c2 += 1 + 6*(c0&1) {
				check(string([]byte{byte(c0), byte(c1), byte(c2)}))
			}
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 1 << 20 {
		b := []byte{byte(0xF0 + rng.IntN(16)), byte(rng.IntN(256)), byte(rng.IntN(256)), byte(rng.IntN(256))}
		if rng.IntN(2) == 0 {
			b[1], b[2], b[3] = 0x80|b[1]&0x3F, 0x80|b[2]&0x3F, 0x80|b[3]&0x3F
		}
		check(string(b))
	}
}
