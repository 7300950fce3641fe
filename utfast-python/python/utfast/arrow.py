"""Arrow columns on utfast's column kernels: validate, repair, decode and
encode whole text columns at once.

Every function takes a pyarrow ``Array`` or ``ChunkedArray``, or any object that
exports the Arrow PyCapsule interface (``__arrow_c_array__`` or
``__arrow_c_stream__``: a Polars ``Series``, an arro3 or nanoarrow array...),
reads it without copying, and returns a pyarrow ``Array`` for an array and a
pyarrow ``ChunkedArray`` for a stream. Where the values are valid they are
shared with the input, not copied. Nulls stay null.

``on_invalid`` decides a row that is not valid in its encoding:

- ``"error"`` (the default) raises ``ValueError`` naming the row (counted from 0
  within the column passed: a slice counts from its own first row, a chunked
  array across its chunks) and the byte within the row;
- ``"null"`` makes the row null;
- ``"replace"`` puts U+FFFD in place of each malformed piece (each row exactly
  ``bytes.decode(encoding, "replace")``), or ``?`` for a character an encoder
  cannot write (``str.encode(encoding, "replace")``).

Encodings are CPython's names (``"utf-8"``, ``"latin-1"``, ``"cp1252"``,
``"utf-16-le"``... and their aliases) with CPython's meaning: a row decodes as
``bytes.decode`` would decode it.

>>> import pyarrow as pa, utfast.arrow
>>> column = pa.array([b"caf\\xc3\\xa9", None, b"bad\\xff"])
>>> utfast.arrow.is_valid_utf8(column).to_pylist()
[True, None, False]
>>> utfast.arrow.binary_to_string(column, on_invalid="replace").to_pylist()
['café', None, 'bad\\ufffd']
"""

from . import _utfast

__all__ = ["binary_to_string", "decode", "encode", "is_valid_utf8"]


def is_valid_utf8(array):
    """Per row, whether it is valid UTF-8: a ``pyarrow.BooleanArray`` (or
    ``ChunkedArray``), null where the input is null. Takes binary,
    large_binary and binary_view columns (and string ones, all valid)."""
    return _to_pyarrow(*_utfast.arrow_is_valid_utf8(array))


def binary_to_string(array, on_invalid="error"):
    """A binary, large_binary or binary_view column of UTF-8 as a string column
    (string, large_string or string_view), without copying when every row is
    valid. ``on_invalid``: ``"error"``, ``"null"`` or ``"replace"``."""
    return _to_pyarrow(*_utfast.arrow_binary_to_string(array, on_invalid))


def decode(array, encoding, on_invalid="error"):
    """A binary column of text in ``encoding`` (``"latin-1"``, ``"cp1252"``,
    ``"utf-16-le"``, ``"utf-32-be"``, ``"utf-8"``...) as a string column, each
    row as ``bytes.decode(encoding)`` gives it. ``on_invalid``: ``"error"``,
    ``"null"`` or ``"replace"``."""
    return _to_pyarrow(*_utfast.arrow_decode(array, encoding, on_invalid))


def encode(array, encoding, on_invalid="error"):
    """A string column as a binary column of text in ``encoding``, each row as
    ``str.encode(encoding)`` gives it (no byte order mark). A character the
    encoding cannot hold is an error, a null or ``?`` (``on_invalid``)."""
    return _to_pyarrow(*_utfast.arrow_encode(array, encoding, on_invalid))


def _to_pyarrow(column, chunked):
    """The result (an object of the Arrow PyCapsule interface) as pyarrow's."""
    import pyarrow

    return pyarrow.chunked_array(column) if chunked else pyarrow.array(column)
