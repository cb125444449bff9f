//go:build race

package testvectors

// RaceEnabled reports whether the race detector is on: tests that count
// allocations or memory skip under it.
const RaceEnabled = true
