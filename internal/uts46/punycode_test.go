package uts46

import (
	"math/rand/v2"
	"testing"

	"golang.org/x/net/idna"
)

// TestPunycodeRFC3492: samples of RFC 3492 section 7.1 (those without uppercase, whose
// case annotations appendPunycode does not write).
func TestPunycodeRFC3492(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"\u4ed6\u4eec\u4e3a\u4ec0\u4e48\u4e0d\u8bf4\u4e2d\u6587", "ihqwcrb4cv8a8dqg056pqjye"},                                               // (B) Chinese (simplified)
		{"\u0644\u064a\u0647\u0645\u0627\u0628\u062a\u0643\u0644\u0645\u0648\u0634\u0639\u0631\u0628\u064a\u061f", "egbpdaj6bu4bxfgehfvwxn"}, // (A) Arabic (Egyptian)
		{"\u3072\u3068\u3064\u5c4b\u6839\u306e\u4e0b2", "2-u9tlzr9756bt3uc0v"},                                                               // (Q)
	} {
		if got := string(appendPunycode(nil, []rune(c.in))); got != c.want {
			t.Errorf("Punycode(%+q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestPunycodeMatchesIDNA: on random labels of up to maxPlainLabel code points from every
// plane, appendPunycode writes what golang.org/x/net/idna's Punycode profile does.
func TestPunycodeMatchesIDNA(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	compared := 0
	for range 20000 {
		n := 1 + rng.IntN(maxPlainLabel)
		label := make([]rune, n)
		nonASCII := false
		for i := range label {
			switch rng.IntN(4) {
			case 0:
				label[i] = rune('a' + rng.IntN(26))
			case 1:
				label[i] = rune(0x80 + rng.IntN(0x800))
			case 2:
				label[i] = rune(0x3000 + rng.IntN(0xA000))
			default:
				label[i] = rune(0x10000 + rng.IntN(0x100000))
			}
			nonASCII = nonASCII || label[i] >= 0x80
		}
		if !nonASCII {
			continue
		}
		want, err := idna.Punycode.ToASCII(string(label))
		if err != nil {
			continue // a surrogate or other rune the profile rejects
		}
		if got := "xn--" + string(appendPunycode(nil, label)); got != want {
			t.Fatalf("Punycode(%+q) = %q, x/net/idna %q", string(label), got, want)
		}
		compared++
	}
	if compared < 19000 {
		t.Errorf("compared %d labels of 20000", compared)
	}
}
