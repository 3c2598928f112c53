# Sourced by mvnw, logplab and .ci/run: exports JAVA_HOME pointing at a JDK 21 or newer.
# Order: $JAVA_HOME if new enough, the java on PATH, then the newest JDK under the usual
# install folders. Returns 1 with a message naming what to install when none is found.

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
  [ "$v" = 1 ] && v=8
  [ -n "$v" ] && echo "$v"
}

logplab_find_jdk() {
  local need=21 v best="" bestv=0 found="" candidate
  if [ -n "${JAVA_HOME:-}" ]; then
    v=$(logplab_java_feature "$JAVA_HOME") && found="$found $JAVA_HOME($v)"
    if [ -n "$v" ] && [ "$v" -ge "$need" ]; then export JAVA_HOME; return 0; fi
  fi
  if command -v java >/dev/null 2>&1; then
    candidate=$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")
    v=$(logplab_java_feature "$candidate") && found="$found $candidate($v)"
    if [ -n "$v" ] && [ "$v" -ge "$need" ]; then export JAVA_HOME=$candidate; return 0; fi
  fi
  for candidate in /usr/lib/jvm/* /usr/java/* /opt/*jdk* /opt/java/* "$HOME"/.sdkman/candidates/java/* "$HOME"/.jdks/*; do
    [ -d "$candidate" ] && [ ! -L "$candidate" ] || continue
    v=$(logplab_java_feature "$candidate") || continue
    found="$found $candidate($v)"
    if [ "$v" -ge "$need" ] && [ "$v" -gt "$bestv" ]; then best=$candidate; bestv=$v; fi
  done
  if [ -n "$best" ]; then export JAVA_HOME=$best; return 0; fi
  echo "LogP Lab needs a JDK $need or newer (found only:${found:- none})." >&2
  echo "Install one, e.g. 'apt-get install openjdk-21-jdk' or any Temurin 21+, or set JAVA_HOME to it." >&2
  return 1
}
