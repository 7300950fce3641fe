#!/usr/bin/env bash
# run-tests.sh: everything the extension's tests need, from a fresh machine, as
# root: (1) PostgreSQL and its development files from apt when pg_config or
# the server headers are missing; (2) libutfast_c.a (cargo build --release -p
# utfast-c); (3) make, make install (PGXS, warnings as errors); (4) a private
# server run as postgres in a temporary directory (initdb -E UTF8, a Unix
# socket of its own, no TCP); (5) make installcheck (pg_regress) as postgres
# on a copy of the tests, then the README walk-through's client-side COPY;
# (6) the server stopped and the directory removed, whatever happened.
# Prints regression.diffs on a failure; exits non-zero if anything failed.
# Re-runnable: each run starts from a new directory and cluster.
#
#   bash utfast-postgres/run-tests.sh
#   UBSAN=1 bash utfast-postgres/run-tests.sh   (the extension built with
#       -fsanitize=undefined, any report fatal; the normal build is installed
#       again by the next plain run)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR source=scripts/common.sh
source "$here/scripts/common.sh"

trap stop_server EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

start_time=$SECONDS
ensure_packages
cflags="-Wall -Wextra -Werror"
ldflags=
if [ "${UBSAN:-0}" = 1 ]; then
    cflags="$cflags -fsanitize=undefined -fno-sanitize-recover=all"
    ldflags="-fsanitize=undefined"
fi
build_and_install_checked() {
    log "cargo build --release -p utfast-c"
    (cd "$REPO_ROOT" && cargo build --release -p utfast-c)
    log "make (warnings are errors) && make install"
    make -C "$EXT_DIR" PG_CONFIG="$PG_CONFIG" clean >/dev/null
    make -C "$EXT_DIR" PG_CONFIG="$PG_CONFIG" PG_CFLAGS="$cflags" PG_LDFLAGS="$ldflags"
    make -C "$EXT_DIR" PG_CONFIG="$PG_CONFIG" install
}
build_and_install_checked
start_server

# pg_regress writes results/ beside the tests: run it on a copy owned by postgres.
log "make installcheck"
mkdir "$WORK/tests"
cp -r "$EXT_DIR/Makefile" "$EXT_DIR/sql" "$EXT_DIR/expected" "$EXT_DIR/data" "$WORK/tests/"
chown -R postgres: "$WORK/tests"
if ! as_postgres make -C "$WORK/tests" PG_CONFIG="$PG_CONFIG" installcheck; then
    if [ -f "$WORK/tests/regression.diffs" ]; then
        log "regression.diffs"
        cat "$WORK/tests/regression.diffs"
    fi
    exit 1
fi

# The walk-through's client-side load (README): perl | psql COPY FROM STDIN,
# checked against what the server-side COPY FROM PROGRAM of the tests loaded.
log "README walk-through, client side"
as_postgres psql -X -q -v ON_ERROR_STOP=1 -c "CREATE EXTENSION IF NOT EXISTS utfast" \
    -c "CREATE TABLE staging (line_no bigint GENERATED ALWAYS AS IDENTITY, b bytea NOT NULL)"
perl -ne 'chomp; print "\\\\x", unpack("H*", $_), "\n"' "$EXT_DIR/data/dirty-lines.txt" |
    as_postgres psql -X -q -v ON_ERROR_STOP=1 -c "COPY staging (b) FROM STDIN"
got=$(as_postgres psql -X -At -v ON_ERROR_STOP=1 -c \
    "SELECT count(*) || ' lines, not UTF-8: ' || string_agg(line_no::text, ',' ORDER BY line_no)
       FILTER (WHERE NOT utfast_is_valid_utf8(b)) || ', ' || md5(string_agg(b, '\x0a'::bytea ORDER BY line_no) || '\x0a'::bytea)
     FROM staging")
want="8 lines, not UTF-8: 3,4,5, $(md5sum <"$EXT_DIR/data/dirty-lines.txt" | cut -d' ' -f1)"
echo "$got"
if [ "$got" != "$want" ]; then
    echo "expected: $want" >&2
    exit 1
fi

if grep -E "runtime error|terminated by signal" "$WORK/server.log"; then
    echo "the server log reports the errors above" >&2
    exit 1
fi

log "all tests passed ($((SECONDS - start_time)) s)"
