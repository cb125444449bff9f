package asm

import (
	"bytes"
	"math/rand"
	"strings"
	"testing"
)

type joinImpl struct {
	name string
	fn   func(dst []byte, a, b string)
}

func allJoins() []joinImpl {
	return append([]joinImpl{{"generic", JoinGeneric}, {"Join", Join}}, archJoins()...)
}

// checkJoin runs fn on a and b into a dst with sentinel bytes around the room for them and
// fails unless dst holds a+b with every other byte untouched.
func checkJoin(t *testing.T, j joinImpl, a, b string, dstOff, extra int) {
	t.Helper()
	const sentinel = 0xA5
	buf := bytes.Repeat([]byte{sentinel}, dstOff+len(a)+len(b)+extra)
	j.fn(buf[dstOff:], a, b)
	want := append(append(bytes.Repeat([]byte{sentinel}, dstOff), a...), b...)
	want = append(want, bytes.Repeat([]byte{sentinel}, extra)...)
	if !bytes.Equal(buf, want) {
		t.Fatalf("%s: len(a)=%d len(b)=%d dstOff=%d extra=%d:\n got %q\nwant %q", j.name, len(a), len(b), dstOff, extra, buf, want)
	}
}

// TestJoinLengthsAndAlignments: every pair of lengths 0..300 for a and b (b in steps that
// still cross every multiple of 64), at every source and destination alignment for some
// of them, with and without room to spare after the result.
func TestJoinLengthsAndAlignments(t *testing.T) {
	src := make([]byte, 700)
	for i := range src {
		src[i] = byte('a' + i%26)
	}
	text := string(src)
	for _, j := range allJoins() {
		for la := 0; la <= 300; la++ {
			for lb := 0; lb <= 300; lb += 1 + lb%5 {
				a, b := text[la%64:la%64+la], text[300+lb%63:300+lb%63+lb]
				checkJoin(t, j, a, b, (la+lb)%64, lb%2*70)
			}
		}
		for off := 0; off < 64; off++ {
			for _, n := range []int{0, 1, 63, 64, 65, 127, 128, 129} {
				checkJoin(t, j, text[off:off+n], text[off+n:off+2*n], off, 0)
				checkJoin(t, j, text[off:off+n], text[200:200+off], 63-off, 1)
			}
		}
	}
}

func TestJoinRandom(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 2000; i++ {
		a := strings.Repeat("x", r.Intn(200))
		b := strings.Repeat("/y", r.Intn(150))
		for _, j := range allJoins() {
			checkJoin(t, j, a, b, r.Intn(64), r.Intn(100))
		}
	}
}

// TestJoinShortDst: a dst without room for both strings panics before anything is written.
func TestJoinShortDst(t *testing.T) {
	for _, j := range allJoins() {
		dst := bytes.Repeat([]byte{'.'}, 10)
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic for a dst of 10 bytes and 11 to write", j.name)
				}
			}()
			j.fn(dst, "abcdef", "ghijk")
		}()
		if string(dst) != ".........." {
			t.Errorf("%s: wrote %q before panicking", j.name, dst)
		}
	}
}

func TestJoinNoAllocs(t *testing.T) {
	dst := make([]byte, 300)
	a, b := strings.Repeat("a", 100), strings.Repeat("b", 150)
	for _, j := range allJoins() {
		if n := testing.AllocsPerRun(100, func() { j.fn(dst, a, b) }); n != 0 {
			t.Errorf("%s: %v allocs per call", j.name, n)
		}
	}
}

func FuzzJoin(f *testing.F) {
	f.Add("http://example.com", "/path?q#f", uint8(0))
	f.Add(strings.Repeat("a", 64), strings.Repeat("b", 65), uint8(63))
	f.Fuzz(func(t *testing.T, a, b string, off uint8) {
		for _, j := range allJoins() {
			checkJoin(t, j, a, b, int(off%64), int(off/64))
		}
	})
}

func BenchmarkJoin(b *testing.B) {
	r := rand.New(rand.NewSource(1))
	type pair struct{ a, b string }
	pairs := make([]pair, 1024)
	for i := range pairs {
		pairs[i] = pair{strings.Repeat("h", 12+r.Intn(30)), "/" + strings.Repeat("p", r.Intn(140))}
	}
	dst := make([]byte, 256)
	for _, j := range allJoins() {
		b.Run(j.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				p := pairs[i&1023]
				j.fn(dst, p.a, p.b)
			}
		})
	}
}
