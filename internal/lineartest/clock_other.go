//go:build !linux

package lineartest

import "time"

// clock measures a run by the wall clock, where the thread's processor
// time is not at hand.
func clock(f func()) time.Duration {
	start := time.Now()
	f()
	return time.Since(start)
}
