# Starts a throw-away PostgreSQL server on loopback for the server suite (sourced by test.sh).
# Uses the binaries under /usr/lib/postgresql, installing Debian's server when there are none.

find_pg_bin() {
  local d
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$d/initdb" ] && [ -x "$d/postgres" ]; then echo "$d"; return 0; fi
  done
  return 1
}

start_postgres() {
  PG_BIN=$(find_pg_bin || true)
  if [ -z "$PG_BIN" ]; then
    echo "No PostgreSQL server binaries found; installing Debian's postgresql package"
    if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
    PG_BIN=$(find_pg_bin)
  fi
  PG_DIR=$(mktemp -d /tmp/olympus-pg.XXXXXX)
  PG_PORT=${PG_PORT:-54329}
  # PostgreSQL refuses to run as root: run it as the postgres user (created here when missing).
  RUN=()
  if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
    chown -R postgres "$PG_DIR"
    RUN=(runuser -u postgres --)
  fi
  "${RUN[@]}" "$PG_BIN/initdb" -D "$PG_DIR/data" -U olympus --auth=trust -E UTF8 >/dev/null
  "${RUN[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w \
    -o "-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null
  PG_TEST_URL="postgres://olympus@127.0.0.1:$PG_PORT/postgres"
  export PG_TEST_URL PG_BIN PG_DIR
  echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PG_PORT"
}

stop_postgres() {
  if [ -n "${PG_DIR:-}" ] && [ -d "$PG_DIR/data" ]; then
    "${RUN[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$PG_DIR"
    PG_DIR=""
  fi
}
