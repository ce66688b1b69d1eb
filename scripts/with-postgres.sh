#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster.
#
#   bash scripts/with-postgres.sh <command...>   start a cluster, export DATABASE_URL, run the command
#   bash scripts/with-postgres.sh --check        only make sure server binaries exist (exit 0/1)
#
# The cluster lives in a temp dir, listens on a free port on 127.0.0.1 and is
# stopped and deleted on exit. The `postgres` role is a superuser, so callers
# may create and drop their own databases through DATABASE_URL.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command...> | --check" >&2
  exit 2
fi

log() { echo "with-postgres: $*" >&2; }

is_root() { [ "$(id -u)" -eq 0 ]; }

# A usable bin dir has the server, initdb and pg_ctl (client-only installs ship pg_config too).
has_server() {
  [ -n "$1" ] && [ -x "$1/postgres" ] && [ -x "$1/initdb" ] && [ -x "$1/pg_ctl" ]
}

find_bindir() {
  local dir
  if command -v pg_config >/dev/null 2>&1; then
    dir="$(pg_config --bindir 2>/dev/null || true)"
    if has_server "$dir"; then echo "$dir"; return 0; fi
  fi
  # Debian layout, newest major version first.
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if has_server "$dir"; then echo "$dir"; return 0; fi
  done
  for dir in /usr/local/bin /usr/local/pgsql/bin /usr/bin; do
    if has_server "$dir"; then echo "$dir"; return 0; fi
  done
  return 1
}

BIN="$(find_bindir || true)"
if [ -z "$BIN" ]; then
  if is_root && command -v apt-get >/dev/null 2>&1; then
    # Debian's package includes the contrib extensions (pg_trgm) the migrations need.
    log "no PostgreSQL server binaries found, installing Debian's postgresql package..."
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends postgresql >/dev/null
    BIN="$(find_bindir || true)"
  fi
fi
if [ -z "$BIN" ]; then
  cat >&2 <<MSG
with-postgres: no PostgreSQL server binaries (postgres, initdb, pg_ctl) were found.
Install the server (it includes the pg_trgm extension), for example:

    sudo apt-get install postgresql

MSG
  exit 1
fi

if [ "$1" = "--check" ]; then
  log "using $BIN ($("$BIN/postgres" --version))"
  exit 0
fi

PSQL="$BIN/psql"
[ -x "$PSQL" ] || PSQL="$(command -v psql || true)"

# PostgreSQL refuses to run as root: run the server as the postgres system user then.
if is_root; then
  if ! id -u postgres >/dev/null 2>&1; then
    log "creating system user postgres"
    useradd --system --user-group --home-dir /var/lib/postgresql --shell /bin/sh postgres
  fi
  as_pg() {
    # cd first: postgres may not be allowed into the caller's working directory.
    (cd "$PGTMP" && if command -v runuser >/dev/null 2>&1; then
      runuser -u postgres -- "$@"
    else
      su -s /bin/sh postgres -c "$(printf '%q ' "$@")"
    fi)
  }
else
  as_pg() { (cd "$PGTMP" && "$@"); }
fi

# Unix socket paths are limited to ~107 bytes, so fall back to /tmp for long TMPDIRs.
base="${TMPDIR:-/tmp}"
[ "${#base}" -le 60 ] && [ -d "$base" ] && [ -w "$base" ] || base=/tmp
PGTMP="$(mktemp -d "$base/epustaka-pg.XXXXXX")"
PGDATA_DIR="$PGTMP/data"
SOCK_DIR="$PGTMP/sock"
PGLOG="$PGTMP/server.log"
mkdir -p "$SOCK_DIR"
if is_root; then chown -R postgres: "$PGTMP"; fi

started=0
cleanup() {
  local status=$?
  if [ "$started" -eq 1 ]; then
    # Immediate mode: the data is thrown away anyway.
    as_pg "$BIN/pg_ctl" -D "$PGDATA_DIR" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$PGTMP"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

as_pg "$BIN/initdb" -D "$PGDATA_DIR" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$PGTMP/initdb.log" 2>&1 || {
  # Older initdb versions or systems without C.UTF-8 fall back to the C locale.
  rm -rf "$PGDATA_DIR"
  as_pg "$BIN/initdb" -D "$PGDATA_DIR" -U postgres --auth=trust --encoding=UTF8 --locale=C >"$PGTMP/initdb.log" 2>&1 || {
    cat "$PGTMP/initdb.log" >&2
    log "initdb failed"
    exit 1
  }
}

# Durability is pointless for a throwaway cluster; turning it off makes tests faster.
cat >>"$PGDATA_DIR/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
unix_socket_directories = '$SOCK_DIR'
max_connections = 300
fsync = off
synchronous_commit = off
full_page_writes = off
CONF

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Pick a random free port; retry if another process grabs it before the server binds.
PORT=""
for attempt in 1 2 3 4 5 6 7 8 9 10; do
  candidate=$((20000 + RANDOM % 40000))
  port_in_use "$candidate" && continue
  : >"$PGLOG"
  if is_root; then chown postgres: "$PGLOG"; fi
  if as_pg "$BIN/pg_ctl" -D "$PGDATA_DIR" -l "$PGLOG" -o "-p $candidate" -w -t 60 start >/dev/null 2>&1; then
    PORT="$candidate"
    started=1
    break
  fi
  # Stop a half-started server before retrying on another port.
  as_pg "$BIN/pg_ctl" -D "$PGDATA_DIR" -m immediate -w stop >/dev/null 2>&1 || true
done
if [ -z "$PORT" ]; then
  tail -n 30 "$PGLOG" >&2 || true
  log "could not start PostgreSQL"
  exit 1
fi

DB=epustaka
admin_url="postgres://postgres@127.0.0.1:$PORT/postgres"
DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/$DB"
if [ -n "$PSQL" ]; then
  "$PSQL" -X -q -v ON_ERROR_STOP=1 "$admin_url" -c "CREATE DATABASE $DB" >/dev/null
  # The migrations need pg_trgm; fail early and clearly if this server lacks it.
  if ! "$PSQL" -X -q -v ON_ERROR_STOP=1 "$DATABASE_URL" \
    -c 'CREATE EXTENSION pg_trgm' -c 'DROP EXTENSION pg_trgm' >/dev/null 2>"$PGTMP/trgm.err"; then
    cat "$PGTMP/trgm.err" >&2
    log "the pg_trgm extension is not available in $BIN (Debian: install the postgresql package)"
    exit 1
  fi
else
  as_pg "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres "$DB"
  log "psql not found; skipped the pg_trgm check"
fi

export DATABASE_URL
log "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT, DATABASE_URL=$DATABASE_URL"

# Keep running after a failing command so the trap still cleans up, then pass its status on.
set +e
"$@"
status=$?
set -e
exit "$status"
