//go:build linux

package asm

import (
	"syscall"
	"testing"
)

// guardedPages maps pages pages of anonymous memory and makes the pages numbered in guards
// inaccessible, so that a kernel that touches them faults; it skips the test where the
// system refuses, and unmaps the memory when the test ends.
func guardedPages(t *testing.T, pages int, guards ...int) (mem []byte, page int) {
	t.Helper()
	page = syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, pages*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	t.Cleanup(func() { syscall.Munmap(mem) })
	for _, g := range guards {
		if err := syscall.Mprotect(mem[g*page:(g+1)*page], syscall.PROT_NONE); err != nil {
			t.Skipf("mprotect: %v", err)
		}
	}
	return mem, page
}
