#!/usr/bin/env bash
# A throwaway PostgreSQL server for the database tests: its own data folder under /tmp, its own port
# and socket folder, so it never meets a system cluster.
#
#   bash scripts/pg-server.sh start   # install Debian's postgresql if missing, start, print the URL
#   bash scripts/pg-server.sh url     # print the URL of the running server
#   bash scripts/pg-server.sh stop    # stop it (the data folder stays for the next start)
#   bash scripts/pg-server.sh purge   # stop it and delete its folder
#
# start prints the connection URL alone on stdout (everything else goes to stderr), so
#   export PG_TEST_URL="$(bash scripts/pg-server.sh start)"
# works. It connects as scope_app: a LOGIN role that is not a superuser, owns the database scope_test,
# and may SET ROLE to scope_reader, the role row-level security applies to (also a LOGIN role here,
# so an application can connect as it directly). Run as root; the server runs as the postgres user.
set -euo pipefail

BASE="${SCOPE_PG_DIR:-/tmp/scope-pg}"
# The port: SCOPE_PG_PORT if set (start fails when it is taken), else the first free one from 55432 on,
# so a server someone else left on 55432 does not stop this one. start records it in $BASE/port.
PORT="${SCOPE_PG_PORT:-55432}"
DATA="$BASE/data"
SOCKETS="$BASE/sockets"
LOG="$BASE/server.log"
DATABASE=scope_test
APP_ROLE=scope_app
READER_ROLE=scope_reader
# Local test credentials on a server that listens on 127.0.0.1 only.
APP_PASSWORD=scope_app
READER_PASSWORD=scope_reader

say() { echo "pg-server: $*" >&2; }

# The newest installed server's bin folder, or nothing.
pg_bin() {
  local dir
  dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
  if [[ -n "$dir" && -x "$dir/initdb" && -x "$dir/pg_ctl" ]]; then echo "$dir"; fi
}

install_server() {
  if [[ -n "$(pg_bin)" ]] && command -v psql >/dev/null; then return; fi
  if [[ "$(id -u)" != 0 ]]; then say "postgresql is not installed; run this as root to install it"; exit 1; fi
  say "installing Debian's postgresql"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq </dev/null >&2
  # postgresql-common first, told not to create and start the system's 'main' cluster: only ours runs.
  apt-get install -y -qq postgresql-common </dev/null >&2
  sed -ri 's/^#?\s*create_main_cluster\s*=.*/create_main_cluster = false/' /etc/postgresql-common/createcluster.conf
  apt-get install -y -qq postgresql </dev/null >&2
  if [[ -z "$(pg_bin)" ]]; then say "postgresql installed, but no initdb under /usr/lib/postgresql"; exit 1; fi
}

# Something already accepts connections on 127.0.0.1:$1.
port_taken() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Sets PORT to the port this data folder's server listens on, or will: the recorded one while it runs,
# else SCOPE_PG_PORT, else the first of 55432..55531 nothing listens on.
choose_port() {
  if running; then
    if [[ -f "$BASE/port" ]]; then PORT="$(cat "$BASE/port")"; fi
    return
  fi
  if [[ -n "${SCOPE_PG_PORT:-}" ]]; then
    if port_taken "$PORT"; then say "port $PORT (SCOPE_PG_PORT) is taken by another server"; exit 1; fi
    return
  fi
  local candidate
  for candidate in $(seq 55432 55531); do
    if ! port_taken "$candidate"; then PORT="$candidate"; return; fi
    say "port $candidate is taken; trying the next"
  done
  say "no free port in 55432..55531; set SCOPE_PG_PORT"
  exit 1
}

# From /, which the postgres user can always enter (the caller's folder may be closed to it).
as_postgres() { (cd / && runuser -u postgres -- "$@"); }

running() { [[ -n "$(pg_bin)" && -f "$DATA/PG_VERSION" ]] && as_postgres "$(pg_bin)/pg_ctl" -D "$DATA" status >/dev/null 2>&1; }

psql_admin() {
  as_postgres psql -X -q -v ON_ERROR_STOP=1 -h "$SOCKETS" -p "$PORT" -U postgres "$@" >&2
}

start() {
  install_server
  local bin
  bin="$(pg_bin)"
  mkdir -p "$BASE"
  chown postgres:postgres "$BASE"
  as_postgres mkdir -p "$SOCKETS"
  as_postgres chmod 700 "$SOCKETS"
  if [[ ! -f "$DATA/PG_VERSION" ]]; then
    say "initdb into $DATA"
    # peer for the socket (only the postgres user, through runuser), passwords over TCP.
    as_postgres "$bin/initdb" -D "$DATA" -U postgres --auth-local=peer --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 \
      >"$BASE/initdb.log" 2>&1 || { say "initdb failed; its output:"; cat "$BASE/initdb.log" >&2; exit 1; }
  fi
  local attempt
  # Another server may take the chosen port between the check and the start: then the next free one.
  for attempt in 1 2 3; do
    choose_port
    if running; then break; fi
    say "starting PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT"
    rm -f "$LOG"
    # A test server: durability is traded for speed, which is safe for data that is made up anew each run.
    if as_postgres "$bin/pg_ctl" -D "$DATA" -l "$LOG" -w -t 60 start \
      -o "-c listen_addresses=127.0.0.1 -p $PORT -k $SOCKETS -c fsync=off -c synchronous_commit=off -c full_page_writes=off" >&2; then
      break
    fi
    if [[ -z "${SCOPE_PG_PORT:-}" && "$attempt" -lt 3 ]] && grep -q "Address already in use" "$LOG"; then
      say "port $PORT was taken while starting; trying again"
      continue
    fi
    say "the server did not start; its log:"
    tail -n 30 "$LOG" >&2
    exit 1
  done
  psql_admin -d postgres <<SQL
do \$\$
begin
  if not exists (select from pg_roles where rolname = '$READER_ROLE') then
    create role $READER_ROLE login password '$READER_PASSWORD' nosuperuser nobypassrls nocreatedb nocreaterole;
  end if;
  if not exists (select from pg_roles where rolname = '$APP_ROLE') then
    create role $APP_ROLE login password '$APP_PASSWORD' nosuperuser nobypassrls nocreatedb nocreaterole;
  end if;
  if not pg_has_role('$APP_ROLE', '$READER_ROLE', 'member') then
    grant $READER_ROLE to $APP_ROLE;
  end if;
end
\$\$;
SQL
  if [[ -z "$(as_postgres psql -X -tA -h "$SOCKETS" -p "$PORT" -U postgres -d postgres -c "select 1 from pg_database where datname = '$DATABASE'")" ]]; then
    psql_admin -d postgres -c "create database $DATABASE owner $APP_ROLE"
  fi
  local url="postgres://$APP_ROLE:$APP_PASSWORD@127.0.0.1:$PORT/$DATABASE"
  local reader_url="postgres://$READER_ROLE:$READER_PASSWORD@127.0.0.1:$PORT/$DATABASE"
  echo "$PORT" >"$BASE/port"
  echo "$url" >"$BASE/url"
  echo "$reader_url" >"$BASE/reader-url"
  say "ready: connect as $APP_ROLE with the URL below; $READER_ROLE: $reader_url"
  echo "$url"
}

stop() {
  rm -f "$BASE/url" "$BASE/reader-url" "$BASE/port"
  if running; then
    as_postgres "$(pg_bin)/pg_ctl" -D "$DATA" -m fast -w stop >&2
    say "stopped"
  else
    say "not running"
  fi
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  url)
    if running && [[ -f "$BASE/url" ]]; then cat "$BASE/url"; else say "not running"; exit 1; fi ;;
  purge)
    stop
    rm -rf "$BASE"
    say "removed $BASE" ;;
  *)
    echo "usage: bash scripts/pg-server.sh start|stop|url|purge" >&2
    exit 2 ;;
esac
