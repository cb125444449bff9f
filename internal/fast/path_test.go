package fast

import (
	"strings"
	"testing"
)

// TestCheckPathTerms: checkPath finds the query and fragment of a plain
// path (no byte to encode) wherever its '?' and '#' fall against the
// 64-byte blocks: in the block where the path ends, in a later one, with
// other '?' before the '#' and '?' after it.
func TestCheckPathTerms(t *testing.T) {
	pad := func(n int) string { return strings.Repeat("a", n) }
	for path := 1; path <= 130; path += 3 {
		for _, tail := range []string{"", "?", "#", "?q", "#f", "?q#f", "?q?r#f?g#h", "#f?g"} {
			for _, gap := range []int{0, 1, 40, 63, 64, 70, 140} {
				tail := tail
				if i := strings.IndexByte(tail, '#'); i > 0 {
					tail = tail[:i] + pad(gap) + tail[i:] // the '#' further on
				}
				s := "/" + pad(path-1) + tail
				wantQ, wantF := -1, strings.IndexByte(s, '#')
				if i := strings.IndexAny(s, "?#"); i >= 0 && s[i] == '?' {
					wantQ = i
				}
				q, f, escape, ok := checkPath(scannerOf(s), s, 0)
				if !ok || escape || q != wantQ || f != wantF {
					t.Errorf("checkPath(%q) = %d, %d, %v, %v, want %d, %d, false, true", s, q, f, escape, ok, wantQ, wantF)
				}
			}
		}
	}
}

func TestFragmentAfter(t *testing.T) {
	long := "http://h/p?"
	for len(long) < 300 {
		long += "a?b"
	}
	for _, tc := range []struct {
		s    string
		from int
		want int
	}{
		{"http://h/?q#f", 10, 11},
		{"http://h/?q?r#f#g", 10, 13},
		{"http://h/?q", 10, 11},
		{"http://h/#", 9, 9},
		{long + "#x", 10, len(long)},
		{long, 10, len(long)},
	} {
		if got := fragmentAfter(scannerOf(tc.s), tc.s, tc.from); got != tc.want {
			t.Errorf("fragmentAfter(%q, %d) = %d, want %d", tc.s, tc.from, got, tc.want)
		}
	}
}

// TestFragmentAfterPastWindow: fragmentAfter finds the first '#' from any
// place, with the '#' inside the scanner's window, on its edges or past
// it, and with the window at the start of s or moved on by a refill.
func TestFragmentAfterPastWindow(t *testing.T) {
	edges := []int{0, 1, 63, 64, 255, 256, 257, 300, 511, 512, 513, 650}
	for _, n := range []int{255, 256, 257, 520, 700} {
		for _, hash := range append(edges, -1) {
			b := []byte(strings.Repeat("a?", n/2+1)[:n])
			if hash >= n {
				continue
			}
			if hash >= 0 {
				b[hash] = '#'
				if hash+5 < n {
					b[hash+5] = '#'
				}
			}
			s := string(b)
			for _, from := range edges {
				if from > n {
					continue
				}
				want := n
				if j := strings.IndexByte(s[from:], '#'); j >= 0 {
					want = from + j
				}
				for _, moved := range []bool{false, true} {
					sc := scannerOf(s)
					if moved && n > 64*window {
						sc.refill(window) // the window now starts at block 4
					}
					if got := fragmentAfter(sc, s, from); got != want {
						t.Fatalf("n %d, '#' at %d, window moved %v: fragmentAfter(s, %d) = %d, want %d", n, hash, moved, from, got, want)
					}
				}
			}
		}
	}
}

// TestBadIn: badIn answers as sc.has(classBad, ...) does wherever the Bad
// bytes fall (before i, after it, both, inside the window or past it, with
// a string shorter and longer than the window), and answers a long rest
// from the Summary without moving the window when [0, i) has no Bad byte,
// which is what spares the refills.
func TestBadIn(t *testing.T) {
	for _, n := range []int{100, 64 * window, 64*window + 1, 300, 1200} {
		for _, i := range []int{1, 63, 64, 90, 64*window - 1, 64 * window, 64*window + 10} {
			if i >= n {
				continue
			}
			for _, bad := range [][]int{{}, {0}, {i - 1}, {i}, {n - 1}, {i - 1, n - 1}, {0, i + 1}, {n / 2}} {
				b := []byte(strings.Repeat("a", n))
				for _, p := range bad {
					if p < n {
						b[p] = ' '
					}
				}
				s := string(b)
				sc := scannerOf(s)
				if !sc.sum.Bad() {
					continue // badIn's precondition
				}
				want := scannerOf(s).has(classBad, i, n)
				if got := badIn(sc, i, n); got != want {
					t.Errorf("n=%d i=%d Bad at %v: badIn = %v, want %v", n, i, bad, got, want)
				}
				beforeI := strings.IndexByte(s[:i], ' ') >= 0
				if n > 64*window && i <= 64*window && !beforeI && sc.first != 0 {
					t.Errorf("n=%d i=%d Bad at %v: the window moved to block %d", n, i, bad, sc.first)
				}
			}
		}
	}
}
