"""utfast: CPython-exact ``decode`` and ``encode`` of UTF-8, UTF-16, UTF-32,
Latin-1 and cp1252 on SIMD kernels, and ``validate_utf8``.

``decode(data, encoding, errors)`` gives exactly ``bytes(data).decode(encoding,
errors)`` and ``encode(text, encoding, errors)`` exactly ``text.encode(encoding,
errors)``: the same ``str`` or ``bytes``, or the same exception.
"""

from ._utfast import active_kernel, decode, encode, validate_utf8

__all__ = ["active_kernel", "decode", "encode", "validate_utf8"]
