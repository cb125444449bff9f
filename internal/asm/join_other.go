//go:build !amd64 || noasm

package asm

// Join writes a and then b to the start of dst, which must have room for both (it panics
// otherwise, before writing anything). On this build it is JoinGeneric.
func Join(dst []byte, a, b string) {
	_ = dst[:len(a)+len(b)]
	JoinGeneric(dst, a, b)
}
