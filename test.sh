#!/usr/bin/env bash
# Every test of spanurl. Reads ../shared (or $SPANURL_WPT_DIR and
# $SPANURL_DATASETS_DIR). Set SPANURL_FUZZTIME (default 15s) for the bounded
# fuzzing, SPANURL_QUICK=1 to skip the fuzzing and the whatwg-url
# differential.
set -euo pipefail
cd "$(dirname "$0")"
export GOTOOLCHAIN=auto
fuzztime="${SPANURL_FUZZTIME:-15s}"

echo "== go test -race (the library, the command, WPT, datasets, allocations, linear time)"
go test -race -count=1 ./...

echo "== the streaming memory bound (skipped under -race: it pipes 1 GiB)"
go test -count=1 -run '^TestStreamingMemory$' ./cmd/spanurl

echo "== the benchmark module's own tests (cmd/ratios, the steal-% reader; no cgo, no timing)"
(cd bench && CGO_ENABLED=0 go test -count=1 ./...)

echo "== the portable kernels: -tags noasm"
go test -tags noasm -count=1 ./internal/asm ./internal/fast ./span

echo "== arm64: the NEON kernel and the fast path under qemu-aarch64"
if command -v qemu-aarch64 >/dev/null 2>&1; then
  GOARCH=arm64 go test -count=1 -exec qemu-aarch64 ./internal/asm ./internal/fast
else
  echo "qemu-aarch64 not found (Debian: qemu-user): arm64 tests skipped"
fi

if [ "${SPANURL_QUICK:-}" = 1 ]; then exit 0; fi

echo "== whatwg-url differential (the standard's reference implementation, via npm)"
if command -v npm >/dev/null 2>&1; then
  diffdir="${SPANURL_WHATWG_URL_DIR:-${TMPDIR:-/tmp}/spanurl-whatwgdiff}"
  api/internal/whatwgdiff/setup.sh "$diffdir" >/dev/null
  SPANURL_WHATWG_URL_DIR="$diffdir" go test -count=1 -v -run TestWhatwgURLDifferential ./api/internal/whatwgdiff | grep -E 'mismatch|^(ok|FAIL|---)'
else
  echo "npm not found: differential skipped"
fi

echo "== bounded fuzzing ($fuzztime each)"
fuzz() { go test "${@:3}" -run='^$' -fuzz="^$1\$" -fuzztime="$fuzztime" "$2"; }
fuzz FuzzFastSlow ./span
fuzz FuzzFastSlow ./span -tags noasm
fuzz FuzzParse ./span
fuzz FuzzParseWithBase ./span
fuzz FuzzPlainToASCII ./internal/slow
fuzz FuzzSetters ./api
fuzz FuzzClassify ./internal/asm
fuzz FuzzJoin ./internal/asm
