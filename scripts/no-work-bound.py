#!/usr/bin/env python3
"""How fast a loop that does no work moves a direction's bytes, beside utfast and simdutf.

For the validations and the directions that narrow (``utf16le-latin1``,
``utf32-latin1``, ``utf32-utf16le``), whose cells in the kernel table cannot be
exempt by the memcpy rule (a memcpy of the output moves fewer bytes than they
must), the script runs ``examples/instructions.rs`` with the side ``bound`` on
every corpus file the table uses: rounds of utfast's kernel, simdutf's
implementation of the same ISA and up to sixteen loops that read the input and write
an output of the direction's size with nothing between
(``benches/common/no_work.rs``: vectors of the kernel's width and half of it,
one to eight a step, wide or narrow stores). Each one's best batch is kept.

The report, per direction and kernel: the geometric mean over the files of
utfast's speed over simdutf's, and of the fastest no-work loop's over
simdutf's. When even the no-work loops stay below a ratio, a conversion that
reads and writes the same bytes is unlikely to reach it on this machine::

    python3 scripts/no-work-bound.py                        # every such cell
    python3 scripts/no-work-bound.py --directions utf16le-latin1 --kernels avx512
    python3 scripts/no-work-bound.py --aligned --detail     # as kernel-table.py --aligned

Only the standard library; the kernel pairs and the aligned build are
kernel-table.py's.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import re
import subprocess
import sys
from pathlib import Path

kernel_table = importlib.import_module("kernel-table")

ROOT = Path(__file__).resolve().parent.parent

DIRECTIONS = ["utf16le-latin1", "utf32-latin1", "utf32-utf16le",
              "utf8-validate", "utf16le-validate", "utf32-validate"]
LATIN1 = {"utf16le-latin1", "utf32-latin1"}
LINE = re.compile(r"^bound (\S+): utfast ([0-9.]+) us, simdutf ([0-9.]+) us, "
                  r"no work ([0-9.]+) us \(([^)]*)\)")


def build(aligned: bool) -> str:
    """Builds the example once; returns its executable."""
    env = None
    if aligned:
        env = dict(os.environ, CARGO_TARGET_DIR=kernel_table.ALIGNED_ENV["CARGO_TARGET_DIR"])
        for name in ("CXXFLAGS", "RUSTFLAGS"):
            env[name] = f"{os.environ.get(name, '')} {kernel_table.ALIGNED_ENV[name]}".strip()
    out = subprocess.run(["cargo", "build", "-q", "--release", "--example", "instructions",
                          "--message-format=json"], cwd=ROOT, check=True, text=True,
                         stdout=subprocess.PIPE, env=env).stdout
    for line in out.splitlines():
        msg = json.loads(line)
        if msg.get("reason") == "compiler-artifact" and msg.get("executable") \
                and msg["target"]["name"] == "instructions":
            return msg["executable"]
    sys.exit("error: cargo built no `instructions` example")


def files(corpus: Path, direction: str) -> list[Path]:
    """The corpus files of `direction` in the kernel table: every UTF-8 file, or
    for the Latin-1 directions those whose characters are all below U+0100 and
    the Latin-1 files."""
    utf8 = sorted(corpus.rglob("*.utf8.txt"))
    if direction not in LATIN1:
        return utf8
    fits = [p for p in utf8 if all(ord(c) < 0x100 for c in p.read_text(encoding="utf-8"))]
    return fits + sorted(corpus.rglob("*.latin1.txt"))


def geomean(xs: list[float]) -> float:
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    parser.add_argument("--directions", nargs="+", default=DIRECTIONS, choices=DIRECTIONS)
    parser.add_argument("--kernels", nargs="+", default=[k for k, _ in kernel_table.PAIRS])
    parser.add_argument("--reps", type=int, default=200, help="conversions a batch")
    parser.add_argument("--aligned", action="store_true",
                        help="functions on 64-byte boundaries, as kernel-table.py --aligned")
    parser.add_argument("--detail", action="store_true", help="a row per file")
    args = parser.parse_args()
    if not args.corpus.is_dir():
        sys.exit(f"error: no corpus at {args.corpus}: give --corpus DIR")
    exe = build(args.aligned)
    pairs = dict(kernel_table.PAIRS)
    print("# What no work reaches: the fastest no-work loop beside utfast and simdutf\n")
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            cpu = next((l.split(":", 1)[1].strip() for l in info
                        if l.startswith("model name")), "unknown CPU")
    except OSError:
        cpu = "unknown CPU"
    print(f"- CPU: {cpu}; best batch of {args.reps} conversions in 41 rounds each\n")
    print("| direction | kernel | utfast / simdutf | no work / simdutf | files |")
    print("| :-- | :-- | --: | --: | --: |")
    details = []
    for direction in args.directions:
        for kernel in args.kernels:
            env = dict(os.environ, UTFAST_KERNEL=kernel,
                       SIMDUTF_FORCE_IMPLEMENTATION=pairs.get(kernel, ""))
            rows = []
            for path in files(args.corpus, direction):
                run = subprocess.run([exe, direction, str(path), str(args.reps), "bound"],
                                     env=env, text=True, capture_output=True)
                m = next((LINE.match(l) for l in run.stdout.splitlines() if LINE.match(l)), None)
                if run.returncode != 0 or not m:
                    print(f"warning: {direction} {kernel} {path.name}: "
                          f"{run.stderr.strip().splitlines()[-1:]}", file=sys.stderr)
                    continue
                ours, theirs, none = (float(m.group(i)) for i in (2, 3, 4))
                rows.append((path.name, theirs / ours, theirs / none, m.group(5)))
            if not rows:
                continue
            ratio, bound = [r[1] for r in rows], [r[2] for r in rows]
            print(f"| {direction} | {kernel} | {geomean(ratio):.2f}× (min {min(ratio):.2f}×) "
                  f"| {geomean(bound):.2f}× (min {min(bound):.2f}×) | {len(rows)} |")
            details.append((direction, kernel, rows))
    if args.detail:
        for direction, kernel, rows in details:
            print(f"\n## {direction}, {kernel}\n")
            print("| file | utfast / simdutf | no work / simdutf | fastest shape |")
            print("| :-- | --: | --: | :-- |")
            for name, ratio, bound, shape in rows:
                print(f"| {name} | {ratio:.3f}× | {bound:.3f}× | {shape} |")


if __name__ == "__main__":
    main()
