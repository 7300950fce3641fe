#!/usr/bin/env python3
"""Summarise the criterion results of `cargo bench --bench stream` as Markdown.

Run the benchmarks first, for example::

    UTFAST_BENCH_QUICK=1 cargo bench --bench stream
    python3 scripts/stream-summary.py

Groups are ``stream/<gen|corpus>/<input>/<validate|utf8-to-utf16le|utf16le-to-utf8>``
and ``stream-short/<gen|corpus>/<input>/<16|64|256>`` (see benches/stream.rs). For
each comparison the report gives the geometric mean, minimum and maximum over the
inputs of the first function's throughput over the second's, with the issue's
goal (judged on the geomean; against encoding_rs, on the minimum): the streaming API against one call on the whole input (Utf8Validator with
64 KiB chunks at least 0.95x, with 4 KiB chunks 0.85x; Transcoder with 64 KiB
chunks 0.9x; TranscodeReader 0.85x), against encoding_rs's streaming decoder on
the same chunks (faster on every input), and short chunks against the one-shot
function called on each piece (at least 1x). Then a GB/s table per group.
Reuses the loader of scripts/bench-summary.py; only the standard library.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
spec = importlib.util.spec_from_file_location("bench_summary", HERE / "bench-summary.py")
bench_summary = importlib.util.module_from_spec(spec)
sys.modules["bench_summary"] = bench_summary
spec.loader.exec_module(bench_summary)

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
    ("16", "utfast/Transcoder", "utfast/one-shot-per-piece", 1.0),
    ("64", "utfast/Transcoder", "utfast/one-shot-per-piece", 1.0),
    ("256", "utfast/Transcoder", "utfast/one-shot-per-piece", 1.0),
    ("16", "utfast/Utf8Validator", "utfast/validate_utf8-per-piece", 1.0),
    ("64", "utfast/Utf8Validator", "utfast/validate_utf8-per-piece", 1.0),
    ("256", "utfast/Utf8Validator", "utfast/validate_utf8-per-piece", 1.0),
]


def main() -> int:
    root = HERE.parent / "target" / "criterion"
    loaded = bench_summary.load(root, "median")
    results = {g: b for g, b in loaded.items() if g.startswith(("stream/", "stream-short/"))}
    if not results:
        print("no results of `cargo bench --bench stream` under target/criterion", file=sys.stderr)
        return 1
    print("# utfast streaming benchmarks\n")
    print(f"- CPU: {bench_summary.cpu_model()}")
    print("- ratios: the first function's throughput over the second's, geomean over the inputs\n")
    print("| what | ours | baseline | inputs | geomean | min | max | n | goal |")
    print("| :-- | :-- | :-- | :-- | --: | --: | --: | --: | --: |")
    for suffix, ours, base, goal in COMPARISONS:
        for kind in ("gen", "corpus"):
            ratios = [
                b[ours].gbps / b[base].gbps
                for g, b in results.items()
                if g.split("/")[1] == kind and g.endswith("/" + suffix) and ours in b and base in b
            ]
            if ratios:
                # Against encoding_rs: faster on every input; else the geomean.
                judged = min(ratios) if base.startswith("encoding_rs") else bench_summary.geomean(ratios)
                mark = " met" if judged >= goal else " **short**"
                print(
                    f"| {suffix} | `{ours}` | `{base}` | {kind} | **{bench_summary.geomean(ratios):.2f}×** "
                    f"| {min(ratios):.2f}× | {max(ratios):.2f}× | {len(ratios)} | ≥ {goal}×{mark} |"
                )
    for suffix in ("validate", "utf8-to-utf16le", "utf16le-to-utf8", "16", "64", "256"):
        groups = [g for g in results if g.endswith("/" + suffix)]
        if not groups:
            continue
        functions = sorted({f for g in groups for f in results[g]})
        print(f"\n## {suffix} (GB/s)\n")
        print("| input | " + " | ".join(f"`{f}`" for f in functions) + " |")
        print("| :-- | " + " | ".join("--:" for _ in functions) + " |")
        for g in sorted(groups, key=bench_summary.natural_key):
            b = results[g]
            cells = [f"{b[f].gbps:.2f}" if f in b else "" for f in functions]
            name = g.split("/", 1)[1].rsplit("/", 1)[0]
            print(f"| {name} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
