#!/usr/bin/env bash
# Regenerates the LogGOPSim oracle corpus of the goal module's tests,
# goal/src/test/resources/org/logplab/goal/loggopsim/:
#
#   bench/peers/loggopsim/make-corpus.sh [BIN_DIR]
#
# BIN_DIR holds txt2bin, LogGOPSim and schedgen, with Schedgen2/ and COMMIT beside it, as
# bench/peers/loggopsim/build.sh leaves them (default: the folder of LogGOPSim on the PATH, else
# build.sh's default output, ${XDG_CACHE_HOME:-$HOME/.cache}/logplab/loggopsim/bin).
#
# 1. Deletes the generated schedules (schedgen-*.goal, schedgen2-*.goal) and writes them again
#    with Schedgen (C++) and Schedgen2 (Python, run with python3); the hand-written ones (every
#    other *.goal) are kept as they are.
# 2. Runs txt2bin and LogGOPSim on every schedule under each parameter set below and writes
#    expected.tsv: schedule, L, o, g, G, O, S, then LogGOPSim's times: its "Host i: T" lines in
#    rank order, comma-separated; "max:T" when it printed only the maximum (more than 16 ranks);
#    "none" when it printed no times (a schedule that cannot finish: the comment line above it
#    quotes what LogGOPSim printed instead).
# Exit status: 0 written, 2 bad usage, 3 LogGOPSim or python3 missing, 1 a tool failed.
set -euo pipefail

here=$(CDPATH= cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
root=$(CDPATH= cd -- "$here/../../.." && pwd)
corpus=$root/goal/src/test/resources/org/logplab/goal/loggopsim

case $# in
  0) if command -v LogGOPSim >/dev/null 2>&1; then
       bin=$(dirname -- "$(command -v LogGOPSim)")
     else
       bin=${XDG_CACHE_HOME:-$HOME/.cache}/logplab/loggopsim/bin
     fi ;;
  1) bin=$1 ;;
  *) echo "usage: make-corpus.sh [BIN_DIR]" >&2; exit 2 ;;
esac
for tool in txt2bin LogGOPSim schedgen; do
  if [ ! -x "$bin/$tool" ]; then
    echo "make-corpus.sh: no $tool in $bin: build LogGOPSim with bench/peers/loggopsim/build.sh" >&2
    exit 3
  fi
done
schedgen2=$bin/../Schedgen2
if [ ! -f "$schedgen2/schedgen.py" ]; then
  echo "make-corpus.sh: no Schedgen2 beside $bin (expected $schedgen2/schedgen.py): build with build.sh" >&2
  exit 3
fi
command -v python3 >/dev/null 2>&1 || { echo "make-corpus.sh: python3 not found (apt-get install python3)" >&2; exit 3; }
commit=$(cat "$bin/../COMMIT" 2>/dev/null || echo unknown)

work=$(mktemp -d "${TMPDIR:-/tmp}/loggopsim-corpus.XXXXXX")
trap 'rm -rf "$work"' EXIT

mkdir -p "$corpus"
rm -f "$corpus"/schedgen-*.goal "$corpus"/schedgen2-*.goal

ranks=(2 5 8 16 17)
sizes=(8 100000)
# The patterns whose schedules grow as P^2 (all-to-all, ring all-reduce) stop at 16 ranks, which
# keeps the corpus under 1 MB; the others show the maximum-only output at 17.
quadratic() { [ "$1" -le 16 ]; }

# Schedgen (C++), its --ptrn patterns. Left out: trace (needs MPI traces), resnet (a large ML
# workload), random_bisect and random_bisect_fd_sym (seeded from the clock: not reproducible),
# chained_dissem (sends to rank 9999999, which LogGOPSim does not check: it crashes), and
# allreduce_recdoub at a P that is not a power of 2 (it names ranks >= P: the same crash).
sg() { # name, then schedgen's flags
  local name=$1
  shift
  "$bin/schedgen" "$@" -o "$corpus/$name.goal" >/dev/null
}
for p in "${ranks[@]}"; do
  for s in "${sizes[@]}"; do
    for ptrn in binomialtreebcast binarytreebcast binomialtreereduce dissemination gather scatter linbarrier \
        doublering; do
      sg "schedgen-$ptrn-p$p-${s}b" --ptrn "$ptrn" --commsize "$p" --datasize "$s"
    done
    if quadratic "$p"; then
      for ptrn in linear_alltoall linear_alltoallv allreduce_ring; do
        sg "schedgen-$ptrn-p$p-${s}b" --ptrn "$ptrn" --commsize "$p" --datasize "$s"
      done
    fi
    sg "schedgen-nwaydissemination2-p$p-${s}b" --ptrn nwaydissemination --nway 2 --commsize "$p" --datasize "$s"
    for ptrn in pipelinedring pipelinedringdep; do # two segments of s bytes each
      sg "schedgen-$ptrn-p$p-${s}b" --ptrn "$ptrn" --commsize "$p" --datasize $((2 * s)) --segmentsize "$s"
    done
    if [ $((p & (p - 1))) -eq 0 ]; then
      sg "schedgen-allreduce_recdoub-p$p-${s}b" --ptrn allreduce_recdoub --commsize "$p" --datasize "$s"
    fi
  done
done
sg schedgen-binomialtreebcast-root3-p8-8b --ptrn binomialtreebcast --commsize 8 --datasize 8 --root 3
sg schedgen-binomialtreebcast-nb-p8-8b --ptrn binomialtreebcast --commsize 8 --datasize 8 --nb 5000 --nb-poll 1000

# Schedgen2 (Python): every collective and pattern it offers whose schedule differs from the
# others'. Left out as the same text as one kept: bcast and scatter linear (outcast's), reduce
# linear (incast's), scatter binomialtree (bcast binomialtree's), alltoallv (alltoall's: its data
# is meant to be random, but is not); and recdoub at a P that is not a power of 2 (Schedgen2
# refuses it). Its command line fails for dissemination (the function takes no pattern
# arguments), so that one is called from Python directly.
sg2() { # name, then schedgen.py's arguments
  local name=$1
  shift
  python3 "$schedgen2/schedgen.py" "$@" --output "$corpus/$name.goal"
}
for p in "${ranks[@]}"; do
  for s in "${sizes[@]}"; do
    for comm in incast outcast; do
      sg2 "schedgen2-$comm-p$p-${s}b" "$comm" --comm_size "$p" --datasize "$s"
    done
    for comm in bcast reduce; do
      sg2 "schedgen2-$comm-binomialtree-p$p-${s}b" "$comm" --ptrn binomialtree --comm_size "$p" --datasize "$s"
    done
    if [ $((p & (p - 1))) -eq 0 ]; then
      sg2 "schedgen2-allreduce-recdoub-p$p-${s}b" allreduce --ptrn recdoub --comm_size "$p" --datasize "$s"
    fi
    if quadratic "$p"; then
      sg2 "schedgen2-allreduce-ring-p$p-${s}b" allreduce --ptrn ring --comm_size "$p" --datasize "$s"
      sg2 "schedgen2-alltoall-linear-p$p-${s}b" alltoall --ptrn linear --comm_size "$p" --datasize "$s"
      sg2 "schedgen2-alltoall-window2-p$p-${s}b" alltoall --ptrn linear --window_size 2 --comm_size "$p" \
        --datasize "$s"
    fi
    (cd "$schedgen2" && python3 -c 'import sys
from mpi_colls import dissemination
with open(sys.argv[3], "w") as f:
    dissemination(comm_size=int(sys.argv[1]), datasize=int(sys.argv[2]), tag=42).write_goal(fh=f)' \
      "$p" "$s" "$corpus/schedgen2-dissemination-p$p-${s}b.goal")
  done
done

# The parameter sets: LogGOPSim's defaults; a tiny S (8 bytes eager, 100000 rendezvous) with
# O > 0; g > o with every message eager; o > g.
params=(
  "2500 1500 1000 6 0 65535"
  "10 3 5 1 1 64"
  "100 1 20 0 0 1000000"
  "9 7 2 0 0 65535"
)

tsv=$work/expected.tsv
{
  echo "# LogGOPSim's finish times for each schedule of this folder, written by bench/peers/loggopsim/make-corpus.sh"
  echo "# from LogGOPSim $commit (github.com/spcl/LogGOPSim)."
  echo "# Columns: schedule, L, o, g, G, O, S, times: the 'Host i: T' values in rank order, comma-separated;"
  echo "# max:T when LogGOPSim printed only the maximum (more than 16 ranks); none when it printed no times"
  echo "# (a schedule that cannot finish; the comment above such a line quotes what it printed instead)."
} > "$tsv"
count=0
for file in $(cd "$corpus" && ls -- *.goal | LC_ALL=C sort); do
  "$bin/txt2bin" -i "$corpus/$file" -o "$work/s.bin" > "$work/txt2bin.out" 2>&1 \
    || { cat "$work/txt2bin.out" >&2; echo "make-corpus.sh: txt2bin failed on $file" >&2; exit 1; }
  for set in "${params[@]}"; do
    read -r L o g G O S <<< "$set"
    "$bin/LogGOPSim" -f "$work/s.bin" -L "$L" -o "$o" -g "$g" -G "$G" -O "$O" -S "$S" > "$work/out" 2>&1 \
      || { cat "$work/out" >&2; echo "make-corpus.sh: LogGOPSim failed on $file ($set)" >&2; exit 1; }
    times=$(awk '/^Host [0-9]+: [0-9]+$/ { t = t (t == "" ? "" : ",") $3 }
                 /^Maximum finishing time at host/ { m = "max:" $7 }
                 END { print (t != "" ? t : (m != "" ? m : "none")) }' "$work/out")
    if [ "$times" = none ]; then
      said=$(grep -v '^PERFORMANCE\|^LogGP network\|^size:' "$work/out" | tr '\n' ' ' | tr -s ' ')
      [ ${#said} -le 300 ] || said="${said:0:300}..."
      echo "# $file L=$L o=$o g=$g G=$G O=$O S=$S: LogGOPSim printed no times, but: $said" >> "$tsv"
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$file" "$L" "$o" "$g" "$G" "$O" "$S" "$times" >> "$tsv"
    count=$((count + 1))
  done
done
mv -f "$tsv" "$corpus/expected.tsv"
echo "make-corpus.sh: $(cd "$corpus" && ls -- *.goal | wc -l) schedules, $count lines in $corpus/expected.tsv" >&2
