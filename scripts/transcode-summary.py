#!/usr/bin/env python3
"""Summarise the criterion results of `cargo bench --bench transcode` as Markdown.

Run the benchmarks first, for example::

    UTFAST_CORPUS=/work/shared/corpus UTFAST_BENCH_QUICK=1 cargo bench --bench transcode
    python3 scripts/transcode-summary.py

Groups are ``<direction>/<input>`` (see benches/transcode.rs). For each direction
the report gives the geometric mean, over the corpus inputs (``corpus/...``) and
over the generated ones (``gen/...``) separately, of utfast's throughput (the
dispatcher, ``utfast``; and the ``&str`` path ``utfast/str`` where measured) over
each rival's (above 1: utfast faster), then a GB/s table per input. Throughput is
bytes of input per nanosecond (GB/s), from the median time per iteration.
Reuses the loader of scripts/bench-summary.py; only the standard library.
"""

from __future__ import annotations

import importlib
import math
import sys

# The helpers of scripts/bench-summary.py (this script's folder is on sys.path).
bench_summary = importlib.import_module("bench-summary")

DIRECTIONS = ["utf8-utf16le", "utf16le-utf8", "utf16le-validate", "utf8-utf32", "utf32-utf8", "latin1-utf8", "utf8-latin1"]
OURS = ["utfast", "utfast/str"]
RIVALS = ["simdutf/convert", "simdutf/valid", "encoding_rs", "std"]


def by_direction(results: dict, directions) -> list:
    """``(direction, its groups)`` for each of ``directions`` that was measured."""
    found = [(d, {g: b for g, b in results.items() if g.startswith(d + "/")}) for d in directions]
    return [(d, groups) for d, groups in found if groups]


def main() -> int:
    results = bench_summary.criterion_results()
    if not bench_summary.start_report(
        results,
        "transcode",
        "utfast transcoding benchmarks",
        "utfast throughput over the rival's (above 1: utfast faster); GB/s of input",
    ):
        return 1
    for b in results.values():
        # Groups measured per kernel only: the best kernel stands for `utfast`.
        if "utfast" not in b:
            for kernel in ("avx512", "neon", "avx2", "sse4.2", "scalar"):
                if f"utfast/{kernel}" in b:
                    b["utfast"] = b[f"utfast/{kernel}"]
                    break
    for direction, groups in by_direction(results, DIRECTIONS):
        print(f"## {direction}\n")
        rows = []
        for kind in ("corpus", "gen"):
            for ours in OURS:
                for rival in RIVALS + [f for f in OURS if f != ours]:
                    keep = lambda g: g.split("/")[1] == kind  # noqa: E731
                    ratios = bench_summary.ratios_over(groups, ours, rival, keep)
                    if ratios:
                        rows.append([kind, f"`{ours}`", f"`{rival}`"] + bench_summary.ratio_cells(ratios))
        print(bench_summary.table(["inputs", "ours", "rival"] + bench_summary.RATIO_HEADER, rows, "lllrrrr"))
        functions = sorted({f for b in groups.values() for f in b})
        print()
        print(bench_summary.gbps_table(groups, functions))
        print()
    short_report(results)
    return 0


SHORT_BATCH = 1000  # strings per iteration (benches/transcode.rs)


def short_report(results: dict) -> None:
    """Time per call on short strings: utfast, simdutf and std, by size."""
    for direction, groups in by_direction(results, ("short-utf8-utf16le", "short-utf8-utf32", "short-utf16le-utf8")):
        print(f"## {direction} (ns per call; ratio: the rival's time / utfast's)\n")
        print("| strings | utfast | simdutf | std | vs simdutf | vs std |")
        print("| :-- | --: | --: | --: | --: | --: |")
        up_to_64 = []  # utfast's ratio over std, strings of at most 64 bytes
        for g in sorted(groups):
            b = groups[g]
            ns = {f: b[f].ns / SHORT_BATCH for f in ("utfast", "simdutf/convert", "std") if f in b}
            if "utfast" not in ns:
                continue
            ours = ns["utfast"]
            if "std" in ns and int(g.rsplit("/", 1)[1]) <= 64:
                up_to_64.append(ns["std"] / ours)
            cell = lambda f: f"{ns[f]:.1f}" if f in ns else ""
            ratio = lambda f: f"{ns[f] / ours:.2f}×" if f in ns else ""
            print(
                f"| {g.split('/', 1)[1]} | {ours:.1f} | {cell('simdutf/convert')} | {cell('std')} "
                f"| {ratio('simdutf/convert')} | {ratio('std')} |"
            )
        print()
        if up_to_64:
            geomean = math.exp(sum(math.log(r) for r in up_to_64) / len(up_to_64))
            print(f"Strings of 1-64 bytes against std: geomean {geomean:.2f}×, slowest {min(up_to_64):.2f}×\n")


if __name__ == "__main__":
    sys.exit(main())
