package lineartest

import (
	"runtime"
	"time"

	"golang.org/x/sys/unix"
)

// clock measures a run by the processor time of its thread: time on the
// processor, not on the wall, so that another process that takes the
// processor away does not lengthen it. The goroutine is locked to its
// thread for the run.
func clock(f func()) time.Duration {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start := threadTime()
	f()
	return threadTime() - start
}

func threadTime() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		panic("lineartest: CLOCK_THREAD_CPUTIME_ID: " + err.Error())
	}
	return time.Duration(ts.Nano())
}
