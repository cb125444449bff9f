//go:build !noasm

#include "textflag.h"

// func PrefetchPast(p *byte, n int)
//
// PRFM PSTL1KEEP (prefetch for store into L1) of the four cache lines from p+n.
TEXT ·PrefetchPast(SB), NOSPLIT, $0-16
	MOVD p+0(FP), R0
	MOVD n+8(FP), R1
	ADD R1, R0
	PRFM (R0), PSTL1KEEP
	PRFM 64(R0), PSTL1KEEP
	PRFM 128(R0), PSTL1KEEP
	PRFM 192(R0), PSTL1KEEP
	RET
