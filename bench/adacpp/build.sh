#!/usr/bin/env bash
# Builds the native C++ ada benchmark (bench.cpp) against one of two adas:
#
#   adacpp/build.sh OUTPUT                         # goada's copy (the cgo peer's ada)
#   ADA_SRC=/tmp/ada-3.4.4 adacpp/build.sh OUTPUT  # a checkout of ada's repository
#
# Without ADA_SRC it compiles the amalgamation that goada vendors (ada.cpp,
# ada.h in goada's module directory; goada v1.1.0 vendors ada 3.4.1) with
# goada's flags, "-O3 -std=c++20", so that it measures the same ada as the
# goada peer. With ADA_SRC, a checkout (or `git archive`) of
# github.com/ada-url/ada, it compiles that checkout's src/ada.cpp, the
# unity file that amalgamate.py concatenates into the amalgamation, with
# include/ and src/ on the include path, at "-O3 -DNDEBUG -std=c++20", the
# flags of ada's CMake Release build.
#
# CXX (default g++) and ADA_CXXFLAGS (the default above for each) adjust the
# build. Needs Go (to find goada's directory; it downloads the module if
# needed) without ADA_SRC, and a C++20 compiler. Keep OUTPUT under out/
# (ignored by git) or /tmp.
set -euo pipefail
if [ $# -ne 1 ]; then
  echo "usage: $0 OUTPUT" >&2
  exit 2
fi
output="$1"
here="$(cd "$(dirname "$0")" && pwd)"
cxx="${CXX:-g++}"
if [ -n "${ADA_SRC:-}" ]; then
  ada_src="$(cd "$ADA_SRC" && pwd)"
  version_h="$ada_src/include/ada/ada_version.h"
  if [ ! -f "$ada_src/src/ada.cpp" ] || [ ! -f "$ada_src/include/ada.h" ] || [ ! -f "$version_h" ]; then
    echo "$0: ADA_SRC '$ADA_SRC' is not a checkout of ada (no src/ada.cpp, include/ada.h or include/ada/ada_version.h)" >&2
    exit 1
  fi
  read -r -a flags <<< "${ADA_CXXFLAGS:--O3 -DNDEBUG -std=c++20}"
  includes=(-I"$ada_src/include" -I"$ada_src/src")
  sources=("$ada_src/src/ada.cpp")
  from="$ada_src"
else
  export GOTOOLCHAIN="${GOTOOLCHAIN:-auto}"
  ada_dir="$(cd "$here/.." && go mod download github.com/ada-url/goada && go list -m -f '{{.Dir}}' github.com/ada-url/goada)"
  version_h="$ada_dir/ada.h"
  if [ ! -f "$ada_dir/ada.cpp" ] || [ ! -f "$version_h" ]; then
    echo "$0: no ada.cpp/ada.h in goada's directory '$ada_dir'" >&2
    exit 1
  fi
  read -r -a flags <<< "${ADA_CXXFLAGS:--O3 -std=c++20}"
  includes=(-I"$ada_dir")
  sources=("$ada_dir/ada.cpp")
  from="goada's copy, $ada_dir"
fi
version="$(sed -n 's/^#define ADA_VERSION "\(.*\)"/\1/p' "$version_h")"
if [ -z "$version" ]; then
  echo "$0: no ADA_VERSION in $version_h" >&2
  exit 1
fi
# ada's url_pattern needs a regex provider; the one ada ships is std::regex.
flags+=(-DADA_USE_UNSAFE_STD_REGEX_PROVIDER)
mkdir -p "$(dirname "$output")"
set -x
"$cxx" "${flags[@]}" "${includes[@]}" -o "$output" "$here/bench.cpp" "${sources[@]}"
{ set +x; } 2>/dev/null
# The last line says what was built (run.sh records it in context.txt, and
# its first two words, "ada VERSION", head the ratio table).
echo "ada $version from $from; $("$cxx" --version | head -n 1); ${flags[*]}"
