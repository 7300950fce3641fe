//! Validation of UTF-8, UTF-16LE/BE and UTF-32: a yes/no answer
//! (`utfast_validate_*`, the fastest) or where and why the input is invalid
//! (`utfast_check_*`), exactly as the library's `validate_utf8`, `from_utf8`,
//! `utf16::check` and `utf32::check` answer. Latin-1 and Windows-1252 input is
//! never invalid.

use utfast::{utf16, utf32, ByteOrder};

use crate::abi::{guard, guard_value, input, utf16_error, utf32_error, utf8_error, validation};
use crate::types::utfast_result;

/// True when the `len` bytes at `src` are valid UTF-8 (false when `src` is NULL
/// and `len` is not 0).
///
/// # Safety
///
/// `src` points to `len` readable bytes, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn utfast_validate_utf8(src: *const u8, len: usize) -> bool {
    guard_value(false, || {
        // SAFETY: the caller's promise above.
        unsafe { input(src, len) }.is_ok_and(utfast::validate_utf8)
    })
}

/// Checks UTF-8: `UTFAST_OK`, or `UTFAST_INVALID` with std's `valid_up_to`
/// (`position`) and `error_len`, and the kind. `written` is 0.
///
/// # Safety
///
/// `src` points to `len` readable bytes, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn utfast_check_utf8(src: *const u8, len: usize) -> utfast_result {
    guard(|| {
        // SAFETY: the caller's promise above.
        let src = unsafe { input(src, len)? };
        Ok(match utfast::from_utf8(src) {
            Ok(_) => utfast_result::ok(src.len(), 0),
            Err(e) => validation(utf8_error(e)),
        })
    })
}

/// True when the `len` units at `src` are well-formed UTF-16 stored
/// little-endian (every surrogate paired).
///
/// # Safety
///
/// `src` points to `len` readable units, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn utfast_validate_utf16le(src: *const u16, len: usize) -> bool {
    // SAFETY: forwarded from the caller.
    unsafe { validate_utf16(src, len, ByteOrder::Little) }
}

/// True when the `len` units at `src` are well-formed UTF-16 stored big-endian.
///
/// # Safety
///
/// `src` points to `len` readable units, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn utfast_validate_utf16be(src: *const u16, len: usize) -> bool {
    // SAFETY: forwarded from the caller.
    unsafe { validate_utf16(src, len, ByteOrder::Big) }
}

/// Checks UTF-16LE: `UTFAST_OK`, or `UTFAST_INVALID` at the first unpaired
/// surrogate (`error_len` 1), or for a high surrogate last
/// (`UTFAST_KIND_TRUNCATED_AT_END`, `error_len` 0).
///
/// # Safety
///
/// `src` points to `len` readable units, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn utfast_check_utf16le(src: *const u16, len: usize) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe { check_utf16(src, len, ByteOrder::Little) }
}

/// Checks UTF-16BE, as `utfast_check_utf16le` does UTF-16LE.
///
/// # Safety
///
/// `src` points to `len` readable units, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn utfast_check_utf16be(src: *const u16, len: usize) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe { check_utf16(src, len, ByteOrder::Big) }
}

/// True when every one of the `len` values at `src` is a Unicode scalar value
/// (at most U+10FFFF, not a surrogate).
///
/// # Safety
///
/// `src` points to `len` readable values, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn utfast_validate_utf32(src: *const u32, len: usize) -> bool {
    guard_value(false, || {
        // SAFETY: the caller's promise above.
        unsafe { input(src, len) }.is_ok_and(utf32::validate)
    })
}

/// Checks UTF-32: `UTFAST_OK`, or `UTFAST_INVALID` at the first value that is a
/// surrogate or above U+10FFFF (`error_len` 1).
///
/// # Safety
///
/// `src` points to `len` readable values, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn utfast_check_utf32(src: *const u32, len: usize) -> utfast_result {
    guard(|| {
        // SAFETY: the caller's promise above.
        let src = unsafe { input(src, len)? };
        Ok(match utf32::check(src) {
            Ok(()) => utfast_result::ok(src.len(), 0),
            Err(e) => validation(utf32_error(e)),
        })
    })
}

/// `utf16::validate` on C's units.
///
/// # Safety
///
/// As [`utfast_validate_utf16le`].
unsafe fn validate_utf16(src: *const u16, len: usize, order: ByteOrder) -> bool {
    guard_value(false, || {
        // SAFETY: forwarded from the caller.
        unsafe { input(src, len) }.is_ok_and(|src| utf16::validate(src, order))
    })
}

/// `utf16::check` on C's units.
///
/// # Safety
///
/// As [`utfast_check_utf16le`].
unsafe fn check_utf16(src: *const u16, len: usize, order: ByteOrder) -> utfast_result {
    guard(|| {
        // SAFETY: forwarded from the caller.
        let src = unsafe { input(src, len)? };
        Ok(match utf16::check(src, order) {
            Ok(()) => utfast_result::ok(src.len(), 0),
            Err(e) => validation(utf16_error(e, src, order)),
        })
    })
}
