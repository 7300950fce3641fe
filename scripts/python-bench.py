#!/usr/bin/env python3
"""utfast.decode / utfast.encode against CPython's codecs, in one process,
alternating, best of several rounds: GB/s of input and the ratio per corpus file,
the geometric mean, and short strings one at a time (8, 16, 32, 64 bytes);
with pyarrow (and Polars) installed, columns of a million 16-byte rows:
utfast.arrow against pyarrow's cast and a per-row Python loop, utfast.polars
against Polars' own cast.

Usage: python3 scripts/python-bench.py [--quick] [CORPUS_DIR]
(with utfast installed: pip install ./utfast-python; the corpus defaults to
../shared/corpus beside the repository)."""

import math
import pathlib
import platform
import random
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


def table(title, cases, rival="CPython"):
    print(f"\n{title}\n  {'input':<34} {'bytes':>9} {rival:>7} {'utfast':>7} {'ratio':>8}")
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
    handlers(dict(texts))


def handlers(texts):
    """Invalid input under the error handlers done natively (every encoding):
    French text with a lone surrogate (encoding) or a bad unit (decoding) every
    1,000 characters, and cp1252's strict encoder, which has no kernel."""
    name = "french.utf8.txt"
    if name not in texts:
        return
    text = texts[name]
    bad_text = "\ud800".join(text[i:i + 1000] for i in range(0, len(text), 1000))
    cases = []
    for encoding in ["utf-8", "utf-16-le", "latin-1", "cp1252"]:
        for errors in ["replace", "backslashreplace", "xmlcharrefreplace"]:
            size = len(bad_text.encode(encoding, errors))
            cases.append((f"encode {encoding} {errors}", size,
                          lambda e=encoding, h=errors: bad_text.encode(e, h),
                          lambda e=encoding, h=errors: utfast.encode(bad_text, e, h)))
    data = text.encode("cp1252", "replace")
    strict_text = data.decode("cp1252")
    cases.append(("encode cp1252 strict", len(data), lambda: strict_text.encode("cp1252"),
                  lambda: utfast.encode(strict_text, "cp1252")))
    bad_bytes = {
        "utf-8": b"\xff".join(text.encode()[i:i + 1000] for i in range(0, len(text.encode()), 1000)),
        "utf-16-le": bad_text.encode("utf-16-le", "surrogatepass"),
        "utf-32-le": bad_text.encode("utf-32-le", "surrogatepass"),
        "cp1252": b"\x81".join(data[i:i + 1000] for i in range(0, len(data), 1000)),
    }
    for encoding, data in bad_bytes.items():
        for errors in ["replace", "backslashreplace"] + (["surrogateescape"] if encoding in ("utf-8", "cp1252") else []):
            cases.append((f"decode {encoding} {errors}", len(data),
                          lambda d=data, e=encoding, h=errors: d.decode(e, h),
                          lambda d=data, e=encoding, h=errors: utfast.decode(d, e, h)))
    table("error handlers (a bad unit every 1,000 characters of French text)", cases)
    columns()


def columns():
    """A million rows of 16 bytes of mixed text (random words, seeded) (1 in 1000 made invalid for the
    repair case), as the issue's column goals measure them."""
    try:
        import pyarrow as pa
        import pyarrow.compute as pc

        import utfast.arrow as ua
    except ImportError:
        print("\n(columns skipped: pyarrow is not installed)")
        return
    words = "the quick brown fox jumps over déjà vu 日本語 🎉 naïve café Grüße".split()
    count = 100_000 if QUICK else 1_000_000
    pick = random.Random(42).choice
    rows = []
    for _ in range(count):
        text = " ".join(pick(words) for _ in range(6))
        rows.append(text.encode()[:16].decode("utf-8", "ignore").encode())
    size = sum(map(len, rows))
    good = pa.array(rows, pa.binary())
    bad = pa.array([r + b"\xff" if i % 1000 == 7 else r for i, r in enumerate(rows)], pa.binary())
    latin1 = pa.array([r.decode().encode("latin-1", "replace") for r in rows], pa.binary())

    def loop_replace():
        return pa.array([None if b is None else b.decode("utf-8", "replace") for b in bad.to_pylist()])

    def loop_latin1():
        return pa.array([None if b is None else b.decode("latin-1") for b in latin1.to_pylist()])

    table(f"columns: {count} rows of up to 16 bytes (rival: pyarrow's cast, or a per-row loop)", [
        ("binary_to_string vs pc.cast", size, lambda: pc.cast(good, pa.string()),
         lambda: ua.binary_to_string(good)),
        ("binary_to_string replace vs loop", size, loop_replace,
         lambda: ua.binary_to_string(bad, on_invalid="replace")),
        ("decode latin-1 vs loop", size, loop_latin1, lambda: ua.decode(latin1, "latin-1")),
    ], rival="rival")
    try:
        import polars as pl

        import utfast.polars  # noqa: F401
    except ImportError:
        print("\n(Polars skipped: polars is not installed)")
        return
    series = pl.Series("b", good)
    frame = pl.DataFrame({"b": series})
    table("Polars: the binary column as String (rival: Polars' cast(pl.String))", [
        ("Series.utfast.decode", size, lambda: series.cast(pl.String),
         lambda: series.utfast.decode()),
        ("lazy select pl.col.utfast.decode", size,
         lambda: frame.lazy().select(pl.col("b").cast(pl.String)).collect(),
         lambda: frame.lazy().select(pl.col("b").utfast.decode()).collect()),
    ], rival="Polars")


if __name__ == "__main__":
    main()
