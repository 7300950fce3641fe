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

/// A run of valid UTF-8 in a data buffer: its start and end.
type Run = (usize, usize);

/// Every row that is not UTF-8, null or not: a string view array must hold
/// UTF-8 in all its views.
///
/// Without a call per row: the bytes the views cover in each data buffer
/// ([`covered_ranges`]) are validated, split into the valid
/// runs between invalid sequences; a row within a run is then valid when it
/// neither starts nor ends inside a character (two byte tests), and a row of up
/// to 12 bytes, held in its view, is valid when ASCII (one mask). Only the rest
/// is validated alone.
fn invalid_rows(engine: Engine, array: &BinaryViewArray) -> Vec<usize> {
    let buffers = array.data_buffers();
    let covered = covered_ranges(array);
    let blocks: Vec<(&[u8], Vec<Run>)> = buffers
        .iter()
        .zip(&covered)
        .map(|(buffer, &(start, end))| {
            let bytes = buffer.as_slice();
            (bytes, valid_runs(engine, bytes, start, end))
        })
        .collect();
    let continuation = |byte: u8| (byte as i8) < -0x40;
    // The exact test: the run that ends at or after the row's end must hold its
    // start too, and the row neither start nor end inside a character. A buffer
    // valid as a whole (one run, the common case) needs no search.
    let settled = |view: u128| -> bool {
        let len = view as u32 as usize;
        if len <= 12 {
            return ascii_inline(view);
        }
        let (block, start) = ((view >> 64) as u32 as usize, (view >> 96) as u32 as usize);
        let Some((bytes, runs)) = blocks.get(block) else {
            return false;
        };
        let end = start.saturating_add(len);
        let held = match runs.as_slice() {
            [(run_start, run_end)] => *run_start <= start && end <= *run_end,
            runs => {
                let run = runs.partition_point(|&(_, run_end)| run_end < end);
                runs.get(run)
                    .is_some_and(|&(run_start, _)| run_start <= start)
            }
        };
        held && bytes.get(start).is_some_and(|&b| !continuation(b))
            && bytes.get(end).is_none_or(|&b| !continuation(b))
    };
    let mut invalid = Vec::new();
    for (row, &view) in array.views().iter().enumerate() {
        if !settled(view) && !engine.validate_utf8(array.value(row)) {
            invalid.push(row);
        }
    }
    invalid
}

/// Whether a view of up to 12 bytes holds ASCII (its bytes follow the length,
/// in the view itself; longer views say nothing here).
fn ascii_inline(view: u128) -> bool {
    let len = (view as u32).min(12);
    let mask = (1u128 << (8 * len)) - 1;
    (view >> 32) & mask & 0x8080_8080_8080_8080_8080_8080 == 0
}

/// The bytes of each data buffer that rows longer than 12 bytes cover, as a
/// range (start, end) to validate at once. A buffer little larger than the rows
/// is taken whole (no pass over the views: they are 16 bytes a row, as many as
/// short rows' bytes); an array that shares larger buffers (a slice, a chunk of
/// a column) takes one pass to find its rows' ranges.
fn covered_ranges(array: &BinaryViewArray) -> Vec<(usize, usize)> {
    let buffers = array.data_buffers();
    let total: usize = buffers.iter().map(|b| b.len()).sum();
    if total <= 32 * array.len() {
        return buffers.iter().map(|b| (0, b.len())).collect();
    }
    let mut covered = vec![(usize::MAX, 0); buffers.len()];
    // The range of the current buffer is kept aside (rows in the same buffer
    // mostly follow one another) and merged when another buffer comes.
    let mut merge = |(block, start, end): (usize, usize, usize)| {
        if let Some(range) = covered.get_mut(block) {
            *range = (range.0.min(start), range.1.max(end));
        }
    };
    let mut current = (usize::MAX, usize::MAX, 0);
    for &view in array.views().iter() {
        let len = view as u32 as usize;
        let (block, start) = ((view >> 64) as u32 as usize, (view >> 96) as u32 as usize);
        let end = start.saturating_add(len);
        if len <= 12 {
            continue;
        }
        if block == current.0 {
            current = (block, current.1.min(start), current.2.max(end));
        } else {
            merge(current);
            current = (block, start, end);
        }
    }
    merge(current);
    covered
}

/// The runs of valid UTF-8 in `bytes[start..end]` (none when the range is not
/// in the buffer), in order: each ends where an invalid sequence starts, and the
/// next begins after it.
fn valid_runs(engine: Engine, bytes: &[u8], start: usize, end: usize) -> Vec<Run> {
    let mut runs = Vec::new();
    let Some(mut rest) = bytes.get(start..end) else {
        return runs;
    };
    let mut at = start;
    loop {
        match engine.from_utf8(rest) {
            Ok(_) => {
                runs.push((at, at + rest.len()));
                return runs;
            }
            Err(e) => {
                runs.push((at, at + e.valid_up_to()));
                // A sequence cut by the range's end: nothing valid follows.
                let Some(skip) = e.error_len() else {
                    return runs;
                };
                let skip = e.valid_up_to() + skip;
                at += skip;
                rest = &rest[skip..];
            }
        }
    }
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
