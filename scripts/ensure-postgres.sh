#!/usr/bin/env bash
# Makes a real PostgreSQL server available for the test suite: installs Debian's package when it is
# missing, starts a cluster, and creates the `tessera` superuser role. Prints the admin URL.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  echo "installing PostgreSQL from Debian's packages..." >&2
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >&2
fi

if [ -z "$(pg_lsclusters -h 2>/dev/null)" ]; then
  version="$(ls /usr/lib/postgresql | sort -V | tail -n1)"
  pg_createcluster "$version" main >&2
fi
read -r version name port status _ < <(pg_lsclusters -h | head -n1)
if [ "$status" != "online" ]; then
  pg_ctlcluster "$version" "$name" start >&2
fi

psql_admin() { su postgres -c "psql -p $port -v ON_ERROR_STOP=1 -tAc \"$1\""; }
for _ in $(seq 1 50); do psql_admin "select 1" >/dev/null 2>&1 && break; sleep 0.2; done
if [ "$(psql_admin "select 1 from pg_roles where rolname = 'tessera'")" != "1" ]; then
  psql_admin "create role tessera login superuser password 'tessera'" >&2
fi
echo "postgres://tessera:tessera@127.0.0.1:$port/postgres"
