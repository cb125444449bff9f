//go:build !noasm

#include "textflag.h"

// func PrefetchPast(p *byte, n int)
//
// PREFETCHW of the four cache lines from p+n. The Go assembler has no mnemonic for
// PREFETCHW (0F 0D /1), so it is written as bytes; CPUs without it (before Intel's
// Broadwell) run it as a NOP.
TEXT ·PrefetchPast(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), AX
	ADDQ n+8(FP), AX
	BYTE $0x0f; BYTE $0x0d; BYTE $0x08                    // PREFETCHW (AX)
	BYTE $0x0f; BYTE $0x0d; BYTE $0x48; BYTE $0x40        // PREFETCHW 64(AX)
	BYTE $0x0f; BYTE $0x0d; BYTE $0x88; LONG $0x00000080  // PREFETCHW 128(AX)
	BYTE $0x0f; BYTE $0x0d; BYTE $0x88; LONG $0x000000c0  // PREFETCHW 192(AX)
	RET
