# Sourced by mvnw (/bin/sh), logplab and .ci/run (bash), so it keeps to POSIX sh plus `local`, which
# dash, bash and BusyBox have. `logplab_find_jdk` exports JAVA_HOME pointing at a JDK 21 or newer,
# quietly. Order: $JAVA_HOME if new enough, the java on the PATH, then the newest JDK (one with
# bin/javac) under the usual install folders. When there is none it says what it found and what to
# install, on standard error, and returns 1.

logplab_java_feature() { # prints the feature version (17, 21, 25, ...) of the JDK at $1
  local home=$1 v=""
  [ -x "$home/bin/java" ] && [ -x "$home/bin/javac" ] || return 1
  if [ -f "$home/release" ]; then
    v=$(sed -n 's/^JAVA_VERSION="\{0,1\}\([0-9][0-9]*\).*/\1/p' "$home/release" | head -n 1)
  fi
  if [ -z "$v" ]; then
    v=$("$home/bin/java" -XshowSettings:properties -version 2>&1 \
      | sed -n 's/^ *java\.specification\.version = \([0-9][0-9]*\).*/\1/p' | head -n 1)
  fi
  [ "$v" = 1 ] && v=8 # 1.8
  [ -n "$v" ] && echo "$v"
}

logplab_find_jdk() {
  local need=21 v best="" bestv=0 found="" seen=" " candidate java
  if [ -n "${JAVA_HOME:-}" ]; then
    if v=$(logplab_java_feature "$JAVA_HOME"); then
      [ "$v" -ge "$need" ] && { export JAVA_HOME; return 0; }
      found="$found $JAVA_HOME ($v)"
      seen="$seen$(CDPATH= cd -P "$JAVA_HOME" && pwd) "
    else
      found="$found JAVA_HOME=$JAVA_HOME (not a JDK)"
    fi
  fi
  if java=$(command -v java 2>/dev/null); then
    java=$(readlink -f "$java" 2>/dev/null || echo "$java")
    candidate=$(dirname "$(dirname "$java")")
    candidate=$(CDPATH= cd -P "$candidate" 2>/dev/null && pwd) || candidate=""
    case "$seen" in *" $candidate "*) candidate="" ;; esac
    if [ -n "$candidate" ] && v=$(logplab_java_feature "$candidate"); then
      [ "$v" -ge "$need" ] && { export JAVA_HOME=$candidate; return 0; }
      found="$found $candidate ($v)"
      seen="$seen$candidate "
    fi
  fi
  for candidate in /usr/lib/jvm/* /usr/java/* /opt/*jdk* /opt/java/* \
      "${HOME:-/nonexistent}"/.sdkman/candidates/java/* "${HOME:-/nonexistent}"/.jdks/* \
      /Library/Java/JavaVirtualMachines/*/Contents/Home; do
    [ -d "$candidate" ] || continue
    candidate=$(CDPATH= cd -P "$candidate" 2>/dev/null && pwd) || continue # one entry per real folder
    case "$seen" in *" $candidate "*) continue ;; esac
    seen="$seen$candidate "
    v=$(logplab_java_feature "$candidate") || continue
    found="$found $candidate ($v)"
    if [ "$v" -ge "$need" ] && [ "$v" -gt "$bestv" ]; then best=$candidate; bestv=$v; fi
  done
  if [ -n "$best" ]; then export JAVA_HOME=$best; return 0; fi
  echo "LogP Lab needs a JDK $need or newer (found only:${found:- none})." >&2
  echo "Install one, e.g. 'apt-get install openjdk-21-jdk' or any Temurin 21+, or set JAVA_HOME to it." >&2
  return 1
}
