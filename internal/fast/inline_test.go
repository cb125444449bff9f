package fast

import (
	"testing"

	"github.com/spanurl/spanurl/internal/inlinetest"
)

// TestInlining: the helpers of the tiers that every URL passes through
// are inlined, or each costs a call where the code counts bytes.
func TestInlining(t *testing.T) {
	inlinetest.Check(t, "github.com/spanurl/spanurl/internal/fast",
		"pack",              // every accepted URL packs its offsets (result.go)
		"(*scanner).cached", // the hottest loops look a block up (scanner.go)
		"spanMask",          // every component check masks a range of a block
		"lowerHTTP",         // the first compare of every absolute URL
		"b2i",               // a SETcc in lowerHTTP only when inlined
		"shortHost",         // the short tier's host (absolute.go)
		"mayEndInANumber",   // the short tier's host
	)
}
