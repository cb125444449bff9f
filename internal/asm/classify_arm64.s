//go:build arm64 && !noasm

#include "go_asm.h"
#include "textflag.h"

// Registers:
//   R0 = next Block to fill, R1 = next input byte, R2 = blocks left
//   V4-V7 = neonTable[0:64], V8-V11 = neonTable[64:128] (TBL/TBX need consecutive registers)
//   V12 = 0x40, V13-V16 = the flags of the four classes of the current half of Block,
//   V17 = 1, 2, 4, ..., 128 repeated: the weight of each byte in its mask byte
//   V0, V1 = 32 input bytes; V18-V23 scratch; V24-V27 and V28-V31 partial sums
//
// NEON has no PMOVMSKB. Each class becomes 0xFF/0x00 per byte (CMTST), is ANDed with the
// weights, and three rounds of pairwise adds (ADDP) sum each run of 8 bytes into one mask
// byte. The last round adds two classes at once, which leaves two classes each in two
// registers: 32 bytes of Block, stored with one VST1. There are not enough registers for
// all eight classes at once, so each block is done in two passes over its 64 bytes, with
// different flags in V13-V16: first Struct, Bad, Extra, Upper, then Slash, Dot, ColonBackslash,
// Term.

// NEON_VEC(x, s, b, e, u, bsrc): weighted class masks of the 16 bytes in x into s, b, e, u
// (the classes of V14, V13, V15, V16). A byte c < 64 is looked up by TBL with c; 64 <= c <
// 128 by TBX with c^0x40 (TBL and TBX index 64 entries; other indexes leave 0 and the TBL
// result respectively, so bytes >= 0x80 get 0). b is tested in bsrc: V19 is the table
// entry, V18 the entry ORed with c, which gives bytes >= 0x80 bit 7, Bad.
#define NEON_VEC(x, s, b, e, u, bsrc) \
	VEOR   V12.B16, x.B16, V18.B16 \
	VTBL   x.B16, [V4.B16, V5.B16, V6.B16, V7.B16], V19.B16 \
	VTBX   V18.B16, [V8.B16, V9.B16, V10.B16, V11.B16], V19.B16 \
	VORR   x.B16, V19.B16, V18.B16 \
	VCMTST V13.B16, bsrc.B16, b.B16 \
	VCMTST V14.B16, V19.B16, s.B16 \
	VCMTST V15.B16, V19.B16, e.B16 \
	VCMTST V16.B16, V19.B16, u.B16 \
	VAND   V17.B16, b.B16, b.B16 \
	VAND   V17.B16, s.B16, s.B16 \
	VAND   V17.B16, e.B16, e.B16 \
	VAND   V17.B16, u.B16, u.B16

// NEON_PAIR(s, b, e, u, bsrc): 32 input bytes from R1 (advanced) into the first-round sums.
#define NEON_PAIR(s, b, e, u, bsrc) \
	VLD1.P 32(R1), [V0.B16, V1.B16] \
	NEON_VEC(V0, s, b, e, u, bsrc) \
	NEON_VEC(V1, V20, V21, V22, V23, bsrc) \
	VADDP  V20.B16, s.B16, s.B16 \
	VADDP  V21.B16, b.B16, b.B16 \
	VADDP  V22.B16, e.B16, e.B16 \
	VADDP  V23.B16, u.B16, u.B16

// NEON_HALF(bsrc): the four classes of V13-V16 for the 64 bytes at R1 (advanced), stored
// as 32 bytes at R0 (advanced): [class of V14 | class of V13], [class of V15 | of V16].
#define NEON_HALF(bsrc) \
	NEON_PAIR(V24, V25, V26, V27, bsrc) \
	NEON_PAIR(V28, V29, V30, V31, bsrc) \
	VADDP V28.B16, V24.B16, V24.B16 \
	VADDP V29.B16, V25.B16, V25.B16 \
	VADDP V30.B16, V26.B16, V26.B16 \
	VADDP V31.B16, V27.B16, V27.B16 \
	VADDP V25.B16, V24.B16, V24.B16 \
	VADDP V27.B16, V26.B16, V25.B16 \
	VST1.P [V24.B16, V25.B16], 32(R0)

// func classifyNEON(dst *Block, src *byte, n int)
TEXT ·classifyNEON(SB), NOSPLIT, $0-24
	MOVD dst+0(FP), R0
	MOVD src+8(FP), R1
	MOVD n+16(FP), R2

	MOVD   $·neonTable(SB), R3
	VLD1.P 64(R3), [V4.B16, V5.B16, V6.B16, V7.B16]
	VLD1   (R3), [V8.B16, V9.B16, V10.B16, V11.B16]
	VMOVI  $0x40, V12.B16
	VMOVQ  $0x8040201008040201, $0x8040201008040201, V17

loop:
	// Struct, Bad | Extra, Upper (Bad is tested in the entry ORed with the byte).
	VMOVI  $const_neonStruct, V14.B16
	VMOVI  $const_neonBad, V13.B16
	VMOVI  $const_neonExtra, V15.B16
	VMOVI  $const_neonUpper, V16.B16
	NEON_HALF(V18)
	// The same 64 bytes again: Slash, Dot | ColonBackslash, Term.
	SUB    $64, R1
	VMOVI  $const_neonSlash, V14.B16
	VMOVI  $const_neonDot, V13.B16
	VMOVI  $const_neonColonBackslash, V15.B16
	VMOVI  $const_neonTerm, V16.B16
	NEON_HALF(V19)
	SUBS   $1, R2
	BNE    loop
	RET
