package span

import (
	"github.com/spanurl/spanurl/internal/fast"
	"github.com/spanurl/spanurl/record"
)

// FromFastForTest builds a URL from a fast path result, for the external
// tests.
func FromFastForTest(href string, p record.Packed) URL { return URL{href, p} }

// FastBaseForTest exposes the base conversion to the external tests.
func FastBaseForTest(u URL) fast.Base { return u.fastBase() }
