//go:build arm64 && !noasm

package asm

import "testing"

// archKernels lists the arm64 kernels: NEON, always present on ARMv8-A.
func archKernels() []kernel {
	return []kernel{{"neon", classifyNEONBlocks}}
}

// benchKernels: Classify always runs NEON on arm64 (ClassifyGeneric is measured by the
// noasm build).
func benchKernels() []benchKernel { return []benchKernel{{"neon", func() func() { return func() {} }}} }

// TestNEONModel replays, in Go, what the NEON kernel computes for one byte with neonTable,
// for all 256 byte values.
func TestNEONModel(t *testing.T) {
	for c := 0; c < 256; c++ {
		w := want(string([]byte{byte(c)}), 1)[0]
		b := byte(c)
		var r byte // TBL/TBX leave 0 for bytes >= 0x80
		if b < 0x80 {
			r = neonTable[b]
		}
		got := Block{Struct: bit(r&neonStruct != 0), Bad: bit((r|b)&neonBad != 0), Extra: bit(r&neonExtra != 0), Upper: bit(r&neonUpper != 0),
			Slash: bit(r&neonSlash != 0), Dot: bit(r&neonDot != 0), ColonBackslash: bit(r&neonColonBackslash != 0), Term: bit(r&neonTerm != 0)}
		if got != w {
			t.Errorf("NEON model, byte %#02x: %s, want %s", c, fmtBlock(got), fmtBlock(w))
		}
	}
}

func bit(v bool) uint64 {
	if v {
		return 1
	}
	return 0
}

// archSummaryKernels: ClassifySummary is classifySummaryGo over NEON on arm64.
func archSummaryKernels() []summaryKernel { return nil }
