package span

import (
	"github.com/spanurl/spanurl/internal/offsets"
	"github.com/spanurl/spanurl/record"
)

// FromFastForTest builds a URL from a fast path result, for the external
// tests.
func FromFastForTest(href string, p offsets.Packed) URL { return URL{href, p} }

// FastBaseForTest exposes a base's href and offsets to the external tests.
func FastBaseForTest(u URL) (string, offsets.Packed) { return u.href, u.p }

// FromRecordForTest makes a URL of a record without FromRecord's check,
// which parses: the differential tests turn the slow path's records into
// URLs with it so that the fast path has no part in the oracle's result.
func FromRecordForTest(r *record.URL) URL { return fromRecord(r) }

// ParseErrorForTest is parseError, for the external tests: the parser's
// too-long failure needs a 4 GiB input to reach through Parse.
var ParseErrorForTest = parseError
