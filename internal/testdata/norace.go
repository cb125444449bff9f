//go:build !race

package testdata

// RaceEnabled reports whether the race detector is on: tests that count
// allocations or memory skip under it.
const RaceEnabled = false
