//go:build amd64 && !noasm

#include "go_asm.h"
#include "textflag.h"

// Both kernels take the arguments in the same registers:
//   DI = &dst[k] (next block to fill), CX = len(dst), SI = next input byte, DX = bytes left,
//   AX = blocks filled so far (the result).
// They fill whole 64-byte blocks in a loop and then at most one partial block (the AVX-512
// kernel goes on over the rest of s for its summary). Neither can fault: the AVX-512 kernel
// loads only bytes of s (masked loads), and the AVX2 kernel loads bytes outside s only for
// an input shorter than 64 bytes, and then only from the 4 KiB page s starts or ends in.

// func classify(dst []Block, s string) (n int, sum Summary)
// A tail call into the kernel kernelLevel chose at init, below AVX-512 (Classify calls the
// AVX-512 kernel itself); all take the same arguments and return the Summary of the blocks
// they fill.
TEXT ·classify(SB), NOSPLIT, $0-49
	CMPB ·kernelLevel(SB), $const_levelAVX2
	JNE  2(PC)
	JMP  ·classifyAVX2(SB)
	JMP  ·classifyGenericSummed(SB)

// func classifySummary(dst []Block, s string) (n int, sum Summary)
// The same for ClassifySummary: the AVX-512 kernel; below it, when all of s fits in dst,
// classify, whose summary of the blocks it fills is then the summary of s; else the
// portable version, which goes on past dst.
TEXT ·classifySummary(SB), NOSPLIT, $0-49
	CMPB ·kernelLevel(SB), $const_levelAVX512
	JNE  2(PC)
	JMP  ·classifyAVX512(SB)
	MOVQ dst_len+8(FP), CX
	SHLQ $6, CX
	CMPQ s_len+32(FP), CX
	JA   2(PC)
	JMP  ·classify(SB)
	JMP  ·classifySummaryGo(SB)

// ---------------------------------------------------------------------------------------
// AVX-512 (F, BW, VL, VBMI) + GFNI + BMI2.
//
// Z16, Z17 = permTable (classOf of each ASCII byte: one bit per Block field, in field
// order), Z18 = avx512Consts.sel, Z19 = .transpose, Z20 = .reverse, loaded once per call;
// .top is a memory operand. Per block: Z22 = the input bytes, K1 = the lanes that hold input
// (all ones for a full block; the tail load zeroes the other lanes).
// Only Z16-Z31 are used: they have no SSE alias, so no VZEROUPPER is needed on return.
//
// AVX512_BLOCK turns the 64 class bytes into the eight masks with a bit-matrix transpose:
//   VPMINUB  bytes >= 0x80 become 0x7F, which is in the same classes (Bad alone).
//   VPERMI2B class byte of each valid lane (zero past the end).
//   VPSHUFB  reverses the order of the bytes in each 8-byte group, for VGF2P8AFFINEQB:
//   VGF2P8AFFINEQB with the class bytes of each group as the matrix and 1<<j as byte j of
//            the data gives, in byte j of the group, bit j of the group's class bytes, bit i
//            from matrix byte 7-i: after the reversal, bit i is from input byte i. So byte j
//            of group g is byte g of the mask of class j.
//   VPERMB   moves byte j of group g to byte g of group j: the eight masks, in Block order.
// The result is stored 16 bytes at a time, not as one 64-byte vector: the caller loads the
// masks right away, and an 8-byte load from a 64-byte store is not forwarded as quickly.
// AVX512_MASKS leaves the masks in Z22; AVX512_BLOCK also stores them at (DI).
#define AVX512_MASKS \
	VPMINUB        ·avx512Consts+avx512Vectors_top(SB), Z22, Z22 \
	VPERMI2B.Z     Z17, Z16, K1, Z22 \
	VPSHUFB        Z20, Z22, Z22 \
	VGF2P8AFFINEQB $0, Z22, Z18, Z22 \
	VPERMB         Z22, Z19, Z22

#define AVX512_BLOCK \
	AVX512_MASKS \
	VMOVDQU64      X22, (DI) \
	VEXTRACTI32X4  $1, Z22, 16(DI) \
	VEXTRACTI32X4  $2, Z22, 32(DI) \
	VEXTRACTI32X4  $3, Z22, 48(DI)

// func classifyAVX512(dst []Block, s string) (n int, sum Summary)
// Fills dst as Classify does, and Z23 = the OR of the masks of every block of s: the blocks
// that fit in dst, then the rest, classified without being stored (Classify passes s cut to
// dst's blocks, so there is no rest). Bit j of sum (VPTESTMQ) is whether mask j is nonzero
// anywhere.
TEXT ·classifyAVX512(SB), NOSPLIT, $0-49
	MOVQ   dst_base+0(FP), DI
	MOVQ   dst_len+8(FP), CX
	MOVQ   s_base+24(FP), SI
	MOVQ   s_len+32(FP), DX
	XORL   AX, AX
	VPXORQ Z23, Z23, Z23
	TESTQ  DX, DX
	JZ     avx512done

	VMOVDQU64 ·permTable+0(SB), Z16
	VMOVDQU64 ·permTable+64(SB), Z17
	VMOVDQU64 ·avx512Consts+avx512Vectors_sel(SB), Z18
	VMOVDQU64 ·avx512Consts+avx512Vectors_transpose(SB), Z19
	VMOVDQU64 ·avx512Consts+avx512Vectors_reverse(SB), Z20
	KXNORQ    K1, K1, K1

	CMPQ DX, $64
	JB   avx512tail

avx512loop:
	CMPQ      AX, CX
	JEQ       avx512rest
	VMOVDQU64 (SI), Z22
	AVX512_BLOCK
	VPORQ     Z22, Z23, Z23
	ADDQ      $64, SI
	SUBQ      $64, DX
	ADDQ      $Block__size, DI
	INCQ      AX
	CMPQ      DX, $64
	JAE       avx512loop

avx512tail:
	// 0 <= DX < 64 bytes left, stored if dst has room. The masked load does not fault on
	// the lanes it leaves out, so this never reads past the end of s.
	TESTQ      DX, DX
	JZ         avx512done
	MOVQ       $-1, R8
	BZHIQ      DX, R8, R8
	KMOVQ      R8, K1
	VMOVDQU8.Z (SI), K1, Z22
	CMPQ       AX, CX
	JEQ        avx512tailonly
	AVX512_BLOCK
	VPORQ      Z22, Z23, Z23
	INCQ       AX
	JMP        avx512done

avx512tailonly:
	AVX512_MASKS
	VPORQ Z22, Z23, Z23
	JMP   avx512done

avx512rest:
	// dst is full: whole blocks left only add to the summary.
	CMPQ      DX, $64
	JB        avx512tail
	VMOVDQU64 (SI), Z22
	AVX512_MASKS
	VPORQ     Z22, Z23, Z23
	ADDQ      $64, SI
	SUBQ      $64, DX
	JMP       avx512rest

avx512done:
	VPTESTMQ Z23, Z23, K2
	KMOVQ    K2, R8
	ANDL     $const_summaryClasses, R8
	MOVQ     AX, n+40(FP)
	MOVB     R8, sum+48(FP)
	RET

// ---------------------------------------------------------------------------------------
// AVX2 + BMI2.
//
// Constant registers, loaded once per call (see avx2Consts):
//   Y8 structT, Y9 extraT, Y10 badT, Y11 '?', Y12 0x21, Y13 0x80-'A', Y14 0x80+26
// The byte constants of Slash, Dot, ColonBackslash and Term are memory operands.
// A 64-byte block is two 32-byte vectors, Y0 (bytes 0-31) and Y6 (bytes 32-63); each class
// mask is two VPMOVMSKB results joined in a GPR. The masks are made, fixed up and stored
// one at a time (AVX2_ALL), in R8. For the summary, R11 is the OR of every Bad mask and
// R13 of every Extra mask stored; avx2done turns them into the Summary's two bits.

// Per-class kernels: in = input vector, out = 32-bit mask GPR. Y1-Y5 are scratch.
// A byte is in a nibble-table class when the table entry at its low nibble is the byte.
#define AVX2_STRUCT(in, out) \
	VPSHUFB   in, Y8, Y1  \
	VPCMPEQB  in, Y1, Y1  \
	VPCMPEQB  in, Y11, Y2 \
	VPOR      Y2, Y1, Y1  \
	VPMOVMSKB Y1, out

// Bad: the table's bytes, or signed byte < 0x21 (controls, space and every byte >= 0x80).
// AVX2_BAD_BYTES and AVX2_EXTRA_BYTES leave 0xFF in Y3 (Y4 scratch) and Y2 where in's
// bytes are of the class: the kernel makes masks of them, summaryAVX2 ORs them up.
#define AVX2_BAD_BYTES(in) \
	VPSHUFB   in, Y10, Y3 \
	VPCMPEQB  in, Y3, Y3  \
	VPCMPGTB  in, Y12, Y4 \
	VPOR      Y4, Y3, Y3

#define AVX2_BAD(in, out) \
	AVX2_BAD_BYTES(in) \
	VPMOVMSKB Y3, out

#define AVX2_EXTRA_BYTES(in) \
	VPSHUFB   in, Y9, Y2 \
	VPCMPEQB  in, Y2, Y2

#define AVX2_EXTRA(in, out) \
	AVX2_EXTRA_BYTES(in) \
	VPMOVMSKB Y2, out

// Upper: 'A'..'Z' move to -128..-103 when 0x80-'A' is added, and nothing else does.
#define AVX2_UPPER(in, out) \
	VPADDB    in, Y13, Y5 \
	VPCMPGTB  Y5, Y14, Y5 \
	VPMOVMSKB Y5, out

// Slash, Dot: one byte each; ColonBackslash and Term: two bytes.
#define AVX2_SLASH(in, out) \
	VPCMPEQB  ·avx2Consts+avx2Vectors_slash(SB), in, Y1 \
	VPMOVMSKB Y1, out

#define AVX2_DOT(in, out) \
	VPCMPEQB  ·avx2Consts+avx2Vectors_dot(SB), in, Y2 \
	VPMOVMSKB Y2, out

#define AVX2_COLON_BACKSLASH(in, out) \
	VPCMPEQB  ·avx2Consts+avx2Vectors_colon0(SB), in, Y3 \
	VPCMPEQB  ·avx2Consts+avx2Vectors_colon1(SB), in, Y4 \
	VPOR      Y4, Y3, Y3 \
	VPMOVMSKB Y3, out

#define AVX2_TERM(in, out) \
	VPCMPEQB  ·avx2Consts+avx2Vectors_term0(SB), in, Y4 \
	VPCMPEQB  ·avx2Consts+avx2Vectors_term1(SB), in, Y5 \
	VPOR      Y5, Y4, Y4 \
	VPMOVMSKB Y4, out

// AVX2_ALL(m) applies m(kernel, field) to each class, in the order of Block, which leaves
// the mask stored in R8, and ORs the Bad and Extra masks into R11 and R13.
#define AVX2_ALL(m) \
	m(AVX2_STRUCT, Block_Struct) \
	m(AVX2_BAD, Block_Bad)       \
	ORQ R8, R11                  \
	m(AVX2_EXTRA, Block_Extra)   \
	ORQ R8, R13                  \
	m(AVX2_UPPER, Block_Upper)   \
	m(AVX2_SLASH, Block_Slash)   \
	m(AVX2_DOT, Block_Dot)       \
	m(AVX2_COLON_BACKSLASH, Block_ColonBackslash)   \
	m(AVX2_TERM, Block_Term)

// AVX2_SUMMARY_BITS: R10 (zero before) = classExtra when R13 != 0 | classBad when
// R11 != 0. NEGQ sets the carry exactly when its operand is not zero, and each ADCL shifts
// one carry in.
#define AVX2_SUMMARY_BITS \
	NEGQ R13      \
	ADCL R10, R10 \
	NEGQ R11      \
	ADCL R10, R10 \
	SHLL $1, R10

// AVX2_JOIN(kernel, out): out = 64-bit mask of Y0 (low half) and Y6 (high half).
#define AVX2_JOIN(kernel, out) \
	kernel(Y0, out)   \
	kernel(Y6, R12)   \
	SHLQ $32, R12     \
	ORQ  R12, out

// AVX2_FULL: a whole block in Y0:Y6. (Joined in a register rather than stored as two
// 32-bit halves: the caller loads each mask right away, and a 64-bit load of two
// fresh 32-bit stores cannot be store-forwarded.)
#define AVX2_FULL(kernel, field) \
	AVX2_JOIN(kernel, R8) \
	MOVQ R8, field(DI)

// AVX2_TAIL64: the last 64 bytes of s in Y0:Y6, of which the first CX were done already.
#define AVX2_TAIL64(kernel, field) \
	AVX2_JOIN(kernel, R8) \
	SHRQ CX, R8           \
	MOVQ R8, field(DI)

// AVX2_SHORT: a short input in the first r lanes of Y0:Y6, whose other lanes hold bytes
// past s; BX = 1<<r - 1 keeps s's.
#define AVX2_SHORT(kernel, field) \
	AVX2_JOIN(kernel, R8) \
	ANDQ BX, R8           \
	MOVQ R8, field(DI)

// func classifyAVX2(dst []Block, s string) (n int, sum Summary)
TEXT ·classifyAVX2(SB), NOSPLIT, $0-49
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ s_base+24(FP), SI
	MOVQ s_len+32(FP), DX
	XORL AX, AX
	XORL R10, R10
	XORL R11, R11
	XORL R13, R13
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
	AVX2_ALL(AVX2_FULL)
	ADDQ $64, SI
	SUBQ $64, DX
	ADDQ $Block__size, DI
	INCQ AX
	CMPQ AX, CX
	JEQ  avx2done
	CMPQ DX, $64
	JAE  avx2loop

	// 0 <= DX < 64 bytes left, at least 64 bytes of s before them: classify the last 64
	// bytes of s (which end exactly at the end of s) and shift out the bytes already done.
	// Always 64, even when 32 would do: a jump on which, with tails of every length,
	// mispredicts more often than the second half costs.
	TESTQ DX, DX
	JZ    avx2done
	VMOVDQU -64(SI)(DX*1), Y0
	VMOVDQU -32(SI)(DX*1), Y6
	MOVL $64, CX
	SUBL DX, CX
	AVX2_ALL(AVX2_TAIL64)
	INCQ AX
	JMP  avx2done

avx2short:
	// All of s is 1 <= r = DX < 64 bytes: classify 64 bytes that hold it, in the 4 KiB page
	// (or pages) s is in, so that no load can fault. When the 64 bytes from s stay in s's
	// page, those, with the lanes past r cleared; otherwise s starts in the last 64 bytes of
	// its page, and the 64 bytes that end where s ends start in that page: those, shifted
	// right past the 64-r bytes before s. Either way one shape of code for every length,
	// rather than a jump on the length that mispredicts on URLs of mixed lengths.
	MOVL  SI, R12
	ANDL  $4095, R12
	CMPL  R12, $(4096-64)
	JA    avx2shortEnd
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y6
	MOVQ  $-1, BX
	BZHIQ DX, BX, BX
	AVX2_ALL(AVX2_SHORT)
	INCQ AX
	JMP  avx2done

avx2shortEnd:
	VMOVDQU -64(SI)(DX*1), Y0
	VMOVDQU -32(SI)(DX*1), Y6
	MOVL $64, CX
	SUBL DX, CX
	AVX2_ALL(AVX2_TAIL64)
	INCQ AX

avx2done:
	VZEROUPPER
	AVX2_SUMMARY_BITS

avx2ret:
	MOVQ AX, n+40(FP)
	MOVB R10, sum+48(FP)
	RET

// AVX2_SUMMARY(in): OR in's Bad bytes into Y7 and its Extra bytes into Y15, without a
// mask. Y2-Y4 are scratch.
#define AVX2_SUMMARY(in) \
	AVX2_BAD_BYTES(in)   \
	VPOR Y3, Y7, Y7      \
	AVX2_EXTRA_BYTES(in) \
	VPOR Y2, Y15, Y15

// func summaryAVX2(s string) Summary
// For len(s) >= 64 (the caller's to ensure): every whole 64 bytes, then the last 64 bytes
// of s, which end exactly where s ends; bytes seen twice change nothing in an OR.
TEXT ·summaryAVX2(SB), NOSPLIT, $0-17
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), DX
	VMOVDQU ·avx2Consts+avx2Vectors_extraT(SB), Y9
	VMOVDQU ·avx2Consts+avx2Vectors_badT(SB), Y10
	VMOVDQU ·avx2Consts+avx2Vectors_lowBad(SB), Y12
	VPXOR   Y7, Y7, Y7
	VPXOR   Y15, Y15, Y15
	LEAQ    -64(SI)(DX*1), R8 // the last 64 bytes

summaryloop:
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y6
	AVX2_SUMMARY(Y0)
	AVX2_SUMMARY(Y6)
	ADDQ    $64, SI
	SUBQ    $64, DX
	CMPQ    DX, $64
	JAE     summaryloop

	TESTQ   DX, DX
	JZ      summarydone
	VMOVDQU (R8), Y0
	VMOVDQU 32(R8), Y6
	AVX2_SUMMARY(Y0)
	AVX2_SUMMARY(Y6)

summarydone:
	VPMOVMSKB Y7, R11
	VPMOVMSKB Y15, R13
	VZEROUPPER
	XORL R10, R10
	AVX2_SUMMARY_BITS
	MOVB R10, ret+16(FP)
	RET
