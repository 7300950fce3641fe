"""utfast.decode / utfast.encode against CPython's codecs: the same result (down
to the str's PEP 393 kind), or the same exception with the same attributes, for
every encoding under its names and aliases, every error handler, on corpus
text, mutated text, random bytes and random strings with lone surrogates, on
every kernel (UTFAST_KERNEL, in subprocesses)."""

import array
import os
import pathlib
import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

import utfast

ENCODINGS = ["utf-8", "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be", "latin-1", "cp1252"]
ALIASES = [
    "utf8", "UTF-8", "U8", "utf_8", "UTF8", "utf8_ucs4",
    "UTF-16LE", "utf_16_le", "utf-16le", "UTF_16_BE", "utf_16be",
    "utf_32_le", "UTF-32BE", "utf32be",
    "iso-8859-1", "latin1", "L1", "iso8859_1", "ISO_8859-1:1987", "cp819", "8859",
    "windows-1252", "WINDOWS-1252", "windows_1252",
    # Not utfast's: CPython's codec all the way.
    "ascii", "utf-16", "utf-32", "cp437",
]
DECODE_HANDLERS = ["strict", "replace", "ignore", "surrogateescape", "backslashreplace", "surrogatepass"]
ENCODE_HANDLERS = DECODE_HANDLERS + ["xmlcharrefreplace", "namereplace"]
CORPUS = pathlib.Path(__file__).resolve().parents[2].parent / "shared" / "corpus"


def outcome(call):
    """What a call gives: its result (with the str's size, which tells its
    PEP 393 kind), or its exception's type and attributes."""
    try:
        result = call()
    except UnicodeError as error:
        return (type(error), error.encoding, error.start, error.end, error.reason, error.object)
    except Exception as error:  # noqa: BLE001 - any exception must match
        return (type(error), str(error))
    if isinstance(result, str):
        return ("str", result, sys.getsizeof(result), result.isascii())
    return (type(result), result)


def check_decode(data, encoding, errors="strict"):
    expected = outcome(lambda: bytes(data).decode(encoding, errors))
    got = outcome(lambda: utfast.decode(data, encoding, errors))
    assert got == expected, (bytes(data)[:80], encoding, errors)


def check_encode(text, encoding, errors="strict"):
    expected = outcome(lambda: text.encode(encoding, errors))
    got = outcome(lambda: utfast.encode(text, encoding, errors))
    assert got == expected, (text[:40], encoding, errors)


def corpus_files():
    if not CORPUS.is_dir():
        return []
    return sorted(p for p in CORPUS.rglob("*.txt"))


SAMPLES = [
    "", "a", "plain ASCII text", "déjà vu", "ÿ", "Ā", "€uro", "日本語", "🎉 party",
    "mixed: a é € 日 🎉", "\x00\x7f\x80\xff", "\ud800", "a\udfffb", "\ud83d\ude00",
    "x" * 100 + "é", "é" * 70_000, "日" * 30_000 + "🎉",
    # UCS-2 text (a wide unit early on) with a surrogate later: pairs, lone ones.
    "日本語\udc00 tail", "日本語" * 20 + "\ud83d", "Ā" + "x" * 200 + "🎉" + "y" * 50,
    # Latin-1 text, then a wider character or a surrogate; ASCII, then not.
    "déjà" + "x" * 100 + "€", "é" * 40 + "\ud800", "ÿ" + "🎉",
    "x" * 64 + "é", "x" * 200 + "€" + "y" * 100, "x" * 130 + "🎉", "x" * 64 + "\x80",
    # Lone surrogates in UCS-4 text, one of them an escape surrogateescape
    # encodes as its byte; a would-be pair in UCS-2 text, long enough for the
    # general path.
    "🎉\udc80x\ud800", "🎉\udcff", "日" * 40 + "\ud83d\ude00" + "\udce9",
]


@pytest.mark.parametrize("encoding", ENCODINGS + ALIASES)
def test_samples_both_ways(encoding):
    for text in SAMPLES:
        for errors in ENCODE_HANDLERS:
            check_encode(text, encoding, errors)
        for target in ENCODINGS:
            try:
                data = text.encode(target, "surrogatepass")
            except UnicodeEncodeError:
                data = text.encode(target, "replace")
            for errors in DECODE_HANDLERS:
                check_decode(data, encoding, errors)


@pytest.mark.parametrize("path", corpus_files(), ids=lambda p: p.name)
def test_corpus_files(path):
    data = path.read_bytes()
    for encoding in ENCODINGS:
        check_decode(data, encoding)
    try:
        text = data.decode("utf-16-le" if ".utf16" in path.name else
                           "latin-1" if ".latin1" in path.name else "utf-8")
    except UnicodeDecodeError:
        return
    for encoding in ENCODINGS:
        check_encode(text, encoding)
        check_encode(text, encoding, "replace")


def test_buffer_protocol_inputs():
    data = "déjà 日本 🎉".encode()
    for view in [bytearray(data), memoryview(data), memoryview(data)[1:], array.array("B", data),
                 memoryview(bytearray(data))[::2], list(data)]:
        for encoding in ENCODINGS:
            check_decode(view, encoding)
    assert utfast.validate_utf8(bytearray(data))
    assert not utfast.validate_utf8(memoryview(b"ab\xed\xa0\x80"))
    for bad in ["text", 3.5, None]:
        assert outcome(lambda: utfast.decode(bad)) == outcome(lambda: bytes(bad).decode())


def test_defaults_keywords_and_bad_names():
    assert utfast.decode(b"caf\xc3\xa9") == "café"
    assert utfast.decode(data=b"\xe9", encoding="latin-1") == "é"
    assert utfast.encode("é") == b"\xc3\xa9"
    assert utfast.encode(text="é", encoding="utf-16-be", errors="strict") == b"\x00\xe9"
    for name in ["no-such-codec", "rot13", "base64"]:
        check_decode(b"abc", name)
        check_encode("abc", name)
    # A handler CPython does not know is not consulted on valid input.
    check_decode(b"fine", "utf-8", "no-such-handler")
    check_decode(b"\xff", "utf-8", "no-such-handler")


class StrSub(str):
    pass


class BytesSub(bytes):
    pass


def test_the_common_call_and_its_edges():
    """decode and encode take exact bytes / str with UTF-8 named positionally
    themselves, and pass every other call on: both must give CPython's answer."""
    import inspect
    assert str(inspect.signature(utfast.decode)) == "(data, encoding='utf-8', errors='strict')"
    assert str(inspect.signature(utfast.encode)) == "(text, encoding='utf-8', errors='strict')"
    for char in ["a", "é", "€", "🎉", "\ud800"]:
        for size in [1, 7, 8, 15, 16, 31, 32, 33, 63, 64, 65, 127, 128, 200]:
            text = ("x" + char) * (size // 2) + char * (size % 2)
            for name in ["utf-8", "UTF-8", "utf8", "Utf_8"]:
                check_encode(text, name)
                check_encode(StrSub(text), name)
                data = text.encode("utf-8", "surrogatepass")
                check_decode(data, name)
                check_decode(BytesSub(data), name)
                check_decode(data[:-1], name, "replace")
    # A non-str encoding or handler (None included) is CPython's TypeError,
    # message and all, by position or by keyword.
    for bad in [5, None, b"strict"]:
        check_decode(b"abc", bad)
        check_decode(b"abc", "utf-8", bad)
        check_encode("abc", bad)
        check_encode("abc", "utf-8", bad)
        assert outcome(lambda: utfast.decode(b"abc", errors=bad)) == outcome(lambda: b"abc".decode(errors=bad))
        assert outcome(lambda: utfast.encode("abc", encoding=bad)) == outcome(lambda: "abc".encode(encoding=bad))
    for args in [(), (b"a", "utf-8", "strict", 1)]:
        assert outcome(lambda: utfast.decode(*args))[0] is TypeError
        assert outcome(lambda: utfast.encode(*args))[0] is TypeError


def test_validate_utf8_is_strict_decoding():
    for data in [b"", b"ok", "é".encode(), b"\xc0\x80", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xe2\x82"]:
        try:
            data.decode("utf-8")
            valid = True
        except UnicodeDecodeError:
            valid = False
        assert utfast.validate_utf8(data) is valid, data


def test_active_kernel():
    assert utfast.active_kernel() in ["scalar", "sse4.2", "avx2", "avx512", "neon"]


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300), st.sampled_from(ENCODINGS), st.sampled_from(DECODE_HANDLERS))
def test_random_bytes(data, encoding, errors):
    check_decode(data, encoding, errors)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(exclude_categories=()), max_size=200),
       st.sampled_from(ENCODINGS), st.sampled_from(ENCODE_HANDLERS))
def test_random_strings_with_lone_surrogates(text, encoding, errors):
    check_encode(text, encoding, errors)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200), st.sampled_from(ENCODINGS), st.data())
def test_mutated_text(text, encoding, data):
    encoded = bytearray(text.encode(encoding, "replace"))
    for _ in range(data.draw(st.integers(0, 3))):
        if encoded:
            at = data.draw(st.integers(0, len(encoded) - 1))
            encoded[at] = data.draw(st.integers(0, 255))
    cut = data.draw(st.integers(0, len(encoded)))
    check_decode(bytes(encoded[:cut]), encoding, data.draw(st.sampled_from(DECODE_HANDLERS)))


def test_handlers_inside_long_input():
    """Errors between long valid stretches (the kernels convert the stretches,
    the handlers the errors), for every encoding and handler, both ways: the
    stretches are ASCII, Latin-1, BMP and astral text, longer than a vector."""
    stretches = ["x" * 100, "é" * 90, "日本" * 40, "🎉" * 33, "a€b" * 30]
    bad_chars = ["\ud800", "\udc80", "\udcff", "\udfff", "\x81", "\x9d", "Ā", "€", "\U0001f600"]
    for bad in bad_chars:
        for first in stretches:
            for second in stretches:
                text = first + bad + second + bad + bad + first
                for encoding in ENCODINGS:
                    for errors in ENCODE_HANDLERS:
                        check_encode(text, encoding, errors)
                    data = text.encode(encoding, "surrogatepass") if encoding.startswith("utf") else \
                        text.encode(encoding, "replace")
                    for errors in DECODE_HANDLERS:
                        check_decode(data, encoding, errors)
                        check_decode(data[:-1], encoding, errors)
                        check_decode(data + b"\x80", encoding, errors)


def test_decode_error_ranges_of_every_codec():
    """CPython's error ranges, which the handlers must reproduce: UTF-16's lone
    surrogates, a high one at the end (with an odd byte after it or not),
    UTF-32's surrogates, values past U+10FFFF and cut values, cp1252's five
    undefined bytes, each between valid units."""
    cases = {
        "utf-16-le": [b"\x00\xd8", b"\x00\xd8A", b"\x00\xdcA\x00", b"\x00\xd8A\x00", b"\x00\xd8\x00\xd8",
                      b"\x00\xd8\x00\xd8\x00\xdc", b"A\x00B", b"\x80\xdc\x80\xdc", b"\xff\xdb\xff\xdf"],
        "utf-32-le": [b"\x00\xd8\x00\x00", b"\x00\x00\x11\x00", b"\xff\xff\xff\xff", b"A\x00\x00",
                      b"\x80\xdc\x00\x00", b"\xff\xff\x10\x00"],
        "cp1252": [b"\x81", b"\x8d\x8f\x90\x9d", b"\x80\x81\x82"],
    }
    pad = {"utf-16-le": "a".encode("utf-16-le"), "utf-32-le": "a".encode("utf-32-le"), "cp1252": b"a"}
    for encoding, datas in cases.items():
        for data in datas:
            for before in [0, 1, 40]:
                for after in [0, 1, 40]:
                    whole = pad[encoding] * before + data + pad[encoding] * after
                    flipped = encoding.replace("-le", "-be")
                    for errors in DECODE_HANDLERS:
                        check_decode(whole, encoding, errors)
                        if flipped != encoding:
                            swapped = b"".join(whole[i:i + len(pad[encoding])][::-1]
                                               for i in range(0, len(whole), len(pad[encoding])))
                            check_decode(swapped, flipped, errors)


def stress_lines():
    """Byte strings of the kinds in Markus Kuhn's UTF-8 decoder stress test,
    made here from its descriptions: the first and last sequence of each
    length, unexpected continuation bytes (alone and every one in a row), each
    lead byte followed by a space, sequences cut before their last byte (alone
    and concatenated), impossible bytes, overlong forms of '/' and NUL and the
    largest overlongs, lone and paired UTF-16 surrogates in UTF-8, and the
    noncharacters U+FFFE and U+FFFF."""
    lines = []
    for cp in [0x0, 0x80, 0x800, 0x10000, 0x7F, 0x7FF, 0xFFFF, 0x10FFFF, 0xD7FF, 0xE000, 0xFFFD]:
        lines.append(chr(cp).encode())
    lines += [bytes([0xF4, 0x90, 0x80, 0x80]), bytes([0xF8, 0x88, 0x80, 0x80, 0x80]),
              bytes([0xFC, 0x84, 0x80, 0x80, 0x80, 0x80]), bytes([0xF7, 0xBF, 0xBF, 0xBF])]
    lines += [bytes([b]) for b in range(0x80, 0xC0)] + [bytes(range(0x80, 0xC0))]
    lines += [bytes([0x80, 0xBF] * n) for n in range(1, 4)]
    lines += [bytes([lead, 0x20]) for lead in range(0xC0, 0x100)]
    cut = [chr(cp).encode()[:-1] for cp in [0x80, 0x800, 0x10000, 0x7FF, 0xFFFF, 0x10FFFF]]
    cut += [b"\xf8\x88\x80\x80", b"\xfc\x84\x80\x80\x80"]
    lines += cut + [b"".join(cut)]
    lines += [b"\xfe", b"\xff", b"\xfe\xfe\xff\xff"]
    lines += [b"\xc0\xaf", b"\xe0\x80\xaf", b"\xf0\x80\x80\xaf", b"\xf8\x80\x80\x80\xaf",
              b"\xc1\xbf", b"\xe0\x9f\xbf", b"\xf0\x8f\xbf\xbf", b"\xc0\x80", b"\xe0\x80\x80"]
    surrogates = [chr(cp).encode("utf-8", "surrogatepass") for cp in
                  [0xD800, 0xDB7F, 0xDB80, 0xDBFF, 0xDC00, 0xDF80, 0xDFFF]]
    lines += surrogates + [a + b for a in surrogates[:4] for b in surrogates[4:]]
    lines += ["\ufffe".encode(), "\uffff".encode()]
    return lines


def test_stress_lines_in_every_handler():
    for line in stress_lines():
        for data in [line, b"x" * 70 + line + "é".encode() * 40, line * 3]:
            assert utfast.validate_utf8(data) is (outcome(lambda: data.decode())[0] == "str"), data
            for errors in DECODE_HANDLERS:
                check_decode(data, "utf-8", errors)


def test_registered_handler():
    """A handler registered with codecs.register_error is CPython's to call:
    its result, or what it raises, is the answer."""
    import codecs

    def stars(error):
        return ("*" * (error.end - error.start), error.end)

    def refuses(error):
        raise ValueError(f"no: {error.start}-{error.end}")

    codecs.register_error("utfast-test-stars", stars)
    codecs.register_error("utfast-test-refuses", refuses)
    for name in ["utfast-test-stars", "utfast-test-refuses"]:
        for encoding in ENCODINGS:
            for text in ["plain", "é€日🎉", "a\udc80b\ud800", "Ā\x81"]:
                check_encode(text, encoding, name)
            for data in [b"ok", b"a\xff\xfeb", b"\x00\xd8\x41\x00", b"\x81\x8d", b"abc"]:
                check_decode(data, encoding, name)


KERNEL_CHECK = """
import ast, pathlib, sys, utfast
corpus = pathlib.Path(sys.argv[1])
texts = [p.read_bytes() for p in sorted(corpus.rglob("*.txt"))] if corpus.is_dir() else []
texts += [s.encode("utf-8", "surrogatepass") for s in ast.literal_eval(sys.stdin.read())]
for data in texts:
    for encoding in {encodings!r}:
        try:
            expected = data.decode(encoding)
        except UnicodeDecodeError:
            expected = None
        try:
            got = utfast.decode(data, encoding)
        except UnicodeDecodeError:
            got = None
        assert got == expected, (encoding, data[:40])
        if got is not None:
            assert sys.getsizeof(got) == sys.getsizeof(expected)
            for target in {encodings!r}:
                try:
                    want = got.encode(target)
                except UnicodeEncodeError:
                    want = None
                try:
                    have = utfast.encode(got, target)
                except UnicodeEncodeError:
                    have = None
                assert have == want, (encoding, target, data[:40])
print(utfast.active_kernel())
"""


@pytest.mark.parametrize("kernel", ["scalar", "sse4.2", "avx2", "avx512", "neon"])
def test_every_kernel(kernel):
    script = KERNEL_CHECK.format(encodings=ENCODINGS)
    env = dict(os.environ, UTFAST_KERNEL=kernel)
    run = subprocess.run([sys.executable, "-c", script, str(CORPUS)], env=env, input=repr(SAMPLES),
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    active = run.stdout.strip()
    if active != kernel:
        pytest.skip(f"this CPU or build cannot run {kernel} (ran {active})")


def test_numpy_arrays():
    np = pytest.importorskip("numpy")
    data = "déjà 日本 🎉".encode()
    units = np.frombuffer("grüße 🎉".encode("utf-16-le"), dtype="<u2")
    views = [np.frombuffer(data, dtype=np.uint8), np.frombuffer(data, dtype=np.uint8)[::2],
             np.frombuffer(data, dtype=np.uint8).reshape(1, -1), units, units[1:]]
    for view in views:
        for encoding in ENCODINGS:
            check_decode(view, encoding)
    assert utfast.validate_utf8(np.frombuffer(data, dtype=np.uint8))


def _available_memory():
    try:
        with open("/proc/meminfo") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


@pytest.mark.skipif(_available_memory() < 12 << 30, reason="needs 12 GiB of free memory")
def test_beyond_2_gib():
    """Inputs and outputs past 2**31 bytes: sizes and offsets are 64-bit. (An
    invalid input goes to CPython's codec, whose error positions are its own.)"""
    count = (1 << 30) + 5  # 'é' twice that in UTF-8 bytes: past 2 GiB
    data = "é".encode() * count
    assert len(data) > 1 << 31
    assert utfast.validate_utf8(data)
    text = utfast.decode(data)
    assert len(text) == count and text[0] == text[-1] == "é"
    assert text == data.decode()
    del text
    encoded = utfast.encode("é" * count)
    assert encoded == data
