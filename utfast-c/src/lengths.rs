//! Output lengths, to size a buffer before converting: named
//! `utfast_<output>_len_from_<input>`, each the library's function (`utf8::utf16_len`,
//! `utf16::utf8_len`, ...). Each is exact for valid input and reads the input
//! once, without validating it. A NULL (or misaligned) `src` with a non-zero
//! `len` gives 0.

use utfast::{latin1, utf16, utf32, utf8, ByteOrder};

use crate::abi::{guard_value, input};

/// The number of units `measure` gives for the `len` units at `src`, or 0 when
/// they cannot be read.
///
/// # Safety
///
/// `src` points to `len` readable units, or `len` is 0.
unsafe fn measured<T>(src: *const T, len: usize, measure: impl FnOnce(&[T]) -> usize) -> usize {
    guard_value(0, || {
        // SAFETY: forwarded from the caller.
        unsafe { input(src, len) }.map_or(0, measure)
    })
}

/// The UTF-16 length (in units) of the UTF-8 at `src`: the characters, plus one
/// for each that needs a surrogate pair.
///
/// # Safety
///
/// `src` points to `len` readable bytes, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf16_len_from_utf8(src: *const u8, len: usize) -> usize {
    // SAFETY: forwarded from the caller.
    unsafe { measured(src, len, utf8::utf16_len) }
}

/// The UTF-32 length of the UTF-8 at `src`: its characters (the bytes that are
/// not continuation bytes), so also its Latin-1 and Windows-1252 length.
///
/// # Safety
///
/// `src` points to `len` readable bytes, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf32_len_from_utf8(src: *const u8, len: usize) -> usize {
    // SAFETY: forwarded from the caller.
    unsafe { measured(src, len, utf8::count_chars) }
}

/// The UTF-8 length (in bytes) of the UTF-16LE at `src`.
///
/// # Safety
///
/// `src` points to `len` readable units, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf8_len_from_utf16le(src: *const u16, len: usize) -> usize {
    // SAFETY: forwarded from the caller.
    unsafe { measured(src, len, |s| utf16::utf8_len(s, ByteOrder::Little)) }
}

/// The UTF-8 length (in bytes) of the UTF-16BE at `src`.
///
/// # Safety
///
/// `src` points to `len` readable units, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf8_len_from_utf16be(src: *const u16, len: usize) -> usize {
    // SAFETY: forwarded from the caller.
    unsafe { measured(src, len, |s| utf16::utf8_len(s, ByteOrder::Big)) }
}

/// The UTF-32 length of the UTF-16LE at `src`: the units that are not low
/// surrogates (also its Latin-1 and Windows-1252 length).
///
/// # Safety
///
/// `src` points to `len` readable units, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf32_len_from_utf16le(src: *const u16, len: usize) -> usize {
    // SAFETY: forwarded from the caller.
    unsafe { measured(src, len, |s| utf16::utf32_len(s, ByteOrder::Little)) }
}

/// The UTF-32 length of the UTF-16BE at `src`.
///
/// # Safety
///
/// `src` points to `len` readable units, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf32_len_from_utf16be(src: *const u16, len: usize) -> usize {
    // SAFETY: forwarded from the caller.
    unsafe { measured(src, len, |s| utf16::utf32_len(s, ByteOrder::Big)) }
}

/// The UTF-8 length (in bytes) of the UTF-32 at `src`.
///
/// # Safety
///
/// `src` points to `len` readable values, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf8_len_from_utf32(src: *const u32, len: usize) -> usize {
    // SAFETY: forwarded from the caller.
    unsafe { measured(src, len, utf32::utf8_len) }
}

/// The UTF-16 length (in units) of the UTF-32 at `src`: two units from
/// U+10000, else one.
///
/// # Safety
///
/// `src` points to `len` readable values, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf16_len_from_utf32(src: *const u32, len: usize) -> usize {
    // SAFETY: forwarded from the caller.
    unsafe { measured(src, len, utf32::utf16_len) }
}

/// The UTF-8 length (in bytes) of the Latin-1 at `src`: two bytes for 80-FF,
/// else one.
///
/// # Safety
///
/// `src` points to `len` readable bytes, or `len` is 0.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf8_len_from_latin1(src: *const u8, len: usize) -> usize {
    // SAFETY: forwarded from the caller.
    unsafe { measured(src, len, latin1::utf8_len) }
}
