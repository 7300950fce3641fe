"""No leak and no crash on a loop of calls, good input and bad: the process's
resident memory stays flat over thousands of calls that each allocate and
discard more than a kilobyte, and the inputs' reference counts come back to
where they were (a leaked buffer view or a lost reference would show in one or
the other)."""

import os
import sys

import pytest

import utfast

PAGE = os.sysconf("SC_PAGE_SIZE")
CALLS = 4000


def resident():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * PAGE


def calls():
    good = ("déjà vu 日本 🎉 " * 100).encode()
    bad = good + b"\xff\xc0" + good
    text = "a\udcff €" * 300
    return [
        (good, lambda: utfast.decode(good)),
        (bad, lambda: utfast.decode(bad, "utf-8", "replace")),
        (bad, lambda: utfast.decode(bad, "utf-8", "backslashreplace")),
        (bad, lambda: utfast.decode(bad, "utf-16-le", "ignore")),
        (bad, lambda: _raises(UnicodeDecodeError, lambda: utfast.decode(bad))),
        (bad, lambda: _raises(UnicodeDecodeError, lambda: utfast.decode(memoryview(bad), "utf-32-be"))),
        (text, lambda: _raises(UnicodeEncodeError, lambda: utfast.encode(text))),
        (text, lambda: utfast.encode(text, "latin-1", "xmlcharrefreplace")),
        (text, lambda: utfast.encode(text, "utf-16-le", "surrogatepass")),
        (bad, lambda: utfast.validate_utf8(bytearray(bad))),
    ]


def _raises(kind, call):
    with pytest.raises(kind):
        call()


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="needs /proc")
def test_codecs_do_not_leak():
    for obj, call in calls():
        for _ in range(200):
            call()
        refs, before = sys.getrefcount(obj), resident()
        for _ in range(CALLS):
            call()
        grown = resident() - before
        assert sys.getrefcount(obj) == refs
        # Each call allocates >= 1.5 KB: a leak of its result would be > 6 MB.
        assert grown < 2 * 1024 * 1024, grown


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="needs /proc")
def test_arrow_does_not_leak():
    pa = pytest.importorskip("pyarrow")
    import utfast.arrow as ua

    column = pa.array([b"caf\xe9 " * 50, None, b"ok"] * 20)
    chunked = pa.chunked_array([column, column])
    loops = [
        lambda: ua.binary_to_string(column, "replace"),
        lambda: ua.decode(chunked, "latin-1"),
        lambda: _raises(ValueError, lambda: ua.binary_to_string(chunked)),
        lambda: ua.is_valid_utf8(column),
    ]
    for call in loops:
        for _ in range(100):
            call()
        refs, before = sys.getrefcount(column), resident()
        for _ in range(1000):
            call()
        assert sys.getrefcount(column) == refs
        assert resident() - before < 2 * 1024 * 1024
