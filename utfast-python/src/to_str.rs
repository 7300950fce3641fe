//! Decoding valid input straight into a `str` in its final PEP 393 form: a scan
//! finds the largest character's class (ASCII, Latin-1, BMP, astral), which
//! fixes the kind, and a utfast kernel writes the units into the new string.
//! Invalid input gives `None`; under an error handler `handlers` does, it is
//! decoded by [`with_handler`], else the caller hands it to CPython's codec,
//! whose exception (or error handler) is the answer.

use pyo3::prelude::*;
use pyo3::types::PyString;
use utfast::{utf16, utf32, utf8, ByteOrder};

use crate::codecs::Codec;
use crate::handlers::{self, Handler};
use crate::input::units;
use crate::output::{
    new_str, new_str_within, release_gil_for, str_from_units, with_scratch, Units, SCRATCH_UCS2,
    SCRATCH_UCS4,
};
use crate::scan;

/// UTF-16 units looked at for a character that tells the `str`'s kind.
const PROBE_UNITS: usize = 32;

/// UTF-8 bytes looked at for a start that is ASCII.
const PROBE_BYTES: usize = 64;

/// `src` decoded as `codec`, or `None` when `src` is not valid in it.
pub fn decode<'py>(
    py: Python<'py>,
    codec: Codec,
    src: &[u8],
) -> PyResult<Option<Bound<'py, PyString>>> {
    match codec {
        Codec::Utf8 => utf8_str(py, src),
        Codec::Latin1 => latin1_str(py, src),
        Codec::Cp1252 => cp1252_str(py, src),
        Codec::Utf16(order) if src.len().is_multiple_of(2) => {
            utf16_str(py, &units::<u16>(src), order)
        }
        Codec::Utf32(order) if src.len().is_multiple_of(4) => {
            utf32_str(py, &units::<u32>(src), order)
        }
        Codec::Utf16(_) | Codec::Utf32(_) => Ok(None),
    }
}

/// The `max` argument of `PyUnicode_New` for the largest code point `max`: the
/// top of its kind.
fn kind_max(max: u32) -> u32 {
    match max {
        0..=0x7F => 0x7F,
        0x80..=0xFF => 0xFF,
        0x100..=0xFFFF => 0xFFFF,
        _ => 0x10FFFF,
    }
}

/// UTF-8, after one scan for the largest byte and the character count: the
/// largest byte tells the kind (no lead byte above C3: Latin-1; none from F0:
/// the BMP), as every lead byte starts a larger character than any continuation
/// byte. ASCII is valid as it is; otherwise the conversion validates (a count
/// that invalid input made wrong fails it too), so there is no pass of its own.
fn utf8_str<'py>(py: Python<'py>, src: &[u8]) -> PyResult<Option<Bound<'py, PyString>>> {
    // An ASCII start: copied into an ASCII `str` while it stays ASCII; a block
    // with another byte ends that (the `str` is dropped) and only the rest
    // is scanned.
    let mut ascii = 0;
    if src[..src.len().min(PROBE_BYTES)].is_ascii() {
        let copied = new_str(py, src.len(), 0x7F, src.len(), |units| match units {
            Units::One(dst) => {
                ascii = scan::copy_ascii_prefix(src, dst);
                ascii == src.len()
            }
            _ => false,
        })?;
        if copied.is_some() {
            return Ok(copied);
        }
    }
    let (top, rest) = scan::utf8_top_and_chars(&src[ascii..]);
    let len = ascii + rest;
    if len == 0 && !src.is_empty() {
        // Continuation bytes only: nothing for the conversion to refuse.
        return Ok(None);
    }
    let max = match top {
        0..=0x7F => 0x7F,
        0x80..=0xC3 => 0xFF,
        0xC4..=0xEF => 0xFFFF,
        _ => 0x10FFFF,
    };
    new_str(py, len, max, src.len(), |units| match units {
        Units::One(dst) if max == 0x7F => {
            dst.copy_from_slice(src);
            true
        }
        Units::One(dst) => utf8::to_latin1(src, dst) == Ok(len),
        Units::Two(dst) => utf8::to_utf16(src, dst, ByteOrder::NATIVE) == Ok(len),
        Units::Four(dst) => utf8::to_utf32(src, dst) == Ok(len),
    })
}

/// Latin-1: every byte is its character.
fn latin1_str<'py>(py: Python<'py>, src: &[u8]) -> PyResult<Option<Bound<'py, PyString>>> {
    let max = kind_max(u32::from(src.iter().copied().max().unwrap_or(0)));
    new_str(py, src.len(), max, src.len(), |units| match units {
        Units::One(dst) => {
            dst.copy_from_slice(src);
            true
        }
        _ => false,
    })
}

/// CPython's cp1252: 81, 8D, 8F, 90 and 9D are undefined (errors); 80-9F else
/// map to characters above U+00FF, the rest is Latin-1.
fn cp1252_str<'py>(py: Python<'py>, src: &[u8]) -> PyResult<Option<Bound<'py, PyString>>> {
    // Folds without an early exit, so that they vectorise.
    if src
        .iter()
        .fold(false, |seen, &b| seen | handlers::cp1252_undefined(b))
    {
        return Ok(None);
    }
    if !src.iter().fold(false, |seen, &b| seen | (b & 0xE0 == 0x80)) {
        return latin1_str(py, src);
    }
    new_str(py, src.len(), 0xFFFF, src.len(), |units| match units {
        Units::Two(dst) => {
            for (unit, &byte) in dst.iter_mut().zip(src) {
                *unit = utfast::latin1::windows1252_char(byte) as u16;
            }
            true
        }
        _ => false,
    })
}

/// UTF-16 in `order`, after one scan for the OR of its units and surrogates:
/// without a surrogate it is valid and each unit a character (ASCII or Latin-1
/// when the OR says so, else the units themselves); with one, valid, it pairs
/// surrogates and becomes UCS-4 (the conversion validates).
fn utf16_str<'py>(
    py: Python<'py>,
    src: &[u16],
    order: ByteOrder,
) -> PyResult<Option<Bound<'py, PyString>>> {
    let swap = order != ByteOrder::NATIVE;
    // A unit from U+0100 that is not a surrogate among the first: the `str` is
    // UCS-2 at least, and exactly UCS-2 without a surrogate; the units are
    // copied and tested in one pass (a surrogate met there: the general path).
    // Otherwise, when the first units are Latin-1, its Latin-1 start is
    // narrowed into a Latin-1 `str`, and kept if that is all of it and not all
    // ASCII; an ASCII text is copied from it into an ASCII `str`; when the
    // narrowing stops at such a wide unit, the one-pass UCS-2 copy is tried
    // after all; else only the rest is scanned.
    let native = |u: u16| if swap { u.swap_bytes() } else { u };
    let has_wide = |units: &[u16]| {
        units.iter().any(|&u| {
            let u = native(u);
            u >= 0x100 && u & 0xF800 != 0xD800
        })
    };
    // The one-pass UCS-2 copy; when it meets a surrogate, the units before the
    // block where it stopped are known to hold none (and to be one character
    // each): only the rest is counted afterwards.
    let mut plain_units = 0;
    let mut ucs2 = || {
        new_str(py, src.len(), 0xFFFF, 2 * src.len(), |units| match units {
            Units::Two(dst) => match scan::copy_utf16_until_surrogate(src, dst, swap) {
                None => true,
                Some(stop) => {
                    plain_units = stop;
                    false
                }
            },
            _ => false,
        })
    };
    let head = &src[..src.len().min(PROBE_UNITS)];
    let latin1_head = head.iter().all(|&u| native(u) < 0x100);
    let mut prefix = (0, 0);
    // Whether the one-pass UCS-2 copy was tried: it fails only on a surrogate.
    let mut tried_ucs2 = false;
    let copied = if has_wide(head) {
        tried_ucs2 = true;
        ucs2()?
    } else if latin1_head {
        let latin1 = new_str(py, src.len(), 0xFF, 2 * src.len(), |units| match units {
            Units::One(dst) => {
                prefix = scan::narrow_latin1_prefix(src, dst, swap);
                prefix.0 == src.len()
            }
            _ => false,
        })?;
        if let Some(narrowed) = &latin1 {
            if prefix.1 < 0x80 {
                // All ASCII: an ASCII `str`, copied from this one, which is
                // not in its canonical kind (PEP 393: ASCII text must be an
                // ASCII `str`) and so is dropped here, never returned.
                // SAFETY: CPython builds this crate's wheels: `narrowed` is a
                // compact PEP 393 `str`, read while it lives.
                let pyo3::types::string::PyStringData::Ucs1(bytes) = (unsafe { narrowed.data()? })
                else {
                    return Ok(None);
                };
                return new_str(py, src.len(), 0x7F, src.len(), |units| match units {
                    Units::One(dst) => {
                        dst.copy_from_slice(bytes);
                        true
                    }
                    _ => false,
                });
            }
        }
        // The block where the narrowing stopped.
        let stop = &src[prefix.0..src.len().min(prefix.0 + scan::BLOCK)];
        match latin1 {
            None if has_wide(stop) => {
                prefix = (0, 0);
                tried_ucs2 = true;
                ucs2()?
            }
            latin1 => latin1,
        }
    } else {
        // A surrogate among the first (emoji text): no Latin-1 `str` to try.
        None
    };
    if copied.is_some() {
        return Ok(copied);
    }
    let (rest_bits, surrogates) = if tried_ucs2 {
        (0xFFFF, true)
    } else {
        scan::utf16_bits_and_surrogates(&src[prefix.0..], swap)
    };
    let bits = prefix.1 | rest_bits;
    let (chars, max) = if !surrogates {
        let max = match bits {
            0..=0x7F => 0x7F,
            0x80..=0xFF => 0xFF,
            _ => 0xFFFF,
        };
        (src.len(), max)
    } else {
        // A surrogate: valid, it is in a pair, so astral. The conversion
        // validates (a count that invalid input made wrong fails it too).
        match plain_units + utf16::utf32_len(&src[plain_units..], order) {
            // Low surrogates only: nothing for the conversion to refuse.
            0 => return Ok(None),
            chars => (chars, 0x10FFFF),
        }
    };
    new_str(py, chars, max, 2 * src.len(), |units| match units {
        Units::One(dst) => utf16::to_latin1(src, dst, order).is_ok(),
        Units::Two(dst) if !swap => {
            dst.copy_from_slice(src);
            true
        }
        Units::Two(dst) => {
            for (unit, &from) in dst.iter_mut().zip(src) {
                *unit = from.swap_bytes();
            }
            true
        }
        Units::Four(dst) => utf16::to_utf32(src, dst, order) == Ok(chars),
    })
}

/// `src` decoded as `codec` under `handler` into `units` (a scratch vector
/// made `bound` long), then copied into a `str` of the narrowest kind.
fn decode_exact<'py, T: handlers::CharUnit + Default + Ord + Into<u32> + Sync>(
    py: Python<'py>,
    codec: Codec,
    src: &[u8],
    handler: Handler,
    units: &mut Vec<T>,
    bound: usize,
) -> PyResult<Option<Bound<'py, PyString>>> {
    if units.len() < bound {
        units.resize(bound, T::default());
    }
    let written = release_gil_for(py, src.len(), || {
        handlers::decode(codec, src, handler, &mut units[..bound])
    });
    match written {
        Some(len) => str_from_units(py, &units[..len], u32::MAX),
        None => Ok(None),
    }
}

/// Valid UTF-32 in `order` (scalar values only): the largest value tells the kind.
fn utf32_str<'py>(
    py: Python<'py>,
    src: &[u32],
    order: ByteOrder,
) -> PyResult<Option<Bound<'py, PyString>>> {
    let swapped: Vec<u32>;
    let src = if order == ByteOrder::NATIVE {
        src
    } else {
        swapped = src.iter().map(|v| v.swap_bytes()).collect();
        &swapped
    };
    if !utf32::validate(src) {
        return Ok(None);
    }
    let max = kind_max(src.iter().copied().max().unwrap_or(0));
    new_str(py, src.len(), max, 4 * src.len(), |units| match units {
        Units::One(dst) => utf32::to_latin1(src, dst).is_ok(),
        Units::Two(dst) => utf32::to_utf16(src, dst, ByteOrder::NATIVE).is_ok(),
        Units::Four(dst) => {
            dst.copy_from_slice(src);
            true
        }
    })
}

/// `src` decoded as `codec` under the error handler `handler`, which
/// `handlers` does as CPython does, straight into the `str`: UCS-4 where a
/// character above U+FFFF may come, else UCS-2 (an error's U+FFFD or escape
/// surrogate is wider than Latin-1), as long as the most characters the input
/// can make, then cut to length or copied into a narrower kind. `None` where
/// CPython's handler raises.
pub fn with_handler<'py>(
    py: Python<'py>,
    codec: Codec,
    src: &[u8],
    handler: Handler,
) -> PyResult<Option<Bound<'py, PyString>>> {
    // A strict error raises: CPython's codec raises it.
    if handler == Handler::Strict {
        return Ok(None);
    }
    let wide = handlers::may_be_astral(codec, src);
    let bound = handlers::decode_bound(src.len(), handler);
    if handler == Handler::BackslashReplace {
        // Its bound is four times the input's bytes: the characters go into
        // this thread's scratch, then into a `str` of their exact length (a
        // new `str` four times too long costs more in page faults than the
        // copy does).
        return if wide {
            with_scratch(&SCRATCH_UCS4, |units| {
                decode_exact(py, codec, src, handler, units, bound)
            })
        } else {
            with_scratch(&SCRATCH_UCS2, |units| {
                decode_exact(py, codec, src, handler, units, bound)
            })
        };
    }
    new_str_within(py, bound, wide, src.len(), |units| match units {
        Units::Two(dst) => handlers::decode(codec, src, handler, dst),
        Units::Four(dst) => handlers::decode(codec, src, handler, dst),
        Units::One(_) => None,
    })
}
