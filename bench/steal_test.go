package bench

import (
	"bytes"
	"os"
	"strconv"
	"testing"
)

// This machine is a virtual one: its hypervisor sometimes runs other
// guests on the physical cores and the time it takes ("steal" in
// /proc/stat) lands in whatever benchmark is running then, as wall time
// the benchmark did not get, in bursts that come and go within seconds.
// meterSteal reports it beside each benchmark as the metric steal-%: how
// much of the busy CPU time (all CPUs, from the start of the benchmark
// function to its end) the hypervisor took. A round whose ratio is far
// from the others can then be told apart from a change in the code.

// meterSteal reports steal-% for the run of b it is called in (b.Cleanup
// runs at the end of each run of the function, after its timer stopped).
// Where /proc/stat cannot be read (not Linux), it reports nothing.
func meterSteal(b *testing.B) {
	start, ok := readCPUTimes()
	if !ok {
		return
	}
	b.Cleanup(func() {
		end, ok := readCPUTimes()
		if !ok || end.busy <= start.busy {
			return
		}
		b.ReportMetric(100*float64(end.steal-start.steal)/float64(end.busy-start.busy), "steal-%")
	})
}

// cpuTimes are the clock ticks of all CPUs from the "cpu" line of
// /proc/stat: busy is every field but idle and iowait (steal included),
// steal the time the hypervisor gave another guest while this one wanted
// to run.
type cpuTimes struct {
	busy, steal uint64
}

func readCPUTimes() (cpuTimes, bool) {
	data, err := os.ReadFile("/proc/stat")
	if err != nil {
		return cpuTimes{}, false
	}
	return parseCPUTimes(data)
}

// parseCPUTimes reads the first line of /proc/stat: "cpu" and then user,
// nice, system, idle, iowait, irq, softirq, steal, guest and guest_nice
// (guest time is also counted in user, so it is left out).
func parseCPUTimes(data []byte) (cpuTimes, bool) {
	line, _, _ := bytes.Cut(data, []byte("\n"))
	f := bytes.Fields(line)
	if len(f) < 9 || string(f[0]) != "cpu" {
		return cpuTimes{}, false
	}
	var v [8]uint64
	for i := range v {
		n, err := strconv.ParseUint(string(f[i+1]), 10, 64)
		if err != nil {
			return cpuTimes{}, false
		}
		v[i] = n
	}
	user, nice, system, irq, softirq, steal := v[0], v[1], v[2], v[5], v[6], v[7]
	return cpuTimes{busy: user + nice + system + irq + softirq + steal, steal: steal}, true
}

func TestParseCPUTimes(t *testing.T) {
	stat := "cpu  4900141 0 245311 7406760 5212 0 43054 68030 0 0\ncpu0 2463233 0 122287 3690469 3122 0 21579 33955 0 0\n"
	got, ok := parseCPUTimes([]byte(stat))
	want := cpuTimes{busy: 4900141 + 245311 + 43054 + 68030, steal: 68030}
	if !ok || got != want {
		t.Errorf("parseCPUTimes = %+v, %v; want %+v, true", got, ok, want)
	}
	for _, bad := range []string{"", "cpu0 1 2 3 4 5 6 7 8\n", "cpu 1 2 3\n", "cpu 1 2 3 4 5 6 7 x 9\n"} {
		if _, ok := parseCPUTimes([]byte(bad)); ok {
			t.Errorf("parseCPUTimes(%q) ok, want not ok", bad)
		}
	}
}
