#!/usr/bin/env bash
# Runs the benchmark suite, then benchstat and the ratio table over it.
#
#   ./run.sh                  # 6 rounds into out/<date-time>/
#   COUNT=3 ./run.sh          # fewer rounds
#   OLD=out/x/bench.txt ./run.sh   # also compare with an earlier run
#   BENCH=Absolute ./run.sh   # only benchmarks matching a regexp
#   PARALLEL=none ./run.sh    # without the -cpu 1,2 runs of the Parallel ones
#
# Files written to $OUT (default out/<date-time>): bench.txt (raw go test
# output), benchstat.txt, ratios.md, context.txt (commit, Go, CPU, load).
# The corpora come from ../../shared/datasets or $SPANURL_DATASETS_DIR.
set -euo pipefail
cd "$(dirname "$0")"
export GOTOOLCHAIN=auto

count="${COUNT:-6}"
benchtime="${BENCHTIME:-1s}"
bench="${BENCH:-.}"
parallel="${PARALLEL:-Parallel}" # "none" to skip the -cpu 1,2 runs
out="${OUT:-out/$(date +%Y%m%d-%H%M%S)}"
mkdir -p "$out"

{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "commit: $(git -C .. rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C .. diff --quiet 2>/dev/null || echo ' (dirty)')"
  echo "go: $(go version)"
  echo "cpu: $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ //') x $(nproc 2>/dev/null || echo '?')"
  echo "load before: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
  echo "count: $count  benchtime: $benchtime  bench: $bench  parallel: $parallel"
} > "$out/context.txt"

# One test binary, run $count times over the whole suite (interleaved rather
# than -count N per benchmark, so a burst of load from elsewhere spreads over
# all peers instead of hitting one): the suite at the default GOMAXPROCS, then
# the Parallel variants at -cpu 1,2 to show the scaling.
go test -c -o "$out/bench.test" .
: > "$out/bench.txt"
for round in $(seq "$count"); do
  echo "== round $round/$count" >&2
  "$out/bench.test" -test.run '^$' -test.bench "$bench" -test.skip 'Parallel' -test.benchmem \
    -test.benchtime "$benchtime" -test.count 1 -test.timeout 0 | tee -a "$out/bench.txt"
  if [ "$parallel" != none ]; then
    "$out/bench.test" -test.run '^$' -test.bench "$parallel" -test.cpu 1,2 -test.benchmem \
      -test.benchtime "$benchtime" -test.count 1 -test.timeout 0 | tee -a "$out/bench.txt"
  fi
done
rm -f "$out/bench.test"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')" >> "$out/context.txt"

benchstat=benchstat
if ! command -v benchstat >/dev/null; then
  if [ -x "$(go env GOPATH)/bin/benchstat" ]; then
    benchstat="$(go env GOPATH)/bin/benchstat"
  else
    echo "benchstat not found: go install golang.org/x/perf/cmd/benchstat@latest" >&2
    benchstat=""
  fi
fi
if [ -n "$benchstat" ]; then
  "$benchstat" "$out/bench.txt" > "$out/benchstat.txt"
  if [ -n "${OLD:-}" ]; then
    "$benchstat" old="$OLD" new="$out/bench.txt" > "$out/benchstat-vs-old.txt"
  fi
fi
go run ./cmd/ratios "$out/bench.txt" | tee "$out/ratios.md"
echo "results in $out/"
