//go:build !noasm

#include "textflag.h"

// func PrefetchPast(p *byte, n int)
//
// PREFETCHT0 of the four cache lines from p+n. Not PREFETCHW, although the lines are
// for writing: PREFETCHW needs a CPUID flag (PRFCHW) that golang.org/x/sys/cpu does not
// report, while PREFETCHT0 is in every amd64 CPU, and a line that no other core holds
// arrives exclusive, so that the write needs no second request either way.
TEXT ·PrefetchPast(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), AX
	ADDQ n+8(FP), AX
	PREFETCHT0 (AX)
	PREFETCHT0 64(AX)
	PREFETCHT0 128(AX)
	PREFETCHT0 192(AX)
	RET
