//go:build amd64 && !noasm

package asm

import "unsafe"

// archJoins: the AVX-512 kernel, called as Join calls it, when this CPU has it.
func archJoins() []joinImpl {
	if !hasAVX512 {
		return nil
	}
	return []joinImpl{{"avx512", func(dst []byte, a, b string) {
		_ = dst[:len(a)+len(b)]
		joinAVX512(unsafe.SliceData(dst), a, b)
	}}}
}
