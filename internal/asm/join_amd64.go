//go:build amd64 && !noasm

package asm

import "unsafe"

// Join writes a and then b to the start of dst, which must have room for both (it panics
// otherwise, before writing anything). It is how the fast path builds a resolved href from
// the base's prefix and the reference. With AVX-512 each string is copied in 64-byte chunks
// and one masked tail, so a string of up to 64 bytes is one load and one store whatever its
// length: memmove's jumps on the length, which on references of every length mispredict,
// are not taken.
func Join(dst []byte, a, b string) {
	_ = dst[:len(a)+len(b)]
	if hasAVX512 {
		joinAVX512(unsafe.SliceData(dst), a, b)
		return
	}
	JoinGeneric(dst, a, b)
}

// joinAVX512 is Join for CPUs with AVX-512BW and BMI2, without the bounds check: dst must
// have room for len(a)+len(b) bytes.
//
//go:noescape
func joinAVX512(dst *byte, a, b string)
