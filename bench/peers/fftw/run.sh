#!/usr/bin/env bash
# FFTW as a measured peer of LogP Lab: builds fftw_peer.c (cc -O2, against -lfftw3 -lm) into
# bench/target/peers/fftw/ when the source is newer than the binary, then runs it on this host,
# one thread, passing its arguments through:
#
#   bench/peers/fftw/run.sh [--log2 10,12,14,16,18,20,22] [--rounds R] [--check]
#
# JSON Lines on stdout (one object per size, see fftw_peer.c); everything else on stderr.
# Exit status: 0 ok, 2 bad usage, 3 FFTW not installed (no fftw3.h or libfftw3, or no C compiler
# to build the peer with), any other: the build or the run failed (1: the --check failed).
# The compiler is $CC when set, else cc, else gcc; pkg-config's flags for fftw3 are used when it
# knows them.
set -euo pipefail

# Paths with shell builtins only: the "not installed" checks below must work whatever the PATH holds.
case ${BASH_SOURCE[0]} in
  */*) here=${BASH_SOURCE[0]%/*} ;;
  *) here=. ;;
esac
here=$(CDPATH= cd -- "${here:-/}" && pwd)
src=$here/fftw_peer.c
out=$(CDPATH= cd -- "$here/../.." && pwd)/target/peers/fftw
bin=$out/fftw_peer
install_hint="install it with apt-get install libfftw3-dev (Debian/Ubuntu)"

if [ ! -x "$bin" ] || [ "$src" -nt "$bin" ]; then
  compiler=${CC:-}
  if [ -z "$compiler" ]; then
    for c in cc gcc; do
      if command -v "$c" >/dev/null 2>&1; then compiler=$c; break; fi
    done
  fi
  if [ -z "$compiler" ] || ! command -v "$compiler" >/dev/null 2>&1; then
    echo "FFTW peer unavailable: no C compiler (${CC:-cc or gcc}) to build it with: install one and FFTW with apt-get install gcc libfftw3-dev (Debian/Ubuntu)" >&2
    exit 3
  fi
  fftw_flags=(-lfftw3)
  if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists fftw3 2>/dev/null; then
    read -r -a fftw_flags <<< "$(pkg-config --cflags --libs fftw3)"
  fi
  # Whether the header and the library are there: a tiny program that includes one and links the other.
  if ! printf '#include <fftw3.h>\nint main(void) { return fftw_version[0] == 0; }\n' \
      | "$compiler" -x c -o /dev/null - "${fftw_flags[@]}" >/dev/null 2>&1; then
    echo "FFTW not found: $install_hint" >&2
    exit 3
  fi
  mkdir -p "$out"
  # Build to a temporary name, so that an interrupted build never leaves a half-written binary.
  trap 'rm -f "$bin.tmp.$$"' EXIT
  trap 'exit 143' TERM INT HUP
  "$compiler" -O2 -Wall -o "$bin.tmp.$$" "$src" "${fftw_flags[@]}" -lm >&2 \
    || { echo "run.sh: $compiler failed to build $src" >&2; exit 1; }
  mv -f "$bin.tmp.$$" "$bin"
  trap - EXIT TERM INT HUP
fi

# The program exits 0, 1 or 2 itself; 127 is the dynamic loader's "cannot open shared object":
# libfftw3 was removed after the build.
status=0
"$bin" "$@" || status=$?
case $status in
  0|1|2) exit "$status" ;;
  127) echo "FFTW not found (the built peer cannot load libfftw3): $install_hint" >&2; exit 3 ;;
  3) echo "run.sh: fftw_peer failed with status 3" >&2; exit 1 ;; # 3 means only "not installed"
  *) exit "$status" ;;
esac
