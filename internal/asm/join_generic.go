package asm

// JoinGeneric writes a and then b to the start of dst, which must have room for both: the
// portable version of Join, which every kernel is tested against.
func JoinGeneric(dst []byte, a, b string) {
	copy(dst[len(a):len(a)+len(b)], b)
	copy(dst, a)
}
