#!/usr/bin/env bash
# An in-process A/B of internal/fast: REV's copy of the package (default
# HEAD) against the working tree's, in one test binary, over the same
# chunks of absolute.txt (ParseAbsolute), relative.tsv and requests.txt
# (Resolve, allocating as (URL).Parse does).
#
#   ./ab-fast.sh              # HEAD against the working tree
#   ./ab-fast.sh HEAD~3       # an older commit against the working tree
#   COUNT=3 ./ab-fast.sh      # more runs of the whole comparison
#
# It copies REV's internal/fast (without its tests) to
# ../internal/fastabold for the duration of the run (removed on exit) and
# builds ab_fast_test.go with the abfast tag. REV's ParseAbsolute and
# Resolve must have today's signatures. Ratios below 1: the working tree
# is faster. On this shared VM single chunks differ by 10-15% (p10-p90),
# and the ratio of the totals repeats to about 1-2%: trust a change of
# 3% or more that repeats across COUNT runs, not a single run's 1%.
set -euo pipefail
cd "$(dirname "$0")"
export GOTOOLCHAIN=auto
rev="${1:-HEAD}"
old=../internal/fastabold
trap 'rm -rf "$old"' EXIT
rm -rf "$old"
mkdir -p "$old"
for f in $(git ls-tree --name-only "$rev" ../internal/fast/); do
  case "$f" in *_test.go | *.md) continue ;; esac
  git show "$rev:$f" | sed 's/^package fast$/package fastabold/' > "$old/$(basename "$f")"
done
echo "old: internal/fast at $(git rev-parse --short "$rev"); new: the working tree$(git diff --quiet -- ../internal/fast || echo ' (modified)')"
go test -tags abfast -run '^TestABFast$' -count "${COUNT:-1}" -v . | grep -E '^(absolute|relative|requests) |^(FAIL|ok|---)'
