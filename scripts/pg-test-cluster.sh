#!/usr/bin/env bash
# Starts (or stops) a throwaway PostgreSQL cluster on 127.0.0.1 for the test suite.
#   scripts/pg-test-cluster.sh start DIR   → prints the admin URL
#   scripts/pg-test-cluster.sh start DIR durable   → the same with fsync and synchronous_commit on (benches)
#   scripts/pg-test-cluster.sh stop DIR
set -euo pipefail
cmd=${1:?start or stop}
dir=${2:?directory}

pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$pgbin" ] || { echo "PostgreSQL is not installed" >&2; exit 1; }

as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "$cmd" in
  start)
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
    as_pg "$pgbin/initdb" -D "$dir/data" -A trust -U postgres --no-sync >"$dir/initdb.log" 2>&1
    # fsync off: the cluster is thrown away after the run, speed matters more. A bench comparing
    # durable commits asks for PostgreSQL's defaults instead.
    sync="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    [ "${3:-}" = durable ] && sync="-c fsync=on -c synchronous_commit=on -c full_page_writes=on"
    as_pg "$pgbin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 $sync -c max_connections=200" \
      start >/dev/null
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    as_pg "$pgbin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
esac
