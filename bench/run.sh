#!/usr/bin/env bash
# Runs the benchmark suite, then benchstat and the ratio table over it.
#
#   ./run.sh                  # 6 rounds into out/<date-time>/
#   COUNT=3 ./run.sh          # fewer rounds
#   OLD=out/x/bench.txt ./run.sh   # also compare with an earlier run
#   BENCH=Absolute ./run.sh   # only benchmarks matching a regexp
#   PARALLEL=none ./run.sh    # without the -cpu 1,2 runs of the Parallel ones
#   ADA=none ./run.sh         # without the native C++ ada benchmark
#   STEAL_MAX=100 ./run.sh    # keep every try, whatever the steal (see below)
#
# Each round also runs ada's own C++ code (adacpp/bench.cpp, built with
# adacpp/build.sh against goada's copy of ada, or with ADA_SRC=DIR against
# a checkout of ada's repository at -O3 -DNDEBUG; ADA_CXXFLAGS, CXX) on the
# same inputs in the same order, written once by cmd/corpora: its lines,
# peer "ada", go to bench.txt with the Go ones, and its version to
# context.txt and ratios.md. Skipped, with a warning, when the C++ compiler
# or the build fails; BENCH selects its workloads too.
#
#   ADA_SRC=/tmp/ada-3.4.4 ./run.sh   # ada's newest release (README.md)
#
# Every line carries steal-% (steal_test.go): the share of the busy CPU
# time this VM's hypervisor took while the benchmark ran, small most of the
# time and large in bursts. A workload's lines of a round (all its
# peers, ada included; for the Parallel ones, -cpu 1 and 2) are one try;
# when a line of it shows more than STEAL_MAX (default 3) percent, the try
# goes to discarded.txt and the workload runs again, up to RETRIES (default
# 2) more times, after which the try with the least steal is kept. Every
# peer of a workload is judged by the same lines, so no peer is favoured.
#
# Files written to $OUT (default out/<date-time>): bench.txt (raw go test
# output, the kept tries), discarded.txt (the tries run again, each after a
# line saying why), benchstat.txt, ratios.md, context.txt (commit, Go, CPU,
# load, ada build, retries), ada-build.log.
# The corpora come from ../../shared/datasets or $SPANURL_DATASETS_DIR.
set -euo pipefail
cd "$(dirname "$0")"
export GOTOOLCHAIN=auto

count="${COUNT:-6}"
steal_max="${STEAL_MAX:-3}"
retries="${RETRIES:-2}"
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
  echo "count: $count  benchtime: $benchtime  bench: $bench  parallel: $parallel  steal max: $steal_max%  retries: $retries"
} > "$out/context.txt"

# One test binary, run $count times over the whole suite (interleaved rather
# than -count N per benchmark, so a burst of load from elsewhere spreads over
# all peers instead of hitting one): each workload at the default GOMAXPROCS
# with the native ada's run of it right after, then the Parallel variants at
# -cpu 1,2 to show the scaling. (With BENCH set, the Go benchmarks that match
# it, then ada's.)
go test -c -o "$out/bench.test" .

# The native ada benchmark: the inputs as the Go benchmarks see them (a copy
# of the corpora, removed at the end) and the binary.
ada_bin=""
ada_build=""
if [ "$ada" != none ]; then
  if ! command -v "${CXX:-g++}" >/dev/null; then
    echo "run.sh: no ${CXX:-g++}: skipping the native ada benchmark" >&2
  elif ! go run ./cmd/corpora -out "$out/corpora"; then
    echo "run.sh: cmd/corpora failed: skipping the native ada benchmark" >&2
  elif ! ./adacpp/build.sh "$out/ada-bench" > "$out/ada-build.log" 2>&1; then
    echo "run.sh: adacpp/build.sh failed (see $out/ada-build.log): skipping the native ada benchmark" >&2
  else
    ada_bin="$out/ada-bench"
    ada_build="$(tail -n 1 "$out/ada-build.log")"
    echo "ada: native C++, $ada_build" >> "$out/context.txt"
  fi
fi

# run_ada PATTERN runs the native ada's workloads that match PATTERN, when
# it was built, with the -N suffix that Go gave this try's names
# (GOMAXPROCS, none for 1), so that benchstat and cmd/ratios pair ada's
# lines with the Go ones.
run_ada() {
  [ -n "$ada_bin" ] || return 0
  local procs
  procs="$(awk '/^Benchmark.*ns\/op/ { if (match($1, /-[0-9]+$/)) print substr($1, RSTART + 1); else print 1; exit }' "$out/try.txt")"
  "$ada_bin" -dir "$out/corpora" -bench "$1" -benchtime "$benchtime" ${procs:+-procs "$procs"} |
    tee -a "$out/try.txt"
}

# max_steal FILE prints the largest steal-% of FILE's benchmark lines (0
# when none has one).
max_steal() {
  awk '{ for (i = 2; i < NF; i++) if ($(i + 1) == "steal-%" && $i + 0 > m) m = $i + 0 } END { print m + 0 }' "$1"
}

# measure NAME CMD... runs CMD (which writes its benchmark lines to
# $out/try.txt) until no line shows more steal than steal_max or the
# retries run out, and appends the try with the least steal to bench.txt;
# the others go to discarded.txt.
measure() {
  local name="$1" try steal best=""
  shift
  for try in $(seq 0 "$retries"); do
    : > "$out/try.txt"
    "$@"
    steal="$(max_steal "$out/try.txt")"
    if [ -n "$best" ] && ! less "$steal" "$best"; then
      discard "$out/try.txt" "$name" "$steal"
    else
      if [ -n "$best" ]; then
        discard "$out/best.txt" "$name" "$best"
      fi
      best="$steal"
      mv "$out/try.txt" "$out/best.txt"
    fi
    if ! less "$steal_max" "$best"; then
      break
    fi
    if [ "$try" -lt "$retries" ]; then
      echo "run.sh: round $round, $name: steal up to $steal%, over $steal_max%: running it again" >&2
      retried=$((retried + 1))
    fi
  done
  cat "$out/best.txt" >> "$out/bench.txt"
  rm -f "$out/best.txt" "$out/try.txt"
}

# less A B: whether the number A is less than B.
less() {
  awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 < b + 0) }'
}

# discard FILE NAME STEAL appends the try in FILE to discarded.txt.
discard() {
  { echo "# round $round, $2: a try with steal up to $3%"; cat "$1"; } >> "$out/discarded.txt"
}

# go_bench PATTERN [ARGS...] runs the Go benchmarks that match PATTERN into
# try.txt.
go_bench() {
  local pattern="$1"
  shift
  "$out/bench.test" -test.run '^$' -test.bench "$pattern" -test.benchmem \
    -test.benchtime "$benchtime" -test.count 1 -test.timeout 0 "$@" | tee -a "$out/try.txt"
}

# workload PATTERN [ARGS...]: the Go benchmarks that match PATTERN, then the
# native ada's.
workload() {
  go_bench "$@"
  run_ada "$1"
}

: > "$out/bench.txt"
: > "$out/discarded.txt"
retried=0
for round in $(seq "$count"); do
  echo "== round $round/$count" >&2
  if [ "$bench" = . ]; then
    # One workload at a time, the native ada right after the Go peers, so
    # that every peer of a workload is measured within seconds of the
    # others: a shared VM's speed drifts over minutes.
    for fn in $("$out/bench.test" -test.list '^Benchmark' | grep -v Parallel); do
      measure "$fn" workload "^$fn\$"
    done
  else
    measure "$bench" workload "$bench" -test.skip 'Parallel'
  fi
  if [ "$parallel" != none ]; then
    for fn in $("$out/bench.test" -test.list '^Benchmark' | grep -E -- "$parallel" | grep Parallel || true); do
      measure "$fn" go_bench "^$fn\$" -test.cpu 1,2
    done
  fi
done
rm -rf "$out/bench.test" "$out/ada-bench" "$out/corpora"
echo "retries: $retried (tries in discarded.txt)" >> "$out/context.txt"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')" >> "$out/context.txt"

# benchstat is a tool, not a dependency of this module: taken from PATH or
# GOPATH/bin, else installed there once (through the module proxy), else
# skipped with a word on how to get it.
benchstat=benchstat
if ! command -v benchstat >/dev/null; then
  gobin="$(go env GOBIN)"
  benchstat="${gobin:-$(go env GOPATH)/bin}/benchstat"
  if [ ! -x "$benchstat" ] && ! go install golang.org/x/perf/cmd/benchstat@latest; then
    echo "benchstat not found and not installable: go install golang.org/x/perf/cmd/benchstat@latest" >&2
    benchstat=""
  fi
fi
if [ -n "$benchstat" ]; then
  "$benchstat" "$out/bench.txt" > "$out/benchstat.txt"
  if [ -n "${OLD:-}" ]; then
    "$benchstat" old="$OLD" new="$out/bench.txt" > "$out/benchstat-vs-old.txt"
  fi
fi
go run ./cmd/ratios ${ada_build:+-ada "$ada_build"} "$out/bench.txt" | tee "$out/ratios.md"
echo "results in $out/"
