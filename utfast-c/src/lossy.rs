//! Conversions under an error mode (`utfast_error_mode`), the library's `_with`
//! functions: UTF-8 to UTF-16LE/BE and UTF-32, UTF-16LE/BE and UTF-32 to UTF-8.
//! Invalid input becomes what the mode says (one U+FFFD a piece with
//! `UTFAST_MODE_REPLACE`, exactly as Rust's `String::from_utf8_lossy`); the
//! strict mode stops as the plain conversions do. Any other pair, in any mode,
//! goes through the streaming transcoder (`utfast_transcoder_new`).

use utfast::{utf16, utf32, utf8, ByteOrder, ErrorMode};

use crate::abi::{conversion, utf16_error, utf32_error, utf8_error};
use crate::types::{error_mode, utfast_error_mode_arg, utfast_result, utfast_status};

/// The mode C passed, or a `UTFAST_BAD_ARGUMENT` result.
fn mode_or_bad(mode: utfast_error_mode_arg) -> Result<ErrorMode, utfast_result> {
    error_mode(mode).ok_or(utfast_result::failed(utfast_status::UTFAST_BAD_ARGUMENT))
}

/// UTF-8 to UTF-16LE under `mode`. `dst_len >= len` suffices in every mode
/// but `UTFAST_MODE_BACKSLASH_REPLACE`, which needs `4 * len`.
/// `UTFAST_BAD_ARGUMENT` for a mode out of range.
///
/// # Safety
///
/// `src` points to `len` readable bytes and `dst` to `dst_len` writable units
/// (either may be NULL when its length is 0); they do not overlap.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf8_to_utf16le_with(
    src: *const u8,
    len: usize,
    dst: *mut u16,
    dst_len: usize,
    mode: utfast_error_mode_arg,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe { utf8_to_utf16_with(src, len, dst, dst_len, mode, ByteOrder::Little) }
}

/// UTF-8 to UTF-16BE under `mode`, as `utfast_utf8_to_utf16le_with`.
///
/// # Safety
///
/// As `utfast_utf8_to_utf16le_with`.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf8_to_utf16be_with(
    src: *const u8,
    len: usize,
    dst: *mut u16,
    dst_len: usize,
    mode: utfast_error_mode_arg,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe { utf8_to_utf16_with(src, len, dst, dst_len, mode, ByteOrder::Big) }
}

/// UTF-8 to UTF-32 under `mode`. `dst_len >= len` suffices in every mode
/// but `UTFAST_MODE_BACKSLASH_REPLACE`, which needs `4 * len`.
///
/// # Safety
///
/// `src` points to `len` readable bytes and `dst` to `dst_len` writable values
/// (either may be NULL when its length is 0); they do not overlap.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf8_to_utf32_with(
    src: *const u8,
    len: usize,
    dst: *mut u32,
    dst_len: usize,
    mode: utfast_error_mode_arg,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe {
        conversion(src, len, dst, dst_len, |src, dst| {
            utf8::to_utf32_with(src, dst, mode_or_bad(mode)?).map_err(utf8_error)
        })
    }
}

/// UTF-16LE to UTF-8 under `mode`: each unpaired surrogate becomes what the
/// mode says (with `UTFAST_MODE_SURROGATE_ESCAPE`, DC80-DCFF become the byte
/// again and any other is `UTFAST_INVALID`). `dst_len >= 3 * len` suffices
/// (`6 * len` with `UTFAST_MODE_BACKSLASH_REPLACE`).
///
/// # Safety
///
/// `src` points to `len` readable units and `dst` to `dst_len` writable bytes
/// (either may be NULL when its length is 0); they do not overlap.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf16le_to_utf8_with(
    src: *const u16,
    len: usize,
    dst: *mut u8,
    dst_len: usize,
    mode: utfast_error_mode_arg,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe { utf16_to_utf8_with(src, len, dst, dst_len, mode, ByteOrder::Little) }
}

/// UTF-16BE to UTF-8 under `mode`, as `utfast_utf16le_to_utf8_with`.
///
/// # Safety
///
/// As `utfast_utf16le_to_utf8_with`.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf16be_to_utf8_with(
    src: *const u16,
    len: usize,
    dst: *mut u8,
    dst_len: usize,
    mode: utfast_error_mode_arg,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe { utf16_to_utf8_with(src, len, dst, dst_len, mode, ByteOrder::Big) }
}

/// UTF-32 to UTF-8 under `mode`: each surrogate or value above U+10FFFF
/// becomes what the mode says. `dst_len >= 4 * len` suffices (`10 * len` with
/// `UTFAST_MODE_BACKSLASH_REPLACE`).
///
/// # Safety
///
/// `src` points to `len` readable values and `dst` to `dst_len` writable bytes
/// (either may be NULL when its length is 0); they do not overlap.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf32_to_utf8_with(
    src: *const u32,
    len: usize,
    dst: *mut u8,
    dst_len: usize,
    mode: utfast_error_mode_arg,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe {
        conversion(src, len, dst, dst_len, |src, dst| {
            utf32::to_utf8_with(src, dst, mode_or_bad(mode)?).map_err(utf32_error)
        })
    }
}

/// Makes the `len` UTF-16LE units at `buf` well-formed in place: each unpaired
/// surrogate becomes U+FFFD. `written` is the number of units replaced.
///
/// # Safety
///
/// `buf` points to `len` readable and writable units, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn utfast_repair_utf16le(buf: *mut u16, len: usize) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe { repair_utf16(buf, len, ByteOrder::Little) }
}

/// Makes UTF-16BE well-formed in place, as `utfast_repair_utf16le`.
///
/// # Safety
///
/// As `utfast_repair_utf16le`.
#[no_mangle]
pub unsafe extern "C" fn utfast_repair_utf16be(buf: *mut u16, len: usize) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe { repair_utf16(buf, len, ByteOrder::Big) }
}

/// `utf8::to_utf16_with` on C's buffers.
///
/// # Safety
///
/// As [`utfast_utf8_to_utf16le_with`].
unsafe fn utf8_to_utf16_with(
    src: *const u8,
    len: usize,
    dst: *mut u16,
    dst_len: usize,
    mode: utfast_error_mode_arg,
    order: ByteOrder,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe {
        conversion(src, len, dst, dst_len, |src, dst| {
            utf8::to_utf16_with(src, dst, order, mode_or_bad(mode)?).map_err(utf8_error)
        })
    }
}

/// `utf16::to_utf8_with` on C's buffers.
///
/// # Safety
///
/// As [`utfast_utf16le_to_utf8_with`].
unsafe fn utf16_to_utf8_with(
    src: *const u16,
    len: usize,
    dst: *mut u8,
    dst_len: usize,
    mode: utfast_error_mode_arg,
    order: ByteOrder,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe {
        conversion(src, len, dst, dst_len, |src, dst| {
            utf16::to_utf8_with(src, dst, order, mode_or_bad(mode)?)
                .map_err(|e| utf16_error(e, src, order))
        })
    }
}

/// `utf16::repair` on C's buffer.
///
/// # Safety
///
/// As [`utfast_repair_utf16le`].
unsafe fn repair_utf16(buf: *mut u16, len: usize, order: ByteOrder) -> utfast_result {
    crate::abi::guard(|| {
        // SAFETY: forwarded from the caller.
        let buf = unsafe { crate::abi::output(buf, len)? };
        let replaced = utf16::repair(buf, order);
        Ok(utfast_result::ok(buf.len(), replaced))
    })
}
