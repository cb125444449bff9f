//go:build amd64 && !noasm

#include "textflag.h"

// JOIN_COPY copies CX bytes from (SI) to (DI) and leaves DI past them: 64-byte chunks while
// more than 64 bytes are left, then one masked load and store of the rest (K1 = the low CX
// bits, from BZHI of the all-ones R9). Masked-out lanes are neither read nor written, so it
// never touches a byte outside the two strings, and a length of 0 stores nothing.
#define JOIN_COPY(loop, tail) \
loop: \
	CMPQ      CX, $64 \
	JBE       tail \
	VMOVDQU64 (SI), Z16 \
	VMOVDQU64 Z16, (DI) \
	ADDQ      $64, SI \
	ADDQ      $64, DI \
	SUBQ      $64, CX \
	JMP       loop \
tail: \
	BZHIQ      CX, R9, R8 \
	KMOVQ      R8, K1 \
	VMOVDQU8.Z (SI), K1, Z16 \
	VMOVDQU8   Z16, K1, (DI) \
	ADDQ       CX, DI

// func joinAVX512(dst *byte, a, b string)
// Z16 only: no SSE alias, so no VZEROUPPER is needed on return.
TEXT ·joinAVX512(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ $-1, R9
	MOVQ a_base+8(FP), SI
	MOVQ a_len+16(FP), CX
	JOIN_COPY(aloop, atail)
	MOVQ b_base+24(FP), SI
	MOVQ b_len+32(FP), CX
	JOIN_COPY(bloop, btail)
	RET
