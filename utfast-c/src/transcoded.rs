//! Strict conversions the library offers only through its streaming
//! `Transcoder`: to and from Windows-1252, and UTF-16LE to UTF-16BE and back.
//! Each is one `transcode(src, dst, last = true)` call on C's buffers (viewed as
//! bytes), whose answer is made the same `utfast_result` as the direct
//! conversions give:
//!
//! - an error's byte offset and length become input units;
//! - a full output (the transcoder may stop inside a character) is cut back to
//!   whole characters, and `position` is the input units of as many
//!   characters. In strict mode each input character becomes one output
//!   character and the output covers a valid prefix, so counting characters on
//!   both sides is exact.

use utfast::stream::{Status, Transcoder};
use utfast::{utf8, Encoding, ErrorMode};

use crate::abi::conversion;
use crate::types::{transcode_kind, utfast_result, utfast_status};

/// UTF-32 in this machine's byte order, as C's `uint32_t` buffers hold it.
const UTF32_NATIVE: Encoding = if cfg!(target_endian = "big") {
    Encoding::Utf32Be
} else {
    Encoding::Utf32Le
};

/// The integer types of C's buffers: plain old data of 1, 2 or 4 bytes.
///
/// # Safety
///
/// Implemented only for types without padding for which every bit pattern is a
/// valid value, so that their memory may be viewed and written as bytes.
unsafe trait Unit: Copy {}

// SAFETY: `u8`, `u16` and `u32` have no padding and no invalid bit patterns.
unsafe impl Unit for u8 {}
// SAFETY: as above.
unsafe impl Unit for u16 {}
// SAFETY: as above.
unsafe impl Unit for u32 {}

/// The bytes of `units`.
fn bytes_of<T: Unit>(units: &[T]) -> &[u8] {
    // SAFETY: `T: Unit` has no padding, so its memory is initialised bytes; `u8`
    // needs no alignment; the length is the slice's size in bytes.
    unsafe { std::slice::from_raw_parts(units.as_ptr().cast::<u8>(), size_of_val(units)) }
}

/// The bytes of `units`, to write.
fn bytes_of_mut<T: Unit>(units: &mut [T]) -> &mut [u8] {
    let len = size_of_val(units);
    // SAFETY: as in `bytes_of`, and any bytes written make valid `T`s
    // (`T: Unit`); the borrow of `units` is exclusive for the result's life.
    unsafe { std::slice::from_raw_parts_mut(units.as_mut_ptr().cast::<u8>(), len) }
}

/// Converts `src` (bytes in `from`) into `dst` (bytes in `to`) strictly, in one
/// transcoder call; the units written, or the result of the stop, in units of
/// `from` and `to`.
pub(crate) fn one_shot(
    from: Encoding,
    to: Encoding,
    src: &[u8],
    dst: &mut [u8],
) -> Result<usize, utfast_result> {
    let (in_unit, out_unit) = (from.unit_len(), to.unit_len());
    let mut transcoder = Transcoder::new(from, to, ErrorMode::Strict);
    let progress = transcoder.transcode(src, dst, true);
    match progress.status {
        Status::InputEmpty if progress.read == src.len() => Ok(progress.written / out_unit),
        Status::Error(e) => {
            // The offset is within `src`, so it fits a `usize`.
            let at = usize::try_from(e.offset()).unwrap_or(src.len());
            Err(utfast_result::invalid(
                at / in_unit,
                progress.written / out_unit,
                e.error_len().map_or(0, |len| len / in_unit),
                transcode_kind(e.kind()),
            ))
        }
        Status::OutputFull => {
            let (bytes, chars) = whole_characters(to, &dst[..progress.written]);
            let position = units_of_characters(from, src, chars);
            Err(utfast_result::output_too_small(position, bytes / out_unit))
        }
        _ => Err(utfast_result::failed(utfast_status::UTFAST_INTERNAL_ERROR)),
    }
}

/// The bytes of the whole characters at the start of `out` (valid output in
/// `encoding`, perhaps cut inside a character), and how many characters they
/// are.
fn whole_characters(encoding: Encoding, out: &[u8]) -> (usize, usize) {
    match encoding {
        Encoding::Utf8 => {
            let whole = utf8::trim_incomplete_tail(out);
            (whole.len(), utf8::count_chars(whole))
        }
        Encoding::Utf16Le | Encoding::Utf16Be => {
            let mut units: Vec<u16> = out
                .chunks_exact(2)
                .map(|pair| read_u16(encoding, pair))
                .collect();
            if units.last().is_some_and(|&u| is_high_surrogate(u)) {
                units.pop();
            }
            let chars = units.iter().filter(|&&u| !is_low_surrogate(u)).count();
            (2 * units.len(), chars)
        }
        Encoding::Utf32Le | Encoding::Utf32Be => {
            let whole = out.len() / 4 * 4;
            (whole, whole / 4)
        }
        _ => (out.len(), out.len()),
    }
}

/// The input units, in `encoding`, of the first `chars` characters of `src`
/// (which are valid), or all of `src` when it has fewer.
fn units_of_characters(encoding: Encoding, src: &[u8], chars: usize) -> usize {
    match encoding {
        Encoding::Utf8 => src
            .iter()
            .enumerate()
            .filter(|&(_, &b)| !is_continuation(b))
            .nth(chars)
            .map_or(src.len(), |(at, _)| at),
        Encoding::Utf16Le | Encoding::Utf16Be => {
            let units = src.len() / 2;
            src.chunks_exact(2)
                .enumerate()
                .filter(|&(_, pair)| !is_low_surrogate(read_u16(encoding, pair)))
                .nth(chars)
                .map_or(units, |(at, _)| at)
        }
        Encoding::Utf32Le | Encoding::Utf32Be => chars.min(src.len() / 4),
        _ => chars.min(src.len()),
    }
}

/// The UTF-16 code unit stored in `pair` in `encoding`'s byte order.
fn read_u16(encoding: Encoding, pair: &[u8]) -> u16 {
    let bytes = [pair[0], pair[1]];
    match encoding {
        Encoding::Utf16Be => u16::from_be_bytes(bytes),
        _ => u16::from_le_bytes(bytes),
    }
}

fn is_high_surrogate(unit: u16) -> bool {
    (0xD800..0xDC00).contains(&unit)
}

fn is_low_surrogate(unit: u16) -> bool {
    (0xDC00..0xE000).contains(&unit)
}

fn is_continuation(byte: u8) -> bool {
    byte & 0xC0 == 0x80
}

/// [`one_shot`] on C's buffers of units `I` and `O`.
///
/// # Safety
///
/// As [`conversion`].
#[allow(private_bounds)]
unsafe fn transcoded<I: Unit, O: Unit>(
    from: Encoding,
    to: Encoding,
    src: *const I,
    len: usize,
    dst: *mut O,
    dst_len: usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe {
        conversion(src, len, dst, dst_len, |src, dst| {
            one_shot(from, to, bytes_of(src), bytes_of_mut(dst))
        })
    }
}

/// UTF-8 to Windows-1252: a character Windows-1252 lacks is `UTFAST_INVALID`
/// of kind `UTFAST_KIND_UNMAPPABLE` (`error_len`: its bytes). `dst_len >= len`
/// always suffices.
///
/// # Safety
///
/// `src` points to `len` readable bytes and `dst` to `dst_len` writable bytes
/// (either may be NULL when its length is 0); they do not overlap.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf8_to_windows1252(
    src: *const u8,
    len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe {
        transcoded(
            Encoding::Utf8,
            Encoding::Windows1252,
            src,
            len,
            dst,
            dst_len,
        )
    }
}

/// UTF-16LE to Windows-1252, as `utfast_utf8_to_windows1252` (`error_len` in
/// units). `dst_len >= len` always suffices.
///
/// # Safety
///
/// `src` points to `len` readable units and `dst` to `dst_len` writable bytes
/// (either may be NULL when its length is 0); they do not overlap.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf16le_to_windows1252(
    src: *const u16,
    len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe {
        transcoded(
            Encoding::Utf16Le,
            Encoding::Windows1252,
            src,
            len,
            dst,
            dst_len,
        )
    }
}

/// UTF-16BE to Windows-1252, as `utfast_utf16le_to_windows1252`.
///
/// # Safety
///
/// As `utfast_utf16le_to_windows1252`.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf16be_to_windows1252(
    src: *const u16,
    len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe {
        transcoded(
            Encoding::Utf16Be,
            Encoding::Windows1252,
            src,
            len,
            dst,
            dst_len,
        )
    }
}

/// UTF-32 to Windows-1252, as `utfast_utf8_to_windows1252`. `dst_len >= len`
/// always suffices.
///
/// # Safety
///
/// `src` points to `len` readable values and `dst` to `dst_len` writable bytes
/// (either may be NULL when its length is 0); they do not overlap.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf32_to_windows1252(
    src: *const u32,
    len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe { transcoded(UTF32_NATIVE, Encoding::Windows1252, src, len, dst, dst_len) }
}

/// Latin-1 to Windows-1252: the C1 controls Windows-1252 replaced (80-9F but
/// for 81, 8D, 8F, 90, 9D) are `UTFAST_KIND_UNMAPPABLE`. `dst_len >= len`
/// always suffices.
///
/// # Safety
///
/// `src` points to `len` readable bytes and `dst` to `dst_len` writable bytes
/// (either may be NULL when its length is 0); they do not overlap.
#[no_mangle]
pub unsafe extern "C" fn utfast_latin1_to_windows1252(
    src: *const u8,
    len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe {
        transcoded(
            Encoding::Latin1,
            Encoding::Windows1252,
            src,
            len,
            dst,
            dst_len,
        )
    }
}

/// Windows-1252 to UTF-8 (never invalid: every byte is a character).
/// `dst_len >= 3 * len` always suffices.
///
/// # Safety
///
/// `src` points to `len` readable bytes and `dst` to `dst_len` writable bytes
/// (either may be NULL when its length is 0); they do not overlap.
#[no_mangle]
pub unsafe extern "C" fn utfast_windows1252_to_utf8(
    src: *const u8,
    len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe {
        transcoded(
            Encoding::Windows1252,
            Encoding::Utf8,
            src,
            len,
            dst,
            dst_len,
        )
    }
}

/// Windows-1252 to UTF-16LE, one unit a byte.
///
/// # Safety
///
/// `src` points to `len` readable bytes and `dst` to `dst_len` writable units
/// (either may be NULL when its length is 0); they do not overlap.
#[no_mangle]
pub unsafe extern "C" fn utfast_windows1252_to_utf16le(
    src: *const u8,
    len: usize,
    dst: *mut u16,
    dst_len: usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe {
        transcoded(
            Encoding::Windows1252,
            Encoding::Utf16Le,
            src,
            len,
            dst,
            dst_len,
        )
    }
}

/// Windows-1252 to UTF-16BE, one unit a byte.
///
/// # Safety
///
/// As `utfast_windows1252_to_utf16le`.
#[no_mangle]
pub unsafe extern "C" fn utfast_windows1252_to_utf16be(
    src: *const u8,
    len: usize,
    dst: *mut u16,
    dst_len: usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe {
        transcoded(
            Encoding::Windows1252,
            Encoding::Utf16Be,
            src,
            len,
            dst,
            dst_len,
        )
    }
}

/// Windows-1252 to UTF-32, one value a byte.
///
/// # Safety
///
/// `src` points to `len` readable bytes and `dst` to `dst_len` writable values
/// (either may be NULL when its length is 0); they do not overlap.
#[no_mangle]
pub unsafe extern "C" fn utfast_windows1252_to_utf32(
    src: *const u8,
    len: usize,
    dst: *mut u32,
    dst_len: usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe { transcoded(Encoding::Windows1252, UTF32_NATIVE, src, len, dst, dst_len) }
}

/// Windows-1252 to Latin-1: the 27 characters of 80-9F that are not C1
/// controls (such as 80, €) are `UTFAST_KIND_UNMAPPABLE`.
///
/// # Safety
///
/// `src` points to `len` readable bytes and `dst` to `dst_len` writable bytes
/// (either may be NULL when its length is 0); they do not overlap.
#[no_mangle]
pub unsafe extern "C" fn utfast_windows1252_to_latin1(
    src: *const u8,
    len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe {
        transcoded(
            Encoding::Windows1252,
            Encoding::Latin1,
            src,
            len,
            dst,
            dst_len,
        )
    }
}

/// UTF-16LE to UTF-16BE: validated (as `utfast_check_utf16le`) and each unit's
/// bytes swapped. `dst_len >= len` always suffices.
///
/// # Safety
///
/// `src` points to `len` readable units and `dst` to `dst_len` writable units
/// (either may be NULL when its length is 0); they do not overlap.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf16le_to_utf16be(
    src: *const u16,
    len: usize,
    dst: *mut u16,
    dst_len: usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe { transcoded(Encoding::Utf16Le, Encoding::Utf16Be, src, len, dst, dst_len) }
}

/// UTF-16BE to UTF-16LE, as `utfast_utf16le_to_utf16be`.
///
/// # Safety
///
/// As `utfast_utf16le_to_utf16be`.
#[no_mangle]
pub unsafe extern "C" fn utfast_utf16be_to_utf16le(
    src: *const u16,
    len: usize,
    dst: *mut u16,
    dst_len: usize,
) -> utfast_result {
    // SAFETY: forwarded from the caller.
    unsafe { transcoded(Encoding::Utf16Be, Encoding::Utf16Le, src, len, dst, dst_len) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_output_stops_at_a_character() {
        // "a€b" to UTF-8 from Windows-1252 with room for "a" and two bytes of "€".
        let mut out = [0u8; 3];
        let result = one_shot(Encoding::Windows1252, Encoding::Utf8, b"a\x80b", &mut out);
        assert_eq!(result, Err(utfast_result::output_too_small(1, 1)));
        let mut out = [0u8; 4];
        let result = one_shot(Encoding::Windows1252, Encoding::Utf8, b"a\x80b", &mut out);
        assert_eq!(result, Err(utfast_result::output_too_small(2, 4)));
    }

    #[test]
    fn errors_are_in_units() {
        let src: Vec<u8> = [0x61u16, 0x2192, 0x62]
            .iter()
            .flat_map(|u| u.to_le_bytes())
            .collect();
        let mut out = [0u8; 8];
        let result = one_shot(Encoding::Utf16Le, Encoding::Windows1252, &src, &mut out);
        let kind = crate::types::utfast_error_kind::UTFAST_KIND_UNMAPPABLE;
        assert_eq!(result, Err(utfast_result::invalid(1, 1, 1, kind)));
    }
}
