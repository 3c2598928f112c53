#!/usr/bin/env bash
# MPJ Express as a measured peer of LogP Lab: lays out an MPJ_HOME from Debian's package
# (libmpj-java) in a cache folder, compiles LogpPeer.java against its mpj.jar there, and runs it on
# 2 ranks of MPJ Express's multicore device (threads of one JVM), passing its arguments through:
#
#   bench/peers/mpj/run.sh [--rounds R] [--iterations N] [--tests pingpong,stream,bcast,allreduce,exchange]
#                          [--exchange-log2 10,12,14,16,18,19,20]
#
# MPJ Express's launcher needs its jars, log4j 1.2, commons-cli, commons-codec and commons-io in
# one lib folder, which Debian's layout (/usr/share/mpj/lib, the others in /usr/share/java) is not;
# the launcher also resolves its manifest's Class-Path from the jars' real places, so the layout
# holds copies, not links. It goes to ${XDG_CACHE_HOME:-$HOME/.cache}/logplab/mpj/home and is
# made again when a jar of the package is newer. When MPJ_HOME is set, that layout is used as it
# is (MPJ Express's own distribution, say) and no other.
#
# Java: $JAVA_HOME/bin when JAVA_HOME is set, else java and javac on the PATH (a JDK, 21 or newer);
# the ranks' JVM, which the launcher starts as "java", is the same.
#
# JSON Lines on stdout (one object per test, see LogpPeer.java); everything else on stderr.
# Exit status: 0 ok, 2 bad usage, 3 MPJ Express (or a JDK) not installed, any other: the build or
# the run failed. (The launcher exits 0 whatever its ranks did: a run succeeded when rank 0 said
# so on its last line.)
set -euo pipefail

install="on Debian or Ubuntu install it with: apt-get install libmpj-java"
debian_lib=/usr/share/mpj/lib
debian_java=/usr/share/java
debian_conf=/usr/share/mpj/conf/mpjexpress.conf
done_line='# LogpPeer: done'

if [ -n "${JAVA_HOME:-}" ]; then
  jdk_bin=$JAVA_HOME/bin
else
  jdk_bin=$(dirname -- "$(command -v javac 2>/dev/null || echo /nonexistent/javac)")
fi
for tool in java javac; do
  if [ ! -x "$jdk_bin/$tool" ]; then
    echo "run.sh: no JDK to build and run the MPJ Express peer ($tool not found in ${JAVA_HOME:+JAVA_HOME=}${JAVA_HOME:-the PATH}); install a JDK 21 or newer" >&2
    exit 3
  fi
done

here=$(CDPATH= cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
src=$here/LogpPeer.java
cache=${XDG_CACHE_HOME:-$HOME/.cache}/logplab/mpj

if [ -n "${MPJ_HOME:-}" ]; then
  if [ ! -f "$MPJ_HOME/lib/starter.jar" ] || [ ! -f "$MPJ_HOME/lib/mpj.jar" ]; then
    echo "run.sh: MPJ Express is not installed in MPJ_HOME=$MPJ_HOME (no lib/starter.jar and lib/mpj.jar there); unset MPJ_HOME to use Debian's package, $install" >&2
    exit 3
  fi
  home=$MPJ_HOME
else
  if [ ! -f "$debian_lib/starter.jar" ] || [ ! -f "$debian_lib/mpj.jar" ]; then
    echo "run.sh: MPJ Express is not installed (no $debian_lib/starter.jar); $install" >&2
    exit 3
  fi
  # The launcher's dependencies, and the Debian package that brings each.
  deps=(log4j-1.2.jar:liblog4j1.2-java commons-cli.jar:libcommons-cli-java
        commons-codec.jar:libcommons-codec-java commons-io.jar:libcommons-io-java)
  for dep in "${deps[@]}"; do
    if [ ! -f "$debian_java/${dep%%:*}" ]; then
      echo "run.sh: MPJ Express's launcher needs $debian_java/${dep%%:*}; on Debian or Ubuntu install it with: apt-get install ${dep##*:}" >&2
      exit 3
    fi
  done
  home=$cache/home
  stale=0
  [ -f "$home/lib/starter.jar" ] || stale=1
  for jar in "$debian_lib"/*.jar; do
    [ "$stale" -eq 1 ] || [ ! "$jar" -nt "$home/lib/starter.jar" ] || stale=1
  done
  if [ "$stale" -eq 1 ]; then
    mkdir -p "$cache"
    tmp=$(mktemp -d "$cache/home.tmp.XXXXXX")
    trap 'rm -rf "$tmp"' EXIT
    trap 'exit 143' TERM INT HUP
    mkdir -p "$tmp/lib" "$tmp/conf"
    # The unversioned names only (mpj.jar, not mpj-0.44.jar): the manifests refer to those.
    for jar in "$debian_lib"/*.jar; do
      case ${jar##*/} in *-[0-9]*.jar) continue ;; esac
      cp -L "$jar" "$tmp/lib/"
    done
    for dep in "${deps[@]}"; do
      cp -L "$debian_java/${dep%%:*}" "$tmp/lib/"
    done
    if [ -f "$debian_conf" ]; then cp -L "$debian_conf" "$tmp/conf/"; fi
    touch "$tmp/lib/starter.jar" # newer than the package's jars: the layout is up to date
    # Another run that made the layout at the same moment wins: its layout is as good as this one.
    rm -rf "$home"
    mv -T "$tmp" "$home" 2>/dev/null || [ -f "$home/lib/starter.jar" ]
    rm -rf "$tmp"
    trap - EXIT TERM INT HUP
  fi
fi

classes=$cache/classes
if [ ! -f "$classes/LogpPeer.class" ] || [ "$src" -nt "$classes/LogpPeer.class" ] \
   || [ "$home/lib/mpj.jar" -nt "$classes/LogpPeer.class" ]; then
  mkdir -p "$cache"
  # Build to a temporary folder, so that an interrupted build never leaves a half-written class.
  tmp=$(mktemp -d "$cache/classes.tmp.XXXXXX")
  trap 'rm -rf "$tmp"' EXIT
  trap 'exit 143' TERM INT HUP
  "$jdk_bin/javac" --release 21 -nowarn -d "$tmp" -cp "$home/lib/mpj.jar" "$src" >&2 \
    || { echo "run.sh: javac failed to build $src" >&2; exit 1; }
  rm -rf "$classes"
  mv -T "$tmp" "$classes" 2>/dev/null || [ -f "$classes/LogpPeer.class" ]
  rm -rf "$tmp"
  trap - EXIT TERM INT HUP
fi

# Check the flags without MPJ Express first: a typo gives the program's one-line error and status 2.
status=0
"$jdk_bin/java" -cp "$classes:$home/lib/mpj.jar" LogpPeer --check-args "$@" || status=$?
[ "$status" -eq 0 ] || exit "$status"

# The ranks print JSON Lines and, on rank 0's last line, that they are done; the launcher prints
# its banner and the ranks' errors on stdout too: JSON Lines stay on stdout, the rest goes to stderr.
export MPJ_HOME=$home
export PATH=$jdk_bin:$PATH
status=0
"$jdk_bin/java" -jar "$home/lib/starter.jar" -np 2 -dev multicore -cp "$classes" LogpPeer "$@" \
  | awk -v done_line="$done_line" '
      $0 == done_line { ok = 1; next }
      /^\{/ { print; fflush(); next }
      { print > "/dev/stderr"; fflush("/dev/stderr") }
      END { exit ok ? 0 : 1 }' || status=$?
if [ "$status" -ne 0 ]; then
  echo "run.sh: the MPJ Express run did not finish (rank 0 never said it was done)" >&2
  exit 1
fi
