//go:build (amd64 || arm64) && !noasm

package asm

// PrefetchPast asks the CPU to bring the 256 bytes that start n bytes after p into its
// cache, to be written soon, and returns at once. It never faults and never changes
// memory, so any p and n are safe, also addresses outside p's object or not mapped at all
// (such a prefetch is dropped); the address p+n is formed in the assembly, so no Go
// pointer ever points past its object.
//
// Why the fast path calls it: the Go allocator hands out the objects of one size class
// in address order within a span, so after it allocates n bytes at p, the next object of
// that class usually starts within 256 bytes of p+n. An href allocated by (URL).Parse is
// written at once, and its memory has not been touched since the last garbage
// collection, so those writes miss the cache; warming the next object's lines ahead makes
// the next href of the same size class a hit. A wrong guess costs a few cache lines.
//
//go:noescape
func PrefetchPast(p *byte, n int)
