#!/usr/bin/env bash
# LogGOPSim (Hoefler, Schneider, Lumsdaine, HPDC 2010) as a peer of LogP Lab: builds its txt2bin,
# LogGOPSim and schedgen from a LogGOPSim source tree (github.com/spcl/LogGOPSim) and copies its
# Schedgen2 (Python) beside them:
#
#   bench/peers/loggopsim/build.sh [--src DIR] [--out DIR]
#
#   --src DIR  a clone of LogGOPSim (the folder holding src/LogGOPSim); without it the script
#              clones $LOGGOPSIM_REPO (default https://github.com/spcl/LogGOPSim.git) at the
#              pinned commit below into a temporary folder
#   --out DIR  where to put the build (default ${XDG_CACHE_HOME:-$HOME/.cache}/logplab/loggopsim,
#              where LogP Lab looks for it): DIR/bin/{txt2bin,LogGOPSim,schedgen}, DIR/Schedgen2/,
#              DIR/COMMIT (the source's commit, or "unknown")
#
# Prints the bin folder (absolute) on stdout, the one line there; the compilers' output goes to
# stderr. Exit status: 0 built, 2 bad usage, 3 a tool or library is missing (the message names
# the Debian packages to install), 1 the clone or the build failed.
#
# LogGOPSim's own CMakeLists.txt also builds its MPI tracing libraries and so needs Fortran, MPI and
# Clang; these three programs need only g++, re2c, gengetopt, Graphviz's cgraph (LogGOPSim) and
# Boost.Iostreams (schedgen), so the script compiles them directly, as the CMakeLists does, at -O2.
set -euo pipefail

pinned=76451de16546c7ea39651c183cbc532f4a3457c0
repo=${LOGGOPSIM_REPO:-https://github.com/spcl/LogGOPSim.git}
src=
out=${XDG_CACHE_HOME:-$HOME/.cache}/logplab/loggopsim

usage() {
  echo "usage: build.sh [--src DIR] [--out DIR]" >&2
  exit 2
}
while [ $# -gt 0 ]; do
  case $1 in
    --src) [ $# -ge 2 ] || usage; src=$2; shift 2 ;;
    --out) [ $# -ge 2 ] || usage; out=$2; shift 2 ;;
    -h|--help) sed -n '2,21p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 0 ;;
    *) echo "build.sh: unknown argument: $1" >&2; usage ;;
  esac
done

# What is missing, as Debian packages, all at once.
missing=()
command -v re2c >/dev/null 2>&1 || missing+=(re2c)
command -v gengetopt >/dev/null 2>&1 || missing+=(gengetopt)
if [ -z "$src" ] && ! command -v git >/dev/null 2>&1; then missing+=(git); fi
if ! command -v g++ >/dev/null 2>&1 \
    || ! printf 'int main() { return 0; }\n' | g++ -x c++ -o /dev/null - >/dev/null 2>&1; then
  missing=(build-essential "${missing[@]}") # no g++, or one that cannot assemble and link
else
  # A header included and a library linked by a tiny program, as the real build will.
  printf '#include <graphviz/cgraph.h>\nint main() { return agroot(0) != 0; }\n' \
    | g++ -x c++ -o /dev/null - -lcgraph >/dev/null 2>&1 || missing+=(libgraphviz-dev)
  printf '#include <boost/iostreams/filter/bzip2.hpp>\nint main() { return 0; }\n' \
    | g++ -x c++ -o /dev/null - -lboost_iostreams >/dev/null 2>&1 || missing+=(libboost-iostreams-dev)
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "build.sh: cannot build LogGOPSim: missing ${missing[*]}; on Debian or Ubuntu install them with:" \
    "apt-get install ${missing[*]}" >&2
  exit 3
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/loggopsim-build.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 143' TERM INT HUP

if [ -z "$src" ]; then
  echo "build.sh: cloning $repo at $pinned" >&2
  git clone --quiet "$repo" "$work/clone" >&2 || { echo "build.sh: git clone $repo failed" >&2; exit 1; }
  git -C "$work/clone" checkout --quiet "$pinned" >&2 \
    || { echo "build.sh: $repo has no commit $pinned" >&2; exit 1; }
  src=$work/clone
fi
if [ ! -f "$src/src/LogGOPSim/LogGOPSim.cpp" ] || [ ! -f "$src/src/Schedgen/schedgen.cpp" ]; then
  echo "build.sh: $src is not a LogGOPSim source tree (no src/LogGOPSim/LogGOPSim.cpp or src/Schedgen/schedgen.cpp)" >&2
  exit 2
fi
commit=unknown
if command -v git >/dev/null 2>&1 && git -C "$src" rev-parse HEAD >/dev/null 2>&1; then
  commit=$(git -C "$src" rev-parse HEAD)
fi

# The generators write beside their inputs: build in a copy, so the source tree stays as it was.
cp -r "$src/src/LogGOPSim" "$src/src/Schedgen" "$work/"
flags=(-std=c++11 -O2 -w)
(
  cd "$work/LogGOPSim"
  gengetopt -F loggopsim_cmdline -i loggopsim_cmdline.ggo
  gengetopt -F txt2bin_cmdline -i txt2bin_cmdline.ggo
  re2c txt2bin.re -o txt2bin.cpp
  g++ "${flags[@]}" -o LogGOPSim LogGOPSim.cpp loggopsim_cmdline.c -lcgraph
  g++ "${flags[@]}" -o txt2bin txt2bin.cpp txt2bin_cmdline.c
  cd "$work/Schedgen"
  gengetopt -F schedgen_cmdline -i schedgen_cmdline.ggo
  g++ "${flags[@]}" -o schedgen buffer_element.cpp schedgen.cpp process_trace.cpp schedgen_cmdline.c -lboost_iostreams
) >&2 || { echo "build.sh: the build of LogGOPSim from $src failed (see above)" >&2; exit 1; }

mkdir -p "$out/bin"
out=$(CDPATH= cd -- "$out" && pwd)
# Each binary moved into place whole, so that a reader never finds a half-written one.
for b in LogGOPSim/LogGOPSim LogGOPSim/txt2bin Schedgen/schedgen; do
  cp "$work/$b" "$out/bin/.${b##*/}.$$"
  mv -f "$out/bin/.${b##*/}.$$" "$out/bin/${b##*/}"
done
rm -rf "$out/Schedgen2"
cp -r "$src/src/Schedgen2" "$out/Schedgen2"
echo "$commit" > "$out/COMMIT"
echo "build.sh: built LogGOPSim $commit into $out/bin" >&2
echo "$out/bin"
