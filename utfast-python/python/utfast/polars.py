"""Polars expressions on utfast's column kernels. Importing this module
registers the ``utfast`` namespace on Polars expressions and series:

>>> import polars as pl, utfast.polars
>>> df = pl.DataFrame({"b": [b"caf\\xe9", b"na\\xefve", None]})
>>> df.select(pl.col("b").utfast.decode("latin-1")).to_series().to_list()
['café', 'naïve', None]

- ``.utfast.is_valid_utf8()``: per row, whether a binary column is UTF-8;
- ``.utfast.make_valid()``: a binary column of UTF-8 as strings, U+FFFD for
  each malformed piece (``bytes.decode("utf-8", "replace")`` per row);
- ``.utfast.decode(encoding="utf-8", on_invalid="error")``: a binary column of
  text in ``encoding`` as strings; ``on_invalid`` is ``"error"``, ``"null"`` or
  ``"replace"``;
- ``.utfast.encode(encoding, on_invalid="error")``: strings as bytes.

They run inside lazy queries (``map_batches`` on each batch, elementwise), and
the columns pass through Arrow without copying. See ``utfast.arrow`` for what
each option means.
"""

import polars as pl

from . import _utfast

__all__ = ["UtfastExpr", "UtfastSeries"]


def _series(result, name=""):
    column, _chunked = result
    return pl.Series(name, column)


def _is_valid_utf8(series):
    return _series(_utfast.arrow_is_valid_utf8(series), series.name)


def _decoder(encoding, on_invalid):
    def run(series):
        return _series(_utfast.arrow_decode(series, encoding, on_invalid), series.name)

    return run


def _encoder(encoding, on_invalid):
    def run(series):
        return _series(_utfast.arrow_encode(series, encoding, on_invalid), series.name)

    return run


@pl.api.register_expr_namespace("utfast")
class UtfastExpr:
    """``expr.utfast``: utfast's column functions as Polars expressions."""

    def __init__(self, expr):
        self._expr = expr

    def is_valid_utf8(self):
        """Per row, whether the binary column is valid UTF-8 (null stays null)."""
        return self._expr.map_batches(
            _is_valid_utf8, return_dtype=pl.Boolean, is_elementwise=True
        )

    def make_valid(self):
        """The binary column as strings, U+FFFD for each malformed piece."""
        return self.decode("utf-8", on_invalid="replace")

    def decode(self, encoding="utf-8", on_invalid="error"):
        """The binary column of text in ``encoding`` as strings."""
        return self._expr.map_batches(
            _decoder(encoding, on_invalid), return_dtype=pl.String, is_elementwise=True
        )

    def encode(self, encoding, on_invalid="error"):
        """The string column as bytes in ``encoding``."""
        return self._expr.map_batches(
            _encoder(encoding, on_invalid), return_dtype=pl.Binary, is_elementwise=True
        )


@pl.api.register_series_namespace("utfast")
class UtfastSeries:
    """``series.utfast``: the same functions on a Series, eagerly."""

    def __init__(self, series):
        self._series = series

    def is_valid_utf8(self):
        """Per row, whether the binary Series is valid UTF-8."""
        return _is_valid_utf8(self._series)

    def make_valid(self):
        """The binary Series as strings, U+FFFD for each malformed piece."""
        return self.decode("utf-8", on_invalid="replace")

    def decode(self, encoding="utf-8", on_invalid="error"):
        """The binary Series of text in ``encoding`` as strings."""
        return _decoder(encoding, on_invalid)(self._series)

    def encode(self, encoding, on_invalid="error"):
        """The string Series as bytes in ``encoding``."""
        return _encoder(encoding, on_invalid)(self._series)
