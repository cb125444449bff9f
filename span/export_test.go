package span

import (
	"github.com/spanurl/spanurl/record"
)

// FromFastForTest builds a URL from a fast path result, for the external
// tests.
func FromFastForTest(href string, p record.Packed) URL { return URL{href, p} }

// FastBaseForTest exposes a base's href and offsets to the external tests.
func FastBaseForTest(u URL) (string, record.Packed) { return u.href, u.p }
