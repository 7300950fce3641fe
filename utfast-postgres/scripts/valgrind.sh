#!/usr/bin/env bash
# valgrind.sh: the statements of the regression tests (and a few on larger
# values and every encoding and mode) run in a single-user backend under
# valgrind's memcheck, as root: fails if valgrind reports anything but the
# uninitialised WAL padding PostgreSQL itself writes (its own suppressions
# file has the same entry). About 15 s. AddressSanitizer cannot do this with
# Debian's server: preloaded, it deadlocks in glibc's bindtextdomain when
# postgres starts; loaded with utfast.so, it crashes the backend.
#
#   bash utfast-postgres/scripts/valgrind.sh
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR source=common.sh
source "$here/common.sh"

trap stop_server EXIT
ensure_packages
if ! command -v valgrind >/dev/null 2>&1; then
    apt-get install -y -q valgrind
fi
build_and_install

WORK=$(mktemp -d /tmp/utfast-postgres.XXXXXX)
chown postgres: "$WORK"
as_postgres initdb -D "$WORK/data" -E UTF8 --locale=C.UTF-8 -U postgres >"$WORK/initdb.log" 2>&1

# Single-user mode with -j: a statement ends with ';' and an empty line. The
# tests' psql commands (\set, \c, ...) and comments are left out.
{
    echo "CREATE EXTENSION utfast;"
    echo
    for t in functions encodings modes readme; do
        awk '/^\\/ || /^--/ || /CREATE EXTENSION/ { next }
             { print } /;[[:space:]]*(--.*)?$/ { print "" }' "$EXT_DIR/sql/$t.sql"
    done
    cat <<'SQL'
SELECT md5(utfast_convert_from(b, 'LATIN1')), md5(utfast_convert_from(b, 'WIN1252')),
       md5(utfast_convert_from(b, 'LATIN1', 'replace'))
FROM (SELECT decode(repeat('4c6174696e2d3120e97465e92c2000', 70000), 'hex') AS b) AS t;

SELECT md5(utfast_make_valid_utf8(b)), md5(utfast_convert_from(b, 'UTF-16LE', 'replace')),
       md5(utfast_convert_from(b, 'CESU-8', 'replace')), utfast_convert_from(b, 'UTF-32BE', 'null') IS NULL
FROM (SELECT decode(repeat('61ff62e282f09f98800000c080eda080', 40000), 'hex') AS b) AS t;

SELECT count(utfast_convert_from(decode(md5(i::text), 'hex'), e, m))
FROM generate_series(1, 3000) AS i,
     unnest(ARRAY['UTF8', 'UTF-16LE', 'UTF-16BE', 'UTF-32LE', 'UTF-32BE', 'LATIN1',
                  'WIN1252', 'CESU-8', 'MUTF-8', 'WTF-8']) AS e,
     unnest(ARRAY['null', 'replace']) AS m;

SQL
} >"$WORK/statements.sql"

cat >"$WORK/postgres.supp" <<'SUPP'
{
   wal_record_padding
   Memcheck:Param
   pwrite64(buf)
   ...
   fun:XLogFlush
}
{
   wal_record_padding_at_checkpoint
   Memcheck:Param
   pwrite64(buf)
   ...
   fun:CreateCheckPoint
}
SUPP
chown postgres: "$WORK"/*.sql "$WORK"/*.supp

log "valgrind: the statements in a single-user backend"
status=0
as_postgres valgrind --error-exitcode=9 --leak-check=no --suppressions="$WORK/postgres.supp" \
    --log-file="$WORK/valgrind.log" postgres --single -j -D "$WORK/data" postgres \
    <"$WORK/statements.sql" >"$WORK/output.txt" 2>&1 || status=$?
grep "ERROR SUMMARY" "$WORK/valgrind.log"
echo "$(grep -c 'ERROR:' "$WORK/output.txt") SQL errors, as the tests expect some"
if [ "$status" -ne 0 ]; then
    cat "$WORK/valgrind.log"
    echo "valgrind reported errors (exit status $status)" >&2
    exit 1
fi
log "valgrind: no errors"
