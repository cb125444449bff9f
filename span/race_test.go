//go:build race

package span_test

// raceEnabled: the race detector makes sync.Pool drop items at random, so
// pooled allocation counts are not meaningful under it.
const raceEnabled = true
