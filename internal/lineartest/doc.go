// Package lineartest checks in tests that a function's cost grows
// linearly with its input, by the ratio of its times on a small and a
// large input, measured so that a busy machine does not fail the check:
// a run is timed by its thread's processor time where the system keeps it
// (Linux), which excludes the time other processes hold the processor;
// the runs alternate between the sizes (a load weighs on both alike),
// each size's best run counts (a run that lost the processor is not the
// best), a collection precedes each run (none lands inside one), and a
// ratio over the limit is measured again before it fails the test (a
// quadratic cost is over it every time, a burst of load is not).
package lineartest
