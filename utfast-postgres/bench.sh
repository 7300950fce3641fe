#!/usr/bin/env bash
# bench.sh: utfast's functions against PostgreSQL's convert_from, on 1M rows of
# 16-32 bytes, timed side by side in one session.
#
#   bash utfast-postgres/bench.sh            (as root: builds, installs, starts a
#                                             private server like run-tests.sh)
#   RUNS=9 bash utfast-postgres/bench.sh     (runs of each query; default 7)
#   PARALLEL=2 bash utfast-postgres/bench.sh  (parallel workers per query; default 0)
#   PGHOST=/path/to/socket bash utfast-postgres/bench.sh   (an existing server,
#                                             the extension installed: the tables
#                                             are made in database $PGDATABASE)
#
# Tables: latin1_rows, 1M rows of 16-32 bytes of Latin-1 (md5 hex digits with
# 'a' and 'b' made 'é' and 'à', about one byte in eight accented), and
# utf8_rows, the same text in UTF-8 (16-46 bytes, all valid). Each query runs
# RUNS times, the queries of a pair alternating (their order swapped every
# run), no JIT, and by default one backend without parallel workers. Reported: each query's
# fastest and median run, and for each pair PostgreSQL's time over ours
# (fastest against fastest, median against median). The machine is shared:
# only the ratios of one run mean anything.
set -euo pipefail

RUNS=${RUNS:-7}
PARALLEL=${PARALLEL:-0}
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source-path=SCRIPTDIR source=scripts/common.sh
source "$here/scripts/common.sh"

if [ -z "${PGHOST:-}" ]; then
    trap stop_server EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
    ensure_packages
    build_and_install
    start_server -c shared_buffers=256MB
    psql_run() { as_postgres psql -X -q -v ON_ERROR_STOP=1 "$@"; }
else
    psql_run() { psql -X -q -v ON_ERROR_STOP=1 "$@"; }
fi

log "tables: 1M rows each"
psql_run <<'SQL'
CREATE EXTENSION IF NOT EXISTS utfast;
DROP TABLE IF EXISTS latin1_rows, utf8_rows;
CREATE TABLE latin1_rows AS
  SELECT convert_to(translate(substr(md5(i::text) || md5((-i)::text), 1, 16 + i % 17),
                              'ab', 'éà'), 'LATIN1') AS b
  FROM generate_series(1, 1000000) AS i;
CREATE TABLE utf8_rows AS
  SELECT convert_to(convert_from(b, 'LATIN1'), 'UTF8') AS b FROM latin1_rows;
VACUUM (FREEZE, ANALYZE) latin1_rows, utf8_rows;
SELECT 'latin1_rows' AS "table", min(length(b)), max(length(b)), round(avg(length(b)), 1) AS avg,
       pg_size_pretty(pg_relation_size('latin1_rows')) AS size FROM latin1_rows
UNION ALL
SELECT 'utf8_rows', min(length(b)), max(length(b)), round(avg(length(b)), 1),
       pg_size_pretty(pg_relation_size('utf8_rows')) FROM utf8_rows;
SELECT version(), utfast_kernel() AS kernel;
SQL

# label|query; pairs are (pg_*, utfast_*) with the same suffix.
queries=(
    "count_star|SELECT count(*) FROM latin1_rows"
    "scan_latin1|SELECT count(b) FROM latin1_rows"
    "noop_call|SELECT count(octet_length(b)) FROM latin1_rows"
    "pg_latin1|SELECT count(convert_from(b, 'LATIN1')) FROM latin1_rows"
    "utfast_latin1|SELECT count(utfast_convert_from(b, 'LATIN1')) FROM latin1_rows"
    "pg_win1252|SELECT count(convert_from(b, 'WIN1252')) FROM latin1_rows"
    "utfast_win1252|SELECT count(utfast_convert_from(b, 'WIN1252')) FROM latin1_rows"
    "scan_utf8|SELECT count(b) FROM utf8_rows"
    "pg_utf8|SELECT count(convert_from(b, 'UTF8')) FROM utf8_rows"
    "utfast_utf8|SELECT count(utfast_is_valid_utf8(b)) FROM utf8_rows"
    "utfast_convert_utf8|SELECT count(utfast_convert_from(b, 'UTF8')) FROM utf8_rows"
    "utfast_make_valid|SELECT count(utfast_make_valid_utf8(b)) FROM utf8_rows"
)

script=$(mktemp /tmp/utfast-bench.XXXXXX.sql)
results=$(mktemp /tmp/utfast-bench.XXXXXX.out)
chmod 644 "$script"
{
    echo "SET max_parallel_workers_per_gather = $PARALLEL;"
    echo "SET jit = off;"
    # Warm-up: every query once, untimed.
    for q in "${queries[@]}"; do echo "${q#*|};"; done
    printf '%s\n' '\timing on'
    for ((run = 0; run < RUNS; run++)); do
        if ((run % 2 == 0)); then order=("${queries[@]}"); else
            order=()
            for ((i = ${#queries[@]} - 1; i >= 0; i--)); do order+=("${queries[$i]}"); done
        fi
        for q in "${order[@]}"; do
            printf '\\echo @@ %s\n' "${q%%|*}"
            echo "${q#*|};"
        done
    done
} >"$script"

log "timing: $RUNS runs of each query, alternating"
psql_run -f "$script" >"$results"
rm -f "$script"

awk -v runs="$RUNS" '
    /^@@ / { label = $2; next }
    /^Time: / && label != "" { t[label, ++n[label]] = $2; order[label] = ++seen; label = "" }
    function sort_times(l,    i, j, tmp) {
        for (i = 1; i <= n[l]; i++) s[i] = t[l, i]
        for (i = 2; i <= n[l]; i++)
            for (j = i; j > 1 && s[j - 1] + 0 > s[j] + 0; j--) { tmp = s[j]; s[j] = s[j - 1]; s[j - 1] = tmp }
        best[l] = s[1]; median[l] = s[int((n[l] + 1) / 2)]
    }
    END {
        split("count_star scan_latin1 noop_call pg_latin1 utfast_latin1 pg_win1252 utfast_win1252 scan_utf8 pg_utf8 utfast_utf8 utfast_convert_utf8 utfast_make_valid", labels, " ")
        printf "\n%-22s %10s %10s\n", "query (1M rows)", "best ms", "median ms"
        for (i = 1; i in labels; i++) { l = labels[i]; sort_times(l); printf "%-22s %10.1f %10.1f\n", l, best[l], median[l] }
        printf "\n%-48s %8s %8s\n", "PostgreSQL / utfast", "best", "median"
        printf "%-48s %7.2fx %7.2fx\n", "convert_from(b, LATIN1) / utfast_convert_from", best["pg_latin1"] / best["utfast_latin1"], median["pg_latin1"] / median["utfast_latin1"]
        printf "%-48s %7.2fx %7.2fx\n", "convert_from(b, WIN1252) / utfast_convert_from", best["pg_win1252"] / best["utfast_win1252"], median["pg_win1252"] / median["utfast_win1252"]
        printf "%-48s %7.2fx %7.2fx\n", "convert_from(b, UTF8) / utfast_is_valid_utf8", best["pg_utf8"] / best["utfast_utf8"], median["pg_utf8"] / median["utfast_utf8"]
        printf "%-48s %7.2fx %7.2fx\n", "convert_from(b, UTF8) / utfast_convert_from", best["pg_utf8"] / best["utfast_convert_utf8"], median["pg_utf8"] / median["utfast_convert_utf8"]
        printf "\nAbove the bare scan (ms, best): LATIN1 PostgreSQL %.1f, utfast %.1f; UTF8 PostgreSQL %.1f, utfast_is_valid_utf8 %.1f; a no-op C call (octet_length) %.1f\n",
            best["pg_latin1"] - best["scan_latin1"], best["utfast_latin1"] - best["scan_latin1"],
            best["pg_utf8"] - best["scan_utf8"], best["utfast_utf8"] - best["scan_utf8"],
            best["noop_call"] - best["scan_latin1"]
    }' "$results"
rm -f "$results"
grep -m1 'model name' /proc/cpuinfo || true
echo "cores: $(nproc)"
