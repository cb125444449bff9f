#!/usr/bin/env bash
# An in-process A/B of internal/fast: REV's copy of the package (default
# HEAD) against the working tree's, in one test binary (ab_fast_test.go,
# built with the abfast tag), over the same chunks of absolute.txt and
# messy.txt (ParseAbsolute) and relative.tsv and requests.txt (Resolve,
# allocating as (URL).Parse does), alternating which side runs first.
#
#   ./ab-fast.sh              # HEAD against the working tree
#   ./ab-fast.sh 771cb04      # that commit against the working tree
#   COUNT=3 ./ab-fast.sh      # three runs of the whole comparison
#   ASM=1 ./ab-fast.sh        # REV's internal/asm too (old fast calls old asm)
#   AB_WHOLE=1 ./ab-fast.sh   # whole passes over each shuffled corpus, not
#                             # chunks: cache misses count, as in the
#                             # benchmarks, but the ratios are noisier
#
# It copies REV's internal/fast (without its tests) to ../internal/fastabold,
# and with ASM=1 internal/asm to ../internal/asmabold, for the run only (they
# are removed on exit). REV's ParseAbsolute and Resolve must have the working
# tree's signatures.
#
# Reading it: each line is a corpus, both sides' ns per URL, and new/old,
# the working tree's total time over REV's (below 1 the working tree is
# faster), then that ratio's spread over the chunks (median, p10, p90).
# A decline costs only the fast path's check here (the slow path is not
# run), so a change that takes more lines on the fast path reads slower
# here than it is in Parse. The two copies sit at different addresses, so
# even with no change to the code the ratios are off 1 by a few percent,
# differently per corpus, machine and mode: run it once with no change
# (./ab-fast.sh HEAD on a clean tree) to know that offset, and trust a
# difference from it that repeats across COUNT runs.
set -euo pipefail
cd "$(dirname "$0")"
export GOTOOLCHAIN=auto
rev="${1:-HEAD}"
old=../internal/fastabold
oldasm=../internal/asmabold
trap 'rm -rf "$old" "$oldasm"' EXIT
rm -rf "$old" "$oldasm"
mkdir -p "$old"
importasm=cat
# asmabold points an old file's import of internal/asm at the old copy.
asmabold() { sed 's|"github.com/spanurl/spanurl/internal/asm"|asm "github.com/spanurl/spanurl/internal/asmabold"|'; }
pkgs=../internal/fast
if [ -n "${ASM:-}" ]; then
  mkdir -p "$oldasm"
  for f in $(git ls-tree --name-only "$rev" ../internal/asm/); do
    case "$f" in *_test.go | *.md) continue ;; esac
    git show "$rev:$f" | sed 's/^package asm$/package asmabold/' > "$oldasm/$(basename "$f")"
  done
  importasm=asmabold
  pkgs="../internal/fast ../internal/asm"
fi
for f in $(git ls-tree --name-only "$rev" ../internal/fast/); do
  case "$f" in *_test.go | *.md) continue ;; esac
  git show "$rev:$f" | sed 's/^package fast$/package fastabold/' | $importasm > "$old/$(basename "$f")"
done
echo "old: $pkgs at $(git rev-parse --short "$rev"); new: the working tree$(git diff --quiet -- $pkgs || echo ' (modified)')"
go test -tags abfast -run '^TestABFast$' -count "${COUNT:-1}" -v . | grep -E '^(absolute|messy|relative|requests) |^(FAIL|ok|---)'
