//! Strict conversions between UTF-8, UTF-16LE/BE, UTF-32 and Latin-1: each the
//! library's own function (`utf8::to_utf16`, `utf16::to_utf8`, `latin1::to_utf8`,
//! ...) on C's buffers, its answer made a `utfast_result`. The first invalid
//! character (or one Latin-1 cannot hold) stops the conversion with
//! `UTFAST_INVALID`; a full output stops it with `UTFAST_OUTPUT_TOO_SMALL` at a
//! character boundary. UTF-32 is in the machine's byte order.

use utfast::{latin1, utf16, utf32, utf8, ByteOrder};

use crate::abi::{
    conversion, output_too_small, routed_conversion, utf16_error, utf32_error, utf8_error, written,
};
use crate::types::utfast_result;

/// UTF-8 to UTF-16LE. `dst_len >= len` always suffices;
/// `utfast_utf16_len_from_utf8` gives the exact length of valid input.
///
/// # Safety
///
/// `src` points to `len` readable bytes and `dst` to `dst_len` writable units
/// (either may be NULL when its length is 0); they do not overlap.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf8_to_utf16le(
    src: *const u8,
    len: usize,
    dst: *mut u16,
    dst_len: usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe { utf8_to_utf16(src, len, dst, dst_len, ByteOrder::Little) }
}

/// UTF-8 to UTF-16BE, as `utfast_utf8_to_utf16le`.
///
/// # Safety
///
/// As `utfast_utf8_to_utf16le`.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf8_to_utf16be(
    src: *const u8,
    len: usize,
    dst: *mut u16,
    dst_len: usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe { utf8_to_utf16(src, len, dst, dst_len, ByteOrder::Big) }
}

/// `utf8::to_utf16` on C's buffers, through [`routed_conversion`].
///
/// # Safety
///
/// As `utfast_utf8_to_utf16le`.
#[inline(always)]
unsafe fn utf8_to_utf16(
    src: *const u8,
    len: usize,
    dst: *mut u16,
    dst_len: usize,
    order: ByteOrder,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe {
        routed_conversion(
            src,
            len,
            dst,
            dst_len,
            move |engine, src, dst| engine.utf8_to_utf16(src, dst, order).map_err(utf8_error),
            move |src, dst| utf8::to_utf16(src, dst, order).map_err(utf8_error),
        )
    }
}

/// UTF-8 to UTF-32. `dst_len >= len` always suffices;
/// `utfast_utf32_len_from_utf8` gives the exact length of valid input.
///
/// # Safety
///
/// `src` points to `len` readable bytes and `dst` to `dst_len` writable values
/// (either may be NULL when its length is 0); they do not overlap.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf8_to_utf32(
    src: *const u8,
    len: usize,
    dst: *mut u32,
    dst_len: usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe {
        routed_conversion(
            src,
            len,
            dst,
            dst_len,
            |engine, src, dst| engine.utf8_to_utf32(src, dst).map_err(utf8_error),
            |src, dst| utf8::to_utf32(src, dst).map_err(utf8_error),
        )
    }
}

/// UTF-8 to Latin-1: a character above U+00FF is `UTFAST_INVALID` of kind
/// `UTFAST_KIND_NOT_LATIN1` (`error_len`: its bytes). `dst_len >= len` always
/// suffices; `utfast_utf32_len_from_utf8` is exact for valid input.
///
/// # Safety
///
/// `src` points to `len` readable bytes and `dst` to `dst_len` writable bytes
/// (either may be NULL when its length is 0); they do not overlap.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf8_to_latin1(
    src: *const u8,
    len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe {
        conversion(src, len, dst, dst_len, |src, dst| {
            utf8::to_latin1(src, dst).map_err(utf8_error)
        })
    }
}

/// UTF-16LE to UTF-8. `dst_len >= 3 * len` always suffices;
/// `utfast_utf8_len_from_utf16le` gives the exact length of valid input.
///
/// # Safety
///
/// `src` points to `len` readable units and `dst` to `dst_len` writable bytes
/// (either may be NULL when its length is 0); they do not overlap.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf16le_to_utf8(
    src: *const u16,
    len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe { utf16_to_utf8(src, len, dst, dst_len, ByteOrder::Little) }
}

/// UTF-16BE to UTF-8, as `utfast_utf16le_to_utf8`.
///
/// # Safety
///
/// As `utfast_utf16le_to_utf8`.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf16be_to_utf8(
    src: *const u16,
    len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe { utf16_to_utf8(src, len, dst, dst_len, ByteOrder::Big) }
}

/// UTF-16LE to UTF-32. `dst_len >= len` always suffices;
/// `utfast_utf32_len_from_utf16le` gives the exact length of valid input.
///
/// # Safety
///
/// `src` points to `len` readable units and `dst` to `dst_len` writable values
/// (either may be NULL when its length is 0); they do not overlap.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf16le_to_utf32(
    src: *const u16,
    len: usize,
    dst: *mut u32,
    dst_len: usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe { utf16_to_utf32(src, len, dst, dst_len, ByteOrder::Little) }
}

/// UTF-16BE to UTF-32, as `utfast_utf16le_to_utf32`.
///
/// # Safety
///
/// As `utfast_utf16le_to_utf32`.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf16be_to_utf32(
    src: *const u16,
    len: usize,
    dst: *mut u32,
    dst_len: usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe { utf16_to_utf32(src, len, dst, dst_len, ByteOrder::Big) }
}

/// UTF-16LE to Latin-1: a character above U+00FF is `UTFAST_INVALID` of kind
/// `UTFAST_KIND_NOT_LATIN1` (`error_len`: its units). `dst_len >= len` always
/// suffices.
///
/// # Safety
///
/// `src` points to `len` readable units and `dst` to `dst_len` writable bytes
/// (either may be NULL when its length is 0); they do not overlap.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf16le_to_latin1(
    src: *const u16,
    len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe { utf16_to_latin1(src, len, dst, dst_len, ByteOrder::Little) }
}

/// UTF-16BE to Latin-1, as `utfast_utf16le_to_latin1`.
///
/// # Safety
///
/// As `utfast_utf16le_to_latin1`.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf16be_to_latin1(
    src: *const u16,
    len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe { utf16_to_latin1(src, len, dst, dst_len, ByteOrder::Big) }
}

/// UTF-32 to UTF-8. `dst_len >= 4 * len` always suffices;
/// `utfast_utf8_len_from_utf32` gives the exact length of valid input.
///
/// # Safety
///
/// `src` points to `len` readable values and `dst` to `dst_len` writable bytes
/// (either may be NULL when its length is 0); they do not overlap.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf32_to_utf8(
    src: *const u32,
    len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe {
        conversion(src, len, dst, dst_len, |src, dst| {
            utf32::to_utf8(src, dst).map_err(utf32_error)
        })
    }
}

/// UTF-32 to UTF-16LE. `dst_len >= 2 * len` always suffices;
/// `utfast_utf16_len_from_utf32` gives the exact length of valid input.
///
/// # Safety
///
/// `src` points to `len` readable values and `dst` to `dst_len` writable units
/// (either may be NULL when its length is 0); they do not overlap.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf32_to_utf16le(
    src: *const u32,
    len: usize,
    dst: *mut u16,
    dst_len: usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe {
        conversion(src, len, dst, dst_len, |src, dst| {
            utf32::to_utf16(src, dst, ByteOrder::Little).map_err(utf32_error)
        })
    }
}

/// UTF-32 to UTF-16BE, as `utfast_utf32_to_utf16le`.
///
/// # Safety
///
/// As `utfast_utf32_to_utf16le`.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf32_to_utf16be(
    src: *const u32,
    len: usize,
    dst: *mut u16,
    dst_len: usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe {
        conversion(src, len, dst, dst_len, |src, dst| {
            utf32::to_utf16(src, dst, ByteOrder::Big).map_err(utf32_error)
        })
    }
}

/// UTF-32 to Latin-1: a value above U+00FF is `UTFAST_INVALID` of kind
/// `UTFAST_KIND_NOT_LATIN1`. `dst_len >= len` always suffices.
///
/// # Safety
///
/// `src` points to `len` readable values and `dst` to `dst_len` writable bytes
/// (either may be NULL when its length is 0); they do not overlap.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf32_to_latin1(
    src: *const u32,
    len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe {
        conversion(src, len, dst, dst_len, |src, dst| {
            utf32::to_latin1(src, dst).map_err(utf32_error)
        })
    }
}

/// Latin-1 to UTF-8 (never invalid). `dst_len >= 2 * len` always suffices;
/// `utfast_utf8_len_from_latin1` gives the exact length.
///
/// # Safety
///
/// `src` points to `len` readable bytes and `dst` to `dst_len` writable bytes
/// (either may be NULL when its length is 0); they do not overlap.
#[no_mangle]
pub unsafe extern "C" fn utfast_latin1_to_utf8(
    src: *const u8,
    len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe {
        conversion(src, len, dst, dst_len, |src, dst| {
            latin1::to_utf8(src, dst).map_err(output_too_small)
        })
    }
}

/// [`utfast_latin1_to_utf8`] with the bytes written as its answer, or
/// `UTFAST_NOT_WRITTEN` (`SIZE_MAX`) when they do not fit in `dst_len` (what
/// `dst` then holds is unspecified) or an argument is refused: for loops over
/// many short values, where filling and reading a `utfast_result` is a
/// noticeable part of the call.
///
/// ```c
/// uint8_t out[8];
/// size_t n = utfast_latin1_to_utf8_written((const uint8_t *) "caf\xE9", 4, out, sizeof out);
/// // n == 5: "caf\xC3\xA9"
/// ```
///
/// # Safety
///
/// As [`utfast_latin1_to_utf8`].
#[no_mangle]
pub unsafe extern "C" fn utfast_latin1_to_utf8_written(
    src: *const u8,
    len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> usize {
    // SAFETY: forwarded from the caller.
    unsafe {
        written(src, len, dst, dst_len, |src, dst| {
            latin1::to_utf8(src, dst).ok()
        })
    }
}

/// Latin-1 to UTF-16LE, one unit a byte.
///
/// # Safety
///
/// `src` points to `len` readable bytes and `dst` to `dst_len` writable units
/// (either may be NULL when its length is 0); they do not overlap.
#[no_mangle]
pub unsafe extern "C" fn utfast_latin1_to_utf16le(
    src: *const u8,
    len: usize,
    dst: *mut u16,
    dst_len: usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe {
        conversion(src, len, dst, dst_len, |src, dst| {
            latin1::to_utf16(src, dst, ByteOrder::Little).map_err(output_too_small)
        })
    }
}

/// Latin-1 to UTF-16BE, one unit a byte.
///
/// # Safety
///
/// As `utfast_latin1_to_utf16le`.
#[no_mangle]
pub unsafe extern "C" fn utfast_latin1_to_utf16be(
    src: *const u8,
    len: usize,
    dst: *mut u16,
    dst_len: usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe {
        conversion(src, len, dst, dst_len, |src, dst| {
            latin1::to_utf16(src, dst, ByteOrder::Big).map_err(output_too_small)
        })
    }
}

/// Latin-1 to UTF-32, one value a byte.
///
/// # Safety
///
/// `src` points to `len` readable bytes and `dst` to `dst_len` writable values
/// (either may be NULL when its length is 0); they do not overlap.
#[no_mangle]
pub unsafe extern "C" fn utfast_latin1_to_utf32(
    src: *const u8,
    len: usize,
    dst: *mut u32,
    dst_len: usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe {
        conversion(src, len, dst, dst_len, |src, dst| {
            latin1::to_utf32(src, dst).map_err(output_too_small)
        })
    }
}

/// `utf16::to_utf8` on C's buffers.
///
/// # Safety
///
/// As [`utfast_utf16le_to_utf8`].
unsafe fn utf16_to_utf8(
    src: *const u16,
    len: usize,
    dst: *mut u8,
    dst_len: usize,
    order: ByteOrder,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe {
        conversion(src, len, dst, dst_len, |src, dst| {
            utf16::to_utf8(src, dst, order).map_err(|e| utf16_error(e, src, order))
        })
    }
}

/// `utf16::to_utf32` on C's buffers.
///
/// # Safety
///
/// As [`utfast_utf16le_to_utf32`].
unsafe fn utf16_to_utf32(
    src: *const u16,
    len: usize,
    dst: *mut u32,
    dst_len: usize,
    order: ByteOrder,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe {
        conversion(src, len, dst, dst_len, |src, dst| {
            utf16::to_utf32(src, dst, order).map_err(|e| utf16_error(e, src, order))
        })
    }
}

/// `utf16::to_latin1` on C's buffers.
///
/// # Safety
///
/// As [`utfast_utf16le_to_latin1`].
unsafe fn utf16_to_latin1(
    src: *const u16,
    len: usize,
    dst: *mut u8,
    dst_len: usize,
    order: ByteOrder,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe {
        conversion(src, len, dst, dst_len, |src, dst| {
            utf16::to_latin1(src, dst, order).map_err(|e| utf16_error(e, src, order))
        })
    }
}
