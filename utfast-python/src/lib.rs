//! The `utfast._utfast` extension module: `validate_utf8`, `decode`, `encode` and
//! `active_kernel` for Python, on the utfast kernels.
//!
//! The contract is CPython's: `decode(data, encoding, errors)` gives exactly
//! `bytes(data).decode(encoding, errors)`, `encode(text, encoding, errors)`
//! exactly `text.encode(encoding, errors)`. Valid input (where the error handler
//! is never consulted) is converted here, straight into the `str`'s PEP 393
//! buffer or the `bytes`' buffer (`decode`, `encode`); so is invalid input under
//! `replace`, `ignore`, `backslashreplace`, `surrogateescape` and (encoding)
//! `xmlcharrefreplace`, in every codec (`handlers`). What those handlers raise
//! on, and any codec or handler this module does not do itself, is CPython's own codec,
//! called with the same arguments, so that results and exceptions are CPython's
//! by construction.
//! `arrow` holds the column functions of `utfast.arrow` and `utfast.polars`.
//! `codecs` maps CPython's encoding names onto utfast's; `input` reads bytes-like
//! objects; `to_str` and `to_bytes` convert valid input, `handlers` the rest; `output` allocates
//! `str` and `bytes` objects and fills them.

mod arrow;
mod codecs;
mod fast;
mod handlers;
mod input;
mod output;
mod scan;
mod to_bytes;
mod to_str;

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// Whether `data` (any bytes-like object) is valid UTF-8: `bytes(data).decode()`
/// would succeed.
#[pyfunction]
fn validate_utf8(data: &Bound<'_, PyAny>) -> PyResult<bool> {
    let input = input::Input::new(data)?;
    let bytes = input.bytes();
    Ok(output::release_gil_for(data.py(), bytes.len(), || {
        utfast::validate_utf8(bytes)
    }))
}

/// `bytes(data).decode(encoding, errors)`, on utfast's kernels: every call
/// `fast::decode` does not take itself.
#[pyfunction(name = "_decode")]
#[pyo3(signature = (data, encoding = None, errors = None))]
fn decode<'py>(
    data: &Bound<'py, PyAny>,
    encoding: Option<&Bound<'py, PyString>>,
    errors: Option<&Bound<'py, PyString>>,
) -> PyResult<Bound<'py, PyString>> {
    let py = data.py();
    let (encoding, errors) = or_defaults(py, encoding, errors);
    let input = input::Input::new(data)?;
    if let Some(codec) = codecs::Codec::named(encoding) {
        if let Some(text) = to_str::decode(py, codec, input.bytes())? {
            return Ok(text);
        }
        if let Some(handler) = errors.to_str().ok().and_then(handlers::Handler::named) {
            if let Some(text) = to_str::with_handler(py, codec, input.bytes(), handler)? {
                return Ok(text);
            }
        }
    }
    // Invalid input, or a codec utfast does not have: CPython's codec decides.
    let bytes = input.into_bytes(py)?;
    bytes
        .call_method1(pyo3::intern!(py, "decode"), (encoding, errors))?
        .cast_into::<PyString>()
        .map_err(Into::into)
}

/// `text.encode(encoding, errors)`, on utfast's kernels: every call
/// `fast::encode` does not take itself.
#[pyfunction(name = "_encode")]
#[pyo3(signature = (text, encoding = None, errors = None))]
fn encode<'py>(
    text: &Bound<'py, PyString>,
    encoding: Option<&Bound<'py, PyString>>,
    errors: Option<&Bound<'py, PyString>>,
) -> PyResult<Bound<'py, PyBytes>> {
    let py = text.py();
    let (encoding, errors) = or_defaults(py, encoding, errors);
    if let Some(codec) = codecs::Codec::named(encoding) {
        if let Some(bytes) = to_bytes::encode(py, codec, text)? {
            return Ok(bytes);
        }
        if let Some(handler) = errors.to_str().ok().and_then(handlers::Handler::named) {
            if let Some(bytes) = to_bytes::with_handler(py, codec, text, handler)? {
                return Ok(bytes);
            }
        }
    }
    // A character the encoding cannot hold, or a codec utfast does not have.
    text.call_method1(pyo3::intern!(py, "encode"), (encoding, errors))?
        .cast_into::<PyBytes>()
        .map_err(Into::into)
}

/// `decode`'s docstring, with the signature `inspect.signature` reads.
const DECODE_DOC: &std::ffi::CStr = c"decode($module, /, data, encoding='utf-8', errors='strict')
--

Exactly bytes(data).decode(encoding, errors), on utfast's SIMD kernels: the same
str, or the same exception.";

/// `encode`'s docstring, with the signature `inspect.signature` reads.
const ENCODE_DOC: &std::ffi::CStr = c"encode($module, /, text, encoding='utf-8', errors='strict')
--

Exactly text.encode(encoding, errors), on utfast's SIMD kernels: the same bytes,
or the same exception.";

/// The encoding and error handler given, or CPython's defaults.
fn or_defaults<'a, 'py>(
    py: Python<'py>,
    encoding: Option<&'a Bound<'py, PyString>>,
    errors: Option<&'a Bound<'py, PyString>>,
) -> (&'a Bound<'py, PyString>, &'a Bound<'py, PyString>)
where
    'py: 'a,
{
    (
        encoding.unwrap_or(pyo3::intern!(py, "utf-8")),
        errors.unwrap_or(pyo3::intern!(py, "strict")),
    )
}

/// The kernel utfast runs on this CPU (`UTFAST_KERNEL` may choose another).
#[pyfunction]
fn active_kernel() -> &'static str {
    utfast::Engine::active().kernel().name()
}

#[pymodule]
fn _utfast(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(validate_utf8, module)?)?;
    let general = wrap_pyfunction!(decode, module)?;
    let raw = fast::wrap(module, &general, c"decode", DECODE_DOC, fast::decode)?;
    module.add("decode", raw)?;
    let general = wrap_pyfunction!(encode, module)?;
    let raw = fast::wrap(module, &general, c"encode", ENCODE_DOC, fast::encode)?;
    module.add("encode", raw)?;
    module.add_function(wrap_pyfunction!(active_kernel, module)?)?;
    module.add_function(wrap_pyfunction!(arrow::arrow_is_valid_utf8, module)?)?;
    module.add_function(wrap_pyfunction!(arrow::arrow_binary_to_string, module)?)?;
    module.add_function(wrap_pyfunction!(arrow::arrow_decode, module)?)?;
    module.add_function(wrap_pyfunction!(arrow::arrow_encode, module)?)?;
    Ok(())
}
