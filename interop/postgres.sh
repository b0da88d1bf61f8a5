#!/usr/bin/env bash
# A throwaway PostgreSQL for the interop run: the JDBC task store that the fixture instances share.
#
#   interop/postgres.sh start <dir> <port>   a new cluster in <dir>, listening on 127.0.0.1:<port> only, with
#                                            the role beammcp (trusted, no password: the cluster lives for one
#                                            run on loopback), the database beammcp with the task table created
#                                            from the module's schema.sql (as an operator would), and an empty
#                                            database beammcp_test for the store's contract test
#   interop/postgres.sh restart <dir>        stops it (fast) and starts it again with the same settings, as an
#                                            operator's restart: the store's outage test runs it
#   interop/postgres.sh down <dir>           stops it (fast), keeping its data, for an outage test
#   interop/postgres.sh up <dir>             starts it again after down, with the same settings
#   interop/postgres.sh stop <dir>           stops it (fast: open connections are closed)
#
# Installs PostgreSQL from Debian when it is missing (as root), without the cluster the package would create.
# PostgreSQL refuses to run as root: as root the cluster belongs to the user postgres that the package adds.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
schema="$root/beammcp-tasks-jdbc/src/main/resources/io/beammcp/tasks/jdbc/schema.sql"
cluster_schema="$root/beammcp-cluster-jdbc/src/main/resources/io/beammcp/cluster/jdbc/schema.sql"

bin_dir() { # the newest installed server's binaries
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1
}

install() {
  [ -n "$(bin_dir)" ] && [ -x "$(bin_dir)/initdb" ] && return
  if [ "$(id -u)" != 0 ]; then
    echo "PostgreSQL is missing: install the Debian package postgresql (as root)" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get -o DPkg::Lock::Timeout=300 update -qq >/dev/null
  apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends postgresql-common >/dev/null
  # no system-wide cluster on port 5432: only the run's own
  sed -i 's/^#*\s*create_main_cluster\s*=.*/create_main_cluster = false/' /etc/postgresql-common/createcluster.conf
  apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends postgresql >/dev/null
}

as_owner() { # runs a server command as the cluster's owner
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

up() { # <dir>: starts the cluster of <dir> on the port it was created with
  # durability is not what this cluster is for: no fsync, a quick start; connections for a dozen instances
  as_owner "$(bin_dir)/pg_ctl" -D "$1/data" -l "$1/postgres.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $(cat "$1/port") -k $1 -c fsync=off -c max_connections=300" start >/dev/null
}

case "${1:-}" in
  start)
    dir=$2 port=$3
    install
    bin=$(bin_dir)
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres: "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -U beammcp --auth=trust -E UTF8 --no-locale -N >"$dir/initdb.log"
    echo "$port" >"$dir/port"
    up "$dir"
    psql=("$bin/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U beammcp)
    "${psql[@]}" -d postgres -c "CREATE DATABASE beammcp" -c "CREATE DATABASE beammcp_test"
    "${psql[@]}" -d beammcp -f "$schema"
    # the cluster's tables too, as an operator would create them
    if [ -f "$cluster_schema" ]; then "${psql[@]}" -d beammcp -f "$cluster_schema"; fi
    ;;
  up)
    up "$2"
    ;;
  down)
    as_owner "$(bin_dir)/pg_ctl" -D "$2/data" -m fast -w -t 30 stop >/dev/null
    ;;
  restart)
    dir=$2
    as_owner "$(bin_dir)/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -m fast -w -t 60 restart >/dev/null
    ;;
  stop)
    dir=$2
    bin=$(bin_dir)
    [ -f "$dir/data/postmaster.pid" ] && as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w -t 30 stop >/dev/null
    ;;
  *)
    echo "usage: $0 start <dir> <port> | restart <dir> | down <dir> | up <dir> | stop <dir>" >&2
    exit 2
    ;;
esac
