//go:build linux && amd64 && !noasm

package asm

import (
	"runtime/debug"
	"testing"
	"unsafe"
)

// TestSummaryAVX2InPage: summaryAVX2 reads only bytes of s. Every length 64..300, s ends
// where a readable page ends, before an inaccessible one, and then begins where the page
// begins, after another: a load past either end faults.
func TestSummaryAVX2InPage(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no AVX2")
	}
	mem, page := guardedPages(t, 3, 0, 2)
	for i := page; i < 2*page; i++ {
		mem[i] = 'a'
	}
	mem[2*page-70] = '`' // an Extra byte near the end, in the longer inputs that end there
	mem[page+65] = ' '   // a Bad byte in the second block of the longer ones that start
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	for n := 64; n <= 300; n++ {
		for _, start := range []int{2*page - n, page} {
			s := unsafe.String(&mem[start], n)
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("len %d at offset %d of the page: read outside s: %v", n, start-page, r)
					}
				}()
				if got, w := summaryAVX2(s), wantSummary(s); got != w {
					t.Fatalf("len %d at offset %d of the page: %08b, want %08b", n, start-page, got, w)
				}
			}()
		}
	}
}
