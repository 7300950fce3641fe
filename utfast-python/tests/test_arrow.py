"""utfast.arrow and utfast.polars against per-row models built on CPython's
codecs: every array type (binary, large_binary, binary_view; string types for
encode), slices, nulls, chunked arrays, PyCapsule exporters and Polars Series,
every encoding and on_invalid mode, on fixed rows and hypothesis-drawn ones."""

import re

import pytest
from hypothesis import given, settings, strategies as st

pa = pytest.importorskip("pyarrow")

import utfast.arrow as ua  # noqa: E402

ENCODINGS = ["utf-8", "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be", "latin-1", "cp1252"]
BINARY_TYPES = [pa.binary(), pa.large_binary(), pa.binary_view()]
STRING_TYPES = [pa.string(), pa.large_string(), pa.string_view()]
MODES = ["error", "null", "replace"]

ROWS = [
    b"", b"plain", "café".encode(), b"caf\xe9", None, b"\xff\xfe", b"\x81\x8d\x8f\x90\x9d",
    "日本🎉".encode(), "日本".encode("utf-16-le"), b"\x00\xd8", b"a\x00\x00\xdc\x00",
    "🎉".encode("utf-32-le"), b"\x00\x00\x11\x00", b"\xe2\x82", b"x" * 40 + b"\xc0\xaf",
]


class Failed(Exception):
    """The model's error: the row and the byte within it."""


def model_rows(rows, convert, on_invalid):
    """Each row through `convert` (which raises UnicodeError with .start), with
    on_invalid's rule; the first failing row raises Failed(row, byte) under
    "error"."""
    out = []
    for index, row in enumerate(rows):
        if row is None:
            out.append(None)
            continue
        try:
            out.append(convert(row, "strict"))
        except UnicodeError as error:
            if on_invalid == "error":
                # A string row's error is named by its UTF-8 byte, not character.
                at = error.start if isinstance(row, bytes) else len(row[: error.start].encode())
                raise Failed(index, at) from None
            out.append(None if on_invalid == "null" else convert(row, "replace"))
    return out


def check(function, rows, convert, on_invalid, array):
    try:
        expected = model_rows(rows, convert, on_invalid)
    except Failed as failed:
        row, byte = failed.args
        with pytest.raises(ValueError) as raised:
            function(array)
        message = str(raised.value)
        assert message.startswith(f"row {row}: "), message
        assert re.search(rf"\bat byte {byte}\b", message), message
        return
    got = function(array)
    assert got.to_pylist() == expected


def typed(rows, type_):
    return pa.array(rows, type=type_)


@pytest.mark.parametrize("type_", BINARY_TYPES, ids=str)
@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("on_invalid", MODES)
def test_decode_rows(type_, encoding, on_invalid):
    convert = lambda row, errors: row.decode(encoding, errors)  # noqa: E731
    array = typed(ROWS, type_)
    check(lambda a: ua.decode(a, encoding, on_invalid), ROWS, convert, on_invalid, array)
    # Every slice start: rows are counted from the slice's first.
    for start in range(len(ROWS)):
        check(lambda a: ua.decode(a, encoding, on_invalid), ROWS[start:], convert,
              on_invalid, array.slice(start))


@pytest.mark.parametrize("type_", BINARY_TYPES, ids=str)
@pytest.mark.parametrize("on_invalid", MODES)
def test_binary_to_string_and_is_valid(type_, on_invalid):
    convert = lambda row, errors: row.decode("utf-8", errors)  # noqa: E731
    array = typed(ROWS, type_)
    check(lambda a: ua.binary_to_string(a, on_invalid), ROWS, convert, on_invalid, array)
    valid = [None if r is None else _is_utf8(r) for r in ROWS]
    assert ua.is_valid_utf8(array).to_pylist() == valid
    assert ua.is_valid_utf8(array.slice(3, 5)).to_pylist() == valid[3:8]
    assert ua.binary_to_string(array, "null").type in (pa.string(), pa.large_string(), pa.string_view())


def _is_utf8(row):
    try:
        row.decode()
    except UnicodeDecodeError:
        return False
    return True


TEXTS = ["", "plain", "café", None, "€5", "\x81\x8d", "ÿĀ", "日本🎉", "a\x00b", "x" * 50 + "\x9d"]


@pytest.mark.parametrize("type_", STRING_TYPES, ids=str)
@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("on_invalid", MODES)
def test_encode_rows(type_, encoding, on_invalid):
    convert = lambda row, errors: row.encode(encoding, errors)  # noqa: E731
    array = typed(TEXTS, type_)
    for start in range(len(TEXTS)):
        check(lambda a: ua.encode(a, encoding, on_invalid), TEXTS[start:], convert,
              on_invalid, array.slice(start))


def test_chunked_arrays_count_rows_across_chunks():
    chunks = pa.chunked_array([[b"ok", None], [], [b"fine", b"bad\xff"]], type=pa.binary())
    with pytest.raises(ValueError, match=r"^row 3: invalid UTF-8 at byte 3 "):
        ua.binary_to_string(chunks)
    got = ua.binary_to_string(chunks, "null")
    assert isinstance(got, pa.ChunkedArray) and got.num_chunks == 3
    assert got.to_pylist() == ["ok", None, "fine", None]
    assert ua.is_valid_utf8(chunks).to_pylist() == [True, None, True, False]
    empty = pa.chunked_array([], type=pa.binary())
    assert ua.binary_to_string(empty).type == pa.string()
    assert ua.decode(empty, "latin-1").to_pylist() == []


def test_valid_values_are_shared_not_copied():
    array = pa.array([b"abc", "é".encode()] * 1000)
    text = ua.binary_to_string(array)
    assert text.buffers()[2].address == array.buffers()[2].address


class Exporter:
    """An object with nothing but the Arrow PyCapsule interface."""

    def __init__(self, array):
        self._array = array

    def __arrow_c_array__(self, requested_schema=None):
        return self._array.__arrow_c_array__(requested_schema)


def test_pycapsule_exporters():
    assert ua.decode(Exporter(pa.array([b"\xe9"])), "latin1").to_pylist() == ["é"]


def test_bad_arguments():
    with pytest.raises(TypeError, match="takes a binary column"):
        ua.decode(pa.array([1, 2]), "latin-1")
    with pytest.raises(ValueError, match="on_invalid"):
        ua.binary_to_string(pa.array([b""]), "skip")
    with pytest.raises(ValueError, match="cannot convert"):
        ua.decode(pa.array([b""]), "shift_jis")
    with pytest.raises(TypeError):
        ua.is_valid_utf8([b"not", b"arrow"])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.none(), st.binary(max_size=24)), max_size=40),
       st.sampled_from(ENCODINGS), st.sampled_from(MODES), st.sampled_from(BINARY_TYPES),
       st.integers(0, 3))
def test_random_rows(rows, encoding, on_invalid, type_, cut):
    convert = lambda row, errors: row.decode(encoding, errors)  # noqa: E731
    array = typed(rows, type_)
    cut = min(cut, len(rows))
    check(lambda a: ua.decode(a, encoding, on_invalid), rows[cut:], convert, on_invalid,
          array.slice(cut))
    chunked = pa.chunked_array([array.slice(0, cut), array.slice(cut)])
    check(lambda a: ua.decode(a, encoding, on_invalid), rows, convert, on_invalid, chunked)


def test_polars_namespace():
    pl = pytest.importorskip("polars")
    import utfast.polars  # noqa: F401

    frame = pl.DataFrame({"b": [b"caf\xe9", None, b"ok", "é".encode()]})
    got = (
        frame.lazy()
        .select(
            latin1=pl.col("b").utfast.decode("latin-1"),
            valid=pl.col("b").utfast.is_valid_utf8(),
            fixed=pl.col("b").utfast.make_valid(),
            nulled=pl.col("b").utfast.decode(on_invalid="null"),
        )
        .with_columns(back=pl.col("latin1").utfast.encode("cp1252"))
        .collect()
    )
    assert got["latin1"].to_list() == ["café", None, "ok", "Ã©"]
    assert got["valid"].to_list() == [False, None, True, True]
    assert got["fixed"].to_list() == ["caf\ufffd", None, "ok", "é"]
    assert got["nulled"].to_list() == [None, None, "ok", "é"]
    assert got["back"].to_list() == [b"caf\xe9", None, b"ok", "é".encode()]
    with pytest.raises(Exception, match="row 0: invalid UTF-8 at byte 3"):
        frame.select(pl.col("b").utfast.decode()).to_series()
    series = frame["b"]
    assert series.utfast.is_valid_utf8().to_list() == [False, None, True, True]
    assert ua.is_valid_utf8(series).to_pylist() == [False, None, True, True]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.one_of(st.none(), st.binary(max_size=24)), max_size=30),
       st.sampled_from(ENCODINGS), st.sampled_from(["null", "replace"]))
def test_polars_namespace_against_rows(rows, encoding, on_invalid):
    """The Polars expressions, in a lazy query and on a Series, against a
    per-row model: CPython's decoding of each row (None for a null row, or for
    an invalid one under "null"; its "replace" decoding under "replace")."""
    pl = pytest.importorskip("polars")
    import utfast.polars  # noqa: F401

    def decoded(row):
        if row is None:
            return None
        try:
            return row.decode(encoding)
        except UnicodeDecodeError:
            return None if on_invalid == "null" else row.decode(encoding, "replace")

    def valid(row):
        try:
            row.decode("utf-8")
            return True
        except UnicodeDecodeError:
            return False

    series = pl.Series("b", rows, dtype=pl.Binary)
    got = (
        pl.DataFrame({"b": series}).lazy()
        .select(pl.col("b").utfast.decode(encoding, on_invalid=on_invalid))
        .collect()["b"].to_list()
    )
    assert got == [decoded(row) for row in rows]
    assert series.utfast.is_valid_utf8().to_list() == [None if r is None else valid(r) for r in rows]
    assert series.utfast.make_valid().to_list() == [
        None if r is None else r.decode("utf-8", "replace") for r in rows]


def test_module_examples():
    import doctest

    import utfast.arrow

    modules = [utfast.arrow]
    if _has("polars"):
        import utfast.polars

        modules.append(utfast.polars)
    for module in modules:
        failed, tried = doctest.testmod(module)
        assert tried > 0 and failed == 0, module


def _has(name):
    import importlib.util

    return importlib.util.find_spec(name) is not None
