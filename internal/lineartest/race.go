//go:build race

package lineartest

// raceEnabled is true when the race detector is on: its cost of an
// allocation grows faster than the allocation, so no ratio is measured.
const raceEnabled = true
