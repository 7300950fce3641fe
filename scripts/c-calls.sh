#!/usr/bin/env bash
# The C ABI's cost per call (issue 22): utfast-c/benches/calls.c (C calling
# libutfast_c.a) against its Rust twin utfast-c/examples/calls.rs (Rust calling
# utfast), run in turns, ROUNDS times each, on strings of each LEN; prints each
# run's lines (ns a call, best of 5 rounds inside) and then, per line kind, the
# best figure of all runs and the ratio C / Rust.
#
#     bash scripts/c-calls.sh [LEN...]      # default: 64 256
#     ROUNDS=5 REPS=3000 bash scripts/c-calls.sh 64
set -euo pipefail
cd "$(dirname "$0")/.."
lens=("$@")
[ ${#lens[@]} -gt 0 ] || lens=(64 256)
rounds=${ROUNDS:-3}
reps=${REPS:-2000}
cargo build --release -q -p utfast-c --lib --example calls
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cc -O2 -Wall -Wextra -Iutfast-c/include utfast-c/benches/calls.c \
    target/release/libutfast_c.a -lpthread -ldl -lm -o "$out/calls"
for len in "${lens[@]}"; do
    for _ in $(seq "$rounds"); do
        "$out/calls" "$len" "$reps"
        target/release/examples/calls "$len" "$reps"
    done
done | tee "$out/lines"
echo
echo "best of $rounds runs, ns a call (C / Rust through a pointer):"
python3 - "$out/lines" <<'PY'
import sys, collections
best = collections.defaultdict(lambda: float("inf"))
for line in open(sys.argv[1]):
    f = line.split()
    lang, name, length = f[0], f[1], f[2]
    best[(lang, name, length, "utf8_to_utf16le")] = min(best[(lang, name, length, "utf8_to_utf16le")], float(f[4]))
    best[(lang, name, length, "validate_utf8")] = min(best[(lang, name, length, "validate_utf8")], float(f[6]))
for (lang, name, length, fn), c in sorted(best.items()):
    if lang != "c":
        continue
    r = best[("rust", name, length, fn)]
    print(f"{name:6} {length:>4} {fn:16} C {c:7.3}  Rust {r:7.3}  {c / r:5.3f}x")
PY
