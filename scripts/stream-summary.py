#!/usr/bin/env python3
"""Summarise the criterion results of `cargo bench --bench stream` as Markdown.

Run the benchmarks first, for example::

    UTFAST_BENCH_QUICK=1 cargo bench --bench stream
    python3 scripts/stream-summary.py

On a shared, noisy machine, repeat the run and keep every benchmark's best
time (noise only slows), with ``--keep-best FILE``: each call merges the
current results into FILE (JSON) and reports on the merged set::

    for run in 1 2 3; do
        UTFAST_BENCH_QUICK=1 cargo bench --bench stream -- stream-short
        python3 scripts/stream-summary.py --keep-best /tmp/stream-best.json
    done

Groups are ``stream/<gen|corpus>/<input>/<validate|utf8-to-utf16le|utf16le-to-utf8>``
and ``stream-short/<gen|corpus>/<input>/<16|64|256>`` (see benches/stream.rs). For
each comparison the report gives the geometric mean, minimum and maximum over the
inputs of the first function's throughput over the second's, with the issue's
goal (judged on the geomean; against encoding_rs, on the minimum): the streaming API against one call on the whole input (Utf8Validator with
64 KiB chunks at least 0.95x, with 4 KiB chunks 0.85x; Transcoder with 64 KiB
chunks 0.9x; TranscodeReader 0.85x), against encoding_rs's streaming decoder on
the same chunks (faster on every input), and short chunks against the one-shot
function called on each piece (at least 0.9x, issue 23's goal for pieces of
16-256 bytes). Then a GB/s table per group.
Reuses the loader of scripts/bench-summary.py; only the standard library.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import sys
from pathlib import Path

# The helpers of scripts/bench-summary.py (this script's folder is on sys.path).
bench_summary = importlib.import_module("bench-summary")

# (group suffix, ours, baseline, goal)
COMPARISONS = [
    ("validate", "utfast/Utf8Validator/64k", "utfast/validate_utf8", 0.95),
    ("validate", "utfast/Utf8Validator/4k", "utfast/validate_utf8", 0.85),
    ("utf8-to-utf16le", "utfast/Transcoder/64k", "utfast/one-shot", 0.9),
    ("utf8-to-utf16le", "utfast/TranscodeReader/64k", "utfast/one-shot", 0.85),
    ("utf8-to-utf16le", "utfast/TranscodeReader-BufRead", "utfast/one-shot", 0.85),
    ("utf8-to-utf16le", "utfast/Transcoder/64k", "encoding_rs/Decoder/64k", 1.0),
    ("utf16le-to-utf8", "utfast/Transcoder/64k", "utfast/one-shot", 0.9),
    ("utf16le-to-utf8", "utfast/TranscodeReader/64k", "utfast/one-shot", 0.85),
    ("utf16le-to-utf8", "utfast/TranscodeReader-BufRead", "utfast/one-shot", 0.85),
    ("utf16le-to-utf8", "utfast/Transcoder/64k", "encoding_rs/Decoder/64k", 1.0),
    ("16", "utfast/Transcoder", "utfast/one-shot-per-piece", 0.9),
    ("64", "utfast/Transcoder", "utfast/one-shot-per-piece", 0.9),
    ("256", "utfast/Transcoder", "utfast/one-shot-per-piece", 0.9),
    ("16", "utfast/Utf8Validator", "utfast/validate_utf8-per-piece", 0.9),
    ("64", "utfast/Utf8Validator", "utfast/validate_utf8-per-piece", 0.9),
    ("256", "utfast/Utf8Validator", "utfast/validate_utf8-per-piece", 0.9),
]


def keep_best(results: dict, path: Path) -> dict:
    """``results`` merged with the ones saved in ``path`` (each benchmark's
    shortest time kept), saved back to ``path`` and returned."""
    merged: dict = {}
    if path.exists():
        for row in json.loads(path.read_text()):
            bench = bench_summary.Bench(**row)
            merged.setdefault(bench.group, {})[bench.function] = bench
    for group, functions in results.items():
        for function, bench in functions.items():
            old = merged.get(group, {}).get(function)
            if old is None or bench.ns < old.ns:
                merged.setdefault(group, {})[function] = bench
    rows = [dataclasses.asdict(b) for fs in merged.values() for b in fs.values()]
    path.write_text(json.dumps(rows))
    return merged


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep-best", type=Path, metavar="FILE",
                        help="merge into FILE, keeping each benchmark's best time, and "
                        "report on the merged results")
    args = parser.parse_args()
    results = bench_summary.criterion_results("stream/", "stream-short/")
    if args.keep_best and results:
        results = keep_best(results, args.keep_best)
    if not bench_summary.start_report(
        results,
        "stream",
        "utfast streaming benchmarks",
        "the first function's throughput over the second's, geomean over the inputs",
    ):
        return 1
    rows = []
    for suffix, ours, base, goal in COMPARISONS:
        for kind in ("gen", "corpus"):
            keep = lambda g: g.split("/")[1] == kind and g.endswith("/" + suffix)  # noqa: E731
            ratios = bench_summary.ratios_over(results, ours, base, keep)
            if ratios:
                # Against encoding_rs: faster on every input; else the geomean.
                judged = min(ratios) if base.startswith("encoding_rs") else bench_summary.geomean(ratios)
                mark = " met" if judged >= goal else " **short**"
                cells = bench_summary.ratio_cells(ratios) + [f"≥ {goal}×{mark}"]
                rows.append([suffix, f"`{ours}`", f"`{base}`", kind] + cells)
    header = ["what", "ours", "baseline", "inputs"] + bench_summary.RATIO_HEADER + ["goal"]
    print(bench_summary.table(header, rows, "llllrrrrr"))
    for suffix in ("validate", "utf8-to-utf16le", "utf16le-to-utf8", "16", "64", "256"):
        groups = {g: b for g, b in results.items() if g.endswith("/" + suffix)}
        if not groups:
            continue
        functions = sorted({f for b in groups.values() for f in b})
        print(f"\n## {suffix} (GB/s)\n")
        input_name = lambda g: g.split("/", 1)[1].rsplit("/", 1)[0]  # noqa: E731
        print(bench_summary.gbps_table(groups, functions, input_name))
    return 0


if __name__ == "__main__":
    sys.exit(main())
