#!/usr/bin/env python3
"""Where the loops of a built binary close, within their 64-byte lines.

On Zen 5 a short loop (a dozen instructions that run in a cycle or two) whose
closing branch sits in the last two or first ten bytes of a 64-byte line can
run at half speed: the same machine code moved a few bytes runs twice as fast
(BENCHMARKS.md, twenty-fifth session). Where that lands is the linker's choice,
for utfast's kernels and for simdutf's alike, and changes with any edit. This
script lists every loop (a conditional branch back to an earlier address) of
the functions whose demangled names match a pattern, with its size and the
offset of its closing branch in its line, and marks the offsets in that window.
The window is what the tested one-vector loops showed, not a rule: a
four-vector loop of 88 bytes slowed with its branch at 22–26. It reads the
binary only (`objdump -d`); a mark is a place to measure, and no mark proves
nothing.

    python3 scripts/loop-lines.py target/release/deps/transcode-<hash> \\
        'table::SSE42::latin1_to_utf(16|32)$' --max-size 200
"""

import argparse
import re
import subprocess

# Offsets of a closing branch within its 64-byte line that the Zen 5
# measurements found slow for one-vector loops (62, 63, 0 … 9).
WINDOW = set(range(62, 64)) | set(range(0, 10))

FUNCTION = re.compile(r"^([0-9a-f]+) <(.*)>:$")
BRANCH = re.compile(r"^\s+([0-9a-f]+):\s+(j[a-z]+)\s+([0-9a-f]+) <")


def loops(binary: str, pattern: re.Pattern) -> list[tuple[str, int, int]]:
    """``(function, loop start, closing branch address)`` for every backward
    conditional branch of the matching functions."""
    listing = subprocess.run(["objdump", "-d", "--no-show-raw-insn", "-C", binary],
                             capture_output=True, text=True, check=True).stdout
    found, function = [], None
    for line in listing.splitlines():
        if m := FUNCTION.match(line):
            function = m.group(2) if pattern.search(m.group(2)) else None
        elif function and (m := BRANCH.match(line)) and m.group(2) != "jmp":
            at, target = int(m.group(1), 16), int(m.group(3), 16)
            if target < at:
                found.append((function, target, at))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary")
    parser.add_argument("pattern", help="regular expression over demangled function names")
    parser.add_argument("--max-size", type=int, default=1 << 30,
                        help="list only loops of at most this many bytes")
    args = parser.parse_args()
    for function, start, branch in loops(args.binary, re.compile(args.pattern)):
        size = branch - start + 2
        if size > args.max_size:
            continue
        offset = branch % 64
        mark = "window" if offset in WINDOW else "      "
        print(f"{mark} {function[:80]:80} {start:x}..{branch:x} {size:5} B, branch at +{offset}")


if __name__ == "__main__":
    main()
