package span

import (
	"github.com/spanurl/spanurl/internal/offsets"
)

// FromFastForTest builds a URL from a fast path result, for the external
// tests.
func FromFastForTest(href string, p offsets.Packed) URL { return URL{href, p} }

// FastBaseForTest exposes a base's href and offsets to the external tests.
func FastBaseForTest(u URL) (string, offsets.Packed) { return u.href, u.p }
