# shellcheck shell=bash
# Shared by run-tests.sh and bench.sh (sourced, not run): the packages, the
# build and installation of libutfast_c and the extension, and a private
# PostgreSQL server run as the postgres user in a temporary directory.
#
# Sets: EXT_DIR (utfast-postgres/), REPO_ROOT, PG_CONFIG, PG_BINDIR, WORK (the
# temporary directory, owned by postgres), SOCKDIR (the server's socket
# directory, also PGHOST). The caller traps EXIT with stop_server.

EXT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
REPO_ROOT=$(dirname "$EXT_DIR")
WORK=
SOCKDIR=
SERVER_STARTED=0

log() { printf '\n=== %s\n' "$*"; }

# Runs a command as the postgres user, in $WORK, with the server's settings.
as_postgres() {
    runuser -u postgres -- env -C "$WORK" PATH="$PG_BINDIR:$PATH" PGHOST="$SOCKDIR" \
        PGUSER=postgres PGDATABASE=postgres PG_CONFIG="$PG_CONFIG" "$@"
}

# PostgreSQL's server and its development files (PGXS, server headers).
ensure_packages() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "run me as root: the packages, 'make install' and the postgres user need it" >&2
        exit 1
    fi
    if ! command -v pg_config >/dev/null 2>&1 ||
        [ ! -f "$(pg_config --includedir-server 2>/dev/null)/postgres.h" ] ||
        [ ! -x "$(pg_config --bindir 2>/dev/null)/initdb" ]; then
        log "installing postgresql and postgresql-server-dev-all"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -q
        apt-get install -y -q postgresql postgresql-server-dev-all
    fi
    PG_CONFIG=${PG_CONFIG:-$(command -v pg_config)}
    PG_BINDIR=$("$PG_CONFIG" --bindir)
    echo "$("$PG_CONFIG" --version), binaries in $PG_BINDIR"
}

# libutfast_c.a (cargo, only the utfast-c crate), then the extension (PGXS).
build_and_install() {
    log "cargo build --release -p utfast-c"
    (cd "$REPO_ROOT" && cargo build --release -p utfast-c)
    log "make && make install"
    make -C "$EXT_DIR" PG_CONFIG="$PG_CONFIG"
    make -C "$EXT_DIR" PG_CONFIG="$PG_CONFIG" install
}

# A fresh cluster in a temporary directory, listening only on a private Unix
# socket. Extra arguments are server settings (-c name=value ...).
# shellcheck disable=SC2120
start_server() {
    WORK=$(mktemp -d /tmp/utfast-postgres.XXXXXX)
    SOCKDIR=$WORK/socket
    mkdir "$SOCKDIR" "$WORK/tmp"
    chown -R postgres: "$WORK"
    chmod 755 "$WORK"
    log "initdb and pg_ctl start in $WORK"
    as_postgres initdb -D "$WORK/data" -E UTF8 --locale=C.UTF-8 -U postgres \
        --auth=trust >"$WORK/initdb.log" 2>&1 || {
        cat "$WORK/initdb.log"
        return 1
    }
    as_postgres pg_ctl -D "$WORK/data" -l "$WORK/server.log" -w \
        -o "-k $SOCKDIR -c listen_addresses='' $*" start
    SERVER_STARTED=1
}

stop_server() {
    local pid
    if [ "$SERVER_STARTED" = 1 ]; then
        if ! as_postgres pg_ctl -D "$WORK/data" -m fast -t 30 -w stop >/dev/null; then
            as_postgres pg_ctl -D "$WORK/data" -m immediate -t 30 -w stop >/dev/null || true
        fi
        # A postmaster that would not stop is ended by its own pid.
        pid=$(head -1 "$WORK/data/postmaster.pid" 2>/dev/null || true)
        if [ -n "$pid" ] && tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF "$WORK/data"; then
            kill -KILL "$pid" || true
        fi
        SERVER_STARTED=0
    fi
    if [ -n "$WORK" ] && [ -d "$WORK" ]; then
        rm -rf "$WORK"
    fi
}
