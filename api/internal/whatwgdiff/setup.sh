#!/bin/sh
# setup.sh installs the npm package whatwg-url, the URL Standard's reference
# implementation, for the differential test in this directory:
#
#   api/internal/whatwgdiff/setup.sh [DIR]
#   SPANURL_WHATWG_URL_DIR=DIR go test ./api/internal/whatwgdiff
#
# DIR (default: $SPANURL_WHATWG_URL_DIR, else /tmp/whatwgdiff) must be
# outside the repository; it gets DIR/node_modules/whatwg-url. Needs node
# and npm. The version is pinned so that CI results do not move; set
# WHATWG_URL_VERSION to try another.
set -eu
dir=${1:-${SPANURL_WHATWG_URL_DIR:-/tmp/whatwgdiff}}
version=${WHATWG_URL_VERSION:-17.3.0}
mkdir -p "$dir"
cd "$dir"
[ -f package.json ] || printf '{"private": true}\n' > package.json
npm install --no-audit --no-fund --loglevel=error "whatwg-url@$version"
echo "whatwg-url@$version installed in $dir; run:"
echo "  SPANURL_WHATWG_URL_DIR=$dir go test ./api/internal/whatwgdiff"
