#!/usr/bin/env bash
# Every test of spanurl. The web-platform tests are committed under
# testdata/wpt; the URL corpora are read from ../shared/datasets (or
# $SPANURL_DATASETS_DIR). Set SPANURL_FUZZTIME (default 15s) for the bounded
# fuzzing, SPANURL_QUICK=1 to skip the fuzzing and the whatwg-url
# differential, SPANURL_ALLOW_SKIP=1 to pass without the corpora.
#
# Every stage runs even when an earlier one fails, so that one failure does
# not hide another; the exit status is 1 when any stage failed, and the last
# line counts the stages. The go test stages list every skipped test with
# its reason (internal/testreport) and fail when a test skipped for want of
# test data, unless SPANURL_ALLOW_SKIP=1.
set -uo pipefail
cd "$(dirname "$0")"
export GOTOOLCHAIN=auto
fuzztime="${SPANURL_FUZZTIME:-15s}"

passed=0
failed=()

# stage NAME CMD...: runs CMD under a heading and records whether it passed.
stage() {
  local name=$1
  shift
  echo "== $name"
  if "$@"; then
    passed=$((passed + 1))
  else
    echo "-- FAILED: $name"
    failed+=("$name")
  fi
}

reportdir=$(mktemp -d)
trap 'rm -rf "$reportdir"' EXIT
go build -o "$reportdir/testreport" ./internal/testreport || exit 1

# gotest ARGS...: go test ARGS with its events read by internal/testreport.
gotest() { go test -json "$@" 2>&1 | "$reportdir/testreport"; }

stage "go test -race (the library, the command, WPT, datasets)" \
  gotest -race -count=1 ./...

# One package at a time, so that the linear-time ratios and memory peaks
# of one package are not measured while another fills the caches.
stage "go test without -race, one package at a time (allocations, memory, linear time)" \
  gotest -count=1 -p 1 ./...

stage "the benchmark module's own tests (cmd/ratios, the steal-% reader; no cgo, no timing)" \
  bash -c 'cd bench && CGO_ENABLED=0 go test -count=1 ./...'

# intmod NAME: the tests of the engine integration integrations/NAME, a
# module of its own, read by internal/testreport like the library's.
intmod() { (cd "integrations/$1" && gotest -count=1 ./...); }

stage "integrations/benthos (its own module)" intmod benthos
stage "integrations/caddy (its own module: Caddy in-process, attacks, WPT score)" intmod caddy
stage "integrations/beam (its own module, prism runner)" intmod beam

stage "the portable kernels: -tags noasm" \
  gotest -tags noasm -count=1 -p 1 ./internal/asm ./internal/fast ./span ./httpurl ./urlkey ./urlpattern

stage "the spanurl_poison build: no kept span.Parser result (span.Parser's doc)" \
  bash -c 'go test -tags spanurl_poison -count=1 -run Poison ./span && go test -tags spanurl_poison -count=1 -short ./api ./accesslog ./cmd/spanurl ./examples/...'

if command -v qemu-aarch64 >/dev/null 2>&1; then
  stage "arm64: the NEON kernel and the fast path under qemu-aarch64" \
    env GOARCH=arm64 go test -count=1 -exec qemu-aarch64 ./internal/asm ./internal/fast
else
  echo "== arm64: qemu-aarch64 not found (Debian: qemu-user): arm64 tests skipped"
fi

whatwgdiff() {
  local diffdir="${SPANURL_WHATWG_URL_DIR:-${TMPDIR:-/tmp}/spanurl-whatwgdiff}"
  api/internal/whatwgdiff/setup.sh "$diffdir" >/dev/null || return 1
  SPANURL_WHATWG_URL_DIR="$diffdir" go test -count=1 -v -run TestWhatwgURLDifferential ./api/internal/whatwgdiff |
    grep -E 'mismatch|^(ok|FAIL|---)'
}

# fuzz TARGET PKG [FLAGS...]: bounded fuzzing of one target.
fuzz() { go test "${@:3}" -run='^$' -fuzz="^$1\$" -fuzztime="$fuzztime" "$2"; }

if [ "${SPANURL_QUICK:-}" != 1 ]; then
  if command -v npm >/dev/null 2>&1; then
    stage "whatwg-url differential (the standard's reference implementation, via npm)" whatwgdiff
  else
    echo "== whatwg-url differential: npm not found, skipped"
  fi

  echo "== bounded fuzzing ($fuzztime each)"
  while read -r target pkg flags; do
    # shellcheck disable=SC2086 # flags is a word list on purpose
    stage "fuzz $target $pkg $flags" fuzz "$target" "$pkg" $flags
  done <<'EOF'
FuzzFastSlow ./span
FuzzFastSlow ./span -tags=noasm
FuzzCanonicalIPv4 ./internal/fast
FuzzParse ./span
FuzzParseWithBase ./span
FuzzEncodingParse ./span
FuzzCanParseRef ./span
FuzzCanParseRef ./span -tags=noasm
FuzzCanParseValidate ./span
FuzzCanParseValidate ./span -tags=noasm
FuzzPlainToASCII ./internal/slow
FuzzSetters ./api
FuzzSetterSplice ./api
FuzzSetterSplice ./api -tags=noasm
FuzzClassify ./internal/asm
FuzzJoin ./internal/asm
FuzzScanTarget ./internal/reqtarget
FuzzProxyForwarding ./httpurl
FuzzProxyForwarding ./httpurl -tags=noasm
FuzzCacheKeyOptions ./urlkey
FuzzCacheKeyOptions ./urlkey -tags=noasm
FuzzCacheKey ./urlkey
FuzzCacheKey ./urlkey -tags=noasm
FuzzSiteKey ./urlkey
FuzzSiteKey ./urlkey -tags=noasm
FuzzSURT ./urlkey
FuzzSURT ./urlkey -tags=noasm
FuzzSpanParserMatchesHTTPURL ./httpurl
FuzzSpanParserMatchesHTTPURL ./httpurl -tags=noasm
FuzzMakeRelative ./span
FuzzMakeRelative ./span -tags=noasm
FuzzJoinPath ./span
FuzzJoinPath ./span -tags=noasm
FuzzPathPrefix ./span
FuzzPathPrefix ./span -tags=noasm
FuzzWith ./span
FuzzWith ./span -tags=noasm
FuzzPOSIXRoundTrip ./fileurl
FuzzPOSIXRoundTrip ./fileurl -tags=noasm
FuzzWindowsRoundTrip ./fileurl
FuzzWindowsRoundTrip ./fileurl -tags=noasm
FuzzToPath ./fileurl
FuzzToPath ./fileurl -tags=noasm
FuzzWindowsURLRoundTrip ./fileurl
FuzzWindowsURLRoundTrip ./fileurl -tags=noasm
FuzzWindowsPathRoundTrip ./fileurl
FuzzWindowsPathRoundTrip ./fileurl -tags=noasm
FuzzPOSIXURLRoundTrip ./fileurl
FuzzPOSIXURLRoundTrip ./fileurl -tags=noasm
FuzzDirectVsRegexp ./urlpattern
FuzzDirectVsRegexp ./urlpattern -tags=noasm
FuzzPatternRoundTrip ./urlpattern
FuzzPatternRoundTrip ./urlpattern -tags=noasm
FuzzExec ./urlpattern
FuzzExec ./urlpattern -tags=noasm
FuzzMux ./urlpattern
FuzzMux ./urlpattern -tags=noasm
FuzzNewFromInit ./urlpattern
FuzzNewFromInit ./urlpattern -tags=noasm
FuzzMatchInit ./urlpattern
FuzzMatchInit ./urlpattern -tags=noasm
FuzzRouter ./urlpattern
FuzzRouter ./urlpattern -tags=noasm
FuzzParse ./accesslog
FuzzParse ./accesslog -tags=noasm
FuzzSetRequest ./accesslog
FuzzSetRequest ./accesslog -tags=noasm
FuzzURLMatchesLive ./accesslog
FuzzURLMatchesLive ./accesslog -tags=noasm
FuzzJSONScan ./cmd/spanurl
EOF
fi

echo
if [ ${#failed[@]} -gt 0 ]; then
  printf 'failed stage: %s\n' "${failed[@]}"
fi
echo "stages: $passed passed, ${#failed[@]} failed"
[ ${#failed[@]} -eq 0 ]
