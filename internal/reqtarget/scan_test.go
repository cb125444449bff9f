package reqtarget

import (
	"strings"
	"testing"
)

// scanTargetBytes is scanTarget one byte at a time, the reference the word
// scan must agree with.
func scanTargetBytes(target string) (int, bool) {
	ascii := true
	for i := 0; i < len(target); i++ {
		c := target[i]
		if c <= ' ' || c == 0x7F || c == '#' {
			return i, false
		}
		if c >= 0x80 {
			ascii = false
		}
	}
	return -1, ascii
}

// TestScanTargetWords puts every byte value at every position of targets
// around the word size, alone and after a byte that could hide it from a
// word test (0x80, 0xA0, 0xFF, "!", "$" next to "#", "~" next to DEL).
func TestScanTargetWords(t *testing.T) {
	for n := 1; n <= 19; n++ {
		for pos := 0; pos < n; pos++ {
			for c := 0; c < 256; c++ {
				for _, before := range []byte{'a', 0x80, 0xA0, 0xFF, '!', '$', '~', 0x22, 0x7E} {
					b := []byte(strings.Repeat("a", n))
					if pos > 0 {
						b[pos-1] = before
					}
					b[pos] = byte(c)
					s := string(b)
					gi, ga := scanTarget(s)
					wi, wa := scanTargetBytes(s)
					if gi != wi || ga != wa {
						t.Fatalf("scanTarget(%q) = %d, %v; want %d, %v", s, gi, ga, wi, wa)
					}
				}
			}
		}
	}
}

func FuzzScanTarget(f *testing.F) {
	for _, s := range []string{"/a/b?c=d", "/a b", "/a#b", "/\x7f", "/\xff\xfe", "/\t", "/aaaaaaa\x80#"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		gi, ga := scanTarget(s)
		wi, wa := scanTargetBytes(s)
		if gi != wi || ga != wa {
			t.Fatalf("scanTarget(%q) = %d, %v; want %d, %v", s, gi, ga, wi, wa)
		}
	})
}
