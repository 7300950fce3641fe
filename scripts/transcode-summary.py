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

import importlib.util
import math
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
spec = importlib.util.spec_from_file_location("bench_summary", HERE / "bench-summary.py")
bench_summary = importlib.util.module_from_spec(spec)
sys.modules["bench_summary"] = bench_summary
spec.loader.exec_module(bench_summary)

DIRECTIONS = ["utf8-utf16le", "utf16le-utf8", "utf16le-validate", "utf8-utf32", "utf32-utf8", "latin1-utf8", "utf8-latin1"]
OURS = ["utfast", "utfast/str"]
RIVALS = ["simdutf/convert", "simdutf/valid", "encoding_rs", "std"]


def geomean(values: list[float]) -> float:
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


def main() -> int:
    root = HERE.parent / "target" / "criterion"
    results = bench_summary.load(root, "median")
    print("# utfast transcoding benchmarks\n")
    print(f"- CPU: {bench_summary.cpu_model()}")
    print("- ratios: utfast throughput over the rival's (above 1: utfast faster); GB/s of input\n")
    for b in results.values():
        # Groups measured per kernel only: the best kernel stands for `utfast`.
        if "utfast" not in b:
            for kernel in ("avx512", "neon", "avx2", "sse4.2", "scalar"):
                if f"utfast/{kernel}" in b:
                    b["utfast"] = b[f"utfast/{kernel}"]
                    break
    for direction in DIRECTIONS:
        groups = {g: b for g, b in results.items() if g.startswith(direction + "/")}
        if not groups:
            continue
        print(f"## {direction}\n")
        print("| inputs | ours | rival | geomean | min | max | n |")
        print("| :-- | :-- | :-- | --: | --: | --: | --: |")
        for kind in ("corpus", "gen"):
            for ours in OURS:
                for rival in RIVALS + [f for f in OURS if f != ours]:
                    ratios = [
                        b[ours].gbps / b[rival].gbps
                        for g, b in groups.items()
                        if g.split("/")[1] == kind and ours in b and rival in b
                    ]
                    if ratios:
                        print(
                            f"| {kind} | `{ours}` | `{rival}` | **{geomean(ratios):.2f}×** "
                            f"| {min(ratios):.2f}× | {max(ratios):.2f}× | {len(ratios)} |"
                        )
        functions = sorted({f for b in groups.values() for f in b})
        print()
        print("| input | " + " | ".join(functions) + " |")
        print("| :-- | " + " | ".join("--:" for _ in functions) + " |")
        for g in sorted(groups):
            b = groups[g]
            cells = [f"{b[f].gbps:.2f}" if f in b else "" for f in functions]
            print(f"| {g.split('/', 1)[1]} | " + " | ".join(cells) + " |")
        print()
    short_report(results)
    return 0


SHORT_BATCH = 1000  # strings per iteration (benches/transcode.rs)


def short_report(results: dict) -> None:
    """Time per call on short strings: utfast, simdutf and std, by size."""
    for direction in ("short-utf8-utf16le", "short-utf16le-utf8"):
        groups = {g: b for g, b in results.items() if g.startswith(direction + "/")}
        if not groups:
            continue
        print(f"## {direction} (ns per call; ratio: the rival's time / utfast's)\n")
        print("| strings | utfast | simdutf | std | vs simdutf | vs std |")
        print("| :-- | --: | --: | --: | --: | --: |")
        for g in sorted(groups):
            b = groups[g]
            ns = {f: b[f].ns / SHORT_BATCH for f in ("utfast", "simdutf/convert", "std") if f in b}
            if "utfast" not in ns:
                continue
            ours = ns["utfast"]
            cell = lambda f: f"{ns[f]:.1f}" if f in ns else ""
            ratio = lambda f: f"{ns[f] / ours:.2f}×" if f in ns else ""
            print(
                f"| {g.split('/', 1)[1]} | {ours:.1f} | {cell('simdutf/convert')} | {cell('std')} "
                f"| {ratio('simdutf/convert')} | {ratio('std')} |"
            )
        print()


if __name__ == "__main__":
    sys.exit(main())
