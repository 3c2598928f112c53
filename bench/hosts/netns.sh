#!/usr/bin/env bash
# Two hosts on one machine: two Linux network namespaces joined by a veth pair, each end with its
# own address, so that `logplab node` processes started in them (ip netns exec NS ...) talk over a
# real link that can be taken down and up again (ip -n NS link set VETH down|up).
#
#   netns.sh up       create what is missing (idempotent), then print the status
#   netns.sh down     remove both namespaces (and with them the veth pair)
#   netns.sh status   print each namespace's links and addresses; exit 0 when both are up
#
# Settings (environment):
#   LOGPLAB_NS_A, LOGPLAB_NS_B          the namespaces      (logplab-a, logplab-b)
#   LOGPLAB_ADDR_A, LOGPLAB_ADDR_B      their addresses     (10.77.0.1, 10.77.0.2)
#   LOGPLAB_PREFIX                      the prefix length   (24)
#   LOGPLAB_VETH_A, LOGPLAB_VETH_B      the veth ends, one in each namespace (veth-a, veth-b)
# The veth ends are created inside the namespaces, so their names never clash with the host's or
# another pair's; only namespace names must differ between pairs.
#
# Exit status: 0 done, 1 failed, 2 bad usage, 3 unavailable (not root, or no `ip`).
set -euo pipefail

ns_a=${LOGPLAB_NS_A:-logplab-a}
ns_b=${LOGPLAB_NS_B:-logplab-b}
addr_a=${LOGPLAB_ADDR_A:-10.77.0.1}
addr_b=${LOGPLAB_ADDR_B:-10.77.0.2}
prefix=${LOGPLAB_PREFIX:-24}
veth_a=${LOGPLAB_VETH_A:-veth-a}
veth_b=${LOGPLAB_VETH_B:-veth-b}

say() { echo "netns.sh: $*"; }
fail() { echo "logplab: netns.sh: $1" >&2; exit "${2:-1}"; }

usage() {
  echo "usage: netns.sh up|down|status   (settings: LOGPLAB_NS_A/B, LOGPLAB_ADDR_A/B, LOGPLAB_PREFIX, LOGPLAB_VETH_A/B)" >&2
  exit 2
}

[ $# -eq 1 ] || usage
command=$1
case "$command" in up|down|status) ;; *) usage ;; esac

[ "$ns_a" != "$ns_b" ] || fail "LOGPLAB_NS_A and LOGPLAB_NS_B are both '$ns_a'; the two hosts need two namespaces" 2
[ "$addr_a" != "$addr_b" ] || fail "LOGPLAB_ADDR_A and LOGPLAB_ADDR_B are both '$addr_a'; each host needs its own address" 2
for v in "$veth_a" "$veth_b"; do
  # The kernel's IFNAMSIZ: 15 characters and a terminating zero.
  if [ ${#v} -lt 1 ] || [ ${#v} -gt 15 ]; then fail "veth name '$v' must have 1 to 15 characters" 2; fi
done

command -v ip >/dev/null 2>&1 || fail "needs the 'ip' command of iproute2 (apt-get install iproute2)" 3
[ "$(id -u)" -eq 0 ] || fail "needs root to create network namespaces and veth links (run it with sudo); running as uid $(id -u)" 3

ns_exists() { [ -e "/var/run/netns/$1" ] || ip netns list 2>/dev/null | awk '{print $1}' | grep -qx -- "$1"; }
link_exists() { ip -n "$1" link show dev "$2" >/dev/null 2>&1; }

# One line per namespace: its links' states and IPv4 addresses; returns 1 unless it is complete.
show() {
  local ns=$1 veth=$2 addr=$3 state lo_state addrs
  if ! ns_exists "$ns"; then
    echo "$ns: absent"
    return 1
  fi
  if ! link_exists "$ns" "$veth"; then
    echo "$ns: no link $veth"
    return 1
  fi
  lo_state=$(ip -n "$ns" -o link show dev lo | sed -n 's/.*state \([A-Z]*\).*/\1/p')
  state=$(ip -n "$ns" -o link show dev "$veth" | sed -n 's/.*state \([A-Z]*\).*/\1/p')
  addrs=$(ip -n "$ns" -o -4 addr show dev "$veth" | awk '{print $4}' | paste -sd, -)
  echo "$ns: $veth ${addrs:-no address} $state, lo $([ "$lo_state" = "UNKNOWN" ] && echo up || echo "${lo_state,,}")"
  [ "$state" = UP ] && [ "$lo_state" != DOWN ] && [ "$addrs" = "$addr/$prefix" ]
}

status() {
  local ok=0
  show "$ns_a" "$veth_a" "$addr_a" || ok=1
  show "$ns_b" "$veth_b" "$addr_b" || ok=1
  return $ok
}

up() {
  for ns in "$ns_a" "$ns_b"; do
    if ! ns_exists "$ns"; then
      ip netns add "$ns" || fail "could not create namespace $ns"
      say "created namespace $ns"
    fi
  done
  local has_a=0 has_b=0
  link_exists "$ns_a" "$veth_a" && has_a=1
  link_exists "$ns_b" "$veth_b" && has_b=1
  if [ $has_a = 0 ] && [ $has_b = 0 ]; then
    # Created straight inside the namespaces: the host's own links never see these names.
    ip link add name "$veth_a" netns "$ns_a" type veth peer name "$veth_b" netns "$ns_b" \
      || fail "could not create the veth pair $veth_a ($ns_a) <-> $veth_b ($ns_b)"
    say "created veth pair $veth_a ($ns_a) <-> $veth_b ($ns_b)"
  elif [ $has_a != $has_b ]; then
    fail "only one end of the veth pair exists ($([ $has_a = 1 ] && echo "$veth_a in $ns_a" || echo "$veth_b in $ns_b")); run 'netns.sh down' first"
  fi
  local ns veth addr
  for side in a b; do
    if [ $side = a ]; then ns=$ns_a veth=$veth_a addr=$addr_a; else ns=$ns_b veth=$veth_b addr=$addr_b; fi
    # Any other address on the link (an earlier run with other settings) would also answer.
    ip -n "$ns" -4 addr show dev "$veth" | awk '/inet /{print $2}' | while read -r old; do
      [ "$old" = "$addr/$prefix" ] || ip -n "$ns" addr del "$old" dev "$veth"
    done
    ip -n "$ns" addr replace "$addr/$prefix" dev "$veth" || fail "could not give $veth in $ns the address $addr/$prefix"
    ip -n "$ns" link set dev lo up
    ip -n "$ns" link set dev "$veth" up
  done
  status || fail "the namespaces are not complete after 'up' (see above)"
}

down() {
  local ns pids removed=0
  for ns in "$ns_a" "$ns_b"; do
    ns_exists "$ns" || continue
    pids=$(ip netns pids "$ns" 2>/dev/null | paste -sd' ' -)
    if [ -n "$pids" ]; then
      say "warning: processes $pids still run in $ns; its network lives on until they end"
    fi
    ip netns del "$ns" || fail "could not remove namespace $ns"
    say "removed namespace $ns"
    removed=1
  done
  [ $removed = 1 ] || say "nothing to remove: neither $ns_a nor $ns_b exists"
}

case "$command" in
  up) up ;;
  down) down ;;
  status) status ;;
esac
