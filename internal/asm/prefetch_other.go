//go:build (!amd64 && !arm64) || noasm

package asm

// PrefetchPast asks the CPU to bring the 256 bytes that start n bytes after p into its
// cache, to be written soon. Portable Go has no prefetch, so here it does nothing: it is
// a hint, and nothing depends on it but speed. See the amd64 and arm64 builds for why
// the fast path calls it.
func PrefetchPast(p *byte, n int) {}
