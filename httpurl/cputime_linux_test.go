//go:build linux

package httpurl_test

import (
	"time"

	"golang.org/x/sys/unix"
)

// threadTime is the CPU time used by the calling thread (which the caller
// locks): unlike the wall clock, it does not run while another process
// holds the core, so that a ratio of times does not depend on the load.
func threadTime() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		panic(err)
	}
	return time.Duration(ts.Nano())
}
