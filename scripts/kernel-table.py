#!/usr/bin/env python3
"""Kernel for kernel against simdutf: one command, every direction, every x86 ISA.

For each pair (utfast kernel, simdutf implementation of the same ISA) this CPU
runs — ``sse4.2``/``westmere``, ``avx2``/``haswell``, ``avx512``/``icelake`` — the
script runs the benchmarks once, in one process per pair, with
``SIMDUTF_FORCE_IMPLEMENTATION`` set (simdutf reads it once, at first use) and a
criterion filter that keeps only ``utfast/<kernel>`` and simdutf's function on the
corpus inputs::

    python3 scripts/kernel-table.py                      # ../shared/corpus, 0.3 s each
    python3 scripts/kernel-table.py --corpus DIR --time 1 --detail > table.md
    python3 scripts/kernel-table.py --repeat 3     # each figure the best of 3 runs
    python3 scripts/kernel-table.py --repeat 2 --recheck 3   # and the losing files 3 more
    python3 scripts/kernel-table.py --aligned      # functions on 64-byte boundaries

Benches: ``transcode`` (every conversion and UTF-16/UTF-32 validation:
``utfast/<kernel>`` against ``simdutf/convert``) and ``utf8`` (UTF-8 validation:
``utfast/<kernel>/validate`` against ``simdutf/validate_utf8``, and
``simdutf8/basic``, which picks its own kernel); ``memcpy`` in ``transcode`` copies as
many bytes as a conversion writes, the physical limit: a cell where both sides run
within 10% of it is exempt from the goal (issue 23). ``traffic`` reads every byte of
the input and writes every byte of the output with no work between (for a
validation, reads only): the memory traffic a direction cannot do without, shown
beside a short cell (a conversion that narrows, or a validation, moves more bytes
than a memcpy of its output, so that it can never come within 10% of one). After
each run the script reads criterion's results for that pair before the next run
overwrites simdutf's.

The report: per direction and pair, the geometric mean over the corpus files of
utfast's throughput over simdutf's (above 1: utfast faster), the slowest file's
ratio and its name; with ``--detail``, GB/s per file. Throughputs are in GB/s of
input. The CPU is named at the top (run on the machine that measured). Only the
standard library; the loader is scripts/bench-summary.py's.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

bench_summary = importlib.import_module("bench-summary")

ROOT = Path(__file__).resolve().parent.parent

# (utfast kernel, simdutf implementation of the same ISA)
PAIRS = [("sse4.2", "westmere"), ("avx2", "haswell"), ("avx512", "icelake")]

# Directions of benches/transcode.rs, in report order.
TRANSCODE = [
    "utf8-utf16le", "utf16le-utf8", "utf8-utf32", "utf32-utf8", "utf16le-utf32",
    "utf32-utf16le", "utf16le-validate", "utf32-validate", "latin1-utf8", "utf8-latin1",
    "latin1-utf16le", "utf16le-latin1", "latin1-utf32", "utf32-latin1",
]
UTF8_VALIDATE = "utf8-validate"  # benches/utf8.rs, groups corpus/<file>


def available_kernels() -> list[str]:
    """The utfast kernels this build and CPU run, from the bench's own list."""
    out = run_bench("transcode", ["--list", "^utf8-utf16le/gen/ascii/"], {}, capture=True)
    return [k for k, _ in PAIRS if f"/utfast/{k}:" in out]


# ``--aligned``: every function of both libraries starts on a 64-byte boundary,
# built in a target directory of its own (the default build stays as it is).
ALIGNED_ENV = {
    "CXXFLAGS": "-falign-functions=64",
    "RUSTFLAGS": "-C llvm-args=-align-all-functions=6",
    "CARGO_TARGET_DIR": str(ROOT / "target" / "aligned"),
}


def build(aligned: bool = False) -> dict[str, str]:
    """Builds the two benches once: ``{bench: its executable}``. Every run then
    uses these executables, so edits made while the script runs change nothing.
    With ``aligned``, both libraries' functions start on 64-byte boundaries
    (``ALIGNED_ENV``): where the linker puts simdutf's loops otherwise moves its
    speed by up to 2x between builds of unchanged simdutf code (BENCHMARKS.md,
    forty-fifth session)."""
    env = None
    if aligned:
        # The flags join the caller's own (a RUSTFLAGS or CXXFLAGS already set
        # stays in force); the target directory replaces theirs.
        env = dict(os.environ, CARGO_TARGET_DIR=ALIGNED_ENV["CARGO_TARGET_DIR"])
        for name in ("CXXFLAGS", "RUSTFLAGS"):
            env[name] = f"{os.environ.get(name, '')} {ALIGNED_ENV[name]}".strip()
    out = subprocess.run(["cargo", "bench", "-q", "--bench", "transcode", "--bench", "utf8",
                          "--no-run", "--message-format=json"], cwd=ROOT, check=True,
                         text=True, stdout=subprocess.PIPE, env=env).stdout
    found = {}
    for line in out.splitlines():
        msg = json.loads(line)
        target = msg.get("target") or {}
        if msg.get("reason") == "compiler-artifact" and "bench" in target.get("kind", []):
            found[target["name"]] = msg["executable"]
    return found


EXECUTABLES: dict[str, str] = {}


def run_bench(bench: str, args: list[str], env: dict, capture: bool = False) -> str:
    """Runs the bench's executable with ``--bench <args>`` and ``env`` added."""
    cmd = [EXECUTABLES[bench], "--bench"] + args
    full_env = dict(os.environ, **env)
    if capture:
        return subprocess.run(cmd, cwd=ROOT, env=full_env, check=True, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
    subprocess.run(cmd, cwd=ROOT, env=full_env, check=True,
                   stdout=subprocess.DEVNULL, stderr=sys.stderr)
    return ""


def measure(kernel: str, simdutf: str, corpus: Path, seconds: float,
            directions: list[str], only: dict | None = None) -> dict:
    """``{direction: {file: (utfast GB/s, simdutf GB/s, simdutf8 GB/s or None,
    memcpy GB/s or None, traffic GB/s or None)}}`` for one pair, measured in one
    process per bench (every figure in GB/s of the direction's input).

    With ``only`` (``{direction: [file, ...]}``), just those files' utfast and
    simdutf figures are measured and returned (a recheck): criterion keeps
    every benchmark's last result, and simdutf's name is the same for every
    pair, so nothing but what this run measured is read back."""
    env = {"UTFAST_CORPUS": str(corpus), "SIMDUTF_FORCE_IMPLEMENTATION": simdutf}
    timing = ["--warm-up-time", "0.1", "--measurement-time", str(seconds),
              "--sample-size", "20", "--noplot"]
    found: dict = {}

    def wanted(direction: str, file: str) -> bool:
        return only is None or file in only.get(direction, [])

    def files_of(direction: str) -> str:
        return ".*" if only is None else "(" + "|".join(map(re.escape, only[direction])) + ")"

    extra = "" if only else "|memcpy|traffic"
    transcode = [d for d in directions if d != UTF8_VALIDATE and (only is None or d in only)]
    if transcode:
        groups = "|".join(f"{d}/corpus/{files_of(d)}" for d in transcode)
        pattern = f"^({groups})/(utfast/{re.escape(kernel)}|simdutf/convert{extra})$"
        run_bench("transcode", timing + [pattern], env)
        results = bench_summary.criterion_results()
        for direction in transcode:
            prefix = f"{direction}/corpus/"
            for group, b in results.items():
                ours, theirs = b.get(f"utfast/{kernel}"), b.get("simdutf/convert")
                copy, moved = b.get("memcpy"), b.get("traffic")
                file = group[len(prefix):]
                if group.startswith(prefix) and ours and theirs and wanted(direction, file):
                    found.setdefault(direction, {})[file] = (
                        ours.gbps, theirs.gbps, None, copy.gbps if copy else None,
                        moved.gbps if moved else None)
    if UTF8_VALIDATE in directions and (only is None or UTF8_VALIDATE in only):
        other = "" if only else "|simdutf8/basic"
        pattern = (f"^corpus/{files_of(UTF8_VALIDATE)}/(utfast/{re.escape(kernel)}/validate"
                   f"|simdutf/validate_utf8{other})$")
        run_bench("utf8", timing + [pattern], env)
        for group, b in bench_summary.criterion_results("corpus/").items():
            ours, theirs = b.get(f"utfast/{kernel}/validate"), b.get("simdutf/validate_utf8")
            file = group[len("corpus/"):]
            if ours and theirs and wanted(UTF8_VALIDATE, file):
                other = b.get("simdutf8/basic")
                found.setdefault(UTF8_VALIDATE, {})[file] = (
                    ours.gbps, theirs.gbps, other.gbps if other else None, None, None)
    return found


def losers(files_by_direction: dict) -> dict:
    """``{direction: [file, ...]}``: the files where utfast measured slower
    than simdutf, the ones a recheck measures again."""
    found = {}
    for direction, files in files_by_direction.items():
        slow = sorted(f for f, v in files.items() if v[0] < v[1])
        if slow:
            found[direction] = slow
    return found


def best_of(old: dict, new: dict) -> dict:
    """``measure``'s results of two runs merged: each figure the higher of the
    two (None where a run has none)."""
    merged = {}
    for direction in set(old) | set(new):
        a, b = old.get(direction, {}), new.get(direction, {})
        merged[direction] = {}
        for f in set(a) | set(b):
            x, y = a.get(f), b.get(f)
            if x is None or y is None:
                merged[direction][f] = x or y
                continue
            merged[direction][f] = tuple(
                None if p is None and q is None else max(v for v in (p, q) if v is not None)
                for p, q in zip(x, y))
    return merged


# Within this fraction of memcpy's time, a side runs at the physical limit.
AT_MEMCPY = 1.1


def at_memcpy(ours: float, theirs: float, copy: float | None) -> bool:
    """True when both sides run within 10% of a memcpy of the same output
    (throughputs of one input, so time is their inverse): issue 23's only
    exemption from a goal."""
    return copy is not None and min(ours, theirs) * AT_MEMCPY >= copy


def summary_cell(files: dict) -> str:
    """``geomean (min: file)`` of utfast over simdutf; bold when a goal is missed:
    a geomean below 1.2× or a file below 1.0×, unless both sides run at memcpy's
    speed there (then the memcpy figures are shown, and the cell is exempt).
    Where short, each side's throughput over ``traffic`` is shown too."""
    if not files:
        return ""
    ratios = {f: v[0] / v[1] for f, v in files.items()}
    mean = bench_summary.geomean(list(ratios.values()))
    worst = min(ratios, key=ratios.get)
    text = f"{mean:.2f}× (min {ratios[worst]:.2f}×, {Path(worst).name.split('.')[0]})"
    copies = [v[3] for v in files.values()]
    short_mean = mean < 1.2
    short_files = [f for f, r in ratios.items() if r < 1.0]
    if None not in copies and (short_mean or short_files):
        gm = [bench_summary.geomean([v[i] for v in files.values()]) for i in (0, 1, 3)]
        text += f"; of memcpy: {gm[0] / gm[2]:.2f}× / {gm[1] / gm[2]:.2f}×"
        short_mean = short_mean and not at_memcpy(*gm)
        short_files = [f for f in short_files if not at_memcpy(*(files[f][i] for i in (0, 1, 3)))]
        if not short_mean and not short_files:
            text += " (exempt: both at memcpy)"
    moved = [v[4] for v in files.values()]
    if None not in moved and (short_mean or short_files):
        gm = [bench_summary.geomean([v[i] for v in files.values()]) for i in (0, 1, 4)]
        text += f"; of traffic: {gm[0] / gm[2]:.2f}× / {gm[1] / gm[2]:.2f}×"
    return f"**{text}**" if short_mean or short_files else text


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=Path(
        os.environ.get("UTFAST_CORPUS", ROOT.parent / "shared" / "corpus")))
    parser.add_argument("--time", type=float, default=0.3,
                        help="criterion measurement time per benchmark, seconds")
    parser.add_argument("--kernels", help="comma-separated subset of sse4.2,avx2,avx512")
    parser.add_argument("--directions", help=f"comma-separated subset of "
                        f"{UTF8_VALIDATE},{','.join(TRANSCODE)}")
    parser.add_argument("--detail", action="store_true", help="GB/s per file too")
    parser.add_argument("--repeat", type=int, default=1,
                        help="runs of each pair (alternating); every benchmark's best "
                        "throughput counts (a shared machine's noise only slows)")
    parser.add_argument("--recheck", type=int, default=0,
                        help="after the runs, measure the files where utfast was slower "
                        "again this many times, both libraries, keeping each side's best "
                        "(as --repeat does, for those files only)")
    parser.add_argument("--aligned", action="store_true",
                        help="build both libraries with every function on a 64-byte "
                        "boundary (in target/aligned), so that a change to one kernel "
                        "does not move the other functions' loops")
    args = parser.parse_args()
    if not args.corpus.is_dir():
        print(f"error: no corpus directory at {args.corpus}; pass --corpus DIR",
              file=sys.stderr)
        return 2
    directions = [UTF8_VALIDATE] + TRANSCODE
    if args.directions:
        wanted = args.directions.split(",")
        unknown = [d for d in wanted if d not in directions]
        if unknown:
            print(f"error: unknown direction(s) {unknown}; known: {directions}",
                  file=sys.stderr)
            return 2
        directions = [d for d in directions if d in wanted]
    EXECUTABLES.update(build(args.aligned))
    kernels = available_kernels()
    if args.kernels:
        kernels = [k for k in kernels if k in args.kernels.split(",")]
    if not kernels:
        print("error: this CPU runs none of the x86 kernels compared with simdutf",
              file=sys.stderr)
        return 1
    pairs = [(k, s) for k, s in PAIRS if k in kernels]
    by_pair: dict = {}
    for run in range(max(1, args.repeat)):
        for kernel, simdutf in pairs:
            print(f"measuring utfast/{kernel} against simdutf {simdutf} "
                  f"(run {run + 1} of {max(1, args.repeat)}) ...", file=sys.stderr)
            found = measure(kernel, simdutf, args.corpus, args.time, directions)
            by_pair[kernel] = best_of(by_pair.get(kernel, {}), found)
    rechecked = set()  # (kernel, direction, file) measured again
    for run in range(args.recheck):
        for kernel, simdutf in pairs:
            slow = losers(by_pair[kernel])
            if not slow:
                continue
            count = sum(map(len, slow.values()))
            print(f"rechecking {count} file(s) of utfast/{kernel} against simdutf {simdutf} "
                  f"(recheck {run + 1} of {args.recheck}) ...", file=sys.stderr)
            rechecked.update((kernel, d, f) for d, files in slow.items() for f in files)
            found = measure(kernel, simdutf, args.corpus, args.time, directions, only=slow)
            by_pair[kernel] = best_of(by_pair[kernel], found)

    print("# utfast kernel for kernel against simdutf\n")
    print(f"- CPU: {bench_summary.cpu_model()}")
    if args.aligned:
        print("- build: every function of both libraries on a 64-byte boundary "
              "(`--aligned`)")
    print(f"- corpus: {args.corpus}; criterion median, {args.time} s per benchmark"
          + (f", best of {args.repeat} alternating runs" if args.repeat > 1 else "")
          + (f"; files where utfast was slower measured again up to {args.recheck} more "
             f"times, both libraries ({len(rechecked)} file figures)"
             if args.recheck else ""))
    print("- cell: utfast's throughput over simdutf's kernel of the same ISA, geomean "
          "over the corpus files (min: the slowest file); bold: below 1.2× or a file "
          "below 1.0×; where short, `of memcpy`: each side's throughput over a memcpy "
          "of the same output (exempt when both are within 10% of it, for the "
          "geomean and for every file below 1.0×), and `of traffic`: each side's "
          "throughput over reading the input and writing the output with no work "
          "between\n")
    header = ["direction"] + [f"{k} vs {s}" for k, s in pairs]
    rows = [[d] + [summary_cell(by_pair[k].get(d, {})) for k, _ in pairs]
            for d in directions]
    print(bench_summary.table(header, rows))
    if UTF8_VALIDATE in directions:
        rows = []
        for k, _ in pairs:
            files = by_pair[k].get(UTF8_VALIDATE, {})
            ratios = [v[0] / v[2] for v in files.values() if v[2]]
            if ratios:
                rows.append([f"utfast/{k}/validate"] + bench_summary.ratio_cells(ratios))
        if rows:
            print("\nUTF-8 validation over simdutf8 (`basic`, its own kernel choice):\n")
            print(bench_summary.table(["utfast"] + bench_summary.RATIO_HEADER, rows))
    if args.detail:
        for d in directions:
            print(f"\n## {d} (GB/s: utfast / simdutf / memcpy / traffic)\n")
            files = sorted({f for k, _ in pairs for f in by_pair[k].get(d, {})})
            rows = []
            for f in files:
                cells = []
                for k, _ in pairs:
                    v = by_pair[k].get(d, {}).get(f)
                    cells.append((f"{v[0]:.2f} / {v[1]:.2f}"
                                  + (f" / {v[3]:.2f}" if v[3] else " / -")
                                  + (f" / {v[4]:.2f}" if v[4] else "")) if v else "")
                rows.append([f] + cells)
            print(bench_summary.table(["file"] + header[1:], rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
