#!/usr/bin/env python3
"""Summarise the criterion results of `cargo bench --bench utf8` as Markdown.

Run the benchmarks first, for example::

    UTFAST_CORPUS=/work/shared/corpus UTFAST_BENCH_QUICK=1 cargo bench --bench utf8
    python3 scripts/bench-summary.py > bench-report.md

For every benchmark, criterion leaves ``<group>/<function>/new/benchmark.json``
(names and throughput in bytes) and ``.../new/estimates.json`` (time per iteration
in ns) under ``target/criterion``. Throughput here is bytes / time, in GB/s
(10^9 bytes per second, as simdutf and simdutf8 publish; criterion's console
prints GiB/s, 2^30 bytes per second, about 7% less).

The report gives:

1. the CPU (from /proc/cpuinfo: run the script on the machine that ran the
   benchmarks), when the results were written (``--max-age-hours`` drops stale
   ones), and how noisy they are (the spread of each benchmark's samples; a
   warning above 3%, the sign of a busy machine);
2. headline ratios, utfast over a rival (above 1: utfast is faster), as the
   geometric mean over the corpus files (``corpus/...`` groups), with the worst
   and best file: (a) ``utfast/validate`` vs ``simdutf/validate_utf8``,
   (b) ``utfast/from_utf8`` vs ``simdutf/validate_utf8_with_errors``, (c) both vs
   ``simdutf8/basic`` and ``simdutf8/compat``, (d) both vs ``std/from_utf8``; the
   same for the generated texts (``gen/...``);
3. short strings (``short/<kind>/<size>``): ``utfast/from_utf8`` over
   ``std/from_utf8`` per size, with geometric mean and minimum, and the time per
   call of each implementation;
4. throughput tables: one row per input group, one column per implementation.

Only the Python 3.11 standard library is used.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

# Implementations in the order of the table columns. utfast's per-kernel
# benchmarks come first (only the kernels the CPU ran appear); names not listed
# here are appended in alphabetical order.
KERNELS = ["scalar", "sse4.2", "avx2", "avx512", "neon"]
IMPL_ORDER = [f"utfast/{k}/{op}" for k in KERNELS for op in ("validate", "from_utf8")] + [
    "utfast/validate",
    "utfast/from_utf8",
    "std/from_utf8",
    "simdutf8/basic",
    "simdutf8/compat",
    "simdutf/validate_utf8",
    "simdutf/validate_utf8_with_errors",
    "encoding_rs/utf8_valid_up_to",
]

# Headline comparisons: (label, utfast benchmark, rival benchmark).
HEADLINES = [
    ("(a)", "utfast/validate", "simdutf/validate_utf8"),
    ("(b)", "utfast/from_utf8", "simdutf/validate_utf8_with_errors"),
    ("(c)", "utfast/validate", "simdutf8/basic"),
    ("(c)", "utfast/from_utf8", "simdutf8/compat"),
    ("(c)", "utfast/validate", "simdutf8/compat"),
    ("(c)", "utfast/from_utf8", "simdutf8/basic"),
    ("(d)", "utfast/validate", "std/from_utf8"),
    ("(d)", "utfast/from_utf8", "std/from_utf8"),
]

# Median relative MAD above which the report warns that the machine was noisy.
NOISY = 0.03

# Short strings: utfast's free function against std's.
SHORT_UTFAST = "utfast/from_utf8"
SHORT_STD = "std/from_utf8"
SHORT_GROUP = re.compile(r"^short/(?P<kind>[^/]+)/(?P<size>\d+)$")


@dataclass(frozen=True)
class Bench:
    """One benchmark's result."""

    group: str
    function: str
    bytes: int  # bytes processed per iteration (criterion throughput)
    ns: float  # time per iteration, nanoseconds (the chosen statistic)
    mtime: float  # when criterion wrote the result (seconds since the epoch)
    noise: float  # median absolute deviation of the samples over their median

    @property
    def gbps(self) -> float:
        """Throughput in GB/s: bytes per nanosecond."""
        return self.bytes / self.ns


# ---------------------------------------------------------------------------
# Loading
# ---------------------------------------------------------------------------


def load(criterion_dir: Path, stat: str) -> dict[str, dict[str, Bench]]:
    """Every benchmark with a byte throughput under ``criterion_dir``, as
    ``{group: {function: Bench}}``. Benchmarks without a group or a byte
    throughput (not from this suite) are skipped."""
    results: dict[str, dict[str, Bench]] = {}
    for meta_path in sorted(criterion_dir.rglob("new/benchmark.json")):
        est_path = meta_path.with_name("estimates.json")
        try:
            meta = json.loads(meta_path.read_text())
            estimates = json.loads(est_path.read_text())
        except (OSError, json.JSONDecodeError) as err:
            print(f"warning: skipping {meta_path.parent}: {err}", file=sys.stderr)
            continue
        group, function = meta.get("group_id"), meta.get("function_id")
        throughput = meta.get("throughput") or {}
        nbytes = throughput.get("Bytes", throughput.get("BytesDecimal"))
        if not group or not function or not nbytes:
            continue
        ns = float(estimates[stat]["point_estimate"])
        mad = float(estimates["median_abs_dev"]["point_estimate"])
        noise = mad / float(estimates["median"]["point_estimate"])
        results.setdefault(group, {})[function] = Bench(
            group, function, int(nbytes), ns, est_path.stat().st_mtime, noise
        )
    return results


def cpu_model() -> str:
    """The CPU's model name from /proc/cpuinfo, or "unknown"."""
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return "unknown"
    fields: dict[str, str] = {}
    for line in text.splitlines():
        key, sep, value = line.partition(":")
        if sep:
            fields.setdefault(key.strip(), value.strip())
    if "model name" in fields:
        name = fields["model name"]
    elif "Model" in fields:
        name = fields["Model"]
    elif "CPU part" in fields:
        name = f"Arm implementer {fields.get('CPU implementer', '?')} part {fields['CPU part']}"
    else:
        return "unknown"
    return f"{name} ({os.cpu_count()} logical CPUs)"


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------


def geomean(values: Sequence[float]) -> float:
    """Geometric mean of positive numbers."""
    return math.exp(sum(math.log(v) for v in values) / len(values))


_UNITS = {"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30}


def natural_key(name: str) -> list:
    """Sort key that orders numbers by value, with sizes in bytes (64KiB < 1MiB)."""
    # re.split with a capturing group alternates text (even) and numbers (odd).
    parts = re.split(r"(\d+(?:KiB|MiB|GiB)?)", name)
    key: list = []
    for i, part in enumerate(parts):
        if i % 2:
            m = re.fullmatch(r"(\d+)(KiB|MiB|GiB)?", part)
            key.append(int(m[1]) * _UNITS.get(m[2] or "", 1))
        else:
            key.append(part)
    return key


def impl_order(names: Iterable[str]) -> list[str]:
    """Implementations in table order: IMPL_ORDER first, then the rest sorted."""
    names = set(names)
    known = [n for n in IMPL_ORDER if n in names]
    return known + sorted(names - set(known))


def fmt_ratio(r: float | None) -> str:
    return "n/a" if r is None else f"{r:.2f}×"


def fmt_gbps(v: float) -> str:
    return f"{v:.2f}" if v < 100 else f"{v:.0f}"


def table(header: Sequence[str], rows: Iterable[Sequence[str]], align: str = "") -> str:
    """A Markdown table; ``align`` gives one of l/r per column (default: first
    column left, the rest right)."""
    align = align or "l" + "r" * (len(header) - 1)
    marks = [":--" if a == "l" else "--:" for a in align]
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join(marks) + " |"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def ratio(group: dict[str, Bench], mine: str, rival: str) -> float | None:
    """Throughput of ``mine`` over ``rival`` in one group (time of rival over
    time of mine), or None when either is missing."""
    if mine in group and rival in group:
        return group[rival].ns / group[mine].ns
    return None


# ---------------------------------------------------------------------------
# Report sections
# ---------------------------------------------------------------------------


def headline_section(title: str, groups: dict[str, dict[str, Bench]]) -> str:
    """Geomean, min and max over ``groups`` of each HEADLINES ratio."""
    rows = []
    for label, mine, rival in HEADLINES:
        found = [(g, r) for g in groups if (r := ratio(groups[g], mine, rival)) is not None]
        if not found:
            continue
        lo = min(found, key=lambda x: x[1])
        hi = max(found, key=lambda x: x[1])
        rows.append(
            [
                label,
                f"`{mine}` vs `{rival}`",
                f"**{fmt_ratio(geomean([r for _, r in found]))}**",
                f"{fmt_ratio(lo[1])} ({short_name(lo[0])})",
                f"{fmt_ratio(hi[1])} ({short_name(hi[0])})",
                str(len(found)),
            ]
        )
    if not rows:
        return f"## {title}\n\nNo results.\n"
    header = ["", "utfast vs rival (throughput ratio)", "geomean", "min", "max", "inputs"]
    return f"## {title}\n\n" + table(header, rows, "llrrrr") + "\n"


def short_name(group: str) -> str:
    """A group name without its category prefix, for compact cells."""
    return group.split("/", 1)[1] if "/" in group else group


def per_input_ratio_section(title: str, groups: dict[str, dict[str, Bench]]) -> str:
    """One row per input: each HEADLINES ratio."""
    pairs = [(m, r) for _, m, r in HEADLINES if any(ratio(g, m, r) for g in groups.values())]
    header = ["input"] + [f"{m.split('/')[-1]} / {r}" for m, r in pairs]
    rows = [
        [short_name(name)] + [fmt_ratio(ratio(groups[name], m, r)) for m, r in pairs]
        for name in sorted(groups, key=natural_key)
    ]
    return f"## {title}\n\n" + table(header, rows) + "\n"


def short_section(groups: dict[str, dict[str, Bench]]) -> str:
    """utfast/from_utf8 over std/from_utf8 per size and kind, with geomean and
    minimum per size (over kinds) and per kind (over sizes); time per call."""
    by_size: dict[int, dict[str, dict[str, Bench]]] = {}
    for name, group in groups.items():
        m = SHORT_GROUP.match(name)
        if m:
            by_size.setdefault(int(m["size"]), {})[m["kind"]] = group
    if not by_size:
        return ""
    kinds = sorted({k for v in by_size.values() for k in v})
    out = [
        f"## Short strings: `{SHORT_UTFAST}` vs `{SHORT_STD}`\n",
        "Throughput ratio (above 1: utfast faster) on batches of strings of one size, "
        "and time per call in ns (utfast / std).\n",
    ]
    rows = []
    per_kind: dict[str, list[tuple[str, float]]] = {k: [] for k in kinds}
    every: list[tuple[str, float]] = []
    for size in sorted(by_size):
        row, here = [str(size)], []
        for kind in kinds:
            group = by_size[size].get(kind)
            r = ratio(group, SHORT_UTFAST, SHORT_STD) if group else None
            if r is None:
                row += ["n/a", "n/a"]
                continue
            here.append(r)
            per_kind[kind].append((f"{size} B", r))
            every.append((f"{kind}, {size} B", r))
            row += [fmt_ratio(r), f"{ns_per_call(group[SHORT_UTFAST], size):.1f} / "
                    f"{ns_per_call(group[SHORT_STD], size):.1f}"]
        if len(kinds) > 1:
            row += [fmt_ratio(geomean(here)) if here else "n/a",
                    fmt_ratio(min(here)) if here else "n/a"]
        rows.append(row)
    header = ["size"] + [h for k in kinds for h in (f"{k}: ratio", f"{k}: ns/call")]
    if len(kinds) > 1:
        header += ["geomean", "min"]
    out += [table(header, rows), ""]

    def summary_row(label: str, found: list[tuple[str, float]]) -> list[str]:
        lo = min(found, key=lambda x: x[1])
        return [label, f"**{fmt_ratio(geomean([r for _, r in found]))}**",
                f"{fmt_ratio(lo[1])} ({lo[0]})", str(len(found))]

    summary = [summary_row(k, per_kind[k]) for k in kinds if per_kind[k]]
    if len(kinds) > 1 and every:
        summary.append(summary_row("all", every))
    out += [table(["strings", "geomean over sizes", "min", "sizes"], summary, "lrrr"), ""]
    out.append(ns_table(by_size, kinds))
    return "\n".join(out) + "\n"


def ns_per_call(bench: Bench, size: int) -> float:
    """Time per call: the batch holds bytes / size strings."""
    return bench.ns / (bench.bytes / size)


def ns_table(by_size: dict[int, dict[str, dict[str, Bench]]], kinds: list[str]) -> str:
    """Time per call (ns) of every implementation, per kind and size."""
    out = []
    for kind in kinds:
        sizes = [s for s in sorted(by_size) if kind in by_size[s]]
        impls = impl_order({f for s in sizes for f in by_size[s][kind]})
        rows = []
        for size in sizes:
            group = by_size[size][kind]
            cells = {f: ns_per_call(b, size) for f, b in group.items()}
            best = min(cells.values())
            rows.append(
                [str(size)]
                + [
                    ("n/a" if f not in cells else
                     (f"**{cells[f]:.1f}**" if cells[f] == best else f"{cells[f]:.1f}"))
                    for f in impls
                ]
            )
        out.append(f"### Short strings, {kind}: ns per call (lower is better)\n")
        out.append(table(["size"] + impls, rows))
        out.append("")
    return "\n".join(out)


def throughput_section(title: str, groups: dict[str, dict[str, Bench]]) -> str:
    """GB/s of every implementation (columns) on every input (rows); the best
    of each row in bold."""
    if not groups:
        return ""
    impls = impl_order({f for g in groups.values() for f in g})
    rows = []
    for name in sorted(groups, key=natural_key):
        group = groups[name]
        best = max(b.gbps for b in group.values())
        size = next(iter(group.values())).bytes
        row = [short_name(name), human_bytes(size)]
        for f in impls:
            if f not in group:
                row.append("n/a")
            else:
                v = group[f].gbps
                row.append(f"**{fmt_gbps(v)}**" if v == best else fmt_gbps(v))
        rows.append(row)
    return (f"### {title}: GB/s (higher is better)\n\n"
            + table(["input", "bytes"] + impls, rows) + "\n")


def human_bytes(n: int) -> str:
    for unit, scale in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= scale:
            return f"{n / scale:.1f} {unit}" if n % scale else f"{n // scale} {unit}"
    return f"{n} B"


# ---------------------------------------------------------------------------
# Shared by the other summaries (scripts/*-summary.py)
# ---------------------------------------------------------------------------


def default_criterion_dir() -> Path:
    """``criterion`` under ``CARGO_TARGET_DIR``, else under the crate's ``target``."""
    here = Path(__file__).resolve().parent.parent
    return Path(os.environ.get("CARGO_TARGET_DIR", here / "target")) / "criterion"


def criterion_results(*prefixes: str) -> dict[str, dict[str, Bench]]:
    """The median results in the default criterion directory, of the groups whose
    names start with one of ``prefixes`` (every group when none is given)."""
    results = load(default_criterion_dir(), "median")
    return {g: b for g, b in results.items() if not prefixes or g.startswith(prefixes)}


def start_report(results: dict, bench: str, title: str, ratios: str) -> bool:
    """Prints a report's title, the CPU and what its ratios are; or, when there
    are no ``results``, says so on standard error and returns False."""
    if not results:
        print(f"no results of `cargo bench --bench {bench}` under {default_criterion_dir()}",
              file=sys.stderr)
        return False
    print(f"# {title}\n")
    print(f"- CPU: {cpu_model()}")
    print(f"- ratios: {ratios}\n")
    return True


def ratios_over(groups: dict[str, dict[str, Bench]], ours: str, rival: str,
                keep=lambda group: True) -> list[float]:
    """Throughput of ``ours`` over ``rival`` in each group that ``keep(name)``
    accepts and that measured both."""
    return [b[ours].gbps / b[rival].gbps
            for g, b in groups.items() if keep(g) and ours in b and rival in b]


def ratio_cells(ratios: Sequence[float]) -> list[str]:
    """Geomean (bold), minimum, maximum and number of ``ratios``: cells of a
    Markdown table row (see RATIO_HEADER)."""
    return [f"**{geomean(ratios):.2f}×**", f"{min(ratios):.2f}×", f"{max(ratios):.2f}×",
            str(len(ratios))]


RATIO_HEADER = ["geomean", "min", "max", "n"]


def gbps_table(groups: dict[str, dict[str, Bench]], functions: Sequence[str],
               name=short_name, extra_header: Sequence[str] = (), extra=None) -> str:
    """A Markdown table of GB/s: a row per group (in natural order, labelled by
    ``name(group)``), a column per function (empty where not measured), then the
    ``extra_header`` columns that ``extra(group_results)`` fills."""
    rows = []
    for g in sorted(groups, key=natural_key):
        b = groups[g]
        cells = [f"{b[f].gbps:.2f}" if f in b else "" for f in functions]
        rows.append([name(g)] + cells + (extra(b) if extra else []))
    header = ["input"] + [f"`{f}`" for f in functions] + list(extra_header)
    return table(header, rows)


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    default_dir = default_criterion_dir()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--criterion-dir", type=Path, default=default_dir,
                        help=f"criterion's output directory (default: {default_dir})")
    parser.add_argument("--stat", choices=["median", "mean"], default="median",
                        help="time estimate to use (default: median, robust to noise)")
    parser.add_argument("--max-age-hours", type=float, default=None,
                        help="ignore results older than this (stale benchmarks)")
    args = parser.parse_args(argv)

    if not args.criterion_dir.is_dir():
        print(f"error: {args.criterion_dir} does not exist; run the benchmarks first",
              file=sys.stderr)
        return 1
    results = load(args.criterion_dir, args.stat)
    if args.max_age_hours is not None:
        cutoff = time.time() - args.max_age_hours * 3600
        results = {g: kept for g, fs in results.items()
                   if (kept := {f: b for f, b in fs.items() if b.mtime >= cutoff})}
    if not results:
        print(f"error: no benchmark results under {args.criterion_dir}", file=sys.stderr)
        return 1

    def category(prefix: str) -> dict[str, dict[str, Bench]]:
        return {g: fs for g, fs in results.items() if g.startswith(prefix + "/")}

    corpus, gen, short = category("corpus"), category("gen"), category("short")
    others = {g: fs for g, fs in results.items()
              if g not in corpus and g not in gen and g not in short}
    mtimes = [b.mtime for fs in results.values() for b in fs.values()]
    stamp = lambda t: time.strftime("%Y-%m-%d %H:%M", time.localtime(t))  # noqa: E731

    print("# utfast UTF-8 validation benchmarks\n")
    print(f"- CPU: {cpu_model()}")
    print(f"- Results: {sum(len(fs) for fs in results.values())} benchmarks in "
          f"{len(results)} groups from `{args.criterion_dir}`, written "
          f"{stamp(min(mtimes))} to {stamp(max(mtimes))}")
    kernels = sorted({f.split("/")[1] for fs in results.values() for f in fs
                      if f.startswith("utfast/") and f.count("/") == 2},
                     key=lambda k: KERNELS.index(k) if k in KERNELS else len(KERNELS))
    if kernels:
        print(f"- utfast kernels measured: {', '.join(kernels)}")
    print(f"- Statistic: {args.stat} time per iteration; GB/s = 10^9 bytes/s; "
          "ratios are utfast throughput over the rival's (above 1: utfast faster)")
    noise = sorted(b.noise for fs in results.values() for b in fs.values())
    median_noise = noise[len(noise) // 2]
    print(f"- Noise (median absolute deviation of the samples / median, per benchmark): "
          f"median {100 * median_noise:.1f}%, 90th percentile "
          f"{100 * noise[int(len(noise) * 0.9)]:.1f}%, max {100 * noise[-1]:.1f}%")
    if median_noise > NOISY:
        print(f"- **Warning: noisy results** (median noise above {100 * NOISY:.0f}%): "
              "a busy or frequency-scaling machine; do not trust differences of that order.")
    print()

    if corpus:
        print(headline_section(f"Headline: corpus, geomean over {len(corpus)} files", corpus))
    if gen:
        print(headline_section(f"Generated text, geomean over {len(gen)} inputs", gen))
    if short:
        print(short_section(short))
    if corpus:
        print(per_input_ratio_section("Ratios per corpus file", corpus))
    print("## Throughput\n")
    for title, groups in (("Corpus", corpus), ("Generated text", gen),
                          ("Short strings", short), ("Other", others)):
        section = throughput_section(title, groups)
        if section:
            print(section)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # e.g. piped into `head`: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)
