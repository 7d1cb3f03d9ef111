#!/usr/bin/env bash
# A one-node Ceph cluster with its RADOS Gateway, for the tests' S3 store: a monitor, one OSD that
# keeps objects in memory, and the gateway on 127.0.0.1. Cephx is off inside the cluster; the S3
# front end still checks SigV4 keys. Every daemon is found again by its pid file under DIR.
#
#   ceph-s3.sh start DIR PORT ACCESS_KEY SECRET_KEY   prints "ready" once S3 answers
#   ceph-s3.sh stop DIR
set -euo pipefail

fail() { echo "ceph-s3: $*" >&2; exit 2; }

start() {
  local dir=$1 port=$2 access=$3 secret=$4
  local mon_port=$((port + 1)) conf="$dir/ceph.conf"
  mkdir -p "$dir"/{mon,osd,run,log}
  local fsid; fsid=$(cat /proc/sys/kernel/random/uuid)
  cat > "$conf" <<CONF
[global]
fsid = $fsid
mon host = v2:127.0.0.1:$mon_port
public addr = 127.0.0.1
auth cluster required = none
auth service required = none
auth client required = none
# The gateway fetches its config from the monitor; without this it cannot agree on a mode.
ms mon client mode = crc secure
mon allow pool size one = true
mon warn on pool no redundancy = false
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd crush chooseleaf type = 0
osd objectstore = memstore
memstore device bytes = ${CEPH_S3_BYTES:-2147483648}
run dir = $dir/run
admin socket = $dir/run/\$name.asok
pid file = $dir/run/\$name.pid
log file = $dir/log/\$name.log
keyring = /dev/null
[mon.a]
mon data = $dir/mon
[osd.0]
osd data = $dir/osd
[client.rgw.a]
# Without tcp_nodelay every request after the first on a kept-alive connection waits for the
# peer's delayed ACK (about 40 ms).
rgw frontends = beast endpoint=127.0.0.1:$port tcp_nodelay=1
rgw data = $dir/rgw
CONF
  monmaptool --create --fsid "$fsid" --addv a "[v2:127.0.0.1:$mon_port]" "$dir/monmap" >/dev/null
  ceph-mon -c "$conf" --mkfs -i a --monmap "$dir/monmap" >>"$dir/log/setup.log" 2>&1
  ceph-mon -c "$conf" -i a >>"$dir/log/setup.log" 2>&1
  local osd_id; osd_id=$(cat /proc/sys/kernel/random/uuid)
  timeout 30 ceph -c "$conf" osd new "$osd_id" >>"$dir/log/setup.log" 2>&1 || fail "the monitor did not answer; see $dir/log"
  ceph-osd -c "$conf" -i 0 --mkfs --osd-uuid "$osd_id" >>"$dir/log/setup.log" 2>&1
  ceph-osd -c "$conf" -i 0 >>"$dir/log/setup.log" 2>&1
  local up=""
  for _ in $(seq 1 80); do
    if timeout 10 ceph -c "$conf" osd dump 2>/dev/null | grep -q '^osd.0 up'; then up=1; break; fi
    sleep 0.5
  done
  [ -n "$up" ] || fail "the OSD did not come up; see $dir/log"
  radosgw -c "$conf" -n client.rgw.a >>"$dir/log/setup.log" 2>&1
  local answered=""
  for _ in $(seq 1 120); do
    if curl -s -o /dev/null "http://127.0.0.1:$port/"; then answered=1; break; fi
    sleep 0.5
  done
  [ -n "$answered" ] || fail "the gateway did not answer on port $port; see $dir/log"
  timeout 60 radosgw-admin -c "$conf" -n client.admin user create --uid=tests --display-name=tests \
    --access-key="$access" --secret-key="$secret" >>"$dir/log/setup.log" 2>&1 || fail "could not create the S3 user; see $dir/log"
  echo ready
}

stop() {
  local dir=$1
  for name in client.rgw.a osd.0 mon.a; do
    local file="$dir/run/$name.pid"
    [ -f "$file" ] || continue
    local pid; pid=$(cat "$file")
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  done
  rm -rf "$dir"
}

case "${1:-}" in
  start) [ $# -eq 5 ] || fail "usage: start DIR PORT ACCESS_KEY SECRET_KEY"; start "$2" "$3" "$4" "$5" ;;
  stop) [ $# -eq 2 ] || fail "usage: stop DIR"; stop "$2" ;;
  *) fail "usage: ceph-s3.sh start DIR PORT ACCESS_KEY SECRET_KEY | stop DIR" ;;
esac
