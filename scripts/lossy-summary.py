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

import importlib
import sys

# The helpers of scripts/bench-summary.py (this script's folder is on sys.path).
bench_summary = importlib.import_module("bench-summary")

PAIRS = [
    ("utfast/from_utf8_lossy", "std/from_utf8_lossy"),
    ("utfast/from_utf8_lossy", "encoding_rs/decode"),
    ("utfast/utf8_to_utf16_lossy", "encoding_rs/decode_to_utf16"),
    ("utfast/utf8_to_utf16_lossy", "std/lossy_encode_utf16"),
]


def main() -> int:
    loaded = bench_summary.criterion_results("lossy/", "cesu8/", "utf16-lossy/")
    results = {g: b for g, b in loaded.items() if g.startswith("lossy/")}
    cesu = {g: b for g, b in loaded.items() if g.startswith("cesu8/")}
    utf16 = {g: b for g, b in loaded.items() if g.startswith("utf16-lossy/")}
    if not bench_summary.start_report(
        results,
        "lossy",
        "utfast lossy decoding benchmarks",
        "utfast throughput over the rival's (above 1: utfast faster); GB/s of input",
    ):
        return 1
    rows = []
    for form in ("valid", "err1k"):
        for kind in ("gen", "corpus"):
            for ours, rival in PAIRS:
                keep = lambda g: g.split("/")[1] == kind and g.endswith("/" + form)  # noqa: E731
                ratios = bench_summary.ratios_over(results, ours, rival, keep)
                if ratios:
                    rows.append([form, kind, f"`{ours}`", f"`{rival}`"] + bench_summary.ratio_cells(ratios))
    header = ["form", "inputs", "ours", "rival"] + bench_summary.RATIO_HEADER
    print(bench_summary.table(header, rows, "llllrrrr"))
    functions = sorted({f for b in results.values() for f in b})
    print()
    print(bench_summary.gbps_table(results, functions))
    after_kind = lambda g: g.split("/", 2)[2]  # noqa: E731
    ratio = lambda b, ours, rival: (  # noqa: E731
        f"{b[ours].gbps / b[rival].gbps:.2f}×" if ours in b and rival in b else ""
    )
    if utf16:
        print("\n## Lossy UTF-16 to UTF-8 against std (GB/s of UTF-16)\n")
        functions = ["utfast/utf16_to_string_lossy", "std/from_utf16_lossy", "utfast/repair_utf16"]
        extra = lambda b: [ratio(b, functions[0], functions[1])]  # noqa: E731
        print(bench_summary.gbps_table(utf16, functions, after_kind, ["vs std"], extra))
    if cesu:
        print("\n## CESU-8 against the cesu8 crate (GB/s of CESU-8)\n")
        functions = ["utfast/cesu8_to_string", "cesu8/from_cesu8", "utfast/str_to_cesu8", "cesu8/to_cesu8"]
        extra = lambda b: [ratio(b, *functions[:2]), ratio(b, *functions[2:])]  # noqa: E731
        print(bench_summary.gbps_table(cesu, functions, after_kind, ["decode", "encode"], extra))
    return 0


if __name__ == "__main__":
    sys.exit(main())
