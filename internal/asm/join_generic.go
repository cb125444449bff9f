package asm

// JoinGeneric writes a and then b to the start of dst, which must have room for both (it
// panics otherwise, before writing anything: b's part of dst is sliced first): the portable
// version of Join, which every kernel is tested against.
func JoinGeneric(dst []byte, a, b string) {
	copy(dst[len(a):len(a)+len(b)], b)
	copy(dst, a)
}
