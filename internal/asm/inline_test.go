package asm

import (
	"testing"

	"github.com/spanurl/spanurl/internal/inlinetest"
)

// TestInlining: the entry points the scanner calls are inlined, so that
// its caller calls the kernel's dispatch directly (classify_amd64.go).
func TestInlining(t *testing.T) {
	inlinetest.Check(t, "github.com/spanurl/spanurl/internal/asm",
		"Classify",
		"ClassifySummary",
		"Summary.Bad",
		"Summary.Extra",
	)
}
