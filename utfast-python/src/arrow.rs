//! The column functions behind `utfast.arrow` (and `utfast.polars`): an Arrow
//! array or a stream of them (pyarrow's `Array` / `ChunkedArray`, a Polars
//! `Series`, anything with `__arrow_c_array__` or `__arrow_c_stream__`) comes in
//! through the Arrow PyCapsule interface without copying, `utfast-arrow`'s
//! column kernels convert each chunk with the GIL released, and the result goes
//! back as an object of the same interface (one array, or chunks), which the
//! Python side hands to pyarrow or Polars, again without copying.
//!
//! Encodings are named as CPython names them (`codecs::Codec`), and a column's
//! answer is the one CPython gives for each row: cp1252's five undefined bytes
//! (which utfast's Windows-1252, the WHATWG one, maps to C1 controls) are
//! invalid here, as in `bytes.decode("cp1252")`.

use std::borrow::Cow;
use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{
    new_empty_array, Array, ArrayRef, BooleanArray, GenericBinaryArray, GenericStringArray,
    OffsetSizeTrait,
};
use arrow_schema::{ArrowError, DataType, Field, FieldRef};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use pyo3_arrow::input::AnyArray;
use pyo3_arrow::{PyArray, PyChunkedArray};
use utfast::rows::RowOffset;
use utfast::{ByteOrder, Encoding};
use utfast_arrow::OnInvalid;

use crate::codecs::Codec;

/// `utfast.arrow.is_valid_utf8`: per row, whether it is UTF-8 (null where null).
#[pyfunction]
pub fn arrow_is_valid_utf8(
    py: Python<'_>,
    array: &Bound<'_, PyAny>,
) -> PyResult<(Py<PyAny>, bool)> {
    Column::new(array)?.map(py, |chunk| match chunk.data_type() {
        DataType::Binary => to_ref(utfast_arrow::is_valid_utf8(chunk.as_binary::<i32>())),
        DataType::LargeBinary => to_ref(utfast_arrow::is_valid_utf8(chunk.as_binary::<i64>())),
        DataType::BinaryView => Ok(Arc::new(utfast_arrow::binary_view_is_valid_utf8(
            chunk.as_binary_view(),
        ))),
        // A string column is UTF-8 by Arrow's rules.
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => Ok(Arc::new(
            BooleanArray::new(vec![true; chunk.len()].into(), chunk.nulls().cloned()),
        )),
        other => Err(type_error("is_valid_utf8", "a binary or string", other)),
    })
}

/// `utfast.arrow.binary_to_string`: a binary column as strings.
#[pyfunction]
pub fn arrow_binary_to_string(
    py: Python<'_>,
    array: &Bound<'_, PyAny>,
    on_invalid: &str,
) -> PyResult<(Py<PyAny>, bool)> {
    let on_invalid = on_invalid_named(on_invalid)?;
    Column::new(array)?.map(py, |chunk| utf8_to_string(chunk, on_invalid))
}

/// `utfast.arrow.decode`: a binary column of text in `encoding` as strings.
#[pyfunction]
pub fn arrow_decode(
    py: Python<'_>,
    array: &Bound<'_, PyAny>,
    encoding: &Bound<'_, PyString>,
    on_invalid: &str,
) -> PyResult<(Py<PyAny>, bool)> {
    let (codec, encoding) = encoding_named(encoding)?;
    let on_invalid = on_invalid_named(on_invalid)?;
    Column::new(array)?.map(py, |chunk| {
        if encoding == Encoding::Utf8 {
            return utf8_to_string(chunk, on_invalid);
        }
        // The library's Windows-1252 never fails; CPython's cp1252 does, so its
        // rows are checked for the undefined bytes first.
        let cp1252 = codec == Codec::Cp1252;
        match chunk.data_type() {
            DataType::Binary => decode(chunk.as_binary::<i32>(), encoding, cp1252, on_invalid),
            DataType::LargeBinary => decode(chunk.as_binary::<i64>(), encoding, cp1252, on_invalid),
            DataType::BinaryView => {
                // The column kernels take offsets: the views' bytes are gathered.
                let view = chunk.as_binary_view();
                if total_len(view.iter()) <= i32::MAX as usize {
                    let values: GenericBinaryArray<i32> = view.iter().collect();
                    decode(&values, encoding, cp1252, on_invalid)
                } else {
                    let values: GenericBinaryArray<i64> = view.iter().collect();
                    decode(&values, encoding, cp1252, on_invalid)
                }
            }
            other => Err(type_error("decode", "a binary", other)),
        }
    })
}

/// `utfast.arrow.encode`: a string column as bytes in `encoding`.
#[pyfunction]
pub fn arrow_encode(
    py: Python<'_>,
    array: &Bound<'_, PyAny>,
    encoding: &Bound<'_, PyString>,
    on_invalid: &str,
) -> PyResult<(Py<PyAny>, bool)> {
    let (codec, encoding) = encoding_named(encoding)?;
    let on_invalid = on_invalid_named(on_invalid)?;
    let cp1252 = codec == Codec::Cp1252;
    Column::new(array)?.map(py, |chunk| match chunk.data_type() {
        DataType::Utf8 => encode(chunk.as_string::<i32>(), encoding, cp1252, on_invalid),
        DataType::LargeUtf8 => encode(chunk.as_string::<i64>(), encoding, cp1252, on_invalid),
        DataType::Utf8View => {
            let view = chunk.as_string_view();
            let len = total_len(view.iter().map(|row| row.map(str::as_bytes)));
            if len <= i32::MAX as usize {
                let text: GenericStringArray<i32> = view.iter().collect();
                encode(&text, encoding, cp1252, on_invalid)
            } else {
                let text: GenericStringArray<i64> = view.iter().collect();
                encode(&text, encoding, cp1252, on_invalid)
            }
        }
        other => Err(type_error("encode", "a string", other)),
    })
}

/// The column a function was given: one array, or the chunks of a stream.
struct Column {
    chunks: Vec<ArrayRef>,
    field: FieldRef,
    chunked: bool,
}

impl Column {
    /// The column `object` exports through the Arrow PyCapsule interface.
    fn new(object: &Bound<'_, PyAny>) -> PyResult<Column> {
        let array: AnyArray = object.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "utfast.arrow takes an Arrow column (a pyarrow Array or ChunkedArray, a \
                 Polars Series, any object with __arrow_c_array__ or __arrow_c_stream__), \
                 not {}",
                object
                    .get_type()
                    .name()
                    .map_or_else(|_| "this".into(), |n| n.to_string())
            ))
        })?;
        Ok(match array {
            AnyArray::Array(array) => {
                let (array, field) = array.into_inner();
                Column {
                    chunks: vec![array],
                    field,
                    chunked: false,
                }
            }
            AnyArray::Stream(stream) => {
                let (chunks, field) = stream.into_chunked_array()?.into_inner();
                Column {
                    chunks,
                    field,
                    chunked: true,
                }
            }
        })
    }

    /// `convert` on every chunk, the GIL released; errors name rows counted
    /// within the whole column. The result is a pyo3-arrow `Array` or
    /// `ChunkedArray` and whether it is the latter.
    fn map(
        self,
        py: Python<'_>,
        convert: impl Fn(&dyn Array) -> Result<ArrayRef, ArrowError> + Send + Sync,
    ) -> PyResult<(Py<PyAny>, bool)> {
        let Column {
            chunks,
            field,
            chunked,
        } = self;
        let converted = py.detach(|| {
            // The result's type, even without chunks: that of an empty chunk's.
            let data_type = convert(new_empty_array(field.data_type()).as_ref())?
                .data_type()
                .clone();
            let mut first_row = 0;
            let mut out = Vec::with_capacity(chunks.len());
            for chunk in &chunks {
                // An empty chunk is converted as a fresh empty array: arrow-rs
                // imports an empty slice's values as empty, its one offset
                // perhaps past them.
                let empty;
                let chunk = if chunk.is_empty() {
                    empty = new_empty_array(chunk.data_type());
                    &empty
                } else {
                    chunk
                };
                out.push(
                    convert(chunk.as_ref())
                        .map_err(|e| utfast_arrow::error_in_column(e, first_row))?,
                );
                first_row += chunk.len();
            }
            Ok::<_, ArrowError>((out, data_type))
        });
        let (out, data_type) = converted.map_err(arrow_error)?;
        let field = Arc::new(Field::new(field.name(), data_type, true));
        if chunked {
            let chunks = PyChunkedArray::try_new(out, field)?;
            Ok((chunks.into_pyobject(py)?.into_any().unbind(), true))
        } else {
            let array = out.into_iter().next().ok_or_else(|| {
                PyValueError::new_err("utfast.arrow: an array came back without its chunk")
            })?;
            let array = PyArray::try_new(array, field).map_err(arrow_error)?;
            Ok((array.into_pyobject(py)?.into_any().unbind(), false))
        }
    }
}

/// A UTF-8 column (binary, or already strings) as strings.
fn utf8_to_string(chunk: &dyn Array, on_invalid: OnInvalid) -> Result<ArrayRef, ArrowError> {
    match chunk.data_type() {
        DataType::Binary => to_ref(utfast_arrow::binary_to_string(
            chunk.as_binary::<i32>(),
            on_invalid,
        )),
        DataType::LargeBinary => to_ref(utfast_arrow::binary_to_string(
            chunk.as_binary::<i64>(),
            on_invalid,
        )),
        DataType::BinaryView => to_ref(utfast_arrow::binary_view_to_string(
            chunk.as_binary_view(),
            on_invalid,
        )),
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => {
            Ok(arrow_array::make_array(chunk.to_data()))
        }
        other => Err(type_error("binary_to_string", "a binary or string", other)),
    }
}

/// The bytes cp1252 leaves undefined (CPython's decoder rejects them).
const CP1252_UNDEFINED: [u8; 5] = [0x81, 0x8D, 0x8F, 0x90, 0x9D];

fn cp1252_undefined(byte: u8) -> bool {
    CP1252_UNDEFINED.contains(&byte)
}

/// Per row (not null), where its first cp1252-undefined byte is, if any. The
/// common column without one costs a single vectorised pass.
fn cp1252_undefined_rows<O: OffsetSizeTrait>(array: &GenericBinaryArray<O>) -> Vec<(usize, usize)> {
    let values = array.value_data();
    if !values
        .iter()
        .fold(false, |any, &b| any | cp1252_undefined(b))
    {
        return Vec::new();
    }
    (0..array.len())
        .filter(|&row| array.is_valid(row))
        .filter_map(|row| {
            let at = array.value(row).iter().position(|&b| cp1252_undefined(b))?;
            Some((row, at))
        })
        .collect()
}

/// A binary column of `encoding` decoded (CPython's cp1252 when `cp1252`).
fn decode<O: OffsetSizeTrait + RowOffset>(
    array: &GenericBinaryArray<O>,
    encoding: Encoding,
    cp1252: bool,
    on_invalid: OnInvalid,
) -> Result<ArrayRef, ArrowError> {
    let undefined = if cp1252 {
        cp1252_undefined_rows(array)
    } else {
        Vec::new()
    };
    if let (OnInvalid::Error, Some(&(row, at))) = (on_invalid, undefined.first()) {
        let byte = array.value(row)[at];
        return Err(ArrowError::InvalidArgumentError(format!(
            "row {row}: byte 0x{byte:02X} at byte {at} of the row is undefined in cp1252"
        )));
    }
    let text = utfast_arrow::decode_binary(array, encoding, on_invalid)?;
    if undefined.is_empty() {
        return to_ref(Ok(text));
    }
    // Rare: rows holding cp1252's undefined bytes, which the library decoded as
    // the C1 controls of the same value (which no other byte gives).
    let rows = text.iter().map(|row| row.map(Cow::Borrowed));
    let fixed = rebuilt(rows, &undefined, on_invalid, |row: Cow<'_, str>| {
        row.chars()
            .map(|c| match u8::try_from(u32::from(c)) {
                Ok(b) if cp1252_undefined(b) => char::REPLACEMENT_CHARACTER,
                _ => c,
            })
            .collect::<String>()
            .into()
    });
    Ok(Arc::new(fixed.collect::<GenericStringArray<O>>()))
}

/// A string column encoded in `encoding` (CPython's cp1252 when `cp1252`).
fn encode<O: OffsetSizeTrait + RowOffset>(
    text: &GenericStringArray<O>,
    encoding: Encoding,
    cp1252: bool,
    on_invalid: OnInvalid,
) -> Result<ArrayRef, ArrowError> {
    // The library writes U+0081, U+008D... as the bytes of the same value, which
    // no other character becomes; CPython's cp1252 cannot encode them.
    let undefined = if cp1252 {
        cp1252_undefined_chars(text)
    } else {
        Vec::new()
    };
    if let (OnInvalid::Error, Some(&(row, at))) = (on_invalid, undefined.first()) {
        // A row before it that the library cannot encode fails first.
        utfast_arrow::encode_string(&text.slice(0, row), encoding, on_invalid)?;
        let c = text.value(row)[at..].chars().next().map_or(0, u32::from);
        return Err(ArrowError::InvalidArgumentError(format!(
            "row {row}: character U+{c:04X} at byte {at} of the row cannot be written in cp1252"
        )));
    }
    let bytes = utfast_arrow::encode_string(text, encoding, on_invalid)?;
    if undefined.is_empty() {
        return to_ref(Ok(bytes));
    }
    let rows = bytes.iter().map(|row| row.map(Cow::Borrowed));
    let fixed = rebuilt(rows, &undefined, on_invalid, |row: Cow<'_, [u8]>| {
        row.iter()
            .map(|&b| if cp1252_undefined(b) { b'?' } else { b })
            .collect::<Vec<u8>>()
            .into()
    });
    Ok(Arc::new(fixed.collect::<GenericBinaryArray<O>>()))
}

/// A column's rows with those in `bad` (row, byte; in row order) made null
/// under [`OnInvalid::Null`] and `fix`ed otherwise; the others as they are.
fn rebuilt<'a, T: 'a>(
    rows: impl Iterator<Item = Option<T>> + 'a,
    bad: &'a [(usize, usize)],
    on_invalid: OnInvalid,
    fix: impl Fn(T) -> T + 'a,
) -> impl Iterator<Item = Option<T>> + 'a {
    rows.enumerate().map(move |(row, value)| {
        let value = value?;
        if bad.binary_search_by_key(&row, |&(r, _)| r).is_err() {
            return Some(value);
        }
        (on_invalid != OnInvalid::Null).then(|| fix(value))
    })
}

/// Per row (not null), where its first character U+0081, U+008D, U+008F, U+0090
/// or U+009D is (cp1252 has no byte for them), if any.
fn cp1252_undefined_chars<O: OffsetSizeTrait>(text: &GenericStringArray<O>) -> Vec<(usize, usize)> {
    // Their UTF-8 ends in the byte of the same value: a column without such a
    // byte costs a single vectorised pass.
    if !text
        .value_data()
        .iter()
        .fold(false, |any, &b| any | cp1252_undefined(b))
    {
        return Vec::new();
    }
    (0..text.len())
        .filter(|&row| text.is_valid(row))
        .filter_map(|row| {
            let (at, _) = text
                .value(row)
                .char_indices()
                .find(|&(_, c)| u8::try_from(u32::from(c)).is_ok_and(cp1252_undefined))?;
            Some((row, at))
        })
        .collect()
}

/// The bytes of all rows together.
fn total_len<'a>(rows: impl Iterator<Item = Option<&'a [u8]>>) -> usize {
    rows.map(|row| row.map_or(0, <[u8]>::len)).sum()
}

fn to_ref<A: Array + 'static>(array: Result<A, ArrowError>) -> Result<ArrayRef, ArrowError> {
    Ok(Arc::new(array?))
}

/// A CPython encoding name as a codec and the library's encoding.
fn encoding_named(name: &Bound<'_, PyString>) -> PyResult<(Codec, Encoding)> {
    let codec = Codec::named(name).ok_or_else(|| {
        PyValueError::new_err(format!(
            "utfast.arrow cannot convert {name}: it knows utf-8, utf-16-le, utf-16-be, \
             utf-32-le, utf-32-be, latin-1 and cp1252 (under any name CPython gives them)"
        ))
    })?;
    let encoding = match codec {
        Codec::Utf8 => Encoding::Utf8,
        Codec::Utf16(ByteOrder::Little) => Encoding::Utf16Le,
        Codec::Utf16(ByteOrder::Big) => Encoding::Utf16Be,
        Codec::Utf32(ByteOrder::Little) => Encoding::Utf32Le,
        Codec::Utf32(ByteOrder::Big) => Encoding::Utf32Be,
        Codec::Latin1 => Encoding::Latin1,
        Codec::Cp1252 => Encoding::Windows1252,
    };
    Ok((codec, encoding))
}

fn on_invalid_named(name: &str) -> PyResult<OnInvalid> {
    match name {
        "error" => Ok(OnInvalid::Error),
        "null" => Ok(OnInvalid::Null),
        "replace" => Ok(OnInvalid::Replace),
        other => Err(PyValueError::new_err(format!(
            "on_invalid={other:?}: expected \"error\", \"null\" or \"replace\""
        ))),
    }
}

/// A column of a type the function does not take.
fn type_error(function: &str, expected: &str, got: &DataType) -> ArrowError {
    ArrowError::NotYetImplemented(format!(
        "utfast.arrow.{function} takes {expected} column, not {got}"
    ))
}

/// An Arrow error as a Python exception: rows that are not valid are a
/// `ValueError` ("row N: ..."), a column of another type a `TypeError`.
fn arrow_error(error: ArrowError) -> PyErr {
    match error {
        ArrowError::InvalidArgumentError(message) => PyValueError::new_err(message),
        ArrowError::NotYetImplemented(message) => PyTypeError::new_err(message),
        other => PyValueError::new_err(other.to_string()),
    }
}
