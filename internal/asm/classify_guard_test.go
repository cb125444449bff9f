//go:build linux

package asm

import (
	"runtime/debug"
	"testing"
	"unsafe"
)

// TestNoReadOutside places the input right before and right after an inaccessible page, so
// a kernel that loads even one byte outside s crashes the test instead of silently reading
// neighbouring memory.
func TestNoReadOutside(t *testing.T) {
	mem, page := guardedPages(t, 3, 0, 2) // guard pages on both sides of the middle page
	for i := page; i < 2*page; i++ {
		mem[i] = "aZ/`\x80 .:?#"[i%10]
	}
	mid := mem[page : 2*page]
	for _, k := range allKernels() {
		for n := 1; n <= 300; n++ {
			atEnd := unsafe.String(&mid[len(mid)-n], n) // ends at the guard page after
			atStart := unsafe.String(&mid[0], n)        // starts at the guard page before
			for _, s := range []string{atEnd, atStart} {
				var dst [8]Block
				got := k.fn(dst[:], s)
				w := want(s, len(dst))
				if got != len(w) {
					t.Fatalf("%s: n=%d: returned %d, want %d", k.name, n, got, len(w))
				}
				for i := range w {
					if dst[i] != w[i] {
						t.Fatalf("%s: n=%d: block %d = %s, want %s", k.name, n, i, fmtBlock(dst[i]), fmtBlock(w[i]))
					}
				}
			}
		}
	}
	for _, k := range allSummaryKernels() {
		for n := 1; n <= 300; n++ {
			for _, s := range []string{unsafe.String(&mid[len(mid)-n], n), unsafe.String(&mid[0], n)} {
				for dstLen := 0; dstLen <= 2; dstLen++ {
					checkSummary(t, k, s, dstLen)
				}
			}
		}
	}
}

// TestShortNearPageEdges puts every input shorter than 64 bytes at every offset of the
// first and last 130 bytes of a page between two inaccessible ones, among bytes of every
// class: a kernel that loads the bytes around a short input (the AVX2 one does, within the
// page) must neither fault nor let them into the masks, on both sides of its choice
// between the 64 bytes from s and the 64 bytes up to its end.
func TestShortNearPageEdges(t *testing.T) {
	mem, page := guardedPages(t, 3, 0, 2)
	for i := page; i < 2*page; i++ {
		mem[i] = "aZ/`\x80 .:?#"[i%10]
	}
	mid := mem[page : 2*page]
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	for _, k := range allKernels() {
		for n := 1; n < 64; n++ {
			for off := 0; off+n <= len(mid); off++ {
				if off == 130 {
					off = len(mid) - 130
				}
				s := unsafe.String(&mid[off], n)
				var dst [1]Block
				if got := k.fn(dst[:], s); got != 1 || dst[0] != want(s, 1)[0] {
					t.Fatalf("%s: offset %d in the page, n=%d: returned %d, block %s, want %s", k.name, off, n, got, fmtBlock(dst[0]), fmtBlock(want(s, 1)[0]))
				}
			}
		}
	}
}

// TestClassifyStopsAtDst: Classify reads only the blocks that fit in dst, however long s
// is (the AVX-512 kernel would otherwise go on over the rest of s for its summary, a
// whole-input pass per call). s runs from the last 64 bytes of a readable page into an
// inaccessible one, so reading past its first block faults.
func TestClassifyStopsAtDst(t *testing.T) {
	mem, page := guardedPages(t, 2, 1)
	for i := page - 64; i < page; i++ {
		mem[i] = 'a'
	}
	s := unsafe.String(&mem[page-64], 64+page) // its second block is on the guard page
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	for _, k := range allKernels() {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: read past dst's one block: %v", k.name, r)
				}
			}()
			var dst [1]Block
			if n := k.fn(dst[:], s); n != 1 || dst[0] != want(s[:64], 1)[0] {
				t.Errorf("%s: %d blocks, %s", k.name, n, fmtBlock(dst[0]))
			}
		}()
	}
}
