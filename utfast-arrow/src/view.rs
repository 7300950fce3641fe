//! `BinaryViewArray` to `StringViewArray`: each view's bytes checked by the
//! kernel (short views inline, long ones in the data buffers); a valid array
//! keeps its views and buffers.

use arrow_array::builder::make_view;
use arrow_array::{Array, BinaryViewArray, BooleanArray, StringViewArray};
use arrow_buffer::{BooleanBuffer, Buffer, NullBuffer, ScalarBuffer};
use arrow_schema::ArrowError;
use utfast::Engine;

use crate::{invalid_row_error, OnInvalid};

/// A `BinaryViewArray` as a `StringViewArray`, with `on_invalid` deciding the
/// rows that are not UTF-8. The valid rows keep their views and the buffers are
/// shared (no copy of the values); with `Null`, an invalid row's view is emptied
/// and the row made null; with `Replace`, the repaired rows go into one new
/// buffer, appended to the others.
///
/// ```
/// use arrow_array::{Array, BinaryViewArray};
/// use utfast_arrow::{binary_view_to_string, OnInvalid};
///
/// let bytes = BinaryViewArray::from(vec![&b"short"[..], b"a longer row, not inline \xFF"]);
/// let text = binary_view_to_string(&bytes, OnInvalid::Replace).unwrap();
/// assert_eq!(text.value(1), "a longer row, not inline \u{FFFD}");
/// assert!(binary_view_to_string(&bytes, OnInvalid::Null).unwrap().is_null(1));
/// ```
pub fn binary_view_to_string(
    array: &BinaryViewArray,
    on_invalid: OnInvalid,
) -> Result<StringViewArray, ArrowError> {
    binary_view_to_string_with(Engine::active(), array, on_invalid)
}

/// [`binary_view_to_string`] with a chosen engine (kernel).
///
/// ```
/// use arrow_array::BinaryViewArray;
/// let bytes = BinaryViewArray::from(vec![&b"ok"[..]]);
/// let engine = utfast::Engine::active();
/// let text = utfast_arrow::binary_view_to_string_with(engine, &bytes, utfast_arrow::OnInvalid::Error);
/// assert_eq!(text.unwrap().value(0), "ok");
/// ```
pub fn binary_view_to_string_with(
    engine: Engine,
    array: &BinaryViewArray,
    on_invalid: OnInvalid,
) -> Result<StringViewArray, ArrowError> {
    let rows = array.len();
    let invalid = invalid_rows(engine, array);
    let (views, buffers, nulls) = (array.views(), array.data_buffers(), array.nulls());
    if invalid.is_empty() {
        // SAFETY: every view's bytes are valid UTF-8 (just checked); the views and
        // buffers are those of a valid binary view array.
        return Ok(unsafe {
            StringViewArray::new_unchecked(views.clone(), buffers.to_vec(), nulls.cloned())
        });
    }
    let is_null = |row: usize| nulls.is_some_and(|n| n.is_null(row));
    match on_invalid {
        OnInvalid::Error => {
            if let Some(&row) = invalid.iter().find(|&&row| !is_null(row)) {
                let error = engine.from_utf8(array.value(row)).err();
                return Err(invalid_row_error(row, error));
            }
            // Only null rows hold invalid bytes: empty their views.
            Ok(emptied(views, buffers, nulls.cloned(), &invalid))
        }
        OnInvalid::Null => {
            let mut valid = vec![true; rows];
            for &row in &invalid {
                valid[row] = false;
            }
            let nulls = NullBuffer::union(nulls, Some(&NullBuffer::from(valid)));
            Ok(emptied(views, buffers, nulls, &invalid))
        }
        OnInvalid::Replace => {
            let (mut views, mut repaired) = (views.to_vec(), Vec::new());
            let block = u32::try_from(buffers.len()).map_err(|_| too_large())?;
            for &row in &invalid {
                let text = engine.from_utf8_lossy(array.value(row));
                let offset = u32::try_from(repaired.len()).map_err(|_| too_large())?;
                views[row] = make_view(text.as_bytes(), block, offset);
                repaired.extend_from_slice(text.as_bytes());
            }
            let mut buffers = buffers.to_vec();
            buffers.push(Buffer::from_vec(repaired));
            // SAFETY: the views of valid rows are the input's, over its buffers;
            // each repaired row's view points into the new last buffer, at its
            // repaired (valid UTF-8) bytes.
            Ok(unsafe {
                StringViewArray::new_unchecked(ScalarBuffer::from(views), buffers, nulls.cloned())
            })
        }
    }
}

/// Every row that is not UTF-8, null or not: a string view array must hold
/// UTF-8 in all its views.
fn invalid_rows(engine: Engine, array: &BinaryViewArray) -> Vec<usize> {
    (0..array.len())
        .filter(|&row| !engine.validate_utf8(array.value(row)))
        .collect()
}

/// Whether each row of `array` is valid UTF-8, null where the row is null.
///
/// ```
/// use arrow_array::BinaryViewArray;
/// let bytes = BinaryViewArray::from(vec![Some(&b"ok"[..]), Some(b"\xFF"), None]);
/// let valid = utfast_arrow::binary_view_is_valid_utf8(&bytes);
/// assert_eq!(valid.iter().collect::<Vec<_>>(), [Some(true), Some(false), None]);
/// ```
pub fn binary_view_is_valid_utf8(array: &BinaryViewArray) -> BooleanArray {
    let mut valid = vec![true; array.len()];
    for row in invalid_rows(Engine::active(), array) {
        valid[row] = false;
    }
    BooleanArray::new(BooleanBuffer::from(valid), array.nulls().cloned())
}

fn too_large() -> ArrowError {
    ArrowError::InvalidArgumentError("the repaired rows exceed a view buffer (4 GiB)".into())
}

/// The array with the views of `rows` emptied (a zero view is the empty string).
fn emptied(
    views: &ScalarBuffer<u128>,
    buffers: &[Buffer],
    nulls: Option<NullBuffer>,
    rows: &[usize],
) -> StringViewArray {
    let mut views = views.to_vec();
    for &row in rows {
        views[row] = 0;
    }
    // SAFETY: every view but the emptied ones was found valid UTF-8; an empty view
    // is the empty string.
    unsafe { StringViewArray::new_unchecked(ScalarBuffer::from(views), buffers.to_vec(), nulls) }
}
