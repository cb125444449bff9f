#!/usr/bin/env bash
# Builds the native C++ ada benchmark (bench.cpp) against the ada amalgamation
# that goada vendors (ada.cpp, ada.h in goada's module directory; goada v1.1.0
# vendors ada 3.4.1), so that it measures the same ada as the goada peer.
#
#   adacpp/build.sh OUTPUT            # e.g. adacpp/build.sh out/ada-bench
#
# CXX (default g++) and ADA_CXXFLAGS (default "-O3 -std=c++20", the flags
# goada compiles ada with) adjust the build. Needs Go (to find goada's directory; it downloads
# the module if needed) and a C++20 compiler. Keep OUTPUT under out/ (ignored
# by git) or /tmp.
set -euo pipefail
if [ $# -ne 1 ]; then
  echo "usage: $0 OUTPUT" >&2
  exit 2
fi
output="$1"
here="$(cd "$(dirname "$0")" && pwd)"
export GOTOOLCHAIN="${GOTOOLCHAIN:-auto}"
ada_dir="$(cd "$here/.." && go mod download github.com/ada-url/goada && go list -m -f '{{.Dir}}' github.com/ada-url/goada)"
if [ ! -f "$ada_dir/ada.cpp" ] || [ ! -f "$ada_dir/ada.h" ]; then
  echo "$0: no ada.cpp/ada.h in goada's directory '$ada_dir'" >&2
  exit 1
fi
cxx="${CXX:-g++}"
read -r -a flags <<< "${ADA_CXXFLAGS:--O3 -std=c++20}"
# ada's url_pattern needs a regex provider; the one ada ships is std::regex.
flags+=(-DADA_USE_UNSAFE_STD_REGEX_PROVIDER)
mkdir -p "$(dirname "$output")"
set -x
"$cxx" "${flags[@]}" -I"$ada_dir" -o "$output" "$here/bench.cpp" "$ada_dir/ada.cpp"
{ set +x; } 2>/dev/null
# The last line says what was built (run.sh records it in context.txt).
echo "ada $(sed -n 's/^#define ADA_VERSION "\(.*\)"/\1/p' "$ada_dir/ada.h") from $ada_dir; $("$cxx" --version | head -n 1); ${flags[*]}"
