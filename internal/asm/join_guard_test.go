//go:build linux

package asm

import (
	"testing"
	"unsafe"
)

// TestJoinNoTouchOutside puts a, b and dst against inaccessible pages, so that a kernel
// that reads a byte outside a or b, or writes one outside dst's room, crashes the test.
func TestJoinNoTouchOutside(t *testing.T) {
	mem, page := guardedPages(t, 5, 0, 2, 4)
	src, out := mem[page:2*page], mem[3*page:4*page]
	for i := range src {
		src[i] = byte('a' + i%26)
	}
	for _, j := range allJoins() {
		for la := 0; la <= 200; la++ {
			for _, lb := range []int{0, 1, 17, 63, 64, 65, 130} {
				n := la + lb
				// a at the start of src (a guard page before it), b at its end (one after),
				// dst's room ending at the guard page after out.
				a := unsafe.String(&src[0], la)
				b := unsafe.String(unsafe.SliceData(src[len(src)-lb:]), lb)
				dst := out[len(out)-n:]
				j.fn(dst, a, b)
				if string(dst) != a+b {
					t.Fatalf("%s: len(a)=%d len(b)=%d: wrong result", j.name, la, lb)
				}
				// And with dst's room starting at the guard page before out.
				j.fn(out[:n], b, a)
				if string(out[:n]) != b+a {
					t.Fatalf("%s: len(a)=%d len(b)=%d (swapped): wrong result", j.name, lb, la)
				}
				// Each string against a guard page on its own, the other in the middle of
				// src: a kernel's check of one string's page cannot stand in for the
				// other's.
				mid := unsafe.String(&src[len(src)/2], lb)
				atEnd := unsafe.String(unsafe.SliceData(src[len(src)-la:]), la)
				for _, pair := range [][2]string{{a, mid}, {mid, a}, {atEnd, mid}, {mid, atEnd}} {
					j.fn(dst, pair[0], pair[1])
					if string(dst) != pair[0]+pair[1] {
						t.Fatalf("%s: len(a)=%d len(b)=%d (one string at a guard page): wrong result", j.name, len(pair[0]), len(pair[1]))
					}
				}
			}
		}
	}
}
