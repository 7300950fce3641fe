//! `BinaryViewArray` to `StringViewArray`: each view's bytes checked by the
//! kernel (short views inline, long ones in the data buffers); a valid array
//! keeps its views and buffers.

use arrow_array::{Array, BinaryViewArray, StringViewArray};
use arrow_buffer::{NullBuffer, ScalarBuffer};
use arrow_schema::ArrowError;
use utfast::Engine;

use crate::{invalid_row_error, OnInvalid};

/// A `BinaryViewArray` as a `StringViewArray`, with `on_invalid` deciding the
/// rows that are not UTF-8. A valid array keeps its views and buffers (no copy);
/// with `Null`, an invalid row's view is emptied and the row made null; with
/// `Replace`, the repaired rows go into one new buffer.
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
    // Every row's bytes, null or not: a string view array must hold UTF-8 in all.
    let invalid: Vec<usize> = (0..rows)
        .filter(|&row| !engine.validate_utf8(array.value(row)))
        .collect();
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
            let mut next = invalid.iter().peekable();
            let text: StringViewArray = (0..rows)
                .map(|row| {
                    if next.next_if(|&&r| r == row).is_some() {
                        return Some(engine.from_utf8_lossy(array.value(row)).into_owned());
                    }
                    // SAFETY: a row not listed as invalid was found valid above.
                    let text = unsafe { std::str::from_utf8_unchecked(array.value(row)) };
                    Some(text.to_owned())
                })
                .collect();
            let nulls = nulls.cloned();
            // The same values, with the input's nulls back.
            let (views, buffers, _) = text.into_parts();
            // SAFETY: views and buffers of a string view array just built.
            Ok(unsafe { StringViewArray::new_unchecked(views, buffers, nulls) })
        }
    }
}

/// The array with the views of `rows` emptied (a zero view is the empty string).
fn emptied(
    views: &ScalarBuffer<u128>,
    buffers: &[arrow_buffer::Buffer],
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
