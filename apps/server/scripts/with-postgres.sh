#!/usr/bin/env bash
# Runs a command (the server test suite) against a throwaway PostgreSQL 15 cluster:
#   bash scripts/with-postgres.sh vitest run
# The cluster lives in a temporary folder, listens on 127.0.0.1 on a free port, and is stopped
# and deleted when the command ends, whatever its outcome. Without PostgreSQL 15 installed
# (Debian's postgresql-15 puts it in /usr/lib/postgresql/15/bin) it installs it when it runs as
# root; if it still cannot, CI fails (a skipped suite must not pass for a green one) and a
# developer's run says so and skips.
set -euo pipefail

PGBIN="${PGBIN:-/usr/lib/postgresql/15/bin}"
if [[ ! -x "$PGBIN/initdb" && "$(id -u)" == "0" ]] && command -v apt-get >/dev/null; then
  echo "with-postgres: installing Debian's postgresql-15 ..."
  apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15 >/dev/null || true
fi
if [[ ! -x "$PGBIN/initdb" ]]; then
  echo "with-postgres: PostgreSQL 15 not found in $PGBIN."
  if [[ -n "${CI:-}" ]]; then exit 1; fi
  echo "with-postgres: skipping the Postgres-mode suite (install postgresql-15 to run it)."
  exit 0
fi

WORK="$(mktemp -d -t cuepoint-pg-XXXXXX)"
chmod 755 "$WORK"
# PostgreSQL refuses to run as root: as root the cluster belongs to the postgres user.
AS=()
if [[ "$(id -u)" == "0" ]]; then
  chown postgres "$WORK"
  AS=(runuser -u postgres --)
fi

cleanup() {
  "${AS[@]}" "$PGBIN/pg_ctl" -D "$WORK/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

PORT="$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"

"${AS[@]}" "$PGBIN/initdb" -D "$WORK/data" -U postgres -A trust -E UTF8 --no-sync >"$WORK/initdb.log" 2>&1 \
  || { cat "$WORK/initdb.log"; exit 1; }
# Durability off: the cluster is thrown away, and the suite runs several times faster.
"${AS[@]}" "$PGBIN/pg_ctl" -D "$WORK/data" -l "$WORK/postgres.log" -w \
  -o "-h 127.0.0.1 -p $PORT -k $WORK -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
  start >/dev/null || { cat "$WORK/postgres.log"; exit 1; }
"$PGBIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres cuepoint_test

echo "with-postgres: PostgreSQL 15 on 127.0.0.1:$PORT"
DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/cuepoint_test" "$@"
