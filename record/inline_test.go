package record

import (
	"testing"

	"github.com/spanurl/spanurl/internal/inlinetest"
)

// TestInlining: the scheme table's lookups are inlined, so that the port
// setter's splice and the parser's port state compare strings in place.
func TestInlining(t *testing.T) {
	inlinetest.Check(t, "github.com/spanurl/spanurl/record", "special", "IsSpecialScheme", "DefaultPort")
}
