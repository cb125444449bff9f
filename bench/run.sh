#!/usr/bin/env bash
# Runs the benchmark suite, then benchstat and the ratio table over it.
#
#   ./run.sh                  # 6 rounds into out/<date-time>/
#   COUNT=3 ./run.sh          # fewer rounds
#   OLD=out/x/bench.txt ./run.sh   # also compare with an earlier run
#   BENCH=Absolute ./run.sh   # only benchmarks matching a regexp
#   PARALLEL=none ./run.sh    # without the -cpu 1,2 runs of the Parallel ones
#   ADA=none ./run.sh         # without the native C++ ada benchmark
#
# Each round also runs ada's own C++ code (adacpp/bench.cpp, built with
# adacpp/build.sh against goada's copy of ada; ADA_CXXFLAGS, CXX) on the same
# inputs in the same order, written once by cmd/corpora: its lines, peer
# "ada", go to bench.txt with the Go ones. Skipped, with a warning, when the
# C++ compiler or the build fails; BENCH selects its workloads too.
#
# Files written to $OUT (default out/<date-time>): bench.txt (raw go test
# output), benchstat.txt, ratios.md, context.txt (commit, Go, CPU, load, ada
# build), ada-build.log.
# The corpora come from ../../shared/datasets or $SPANURL_DATASETS_DIR.
set -euo pipefail
cd "$(dirname "$0")"
export GOTOOLCHAIN=auto

count="${COUNT:-6}"
benchtime="${BENCHTIME:-1s}"
bench="${BENCH:-.}"
parallel="${PARALLEL:-Parallel}" # "none" to skip the -cpu 1,2 runs
ada="${ADA:-}"                   # "none" to skip the native C++ ada benchmark
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
# all peers instead of hitting one): each workload at the default GOMAXPROCS
# with the native ada's run of it right after, then the Parallel variants at
# -cpu 1,2 to show the scaling. (With BENCH set, the Go benchmarks that match
# it, then ada's, as before 2026-11-22.)
go test -c -o "$out/bench.test" .

# The native ada benchmark: the inputs as the Go benchmarks see them (a copy
# of the corpora, removed at the end) and the binary.
ada_bin=""
if [ "$ada" != none ]; then
  if ! command -v "${CXX:-g++}" >/dev/null; then
    echo "run.sh: no ${CXX:-g++}: skipping the native ada benchmark" >&2
  elif ! go run ./cmd/corpora -out "$out/corpora"; then
    echo "run.sh: cmd/corpora failed: skipping the native ada benchmark" >&2
  elif ! ./adacpp/build.sh "$out/ada-bench" > "$out/ada-build.log" 2>&1; then
    echo "run.sh: adacpp/build.sh failed (see $out/ada-build.log): skipping the native ada benchmark" >&2
  else
    ada_bin="$out/ada-bench"
    echo "ada: native C++, $(tail -n 1 "$out/ada-build.log")" >> "$out/context.txt"
  fi
fi

# run_ada PATTERN runs the native ada's workloads that match PATTERN, when
# it was built, with the -N suffix that Go gave this round's names
# (GOMAXPROCS, none for 1), so that benchstat and cmd/ratios pair ada's
# lines with the Go ones.
run_ada() {
  [ -n "$ada_bin" ] || return 0
  local procs
  procs="$(awk '/^Benchmark.*ns\/op/ { if (match($1, /-[0-9]+$/)) print substr($1, RSTART + 1); else print 1; exit }' "$out/round.txt")"
  "$ada_bin" -dir "$out/corpora" -bench "$1" -benchtime "$benchtime" ${procs:+-procs "$procs"} |
    tee -a "$out/bench.txt"
}

: > "$out/bench.txt"
for round in $(seq "$count"); do
  echo "== round $round/$count" >&2
  if [ "$bench" = . ]; then
    # One workload at a time, the native ada right after the Go peers, so
    # that every peer of a workload is measured within seconds of the
    # others: this VM's speed drifts by up to 2x over minutes.
    for fn in $("$out/bench.test" -test.list '^Benchmark' | grep -v Parallel); do
      "$out/bench.test" -test.run '^$' -test.bench "^$fn\$" -test.benchmem \
        -test.benchtime "$benchtime" -test.count 1 -test.timeout 0 | tee -a "$out/bench.txt" "$out/round.txt"
      run_ada "^$fn\$"
    done
  else
    "$out/bench.test" -test.run '^$' -test.bench "$bench" -test.skip 'Parallel' -test.benchmem \
      -test.benchtime "$benchtime" -test.count 1 -test.timeout 0 | tee -a "$out/bench.txt" "$out/round.txt"
    run_ada "$bench"
  fi
  if [ "$parallel" != none ]; then
    "$out/bench.test" -test.run '^$' -test.bench "$parallel" -test.cpu 1,2 -test.benchmem \
      -test.benchtime "$benchtime" -test.count 1 -test.timeout 0 | tee -a "$out/bench.txt"
  fi
  rm -f "$out/round.txt"
done
rm -rf "$out/bench.test" "$out/ada-bench" "$out/corpora"
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
