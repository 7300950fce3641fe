#!/usr/bin/env python3
"""Summarise the criterion results of `cargo bench --bench lossy` as Markdown.

Run the benchmarks first, for example::

    UTFAST_CORPUS=/work/shared/corpus UTFAST_BENCH_QUICK=1 cargo bench --bench lossy
    python3 scripts/lossy-summary.py

Groups are ``lossy/<gen|corpus>/<input>/<valid|err1k>`` (see benches/lossy.rs). For
each form (valid text; one error per KiB) and each kind of input (generated,
corpus) the report gives the geometric mean, minimum and maximum over the inputs of
utfast's throughput over each rival's (above 1: utfast faster):
``utfast/from_utf8_lossy`` against ``std/from_utf8_lossy`` (the issue's goals: at
least 5x on valid text, 3x with an error per KiB) and ``encoding_rs/decode``;
``utfast/utf8_to_utf16_lossy`` against ``encoding_rs/decode_to_utf16`` and
``std/lossy_encode_utf16``; for the ``utf16-lossy/...`` groups, lossy UTF-16 to
UTF-8 against std; and for the ``cesu8/gen/<script>`` groups, CESU-8
decoding and encoding against the ``cesu8`` crate. Then a GB/s table per input. Reuses the loader of
scripts/bench-summary.py; only the standard library.
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

PAIRS = [
    ("utfast/from_utf8_lossy", "std/from_utf8_lossy"),
    ("utfast/from_utf8_lossy", "encoding_rs/decode"),
    ("utfast/utf8_to_utf16_lossy", "encoding_rs/decode_to_utf16"),
    ("utfast/utf8_to_utf16_lossy", "std/lossy_encode_utf16"),
]


def geomean(values: list[float]) -> float:
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


def main() -> int:
    root = HERE.parent / "target" / "criterion"
    loaded = bench_summary.load(root, "median")
    results = {g: b for g, b in loaded.items() if g.startswith("lossy/")}
    cesu = {g: b for g, b in loaded.items() if g.startswith("cesu8/")}
    utf16 = {g: b for g, b in loaded.items() if g.startswith("utf16-lossy/")}
    if not results:
        print("no results of `cargo bench --bench lossy` under target/criterion", file=sys.stderr)
        return 1
    print("# utfast lossy decoding benchmarks\n")
    print(f"- CPU: {bench_summary.cpu_model()}")
    print("- ratios: utfast throughput over the rival's (above 1: utfast faster); GB/s of input\n")
    print("| form | inputs | ours | rival | geomean | min | max | n |")
    print("| :-- | :-- | :-- | :-- | --: | --: | --: | --: |")
    for form in ("valid", "err1k"):
        for kind in ("gen", "corpus"):
            for ours, rival in PAIRS:
                ratios = [
                    b[ours].gbps / b[rival].gbps
                    for g, b in results.items()
                    if g.split("/")[1] == kind and g.endswith("/" + form) and ours in b and rival in b
                ]
                if ratios:
                    print(
                        f"| {form} | {kind} | `{ours}` | `{rival}` | **{geomean(ratios):.2f}×** "
                        f"| {min(ratios):.2f}× | {max(ratios):.2f}× | {len(ratios)} |"
                    )
    functions = sorted({f for b in results.values() for f in b})
    print()
    print("| input | " + " | ".join(f"`{f}`" for f in functions) + " |")
    print("| :-- | " + " | ".join("--:" for _ in functions) + " |")
    for g in sorted(results, key=bench_summary.natural_key):
        b = results[g]
        cells = [f"{b[f].gbps:.2f}" if f in b else "" for f in functions]
        print(f"| {g.split('/', 1)[1]} | " + " | ".join(cells) + " |")
    if utf16:
        print("\n## Lossy UTF-16 to UTF-8 against std (GB/s of UTF-16)\n")
        functions = ["utfast/utf16_to_string_lossy", "std/from_utf16_lossy", "utfast/repair_utf16"]
        print("| input | " + " | ".join(f"`{f}`" for f in functions) + " | vs std |")
        print("| :-- | " + " | ".join("--:" for _ in functions) + " | --: |")
        for g in sorted(utf16, key=bench_summary.natural_key):
            b = utf16[g]
            cells = [f"{b[f].gbps:.2f}" if f in b else "" for f in functions]
            if functions[0] in b and functions[1] in b:
                cells.append(f"{b[functions[0]].gbps / b[functions[1]].gbps:.2f}×")
            print(f"| {g.split('/', 2)[2]} | " + " | ".join(cells) + " |")
    if cesu:
        print("\n## CESU-8 against the cesu8 crate (GB/s of CESU-8)\n")
        functions = ["utfast/cesu8_to_string", "cesu8/from_cesu8", "utfast/str_to_cesu8", "cesu8/to_cesu8"]
        print("| input | " + " | ".join(f"`{f}`" for f in functions) + " | decode | encode |")
        print("| :-- | " + " | ".join("--:" for _ in functions) + " | --: | --: |")
        for g in sorted(cesu, key=bench_summary.natural_key):
            b = cesu[g]
            cells = [f"{b[f].gbps:.2f}" if f in b else "" for f in functions]
            ratio = lambda ours, rival: f"{b[ours].gbps / b[rival].gbps:.2f}×" if ours in b and rival in b else ""
            cells += [ratio(functions[0], functions[1]), ratio(functions[2], functions[3])]
            print(f"| {g.split('/', 2)[2]} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
