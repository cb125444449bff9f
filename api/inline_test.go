package api

import (
	"testing"

	"github.com/spanurl/spanurl/internal/inlinetest"
)

// TestInlining: NewSearchParams is inlined, so that a SearchParams its
// caller keeps to itself stays in the caller's frame
// (TestSearchParamsAllocs counts the allocation it saves).
func TestInlining(t *testing.T) {
	inlinetest.Check(t, "github.com/spanurl/spanurl/api", "NewSearchParams")
}
