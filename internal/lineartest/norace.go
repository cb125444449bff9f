//go:build !race

package lineartest

// raceEnabled is true when the race detector is on.
const raceEnabled = false
