#!/usr/bin/env bash
# Open MPI as a measured peer of LogP Lab: builds logp_peer.c (mpicc -O2) into
# bench/target/peers/mpi/ when the source is newer than the binary, then runs it on 2 ranks of
# this host (mpirun -np 2 --bind-to core, shared memory only), passing its arguments through:
#
#   bench/peers/mpi/run.sh [--rounds R] [--iterations N] [--tests pingpong,stream,bcast,allreduce,exchange]
#                          [--exchange-log2 10,12,14,16,18,19,20]
#
# JSON Lines on stdout (one object per test, see logp_peer.c); everything else on stderr.
# Exit status: 0 ok, 2 bad usage, 3 Open MPI not installed (mpicc or mpirun missing),
# any other: the build or the run failed.
set -euo pipefail

# First, with shell builtins only (works whatever the PATH holds).
for tool in mpicc mpirun; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "run.sh: Open MPI is not installed ($tool not found on the PATH); on Debian or Ubuntu install it with: apt-get install openmpi-bin libopenmpi-dev" >&2
    exit 3
  fi
done

here=$(CDPATH= cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
src=$here/logp_peer.c
out=$(CDPATH= cd -- "$here/../.." && pwd)/target/peers/mpi
bin=$out/logp_peer

if [ ! -x "$bin" ] || [ "$src" -nt "$bin" ]; then
  mkdir -p "$out"
  # Build to a temporary name, so that an interrupted build never leaves a half-written binary.
  trap 'rm -f "$bin.tmp.$$"' EXIT
  trap 'exit 143' TERM INT HUP
  mpicc -O2 -Wall -o "$bin.tmp.$$" "$src" >&2 || { echo "run.sh: mpicc failed to build $src" >&2; exit 1; }
  mv -f "$bin.tmp.$$" "$bin"
  trap - EXIT TERM INT HUP
fi

# Check the flags without MPI first: a typo gives the program's one-line error and status 2,
# not mpirun's multi-line abort notice.
status=0
"$bin" --check-args "$@" || status=$?
[ "$status" -eq 0 ] || exit "$status"

mpi_flags=(-np 2 --bind-to core --mca pml ob1 --mca btl self,vader)
# Open MPI refuses to start as root unless told that this is intended.
[ "$EUID" -ne 0 ] || mpi_flags+=(--allow-run-as-root)

# mpirun forwards the ranks' stdout to its stdout and their stderr to its stderr. Its own
# failures keep off 2 and 3, which mean bad usage and no Open MPI here.
status=0
mpirun "${mpi_flags[@]}" "$bin" "$@" || status=$?
case $status in
  0) ;;
  2|3) echo "run.sh: mpirun failed with status $status" >&2; exit 1 ;;
  *) echo "run.sh: mpirun failed with status $status" >&2; exit "$status" ;;
esac
