//go:build linux

package asm

import (
	"bytes"
	"testing"
)

// TestPrefetchPastNeverFaults points PrefetchPast into an inaccessible page, at address
// zero and far past any mapping: a kernel that loads or stores in place of a prefetch
// crashes the test, and one that writes changes the readable page, which is checked.
func TestPrefetchPastNeverFaults(t *testing.T) {
	mem, page := guardedPages(t, 3, 0, 2)
	body := mem[page : 2*page]
	for i := range body {
		body[i] = byte(i * 7)
	}
	want := bytes.Clone(body)
	for _, off := range []int{0, 1, 63, 64, page - 257, page - 256, page - 255, page - 64, page - 1} {
		for _, n := range []int{0, 1, 64, 255, 256, 257, page} {
			PrefetchPast(&body[off], n)
		}
		PrefetchPast(&body[off], -page) // the guard page before
	}
	PrefetchPast(nil, 0)
	PrefetchPast(nil, 1<<47-512)
	PrefetchPast(&body[0], 1<<46)
	if !bytes.Equal(body, want) {
		t.Fatal("PrefetchPast changed memory")
	}
}
