#!/usr/bin/env python3
"""utfast.decode / utfast.encode against CPython's codecs, in one process,
alternating, best of several rounds: GB/s of input and the ratio per corpus file,
the geometric mean, and short strings one at a time (8, 16, 32, 64 bytes).

Usage: python3 scripts/python-bench.py [--quick] [CORPUS_DIR]
(with utfast installed: pip install ./utfast-python; the corpus defaults to
../shared/corpus beside the repository)."""

import math
import pathlib
import platform
import sys
import timeit

import utfast

QUICK = "--quick" in sys.argv
ARGS = [a for a in sys.argv[1:] if not a.startswith("--")]
CORPUS = pathlib.Path(ARGS[0]) if ARGS else pathlib.Path(__file__).resolve().parents[1].parent / "shared" / "corpus"
ROUNDS = 3 if QUICK else 7


def best(call, size):
    """Seconds per call: the best round of enough calls to take ~20 ms."""
    timer = timeit.Timer(call)
    number, _ = timer.autorange()
    number = max(1, number // 10) if QUICK else number
    return min(timer.repeat(ROUNDS, number)) / number


def cpu():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def row(name, size, theirs, ours):
    t, o = best(theirs, size), best(ours, size)
    print(f"  {name:<34} {size:>9} {size / t / 1e9:7.2f} {size / o / 1e9:7.2f} {t / o:7.2f}x")
    return t / o


def table(title, cases):
    print(f"\n{title}\n  {'input':<34} {'bytes':>9} {'CPython':>7} {'utfast':>7} {'ratio':>8}")
    ratios = [row(*case) for case in cases]
    if ratios:
        geomean = math.exp(sum(map(math.log, ratios)) / len(ratios))
        print(f"  geomean {geomean:.2f}x, worst {min(ratios):.2f}x over {len(ratios)} inputs")


def main():
    print(f"CPython {platform.python_version()}, utfast kernel {utfast.active_kernel()}, CPU {cpu()}")
    print("GB/s of input (decode: bytes in; encode: bytes out), best of", ROUNDS, "rounds")
    files = sorted(CORPUS.rglob("*.txt")) if CORPUS.is_dir() else []
    utf8 = [(p.name, p.read_bytes()) for p in files if ".utf8." in p.name]
    utf16 = [(p.name, p.read_bytes()) for p in files if ".utf16." in p.name]
    table("decode UTF-8 (bytes.decode('utf-8') vs utfast.decode)", [
        (name, len(d), lambda d=d: d.decode("utf-8"), lambda d=d: utfast.decode(d, "utf-8"))
        for name, d in utf8])
    table("decode UTF-16LE", [
        (name, len(d), lambda d=d: d.decode("utf-16-le"), lambda d=d: utfast.decode(d, "utf-16-le"))
        for name, d in utf16 if len(d) % 2 == 0])
    texts = [(name, d.decode("utf-8")) for name, d in utf8]
    for encoding in ["utf-8", "utf-16-le"]:
        table(f"encode {encoding} (str.encode vs utfast.encode)", [
            (name, len(t.encode(encoding)), lambda t=t, e=encoding: t.encode(e),
             lambda t=t, e=encoding: utfast.encode(t, e))
            for name, t in texts])
    mixed = "aé€🎉 plain text, Grüße, 日本語 " * 4
    short = []
    for size in [8, 16, 32, 64]:
        for label, text in [("ascii", "a" * size), ("mixed", mixed.encode()[:size].decode("utf-8", "ignore"))]:
            data = text.encode()
            short.append((f"decode {label} {size} B", len(data), lambda d=data: d.decode("utf-8"),
                          lambda d=data: utfast.decode(d, "utf-8")))
            short.append((f"encode {label} {size} B", len(data), lambda t=text: t.encode("utf-8"),
                          lambda t=text: utfast.encode(t, "utf-8")))
    table("short strings, one call each (UTF-8)", short)


if __name__ == "__main__":
    main()
