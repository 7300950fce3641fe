//! Column validation over Arrow's layout: one values buffer and `offsets_len`
//! offsets, row `i` being `values[offsets[i]..offsets[i + 1]]`, with 32-bit
//! offsets (Arrow's `Utf8`/`Binary`) or 64-bit ones (`LargeUtf8`/`LargeBinary`,
//! the `_i64` functions). The library's `rows::validate_utf8` and
//! `rows::utf8_validity`: one pass over the values and one over the offsets for
//! a valid column, and offsets checked before any byte is read.

use utfast::rows::{self, RowError, RowOffset};

use crate::abi::{buffers, disjoint, guard, input, utf8_error, validation, Outcome};
use crate::types::{utfast_result, utfast_status};

/// Writes `value` to `*ptr` unless `ptr` is NULL.
///
/// # Safety
///
/// `ptr` is NULL or points to a writable `usize`.
unsafe fn store(ptr: *mut usize, value: usize) -> Result<(), utfast_status> {
    if ptr.is_null() {
        return Ok(());
    }
    if !ptr.is_aligned() {
        return Err(utfast_status::UTFAST_BAD_ARGUMENT);
    }
    // SAFETY: non-NULL and aligned; the caller promises it is writable.
    unsafe { ptr.write(value) };
    Ok(())
}

/// The result of a column's error: `UTFAST_INVALID` with the error within the
/// row, or `UTFAST_BAD_OFFSETS`.
fn row_error(e: RowError) -> utfast_result {
    match e.utf8_error() {
        Some(error) => validation(utf8_error(error)),
        None => utfast_result::failed(utfast_status::UTFAST_BAD_OFFSETS),
    }
}

/// `rows::validate_utf8` on C's buffers.
///
/// # Safety
///
/// As [`utfast_validate_utf8_rows`].
unsafe fn validate_rows<O: RowOffset>(
    values: *const u8,
    values_len: usize,
    offsets: *const O,
    offsets_len: usize,
    bad_row: *mut usize,
) -> utfast_result {
    guard(|| {
        // SAFETY: forwarded from the caller.
        let values = unsafe { input(values, values_len)? };
        // SAFETY: forwarded from the caller.
        let offsets = unsafe { input(offsets, offsets_len)? };
        let (result, row) = match rows::validate_utf8(values, offsets) {
            Ok(()) => (utfast_result::ok(0, 0), 0),
            Err(e) => (row_error(e), e.row()),
        };
        // SAFETY: forwarded from the caller.
        unsafe { store(bad_row, row)? };
        Ok(result)
    })
}

/// `rows::utf8_validity` on C's buffers.
///
/// # Safety
///
/// As [`utfast_utf8_rows_validity`].
unsafe fn rows_validity<O: RowOffset>(
    values: *const u8,
    values_len: usize,
    offsets: *const O,
    offsets_len: usize,
    bitmap: *mut u8,
    bitmap_len: usize,
    invalid_rows: *mut usize,
) -> utfast_result {
    guard(|| -> Outcome {
        disjoint(offsets, offsets_len, bitmap.cast_const(), bitmap_len)?;
        // SAFETY: forwarded from the caller; `values` and `bitmap` are checked
        // not to overlap.
        let (values, bitmap) = unsafe { buffers(values, values_len, bitmap, bitmap_len)? };
        // SAFETY: forwarded from the caller; checked not to overlap `bitmap`.
        let offsets = unsafe { input(offsets, offsets_len)? };
        let validity = match rows::utf8_validity(values, offsets) {
            Ok(validity) => validity,
            Err(e) => return Ok(row_error(e)),
        };
        let bits = validity.bitmap();
        let Some(room) = bitmap.get_mut(..bits.len()) else {
            return Ok(utfast_result::output_too_small(0, 0));
        };
        room.copy_from_slice(bits);
        // SAFETY: forwarded from the caller.
        unsafe { store(invalid_rows, validity.invalid_count())? };
        Ok(utfast_result::ok(validity.len(), bits.len()))
    })
}

/// Validates a column of UTF-8 rows with 32-bit offsets. `UTFAST_OK` when every
/// row is valid and the offsets are sound (at least one offset, none negative
/// or decreasing, none past `values_len`). Else the status is `UTFAST_INVALID`,
/// with the error within the first bad row exactly as `utfast_check_utf8`
/// reports it on that row alone, or `UTFAST_BAD_OFFSETS`. `*bad_row` (unless
/// `bad_row` is NULL) is set to the bad row's index, 0 when there is none.
/// Bytes outside the rows are not read.
///
/// # Safety
///
/// `values` points to `values_len` readable bytes and `offsets` to
/// `offsets_len` readable offsets (either may be NULL when its length is 0);
/// `bad_row` is NULL or points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn utfast_validate_utf8_rows(
    values: *const u8,
    values_len: usize,
    offsets: *const i32,
    offsets_len: usize,
    bad_row: *mut usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe { validate_rows(values, values_len, offsets, offsets_len, bad_row) }
}

/// `utfast_validate_utf8_rows` with 64-bit offsets.
///
/// # Safety
///
/// As `utfast_validate_utf8_rows`.
#[no_mangle]
pub unsafe extern "C" fn utfast_validate_utf8_rows_i64(
    values: *const u8,
    values_len: usize,
    offsets: *const i64,
    offsets_len: usize,
    bad_row: *mut usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe { validate_rows(values, values_len, offsets, offsets_len, bad_row) }
}

/// Every row's validity, with 32-bit offsets: one bit per row in `bitmap`
/// (Arrow's validity layout, least significant bit first, set for a valid row;
/// bits past the last row clear), `(offsets_len - 1 + 7) / 8` bytes of it, and
/// the number of invalid rows in `*invalid_rows` (when not NULL). `UTFAST_OK`
/// with `position` the rows and `written` the bitmap bytes;
/// `UTFAST_OUTPUT_TOO_SMALL` when `bitmap_len` is short; `UTFAST_BAD_OFFSETS`
/// for unsound offsets.
///
/// # Safety
///
/// `values` points to `values_len` readable bytes, `offsets` to `offsets_len`
/// readable offsets and `bitmap` to `bitmap_len` writable bytes (each may be
/// NULL when its length is 0), the bitmap overlapping neither; `invalid_rows`
/// is NULL or points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf8_rows_validity(
    values: *const u8,
    values_len: usize,
    offsets: *const i32,
    offsets_len: usize,
    bitmap: *mut u8,
    bitmap_len: usize,
    invalid_rows: *mut usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe {
        rows_validity(
            values,
            values_len,
            offsets,
            offsets_len,
            bitmap,
            bitmap_len,
            invalid_rows,
        )
    }
}

/// `utfast_utf8_rows_validity` with 64-bit offsets.
///
/// # Safety
///
/// As `utfast_utf8_rows_validity`.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf8_rows_validity_i64(
    values: *const u8,
    values_len: usize,
    offsets: *const i64,
    offsets_len: usize,
    bitmap: *mut u8,
    bitmap_len: usize,
    invalid_rows: *mut usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe {
        rows_validity(
            values,
            values_len,
            offsets,
            offsets_len,
            bitmap,
            bitmap_len,
            invalid_rows,
        )
    }
}
