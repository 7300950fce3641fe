//! # utfast-arrow
//!
//! Arrow arrays on [utfast]'s column kernels: binary columns become string
//! columns after one vector pass over the values and one over the offsets, with
//! a choice for the rows that are not UTF-8 ([`OnInvalid`]): an error naming the
//! row and the byte within it, a null, or U+FFFD replacement (each row exactly
//! `String::from_utf8_lossy` of it). A valid column is converted without copying
//! its values.
//!
//! ```
//! use arrow_array::{Array, BinaryArray};
//! use utfast_arrow::{binary_to_string, OnInvalid};
//!
//! let bytes = BinaryArray::from(vec![&b"caf\xC3\xA9"[..], b"bad\xFF", b"ok"]);
//! let err = binary_to_string(&bytes, OnInvalid::Error).unwrap_err();
//! assert!(err.to_string().contains("row 1"));
//!
//! let text = binary_to_string(&bytes, OnInvalid::Null).unwrap();
//! assert_eq!((text.value(0), text.is_null(1), text.value(2)), ("café", true, "ok"));
//!
//! let text = binary_to_string(&bytes, OnInvalid::Replace).unwrap();
//! assert_eq!(text.value(1), "bad\u{FFFD}");
//! ```
//!
//! Nulls of the input stay null; what a null slot holds is never an error (it is
//! replaced when it is not UTF-8, so that every slot of the result is valid, as
//! Arrow's string arrays require).

mod encoding;
mod view;

use arrow_array::{Array, BooleanArray, GenericBinaryArray, GenericStringArray, OffsetSizeTrait};
use arrow_buffer::{BooleanBuffer, Buffer, NullBuffer, OffsetBuffer};
use arrow_schema::ArrowError;
use utfast::{rows::RowError, rows::RowOffset, rows::RowValidity, Engine};

pub use encoding::{decode_binary, decode_binary_with, encode_string, encode_string_with};
pub use view::{binary_view_is_valid_utf8, binary_view_to_string, binary_view_to_string_with};

/// What becomes of a row that is not valid UTF-8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OnInvalid {
    /// The conversion fails; the error names the first such row and the byte
    /// within it where the invalid sequence starts.
    Error,
    /// The row becomes null.
    Null,
    /// Each maximal invalid sequence becomes U+FFFD, as `String::from_utf8_lossy`.
    Replace,
}

/// A `BinaryArray` (or `LargeBinaryArray`: any offset size) as a string array,
/// with `on_invalid` deciding the rows that are not UTF-8. Without such rows the
/// values and offsets are shared, not copied.
///
/// ```
/// use arrow_array::{Array, LargeBinaryArray};
/// use utfast_arrow::{binary_to_string, OnInvalid};
///
/// let bytes = LargeBinaryArray::from(vec![&b"\xE2\x82\xAC 5"[..], b"\xE2\x82"]);
/// let text = binary_to_string(&bytes, OnInvalid::Null).unwrap();
/// assert_eq!(text.value(0), "€ 5");
/// assert!(text.is_null(1));
/// ```
pub fn binary_to_string<O: OffsetSizeTrait + RowOffset>(
    array: &GenericBinaryArray<O>,
    on_invalid: OnInvalid,
) -> Result<GenericStringArray<O>, ArrowError> {
    binary_to_string_with(Engine::active(), array, on_invalid)
}

/// [`binary_to_string`] with a chosen engine (kernel), e.g. to compare kernels.
///
/// ```
/// use arrow_array::BinaryArray;
/// use utfast::{Engine, Kernel};
/// let bytes = BinaryArray::from(vec![&b"x"[..]]);
/// let engine = Engine::new(Kernel::Scalar).unwrap();
/// let text = utfast_arrow::binary_to_string_with(engine, &bytes, utfast_arrow::OnInvalid::Error);
/// assert_eq!(text.unwrap().value(0), "x");
/// ```
pub fn binary_to_string_with<O: OffsetSizeTrait + RowOffset>(
    engine: Engine,
    array: &GenericBinaryArray<O>,
    on_invalid: OnInvalid,
) -> Result<GenericStringArray<O>, ArrowError> {
    let (offsets, values, nulls) = (array.offsets(), array.values(), array.nulls());
    if on_invalid == OnInvalid::Replace {
        // One pass when the column is valid; with invalid rows, their repair too.
        let Some(repaired) = engine.utf8_rows_lossy(values, offsets).map_err(row_error)? else {
            return Ok(text_array(values, offsets, &[], nulls.cloned()));
        };
        let (values, offsets) = repaired.into_parts();
        // SAFETY: `utf8_rows_lossy` builds valid UTF-8 rows and sound offsets from 0,
        // one more than the input's rows.
        return Ok(unsafe {
            GenericStringArray::new_unchecked(
                encoding::offset_buffer(offsets),
                Buffer::from_vec(values),
                nulls.cloned(),
            )
        });
    }
    let validity = engine
        .utf8_rows_validity(values, offsets)
        .map_err(row_error)?;
    let invalid = invalid_rows(&validity);
    let nulls = match on_invalid {
        OnInvalid::Error => {
            if let Some(row) = first_non_null_invalid(&validity, nulls) {
                let bytes = &values[offsets[row].as_usize()..offsets[row + 1].as_usize()];
                return Err(invalid_row_error(row, engine.from_utf8(bytes).err()));
            }
            // Only null rows hold invalid bytes: they are blanked, still null.
            nulls.cloned()
        }
        _ if invalid.is_empty() => nulls.cloned(),
        _ => NullBuffer::union(nulls, Some(&NullBuffer::new(bits(&validity)))),
    };
    Ok(text_array(values, offsets, &invalid, nulls))
}

/// The rows `validity` clears.
fn invalid_rows(validity: &RowValidity) -> Vec<usize> {
    let bitmap = validity.bitmap();
    // Whole bytes of valid rows are skipped eight rows at a time.
    (0..bitmap.len())
        .filter(|&byte| bitmap[byte] != 0xFF)
        .flat_map(|byte| 8 * byte..(8 * byte + 8).min(validity.len()))
        .filter(|&row| !validity.is_valid(row))
        .collect()
}

/// A string array of `values` and `offsets`, every other row valid UTF-8, with
/// the bytes of the rows `blank` (null ones) set to zero. Arrow's string arrays
/// hold UTF-8 in the whole values buffer, so a sliced array's buffer is cut to
/// its rows (no copy; the offsets are moved to start at 0), the other rows'
/// bytes being none of its business. The values are shared when nothing is
/// blanked, otherwise the rows' bytes are copied once.
fn text_array<O: OffsetSizeTrait + RowOffset>(
    values: &Buffer,
    offsets: &OffsetBuffer<O>,
    blank: &[usize],
    nulls: Option<NullBuffer>,
) -> GenericStringArray<O> {
    let (start, end) = (offsets[0].as_usize(), offsets[offsets.len() - 1].as_usize());
    let (values, offsets) = if start == 0 && end == values.len() {
        (values.clone(), offsets.clone())
    } else {
        let first = offsets[0];
        let moved: Vec<O> = offsets.iter().map(|&o| o - first).collect();
        (
            values.slice_with_length(start, end - start),
            encoding::offset_buffer(moved),
        )
    };
    let values = if blank.is_empty() {
        values
    } else {
        let mut copy = values.to_vec();
        for &row in blank {
            copy[offsets[row].as_usize()..offsets[row + 1].as_usize()].fill(0);
        }
        Buffer::from_vec(copy)
    };
    // SAFETY: the offsets are sound (the column kernel checked them) and start at
    // 0 of a buffer that ends at the last; every row not blanked is valid UTF-8,
    // blanked rows are zeros, so the whole buffer is UTF-8 and every offset is on
    // a character boundary.
    unsafe { GenericStringArray::new_unchecked(offsets, values, nulls) }
}

/// Whether each row of `array` is valid UTF-8 (one validity pass, no string
/// array built), null where the row is null.
///
/// ```
/// use arrow_array::BinaryArray;
/// let bytes = BinaryArray::from(vec![Some(&b"caf\xC3\xA9"[..]), Some(b"\xC3"), None]);
/// let valid = utfast_arrow::is_valid_utf8(&bytes).unwrap();
/// assert_eq!(valid.iter().collect::<Vec<_>>(), [Some(true), Some(false), None]);
/// ```
pub fn is_valid_utf8<O: OffsetSizeTrait + RowOffset>(
    array: &GenericBinaryArray<O>,
) -> Result<BooleanArray, ArrowError> {
    let validity =
        utfast::rows::utf8_validity(array.values(), array.offsets()).map_err(row_error)?;
    Ok(BooleanArray::new(bits(&validity), array.nulls().cloned()))
}

/// The validity bitmap as an Arrow boolean buffer (set: valid).
fn bits(validity: &RowValidity) -> BooleanBuffer {
    BooleanBuffer::new(Buffer::from_slice_ref(validity.bitmap()), 0, validity.len())
}

/// The first invalid row that is not null.
fn first_non_null_invalid(validity: &RowValidity, nulls: Option<&NullBuffer>) -> Option<usize> {
    let rows = validity.len();
    let bitmap = validity.bitmap();
    // Whole bytes of valid rows are skipped eight rows at a time.
    (0..bitmap.len())
        .filter(|&byte| bitmap[byte] != 0xFF)
        .flat_map(|byte| 8 * byte..(8 * byte + 8).min(rows))
        .find(|&row| !validity.is_valid(row) && nulls.is_none_or(|n| n.is_valid(row)))
}

/// An `ArrowError` for a row that is not UTF-8: the row, the byte within it, why.
pub(crate) fn invalid_row_error(row: usize, error: Option<utfast::Utf8Error>) -> ArrowError {
    let detail = match error {
        Some(e) => format!(" at byte {} of the row: {}", e.valid_up_to(), e.kind()),
        None => String::new(),
    };
    ArrowError::InvalidArgumentError(format!("row {row}: invalid UTF-8{detail}"))
}

/// An error of this crate's functions on one chunk of a chunked column (a
/// record batch of a stream, a chunk of a `ChunkedArray`), with the row it names
/// counted within the whole column: `first_row` is the number of rows before the
/// chunk. Other errors are returned as they are.
///
/// ```
/// use arrow_array::BinaryArray;
/// use utfast_arrow::{binary_to_string, error_in_column, OnInvalid};
///
/// let second_chunk = BinaryArray::from(vec![&b"ok"[..], b"\xFF"]);
/// let err = binary_to_string(&second_chunk, OnInvalid::Error).unwrap_err();
/// let err = error_in_column(err, 1000);
/// assert!(err.to_string().contains("row 1001: invalid UTF-8 at byte 0"), "{err}");
/// ```
pub fn error_in_column(error: ArrowError, first_row: usize) -> ArrowError {
    // Every row error of this crate reads "row N: ...".
    if let ArrowError::InvalidArgumentError(message) = &error {
        if let Some((row, rest)) = message
            .strip_prefix("row ")
            .and_then(|m| m.split_once(": "))
        {
            if let Ok(row) = row.parse::<usize>() {
                let row = row.saturating_add(first_row);
                return ArrowError::InvalidArgumentError(format!("row {row}: {rest}"));
            }
        }
    }
    error
}

/// An `ArrowError` for a column kernel's error on the whole array (offsets made
/// unsound by hand, through FFI say).
fn row_error(error: RowError) -> ArrowError {
    match error.utf8_error() {
        Some(e) => invalid_row_error(error.row(), Some(e)),
        None => ArrowError::InvalidArgumentError(error.to_string()),
    }
}
