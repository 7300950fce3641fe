//! Encoding a `str` from its PEP 393 units (Latin-1, UCS-2 or UCS-4) straight
//! into a new `bytes` object with a utfast kernel. A `str` that holds a
//! character the encoding cannot take (a surrogate for the UTF encodings,
//! anything above U+00FF for Latin-1) gives `None`; under an error handler
//! `handlers` does, it is encoded by [`with_handler`], else the caller hands it
//! to CPython's codec, whose exception (or error handler) is the answer.

use pyo3::prelude::*;
use pyo3::types::string::PyStringData;
use pyo3::types::{PyBytes, PyString};
use utfast::{latin1, utf16, utf32, ByteOrder};

use crate::codecs::Codec;
use crate::handlers::{self, put_utf16, put_utf32, Handler};
use crate::output::{new_bytes, release_gil_for, with_scratch, with_units, SCRATCH_BYTES};

/// `text` encoded as `codec`, or `None` when it holds a character `codec` cannot
/// encode (or one this module leaves to CPython).
pub fn encode<'py>(
    py: Python<'py>,
    codec: Codec,
    text: &Bound<'py, PyString>,
) -> PyResult<Option<Bound<'py, PyBytes>>> {
    // SAFETY: CPython builds this crate's wheels (not PyPy or GraalPy), whose
    // strings are PEP 393 compact strings; the data is read while `text` lives.
    let data = unsafe { text.data()? };
    // SAFETY: `text` is a live `str` (the flag is read from its header).
    let ascii = unsafe { pyo3::ffi::PyUnicode_IS_ASCII(text.as_ptr()) } != 0;
    match (codec, data) {
        (Codec::Utf8, PyStringData::Ucs1(src)) if ascii => new_bytes(py, src.len(), |dst| {
            dst.copy_from_slice(src);
            true
        }),
        (Codec::Utf8, PyStringData::Ucs1(src)) => new_bytes(py, latin1::utf8_len(src), |dst| {
            latin1::to_utf8(src, dst).is_ok()
        }),
        (Codec::Utf8, PyStringData::Ucs2(src)) if no_surrogates(src) => {
            let len = utf16::utf8_len(src, ByteOrder::NATIVE);
            new_bytes(py, len, |dst| {
                utf16::to_utf8(src, dst, ByteOrder::NATIVE).is_ok()
            })
        }
        // From UCS-4 the conversions validate (a surrogate fails them).
        (Codec::Utf8, PyStringData::Ucs4(src)) => {
            let len = utf32::utf8_len(src);
            new_bytes(py, len, |dst| utf32::to_utf8(src, dst) == Ok(len))
        }
        (Codec::Utf16(order), PyStringData::Ucs1(src)) => new_bytes(py, 2 * src.len(), |dst| {
            with_units::<u16, _>(dst, |units| latin1::to_utf16(src, units, order).is_ok())
        }),
        (Codec::Utf16(ByteOrder::NATIVE), data @ PyStringData::Ucs2(src)) if no_surrogates(src) => {
            new_bytes(py, 2 * src.len(), |dst| {
                dst.copy_from_slice(data.as_bytes());
                true
            })
        }
        (Codec::Utf16(order), PyStringData::Ucs2(src)) if no_surrogates(src) => {
            new_bytes(py, 2 * src.len(), |dst| {
                put_utf16(src, order, dst);
                true
            })
        }
        (Codec::Utf16(order), PyStringData::Ucs4(src)) => {
            let len = utf32::utf16_len(src);
            new_bytes(py, 2 * len, |dst| {
                with_units::<u16, _>(dst, |units| utf32::to_utf16(src, units, order) == Ok(len))
            })
        }
        (Codec::Utf32(order), PyStringData::Ucs1(src)) => new_bytes(py, 4 * src.len(), |dst| {
            put_utf32(src, order, dst);
            true
        }),
        // Without a surrogate, each UCS-2 unit is its character's value.
        (Codec::Utf32(order), PyStringData::Ucs2(src)) if no_surrogates(src) => {
            new_bytes(py, 4 * src.len(), |dst| {
                put_utf32(src, order, dst);
                true
            })
        }
        (Codec::Utf32(order), PyStringData::Ucs4(src)) if utf32::validate(src) => {
            new_bytes(py, 4 * src.len(), |dst| {
                put_utf32(src, order, dst);
                true
            })
        }
        // A canonical UCS-1 string is all Latin-1.
        (Codec::Latin1, PyStringData::Ucs1(src)) => new_bytes(py, src.len(), |dst| {
            dst.copy_from_slice(src);
            true
        }),
        _ => Ok(None),
    }
}

/// `text` encoded as `codec` under the error handler `handler`, which
/// `handlers` does as CPython does (`strict` for cp1252 only, which has no
/// path in [`encode`]); `None` where CPython's handler raises.
pub fn with_handler<'py>(
    py: Python<'py>,
    codec: Codec,
    text: &Bound<'py, PyString>,
    handler: Handler,
) -> PyResult<Option<Bound<'py, PyBytes>>> {
    if handler == Handler::Strict && codec != Codec::Cp1252 {
        return Ok(None);
    }
    // SAFETY: as in `encode`.
    let data = unsafe { text.data()? };
    Ok(with_scratch(&SCRATCH_BYTES, |out| {
        let encoded = release_gil_for(py, data.as_bytes().len(), || {
            handlers::encode(codec, data, handler, out)
        });
        encoded.then(|| PyBytes::new(py, out))
    }))
}

/// Whether UCS-2 units hold no surrogate: in a `str`, each unit is a code point,
/// and a high surrogate followed by a low one is two lone surrogates, not a pair.
fn no_surrogates(src: &[u16]) -> bool {
    // A fold without an early exit, so that it vectorises.
    !src.iter()
        .fold(false, |seen, &unit| seen | (unit & 0xF800 == 0xD800))
}
