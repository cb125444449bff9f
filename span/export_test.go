package span

import "github.com/spanurl/spanurl/internal/fast"

// FromFastForTest exposes the fast result conversion to the external tests.
func FromFastForTest(r *fast.Result) URL { return fromFast(r) }

// FastBaseForTest exposes the base conversion to the external tests.
func FastBaseForTest(u URL) fast.Base { return u.fastBase() }
