//go:build !linux

package httpurl_test

import "time"

var start = time.Now()

// threadTime is the wall clock where no thread CPU clock is at hand.
func threadTime() time.Duration { return time.Since(start) }
