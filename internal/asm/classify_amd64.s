//go:build amd64 && !noasm

#include "go_asm.h"
#include "textflag.h"

// Both kernels take the arguments in the same registers:
//   DI = &dst[k] (next block to fill), CX = len(dst), SI = next input byte, DX = bytes left,
//   AX = blocks filled so far (the result).
// They fill whole 64-byte blocks in a loop and then at most one partial block, never
// loading a byte outside s.

// func classify(dst []Block, s string) int
// A tail call into the kernel kernelLevel chose at init; all take the same arguments.
TEXT ·classify(SB), NOSPLIT, $0-48
	CMPB ·kernelLevel(SB), $const_levelAVX512
	JNE  2(PC)
	JMP  ·classifyAVX512(SB)
	CMPB ·kernelLevel(SB), $const_levelAVX2
	JNE  2(PC)
	JMP  ·classifyAVX2(SB)
	JMP  ·ClassifyGeneric(SB)

// ---------------------------------------------------------------------------------------
// AVX-512 (F, BW, VBMI) + BMI2.
//
// Z16, Z17 hold permTable (the class id of each ASCII byte, 128 entries) for VPERMI2B,
// loaded once per call; the other constants (avx512Consts) are memory operands, which costs
// nothing extra per block and saves setup instructions on short inputs.
// Per block: Z22 = the input bytes, K1 = the lanes that hold input (all ones for a full
// block; the tail load zeroes the other lanes).
// Only Z16-Z31 are used: they have no SSE alias, so no VZEROUPPER is needed on return.

// AVX512_BLOCK classifies Z22 (valid lanes in K1) and stores the four masks at (DI).
//   K2 = valid ASCII lanes. Only they are looked up; the other lanes keep their byte:
//        >= 0x80 (bit 7 set, so Bad through VPMOVB2M) or 0x00 past the end (no class).
//   Then each lane holds a class id (idBad has bit 7 set) and one compare per class makes
//   its mask. KMOVQ stores straight from the mask registers.
#define AVX512_BLOCK \
	VPTESTNMB ·avx512Consts+avx512Vectors_high(SB), Z22, K1, K2 \
	VPERMI2B  Z17, Z16, K2, Z22 \
	VPMOVB2M  Z22, K3           \
	VPCMPEQB  ·avx512Consts+avx512Vectors_idStruct(SB), Z22, K4 \
	VPCMPEQB  ·avx512Consts+avx512Vectors_idExtra(SB), Z22, K5  \
	VPCMPEQB  ·avx512Consts+avx512Vectors_idUpper(SB), Z22, K6  \
	KMOVQ     K4, Block_Struct(DI) \
	KMOVQ     K3, Block_Bad(DI)    \
	KMOVQ     K5, Block_Extra(DI)  \
	KMOVQ     K6, Block_Upper(DI)

// func classifyAVX512(dst []Block, s string) int
TEXT ·classifyAVX512(SB), NOSPLIT, $0-48
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ s_base+24(FP), SI
	MOVQ s_len+32(FP), DX
	XORL AX, AX
	TESTQ CX, CX
	JZ   avx512ret
	TESTQ DX, DX
	JZ   avx512ret

	VMOVDQU64    ·permTable+0(SB), Z16
	VMOVDQU64    ·permTable+64(SB), Z17
	KXNORQ       K1, K1, K1

	CMPQ DX, $64
	JB   avx512tail

avx512loop:
	VMOVDQU64 (SI), Z22
	AVX512_BLOCK
	ADDQ $64, SI
	SUBQ $64, DX
	ADDQ $Block__size, DI
	INCQ AX
	CMPQ AX, CX
	JEQ  avx512done
	CMPQ DX, $64
	JAE  avx512loop

avx512tail:
	// 0 <= DX < 64 bytes left and room for one more block. The masked load does not fault
	// on the lanes it leaves out, so this never reads past the end of s.
	TESTQ DX, DX
	JZ    avx512done
	MOVQ  $-1, R8
	BZHIQ DX, R8, R8
	KMOVQ R8, K1
	VMOVDQU8.Z (SI), K1, Z22
	AVX512_BLOCK
	INCQ AX

avx512done:
avx512ret:
	MOVQ AX, ret+40(FP)
	RET

// ---------------------------------------------------------------------------------------
// AVX2 + BMI2.
//
// Constant registers, loaded once per call (see avx2Consts):
//   Y8 structT, Y9 extraT, Y10 badT, Y11 '?', Y12 0x21, Y13 0x80-'A', Y14 0x80+26
// A 64-byte block is two 32-byte vectors, Y0 (bytes 0-31) and Y6 (bytes 32-63); each class
// mask is two VPMOVMSKB results joined in a GPR.

// Per-class kernels: in = input vector, out = 32-bit mask GPR. Y1-Y5 are scratch.
// A byte is in a nibble-table class when the table entry at its low nibble is the byte.
#define AVX2_STRUCT(in, out) \
	VPSHUFB   in, Y8, Y1  \
	VPCMPEQB  in, Y1, Y1  \
	VPCMPEQB  in, Y11, Y2 \
	VPOR      Y2, Y1, Y1  \
	VPMOVMSKB Y1, out

// Bad: the table's bytes, or signed byte < 0x21 (controls, space and every byte >= 0x80).
#define AVX2_BAD(in, out) \
	VPSHUFB   in, Y10, Y3 \
	VPCMPEQB  in, Y3, Y3  \
	VPCMPGTB  in, Y12, Y4 \
	VPOR      Y4, Y3, Y3  \
	VPMOVMSKB Y3, out

#define AVX2_EXTRA(in, out) \
	VPSHUFB   in, Y9, Y2 \
	VPCMPEQB  in, Y2, Y2 \
	VPMOVMSKB Y2, out

// Upper: 'A'..'Z' move to -128..-103 when 0x80-'A' is added, and nothing else does.
#define AVX2_UPPER(in, out) \
	VPADDB    in, Y13, Y5 \
	VPCMPGTB  Y5, Y14, Y5 \
	VPMOVMSKB Y5, out

// AVX2_JOIN(kernel, out): out = 64-bit mask of Y0 (low half) and Y6 (high half).
#define AVX2_JOIN(kernel, out) \
	kernel(Y0, out)   \
	kernel(Y6, R12)   \
	SHLQ $32, R12     \
	ORQ  R12, out

// AVX2_BLOCK: R8-R11 = Struct, Bad, Extra, Upper masks of the 64 bytes in Y0:Y6.
#define AVX2_BLOCK \
	AVX2_JOIN(AVX2_STRUCT, R8) \
	AVX2_JOIN(AVX2_BAD, R9)    \
	AVX2_JOIN(AVX2_EXTRA, R10) \
	AVX2_JOIN(AVX2_UPPER, R11)

#define AVX2_STORE \
	MOVQ R8, Block_Struct(DI)  \
	MOVQ R9, Block_Bad(DI)     \
	MOVQ R10, Block_Extra(DI)  \
	MOVQ R11, Block_Upper(DI)

// AVX2_FIX(m): the short-input fix-up. The vector held the first h bytes of s in lanes
// 0..h-1 and the last h bytes in lanes h..2h-1; move the latter to positions r-h..r-1.
// BX = 1<<h - 1, R13 = h, CX = r-h; R12 is scratch. Overlapping positions agree, so OR.
#define AVX2_FIX(m) \
	SHRXQ R13, m, R12 \
	ANDQ  BX, R12     \
	SHLXQ CX, R12, R12 \
	ANDQ  BX, m       \
	ORQ   R12, m

// func classifyAVX2(dst []Block, s string) int
TEXT ·classifyAVX2(SB), NOSPLIT, $0-48
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ s_base+24(FP), SI
	MOVQ s_len+32(FP), DX
	XORL AX, AX
	TESTQ CX, CX
	JZ   avx2ret
	TESTQ DX, DX
	JZ   avx2ret

	VMOVDQU ·avx2Consts+avx2Vectors_structT(SB), Y8
	VMOVDQU ·avx2Consts+avx2Vectors_extraT(SB), Y9
	VMOVDQU ·avx2Consts+avx2Vectors_badT(SB), Y10
	VMOVDQU ·avx2Consts+avx2Vectors_question(SB), Y11
	VMOVDQU ·avx2Consts+avx2Vectors_lowBad(SB), Y12
	VMOVDQU ·avx2Consts+avx2Vectors_upperBias(SB), Y13
	VMOVDQU ·avx2Consts+avx2Vectors_upperLimit(SB), Y14

	CMPQ DX, $64
	JB   avx2short

avx2loop:
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y6
	AVX2_BLOCK
	AVX2_STORE
	ADDQ $64, SI
	SUBQ $64, DX
	ADDQ $Block__size, DI
	INCQ AX
	CMPQ AX, CX
	JEQ  avx2done
	CMPQ DX, $64
	JAE  avx2loop

	// 0 <= DX < 64 bytes left, at least 64 bytes of s before them: classify the last 32
	// or 64 bytes of s (which end exactly at the end of s) and shift out the bytes already
	// done.
	TESTQ DX, DX
	JZ    avx2done
	CMPQ  DX, $32
	JA    avx2tail64
	VMOVDQU -32(SI)(DX*1), Y0
	AVX2_STRUCT(Y0, R8)
	AVX2_BAD(Y0, R9)
	AVX2_EXTRA(Y0, R10)
	AVX2_UPPER(Y0, R11)
	MOVL $32, CX
	JMP  avx2tailshift

avx2tail64:
	VMOVDQU -64(SI)(DX*1), Y0
	VMOVDQU -32(SI)(DX*1), Y6
	AVX2_BLOCK
	MOVL $64, CX

avx2tailshift:
	SUBL DX, CX
	SHRQ CX, R8
	SHRQ CX, R9
	SHRQ CX, R10
	SHRQ CX, R11
	AVX2_STORE
	INCQ AX
	JMP  avx2done

avx2short:
	// All of s is 1 <= r = DX < 64 bytes. With h the largest power of two <= r, load the
	// first h and the last h bytes (two loads that stay inside s and together cover it),
	// classify them side by side and fix the masks up (AVX2_FIX).
	BSRQ  DX, R12
	MOVL  $1, R13
	SHLXQ R12, R13, R13
	MOVQ  $-1, BX
	BZHIQ R13, BX, BX
	MOVQ  DX, CX
	SUBQ  R13, CX
	CMPQ  R12, $5
	JEQ   avx2h32
	CMPQ  R12, $4
	JEQ   avx2h16
	CMPQ  R12, $3
	JEQ   avx2h8
	CMPQ  R12, $2
	JEQ   avx2h4
	CMPQ  R12, $1
	JEQ   avx2h2
	MOVBLZX (SI), R8 // r == 1: the byte twice
	MOVL    R8, R9
	SHLL    $8, R9
	ORL     R9, R8
	VMOVD   R8, X0
	JMP     avx2half

avx2h2:
	MOVWLZX (SI), R8
	MOVWLZX -2(SI)(DX*1), R9
	SHLL    $16, R9
	ORL     R9, R8
	VMOVD   R8, X0
	JMP     avx2half

avx2h4:
	VMOVD   (SI), X0
	VPINSRD $1, -4(SI)(DX*1), X0, X0
	JMP     avx2half

avx2h8:
	VMOVQ   (SI), X0
	VPINSRQ $1, -8(SI)(DX*1), X0, X0
	JMP     avx2half

avx2h16:
	VMOVDQU    (SI), X0
	VINSERTI128 $1, -16(SI)(DX*1), Y0, Y0

avx2half:
	// 2h <= 32 lanes: one vector is enough.
	AVX2_STRUCT(Y0, R8)
	AVX2_BAD(Y0, R9)
	AVX2_EXTRA(Y0, R10)
	AVX2_UPPER(Y0, R11)
	JMP avx2fix

avx2h32:
	VMOVDQU (SI), Y0
	VMOVDQU -32(SI)(DX*1), Y6
	AVX2_BLOCK

avx2fix:
	AVX2_FIX(R8)
	AVX2_FIX(R9)
	AVX2_FIX(R10)
	AVX2_FIX(R11)
	AVX2_STORE
	INCQ AX

avx2done:
	VZEROUPPER

avx2ret:
	MOVQ AX, ret+40(FP)
	RET
