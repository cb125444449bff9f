#!/usr/bin/env bash
# Every test of spanurl: the race detector on the library and the command,
# then a bounded run of each fuzz target. Reads ../shared (or
# $SPANURL_WPT_DIR / $SPANURL_DATASETS_DIR).
set -euo pipefail
cd "$(dirname "$0")"
export GOTOOLCHAIN=auto
go test -race -count=1 ./...
fuzztime="${SPANURL_FUZZTIME:-20s}"
for target in FuzzParse FuzzParseWithBase; do
  go test -run='^$' -fuzz="^${target}\$" -fuzztime="$fuzztime" ./span
done
