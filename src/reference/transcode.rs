//! Reference transcoding between UTF-8, UTF-16, UTF-32 and Latin-1, one character
//! at a time: decode a character from the input (or say why there is none), check
//! that its encoding fits in the output, write it. Every kernel's conversions must
//! return exactly what these return, output and errors alike.
//!
//! The rule for errors, for every direction: conversion stops at the first
//! character that is invalid (reported as the input format's error), that the
//! output has no room for (`OutputTooSmall`), or that the target cannot represent
//! (`NotLatin1`), in that order of checks; the error tells where that character
//! starts (`valid_up_to`) and how many output units hold the conversion of
//! everything before it (`written`).
//!
//! ```
//! use utfast::{reference::transcode, ByteOrder};
//! let mut utf16 = [0u16; 8];
//! let n = transcode::utf8_to_utf16("añ€😀".as_bytes(), &mut utf16, ByteOrder::NATIVE).unwrap();
//! assert_eq!(&utf16[..n], &[0x61, 0xF1, 0x20AC, 0xD83D, 0xDE00]);
//! ```

use crate::error::{
    OutputTooSmall, Utf16Error, Utf16ErrorKind, Utf32Error, Utf32ErrorKind, Utf8Error,
    Utf8ErrorKind,
};
use crate::reference::utf8::check_char;
use crate::ByteOrder;

/// Why conversion stopped at a character, before it is put in a format's error type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop<K> {
    /// The input is invalid here: the format's kind (for UTF-8, with the length of
    /// the maximal invalid subpart, 0 when truncated at the end).
    Invalid(K, u8),
    /// The output has no room for the character.
    OutputTooSmall,
    /// The character is above U+00FF and the output is Latin-1; its input width.
    NotLatin1(u8),
}

/// Where conversion stopped: input units read, output units written, and why.
type Stopped<K> = (usize, usize, Stop<K>);

/// Converts `src` into `dst` one character at a time.
///
/// `decode` reads the character at the start of its argument: `(scalar value,
/// input units)`. `encode` writes a scalar value at the start of its argument and
/// returns the units written; it returns `None` when they do not fit, and
/// `Some(0)` when the target cannot represent the value.
fn convert<U: Copy, T, K>(
    src: &[U],
    dst: &mut [T],
    decode: impl Fn(&[U]) -> Result<(u32, usize), (K, u8)>,
    encode: impl Fn(u32, &mut [T]) -> Option<usize>,
) -> Result<usize, Stopped<K>> {
    let (mut read, mut written) = (0, 0);
    while read < src.len() {
        let (value, width) = match decode(&src[read..]) {
            Ok(decoded) => decoded,
            Err((kind, len)) => return Err((read, written, Stop::Invalid(kind, len))),
        };
        match encode(value, &mut dst[written..]) {
            None => return Err((read, written, Stop::OutputTooSmall)),
            Some(0) => return Err((read, written, Stop::NotLatin1(width as u8))),
            Some(n) => written += n,
        }
        read += width;
    }
    Ok(written)
}

// ---------------------------------------------------------------------------
// Decoders: the character at the start of the input.

/// The UTF-8 character at the start of `s` (not empty), as [`check_char`] defines
/// validity, and its scalar value.
fn decode_utf8(s: &[u8]) -> Result<(u32, usize), (Utf8ErrorKind, u8)> {
    let width = check_char(s).map_err(|(len, kind)| (kind, len))?;
    let value = match width {
        1 => s[0] as u32,
        2 => (s[0] as u32 & 0x1F) << 6 | (s[1] as u32 & 0x3F),
        3 => (s[0] as u32 & 0x0F) << 12 | (s[1] as u32 & 0x3F) << 6 | (s[2] as u32 & 0x3F),
        _ => {
            (s[0] as u32 & 0x07) << 18
                | (s[1] as u32 & 0x3F) << 12
                | (s[2] as u32 & 0x3F) << 6
                | (s[3] as u32 & 0x3F)
        }
    };
    Ok((value, width))
}

/// The UTF-16 character at the start of `s` (not empty), whose units are stored in
/// byte order `order`.
fn decode_utf16(s: &[u16], order: ByteOrder) -> Result<(u32, usize), (Utf16ErrorKind, u8)> {
    let first = order.read_u16(s[0]) as u32;
    match first {
        0xD800..=0xDBFF => match s.get(1).map(|&u| order.read_u16(u) as u32) {
            Some(second @ 0xDC00..=0xDFFF) => {
                Ok((0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00), 2))
            }
            Some(_) => Err((Utf16ErrorKind::UnpairedHighSurrogate, 1)),
            None => Err((Utf16ErrorKind::TruncatedAtEnd, 1)),
        },
        0xDC00..=0xDFFF => Err((Utf16ErrorKind::UnpairedLowSurrogate, 1)),
        _ => Ok((first, 1)),
    }
}

/// The UTF-32 value at the start of `s` (not empty), if it is a scalar value.
fn decode_utf32(s: &[u32]) -> Result<(u32, usize), (Utf32ErrorKind, u8)> {
    match s[0] {
        0xD800..=0xDFFF => Err((Utf32ErrorKind::Surrogate, 1)),
        0x11_0000.. => Err((Utf32ErrorKind::TooLarge, 1)),
        value => Ok((value, 1)),
    }
}

/// Latin-1 byte `b` is U+00`b`: every byte is a character.
fn decode_latin1(s: &[u8]) -> Result<(u32, usize), (core::convert::Infallible, u8)> {
    Ok((s[0] as u32, 1))
}

// ---------------------------------------------------------------------------
// Encoders: write a scalar value, `None` if it does not fit, `Some(0)` if the
// target cannot represent it.

fn encode_utf8(value: u32, out: &mut [u8]) -> Option<usize> {
    let c = char::from_u32(value).expect("decoders return scalar values");
    let n = c.len_utf8();
    c.encode_utf8(out.get_mut(..n)?);
    Some(n)
}

fn encode_utf16(value: u32, out: &mut [u16], order: ByteOrder) -> Option<usize> {
    let c = char::from_u32(value).expect("decoders return scalar values");
    let mut units = [0u16; 2];
    let units = c.encode_utf16(&mut units);
    let out = out.get_mut(..units.len())?;
    for (o, &u) in out.iter_mut().zip(units.iter()) {
        *o = order.write_u16(u);
    }
    Some(units.len())
}

fn encode_utf32(value: u32, out: &mut [u32]) -> Option<usize> {
    *out.first_mut()? = value;
    Some(1)
}

fn encode_latin1(value: u32, out: &mut [u8]) -> Option<usize> {
    let slot = out.first_mut()?;
    if value > 0xFF {
        return Some(0);
    }
    *slot = value as u8;
    Some(1)
}

// ---------------------------------------------------------------------------
// Errors in each input format's type.

fn utf8_error((read, written, stop): Stopped<Utf8ErrorKind>) -> Utf8Error {
    let (len, kind) = match stop {
        Stop::Invalid(kind, len) => (len, kind),
        Stop::OutputTooSmall => (0, Utf8ErrorKind::OutputTooSmall),
        Stop::NotLatin1(width) => (width, Utf8ErrorKind::NotLatin1),
    };
    Utf8Error::new(read, len, kind).with_written(written)
}

fn utf16_error((read, written, stop): Stopped<Utf16ErrorKind>) -> Utf16Error {
    let kind = match stop {
        Stop::Invalid(kind, _) => kind,
        Stop::OutputTooSmall => Utf16ErrorKind::OutputTooSmall,
        Stop::NotLatin1(_) => Utf16ErrorKind::NotLatin1,
    };
    Utf16Error::new(read, written, kind)
}

fn utf32_error((read, written, stop): Stopped<Utf32ErrorKind>) -> Utf32Error {
    let kind = match stop {
        Stop::Invalid(kind, _) => kind,
        Stop::OutputTooSmall => Utf32ErrorKind::OutputTooSmall,
        Stop::NotLatin1(_) => Utf32ErrorKind::NotLatin1,
    };
    Utf32Error::new(read, written, kind)
}

fn too_small((read, written, _): Stopped<core::convert::Infallible>) -> OutputTooSmall {
    OutputTooSmall { read, written }
}

// ---------------------------------------------------------------------------
// The conversions.

/// UTF-8 to UTF-16 in byte order `order`; `Ok(units written)`.
///
/// ```
/// use utfast::{reference::transcode::utf8_to_utf16, ByteOrder};
/// let mut out = [0u16; 4];
/// assert_eq!(utf8_to_utf16(b"hi", &mut out, ByteOrder::Big), Ok(2));
/// assert_eq!(out[0], u16::from_be_bytes([0, b'h']).to_be());
/// ```
pub fn utf8_to_utf16(src: &[u8], dst: &mut [u16], order: ByteOrder) -> Result<usize, Utf8Error> {
    convert(src, dst, decode_utf8, |v, o| encode_utf16(v, o, order)).map_err(utf8_error)
}

/// UTF-8 to UTF-32 (native byte order).
///
/// ```
/// let mut out = [0u32; 4];
/// assert_eq!(utfast::reference::transcode::utf8_to_utf32("é!".as_bytes(), &mut out), Ok(2));
/// assert_eq!(&out[..2], &[0xE9, 0x21]);
/// ```
pub fn utf8_to_utf32(src: &[u8], dst: &mut [u32]) -> Result<usize, Utf8Error> {
    convert(src, dst, decode_utf8, encode_utf32).map_err(utf8_error)
}

/// UTF-8 to Latin-1; a character above U+00FF is an error of kind `NotLatin1`.
///
/// ```
/// let mut out = [0u8; 4];
/// assert_eq!(utfast::reference::transcode::utf8_to_latin1("é".as_bytes(), &mut out), Ok(1));
/// assert_eq!(out[0], 0xE9);
/// ```
pub fn utf8_to_latin1(src: &[u8], dst: &mut [u8]) -> Result<usize, Utf8Error> {
    convert(src, dst, decode_utf8, encode_latin1).map_err(utf8_error)
}

/// UTF-16 in byte order `order` to UTF-8.
///
/// ```
/// use utfast::{reference::transcode::utf16_to_utf8, ByteOrder};
/// let mut out = [0u8; 8];
/// assert_eq!(utf16_to_utf8(&[0xD83D, 0xDE00], &mut out, ByteOrder::NATIVE), Ok(4));
/// assert_eq!(&out[..4], "😀".as_bytes());
/// ```
pub fn utf16_to_utf8(src: &[u16], dst: &mut [u8], order: ByteOrder) -> Result<usize, Utf16Error> {
    convert(src, dst, |s| decode_utf16(s, order), encode_utf8).map_err(utf16_error)
}

/// UTF-16 in byte order `order` to UTF-32.
///
/// ```
/// use utfast::{reference::transcode::utf16_to_utf32, ByteOrder};
/// let mut out = [0u32; 2];
/// assert_eq!(utf16_to_utf32(&[0xD83D, 0xDE00], &mut out, ByteOrder::NATIVE), Ok(1));
/// assert_eq!(out[0], 0x1F600);
/// ```
pub fn utf16_to_utf32(src: &[u16], dst: &mut [u32], order: ByteOrder) -> Result<usize, Utf16Error> {
    convert(src, dst, |s| decode_utf16(s, order), encode_utf32).map_err(utf16_error)
}

/// UTF-16 in byte order `order` to Latin-1.
///
/// ```
/// use utfast::{reference::transcode::utf16_to_latin1, ByteOrder};
/// let mut out = [0u8; 2];
/// assert_eq!(utf16_to_latin1(&[0xFF], &mut out, ByteOrder::NATIVE), Ok(1));
/// assert!(utf16_to_latin1(&[0x100], &mut out, ByteOrder::NATIVE).is_err());
/// ```
pub fn utf16_to_latin1(src: &[u16], dst: &mut [u8], order: ByteOrder) -> Result<usize, Utf16Error> {
    convert(src, dst, |s| decode_utf16(s, order), encode_latin1).map_err(utf16_error)
}

/// UTF-32 to UTF-8.
///
/// ```
/// let mut out = [0u8; 4];
/// assert_eq!(utfast::reference::transcode::utf32_to_utf8(&[0x20AC], &mut out), Ok(3));
/// ```
pub fn utf32_to_utf8(src: &[u32], dst: &mut [u8]) -> Result<usize, Utf32Error> {
    convert(src, dst, decode_utf32, encode_utf8).map_err(utf32_error)
}

/// UTF-32 to UTF-16 in byte order `order`.
///
/// ```
/// use utfast::{reference::transcode::utf32_to_utf16, ByteOrder};
/// let mut out = [0u16; 2];
/// assert_eq!(utf32_to_utf16(&[0x1F600], &mut out, ByteOrder::NATIVE), Ok(2));
/// ```
pub fn utf32_to_utf16(src: &[u32], dst: &mut [u16], order: ByteOrder) -> Result<usize, Utf32Error> {
    convert(src, dst, decode_utf32, |v, o| encode_utf16(v, o, order)).map_err(utf32_error)
}

/// UTF-32 to Latin-1.
///
/// ```
/// let mut out = [0u8; 1];
/// assert_eq!(utfast::reference::transcode::utf32_to_latin1(&[0xE9], &mut out), Ok(1));
/// ```
pub fn utf32_to_latin1(src: &[u32], dst: &mut [u8]) -> Result<usize, Utf32Error> {
    convert(src, dst, decode_utf32, encode_latin1).map_err(utf32_error)
}

/// Latin-1 to UTF-8: only the output can run out.
///
/// ```
/// let mut out = [0u8; 5];
/// assert_eq!(utfast::reference::transcode::latin1_to_utf8(b"\xE9t\xE9", &mut out), Ok(5));
/// ```
pub fn latin1_to_utf8(src: &[u8], dst: &mut [u8]) -> Result<usize, OutputTooSmall> {
    convert(src, dst, decode_latin1, encode_utf8).map_err(too_small)
}

/// Latin-1 to UTF-16 in byte order `order`.
///
/// ```
/// use utfast::{reference::transcode::latin1_to_utf16, ByteOrder};
/// let mut out = [0u16; 1];
/// assert_eq!(latin1_to_utf16(b"\xE9", &mut out, ByteOrder::NATIVE), Ok(1));
/// ```
pub fn latin1_to_utf16(
    src: &[u8],
    dst: &mut [u16],
    order: ByteOrder,
) -> Result<usize, OutputTooSmall> {
    convert(src, dst, decode_latin1, |v, o| encode_utf16(v, o, order)).map_err(too_small)
}

/// Latin-1 to UTF-32.
///
/// ```
/// let mut out = [0u32; 1];
/// assert_eq!(utfast::reference::transcode::latin1_to_utf32(b"\xE9", &mut out), Ok(1));
/// ```
pub fn latin1_to_utf32(src: &[u8], dst: &mut [u32]) -> Result<usize, OutputTooSmall> {
    convert(src, dst, decode_latin1, encode_utf32).map_err(too_small)
}

/// Validates UTF-16 in byte order `order`: the first unpaired surrogate, if any.
///
/// ```
/// use utfast::{reference::transcode::check_utf16, ByteOrder};
/// assert!(check_utf16(&[0xD83D, 0xDE00], ByteOrder::NATIVE).is_ok());
/// assert_eq!(check_utf16(&[0x41, 0xDE00], ByteOrder::NATIVE).unwrap_err().valid_up_to(), 1);
/// ```
pub fn check_utf16(src: &[u16], order: ByteOrder) -> Result<(), Utf16Error> {
    let mut i = 0;
    while i < src.len() {
        match decode_utf16(&src[i..], order) {
            Ok((_, width)) => i += width,
            Err((kind, _)) => return Err(Utf16Error::new(i, 0, kind)),
        }
    }
    Ok(())
}

/// Validates UTF-32: the first value that is a surrogate or above U+10FFFF, if any.
///
/// ```
/// assert!(utfast::reference::transcode::check_utf32(&[0x10FFFF]).is_ok());
/// assert!(utfast::reference::transcode::check_utf32(&[0xD800]).is_err());
/// ```
pub fn check_utf32(src: &[u32]) -> Result<(), Utf32Error> {
    match src.iter().position(|&v| decode_utf32(&[v]).is_err()) {
        None => Ok(()),
        Some(i) => Err(Utf32Error::new(
            i,
            0,
            decode_utf32(&src[i..]).unwrap_err().0,
        )),
    }
}

// ---------------------------------------------------------------------------
// Lengths. Exact for valid input; for any input, the formula each one states.

/// Characters in UTF-8 `src`: the bytes that are not continuation bytes (80–BF).
/// Equals the UTF-32 and Latin-1 output length of valid input.
///
/// ```
/// assert_eq!(utfast::reference::transcode::count_chars("añ€😀".as_bytes()), 4);
/// ```
pub fn count_chars(src: &[u8]) -> usize {
    src.iter().filter(|&&b| !(0x80..=0xBF).contains(&b)).count()
}

/// UTF-16 units for UTF-8 `src`: [`utf8::count_chars`](crate::utf8::count_chars) plus one per byte F0–FF (the
/// lead of a 4-byte sequence becomes a surrogate pair).
///
/// ```
/// assert_eq!(utfast::reference::transcode::utf16_len_from_utf8("a😀".as_bytes()), 3);
/// ```
pub fn utf16_len_from_utf8(src: &[u8]) -> usize {
    count_chars(src) + src.iter().filter(|&&b| b >= 0xF0).count()
}

/// UTF-8 bytes for UTF-16 `src` in byte order `order`: per unit, 1 below U+0080, 2
/// below U+0800, 2 for each surrogate (a pair becomes 4 bytes), 3 otherwise.
///
/// ```
/// use utfast::{reference::transcode::utf8_len_from_utf16, ByteOrder};
/// assert_eq!(utf8_len_from_utf16(&[0x61, 0x20AC, 0xD83D, 0xDE00], ByteOrder::NATIVE), 8);
/// ```
pub fn utf8_len_from_utf16(src: &[u16], order: ByteOrder) -> usize {
    src.iter()
        .map(|&u| match order.read_u16(u) {
            0..=0x7F => 1,
            0x80..=0x7FF | 0xD800..=0xDFFF => 2,
            _ => 3,
        })
        .sum()
}

/// UTF-32 units for UTF-16 `src` in byte order `order`: the units that are not low
/// surrogates (DC00–DFFF).
///
/// ```
/// use utfast::{reference::transcode::utf32_len_from_utf16, ByteOrder};
/// assert_eq!(utf32_len_from_utf16(&[0x61, 0xD83D, 0xDE00], ByteOrder::NATIVE), 2);
/// ```
pub fn utf32_len_from_utf16(src: &[u16], order: ByteOrder) -> usize {
    src.iter()
        .filter(|&&u| !(0xDC00..=0xDFFF).contains(&order.read_u16(u)))
        .count()
}

/// UTF-8 bytes for UTF-32 `src`: per value, 1 below U+0080, 2 below U+0800, 3 below
/// U+10000, 4 otherwise.
///
/// ```
/// assert_eq!(utfast::reference::transcode::utf8_len_from_utf32(&[0x61, 0xE9, 0x20AC, 0x1F600]), 10);
/// ```
pub fn utf8_len_from_utf32(src: &[u32]) -> usize {
    src.iter()
        .map(|&v| match v {
            0..=0x7F => 1,
            0x80..=0x7FF => 2,
            0x800..=0xFFFF => 3,
            _ => 4,
        })
        .sum()
}

/// UTF-16 units for UTF-32 `src`: one per value, two above U+FFFF.
///
/// ```
/// assert_eq!(utfast::reference::transcode::utf16_len_from_utf32(&[0x61, 0x1F600]), 3);
/// ```
pub fn utf16_len_from_utf32(src: &[u32]) -> usize {
    src.len() + src.iter().filter(|&&v| v > 0xFFFF).count()
}

/// UTF-8 bytes for Latin-1 `src`: one per byte, two for bytes 80–FF.
///
/// ```
/// assert_eq!(utfast::reference::transcode::utf8_len_from_latin1(b"caf\xE9"), 5);
/// ```
/// use utfast::ByteOrder;
pub fn utf8_len_from_latin1(src: &[u8]) -> usize {
    src.len() + src.iter().filter(|&&b| b >= 0x80).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stops_at_the_first_character_that_does_not_fit() {
        let mut out = [0u16; 2];
        let err = utf8_to_utf16("a😀".as_bytes(), &mut out, ByteOrder::NATIVE).unwrap_err();
        assert_eq!(err.kind(), Utf8ErrorKind::OutputTooSmall);
        assert_eq!(
            (err.valid_up_to(), err.written(), err.error_len()),
            (1, 1, None)
        );
    }

    #[test]
    fn invalid_input_is_reported_before_a_full_output() {
        let mut out = [0u8; 1];
        let err = utf32_to_utf8(&[0x41, 0xD800], &mut out).unwrap_err();
        assert_eq!(err.kind(), Utf32ErrorKind::Surrogate);
        assert_eq!((err.valid_up_to(), err.written()), (1, 1));
    }

    #[test]
    fn latin1_target_names_the_character() {
        let mut out = [0u8; 8];
        let err = utf8_to_latin1("é€".as_bytes(), &mut out).unwrap_err();
        assert_eq!(err.kind(), Utf8ErrorKind::NotLatin1);
        assert_eq!(
            (err.valid_up_to(), err.error_len(), err.written()),
            (2, Some(3), 1)
        );
    }

    #[test]
    fn utf16_byte_orders() {
        let mut le = [0u16; 2];
        let mut be = [0u16; 2];
        utf8_to_utf16("€".as_bytes(), &mut le, ByteOrder::Little).unwrap();
        utf8_to_utf16("€".as_bytes(), &mut be, ByteOrder::Big).unwrap();
        assert_eq!(le[0].to_ne_bytes(), [0xAC, 0x20]);
        assert_eq!(be[0].to_ne_bytes(), [0x20, 0xAC]);
        let mut back = [0u8; 3];
        assert_eq!(utf16_to_utf8(&be[..1], &mut back, ByteOrder::Big), Ok(3));
        assert_eq!(&back, "€".as_bytes());
    }

    #[test]
    fn high_surrogate_at_the_end_is_truncation() {
        let err = check_utf16(&[0x41, 0xD800], ByteOrder::NATIVE).unwrap_err();
        assert_eq!(err.kind(), Utf16ErrorKind::TruncatedAtEnd);
        let err = check_utf16(&[0xD800, 0x41], ByteOrder::NATIVE).unwrap_err();
        assert_eq!(err.kind(), Utf16ErrorKind::UnpairedHighSurrogate);
    }
}
