//! From UTF-8: conversion to UTF-16, UTF-32 and Latin-1 (strict, under an
//! [`ErrorMode`], or into a `Vec`), output lengths, char boundaries and line /
//! column positions. Validation itself is at the crate root, in std's shapes
//! ([`from_utf8`](crate::from_utf8), [`validate_utf8`](crate::validate_utf8)).
//!
//! # Output slices
//!
//! Every conversion into a caller's slice returns `Ok(units written)`. A slice as
//! long as the input (in units of the output) always suffices; the exact size of
//! valid input is [`utf16_len`] or [`utf8::count_chars`](crate::utf8::count_chars). With a shorter slice nothing
//! is written out of bounds and nothing panics: the conversion stops at the first
//! character that does not fit with an error of kind `OutputTooSmall` saying how
//! much input became how much output. Units of `dst` past the returned count may
//! hold scratch values.
//!
//! # Errors
//!
//! Invalid input stops a strict conversion at the first invalid character: the
//! [`Utf8Error`] is the one [`from_utf8`](crate::from_utf8) returns (std's
//! position), plus the output units written for the valid prefix. The `_with`
//! functions go on past errors as an [`ErrorMode`] says.
//!
//! ```
//! use utfast::{utf16, utf8, ByteOrder};
//! let text = "Grüße, 世界 🎉";
//! let mut units = vec![0u16; text.len()];
//! let n = utf8::to_utf16(text.as_bytes(), &mut units, ByteOrder::NATIVE).unwrap();
//! assert_eq!(&units[..n], text.encode_utf16().collect::<Vec<_>>().as_slice());
//!
//! let mut bytes = vec![0u8; 3 * n];
//! let m = utf16::to_utf8(&units[..n], &mut bytes, ByteOrder::NATIVE).unwrap();
//! assert_eq!(&bytes[..m], text.as_bytes());
//! ```

use crate::api::api;
use crate::error::{OutputTooSmall, Utf8Error};
use crate::lossy::{self, ErrorMode};
use crate::transcode::{short, str_output};
use crate::ByteOrder;
#[cfg(feature = "alloc")]
use alloc::{borrow::Cow, vec::Vec};

pub use crate::boundary::{
    ceil_char_boundary, floor_char_boundary, incomplete_tail_len, is_char_boundary,
    trim_incomplete_tail,
};
pub use crate::lossy::{Utf8Chunk, Utf8Chunks};
pub use crate::position::{line_column, LineColumn};

api! { "utf8";
    /// UTF-8 to UTF-16 units stored in `order`. `dst.len() >= src.len()` always
    /// suffices; [`utf16_len`] gives the exact length of valid input.
    ///
    /// ```
    /// use utfast::{utf8, ByteOrder};
    /// let mut out = [0u16; 8];
    /// let n = utf8::to_utf16("añ€😀".as_bytes(), &mut out, ByteOrder::NATIVE).unwrap();
    /// assert_eq!(&out[..n], &[0x61, 0xF1, 0x20AC, 0xD83D, 0xDE00]);
    /// utf8::to_utf16("€".as_bytes(), &mut out, ByteOrder::Big).unwrap();
    /// assert_eq!(out[0].to_ne_bytes(), [0x20, 0xAC]);
    /// let err = utf8::to_utf16(b"ab\xC0", &mut out, ByteOrder::NATIVE).unwrap_err();
    /// assert_eq!((err.valid_up_to(), err.written()), (2, 2));
    /// ```
    #[inline(always)]
    pub fn to_utf16(src: &[u8], dst: &mut [u16], order: ByteOrder) -> Result<usize, Utf8Error>
        as utf8_to_utf16;
        free {
            if src.len() <= short::UTF8_BYTES {
                if let Some(n) = short::utf8_to_utf16_valid(src, dst, order) {
                    return Ok(n);
                }
            }
            short::utf8_to_utf16_rest(src, dst, order)
        }
        |engine| engine.ops().utf8_to_utf16(src, dst, order);

    /// UTF-8 to UTF-32. `dst.len() >= src.len()` always suffices; [`utf8::count_chars`](crate::utf8::count_chars)
    /// gives the exact length of valid input.
    ///
    /// ```
    /// let mut out = [0u32; 4];
    /// assert_eq!(utfast::utf8::to_utf32("a😀".as_bytes(), &mut out), Ok(2));
    /// assert_eq!(&out[..2], &[0x61, 0x1F600]);
    /// ```
    pub fn to_utf32(src: &[u8], dst: &mut [u32]) -> Result<usize, Utf8Error>
        as utf8_to_utf32;
        free {
            if src.len() <= short::UTF8_BYTES {
                if let Some(n) = short::utf8_to_utf32_valid(src, dst) {
                    return Ok(n);
                }
            }
            short::utf8_to_utf32_rest(src, dst)
        }
        |engine| engine.ops().utf8_to_utf32(src, dst);

    /// UTF-8 to Latin-1 (ISO-8859-1): a character above U+00FF stops the
    /// conversion with an error of kind
    /// [`Utf8ErrorKind::NotLatin1`](crate::Utf8ErrorKind::NotLatin1).
    ///
    /// ```
    /// let mut out = [0u8; 8];
    /// assert_eq!(utfast::utf8::to_latin1("café".as_bytes(), &mut out), Ok(4));
    /// assert_eq!(&out[..4], b"caf\xE9");
    /// let err = utfast::utf8::to_latin1("a€".as_bytes(), &mut out).unwrap_err();
    /// assert_eq!(err.kind(), utfast::Utf8ErrorKind::NotLatin1);
    /// ```
    pub fn to_latin1(src: &[u8], dst: &mut [u8]) -> Result<usize, Utf8Error>
        as utf8_to_latin1;
        |engine| engine.ops().utf8_to_latin1(src, dst);

    /// A `&str` to UTF-16 in `order`, without validation (a `str` is valid); the
    /// only error is a full output.
    ///
    /// ```
    /// use utfast::{utf8, ByteOrder};
    /// let mut out = [0u16; 2];
    /// assert_eq!(utf8::str_to_utf16("hé", &mut out, ByteOrder::NATIVE), Ok(2));
    /// assert_eq!(utf8::str_to_utf16("abc", &mut out, ByteOrder::NATIVE).unwrap_err().written(), 2);
    /// ```
    pub fn str_to_utf16(s: &str, dst: &mut [u16], order: ByteOrder) -> Result<usize, OutputTooSmall>
        as str_to_utf16;
        |engine| engine.ops().valid_utf8_to_utf16(s.as_bytes(), dst, order).map_err(str_output);

    /// A `&str` to UTF-32, without validation; the only error is a full output.
    ///
    /// ```
    /// let mut out = [0u32; 2];
    /// assert_eq!(utfast::utf8::str_to_utf32("😀!", &mut out), Ok(2));
    /// assert_eq!(out, [0x1F600, 0x21]);
    /// ```
    pub fn str_to_utf32(s: &str, dst: &mut [u32]) -> Result<usize, OutputTooSmall>
        as str_to_utf32;
        |engine| engine.ops().valid_utf8_to_utf32(s.as_bytes(), dst).map_err(str_output);

    /// The characters of UTF-8 `src`: the bytes that are not continuation bytes
    /// (exact for valid UTF-8; the UTF-32 and Latin-1 length).
    ///
    /// ```
    /// assert_eq!(utfast::utf8::count_chars("añ€😀".as_bytes()), 4);
    /// ```
    pub fn count_chars(src: &[u8]) -> usize
        as count_chars;
        |engine| engine.ops().count_chars(src);

    /// The UTF-16 length of UTF-8 `src`: [`utf8::count_chars`](crate::utf8::count_chars) plus one for each byte
    /// F0–FF (exact for valid UTF-8).
    ///
    /// ```
    /// assert_eq!(utfast::utf8::utf16_len("a€😀".as_bytes()), 4);
    /// ```
    pub fn utf16_len(src: &[u8]) -> usize
        as utf16_len_from_utf8;
        |engine| engine.ops().utf16_len_from_utf8(src);

    /// UTF-8 to UTF-16 in `order` under `mode`: valid input as [`to_utf16`];
    /// each invalid piece (std's `error_len`, or the incomplete end) becomes what
    /// the mode says. `dst.len() >= src.len()` suffices for every mode but
    /// `BackslashReplace`, which needs `4 * src.len()` (`\xNN` for a byte).
    ///
    /// ```
    /// use utfast::{utf8, ByteOrder, ErrorMode};
    /// let mut out = [0u16; 8];
    /// let n = utf8::to_utf16_with(b"a\xFFb", &mut out, ByteOrder::NATIVE, ErrorMode::Replace).unwrap();
    /// assert_eq!(&out[..n], &[0x61, 0xFFFD, 0x62]);
    /// let n = utf8::to_utf16_with(b"a\xFF", &mut out, ByteOrder::NATIVE, ErrorMode::SurrogateEscape).unwrap();
    /// assert_eq!(&out[..n], &[0x61, 0xDCFF]);
    /// ```
    pub fn to_utf16_with(src: &[u8], dst: &mut [u16], order: ByteOrder, mode: ErrorMode) -> Result<usize, Utf8Error>
        as utf8_to_utf16_with;
        |engine| lossy::utf8_to_utf16_with(engine, src, dst, order, mode);

    /// UTF-8 to UTF-32 under `mode`, like [`to_utf16_with`].
    ///
    /// ```
    /// use utfast::ErrorMode;
    /// let mut out = [0u32; 4];
    /// let n = utfast::utf8::to_utf32_with(b"\x93x\x94", &mut out, ErrorMode::Windows1252).unwrap();
    /// assert_eq!(&out[..n], &[0x201C, 0x78, 0x201D]);
    /// ```
    pub fn to_utf32_with(src: &[u8], dst: &mut [u32], mode: ErrorMode) -> Result<usize, Utf8Error>
        as utf8_to_utf32_with;
        |engine| lossy::utf8_to_utf32_with(engine, src, dst, mode);

    #[cfg(feature = "alloc")]
    /// UTF-8 to a `Vec<u16>` in `order` of exactly the right size.
    ///
    /// ```
    /// use utfast::{utf8, ByteOrder};
    /// assert_eq!(utf8::to_utf16_vec("a😀".as_bytes(), ByteOrder::NATIVE).unwrap(), vec![0x61, 0xD83D, 0xDE00]);
    /// assert!(utf8::to_utf16_vec(b"\xFF", ByteOrder::NATIVE).is_err());
    /// ```
    pub fn to_utf16_vec(src: &[u8], order: ByteOrder) -> Result<Vec<u16>, Utf8Error>
        as utf8_to_utf16_vec;
        |engine| crate::transcode::into_vec(engine.utf16_len_from_utf8(src), |out| {
            engine.utf8_to_utf16(src, out, order)
        });

    #[cfg(feature = "alloc")]
    /// UTF-8 to a `Vec<u32>` of exactly the right size.
    ///
    /// ```
    /// assert_eq!(utfast::utf8::to_utf32_vec("é😀".as_bytes()).unwrap(), vec![0xE9, 0x1F600]);
    /// ```
    pub fn to_utf32_vec(src: &[u8]) -> Result<Vec<u32>, Utf8Error>
        as utf8_to_utf32_vec;
        |engine| crate::transcode::into_vec(engine.count_chars(src), |out| engine.utf8_to_utf32(src, out));

    #[cfg(feature = "alloc")]
    /// A `&str` to a `Vec<u16>` in `order`, like `s.encode_utf16().collect()`.
    ///
    /// ```
    /// use utfast::{utf8, ByteOrder};
    /// let s = "Grüße 😀";
    /// assert_eq!(utf8::str_to_utf16_vec(s, ByteOrder::NATIVE), s.encode_utf16().collect::<Vec<_>>());
    /// ```
    pub fn str_to_utf16_vec(s: &str, order: ByteOrder) -> Vec<u16>
        as str_to_utf16_vec;
        |engine| crate::transcode::str_into_vec(engine.utf16_len_from_utf8(s.as_bytes()), |out| {
            engine.str_to_utf16(s, out, order)
        });

    #[cfg(feature = "alloc")]
    /// A `&str` to a `Vec<u32>`, like `s.chars().map(u32::from).collect()`.
    ///
    /// ```
    /// assert_eq!(utfast::utf8::str_to_utf32_vec("a😀"), vec![0x61, 0x1F600]);
    /// ```
    pub fn str_to_utf32_vec(s: &str) -> Vec<u32>
        as str_to_utf32_vec;
        |engine| crate::transcode::str_into_vec(engine.count_chars(s.as_bytes()), |out| {
            engine.str_to_utf32(s, out)
        });

    #[cfg(feature = "alloc")]
    /// Decodes UTF-8 into a string under `mode`, borrowed when `src` is valid:
    /// `Replace` is [`from_utf8_lossy`](crate::from_utf8_lossy); `Latin1` and
    /// `Windows1252` decode each invalid byte as that encoding's character;
    /// `Strict`, and `SurrogateEscape` (a `str` cannot hold the escapes), return
    /// the first error.
    ///
    /// ```
    /// use utfast::ErrorMode;
    /// assert_eq!(utfast::utf8::to_string_with(b"\x93hi\x94", ErrorMode::Windows1252).unwrap(), "“hi”");
    /// assert_eq!(utfast::utf8::to_string_with(b"\x93hi\x94", ErrorMode::Latin1).unwrap(), "\u{93}hi\u{94}");
    /// assert!(utfast::utf8::to_string_with(b"\x93", ErrorMode::Strict).is_err());
    /// ```
    pub fn to_string_with[<'a>](src: &'a [u8], mode: ErrorMode) -> Result<Cow<'a, str>, Utf8Error>
        as utf8_to_string_with;
        free {
            lossy::to_string_with(&crate::dispatch::dispatching(), src, mode, crate::check_utf8(src))
        }
        |engine| lossy::to_string_with(engine, src, mode, engine.ops().check_utf8(src));

    #[cfg(feature = "alloc")]
    /// UTF-8 to a `Vec<u16>` in `order` under `mode`, like [`to_utf16_with`].
    ///
    /// ```
    /// use utfast::{utf8, ByteOrder, ErrorMode};
    /// let units = utf8::to_utf16_vec_with(b"\xFFok", ByteOrder::NATIVE, ErrorMode::SurrogateEscape).unwrap();
    /// assert_eq!(units, vec![0xDCFF, 0x6F, 0x6B]);
    /// ```
    pub fn to_utf16_vec_with(src: &[u8], order: ByteOrder, mode: ErrorMode) -> Result<Vec<u16>, Utf8Error>
        as utf8_to_utf16_vec_with;
        |engine| crate::transcode::into_vec_with(src.len(), 4 * src.len(), |out| engine.utf8_to_utf16_with(src, out, order, mode));

    #[cfg(feature = "alloc")]
    /// UTF-8 to a `Vec<u32>` under `mode`, like [`to_utf32_with`].
    ///
    /// ```
    /// let values = utfast::utf8::to_utf32_vec_with(b"\x80", utfast::ErrorMode::Windows1252).unwrap();
    /// assert_eq!(values, vec![0x20AC]);
    /// ```
    pub fn to_utf32_vec_with(src: &[u8], mode: ErrorMode) -> Result<Vec<u32>, Utf8Error>
        as utf8_to_utf32_vec_with;
        |engine| crate::transcode::into_vec_with(src.len(), 4 * src.len(), |out| engine.utf8_to_utf32_with(src, out, mode));

    #[cfg(feature = "alloc")]
    /// UTF-8 to UTF-16 in `order`, each invalid piece replaced by U+FFFD: the
    /// UTF-16 of `String::from_utf8_lossy(src)`.
    ///
    /// ```
    /// use utfast::{utf8, ByteOrder};
    /// let bytes = b"\xE2\x82\xAC \xE2\x82";
    /// let expected: Vec<u16> = String::from_utf8_lossy(bytes).encode_utf16().collect();
    /// assert_eq!(utf8::to_utf16_lossy(bytes, ByteOrder::NATIVE), expected);
    /// ```
    pub fn to_utf16_lossy(src: &[u8], order: ByteOrder) -> Vec<u16>
        as utf8_to_utf16_lossy;
        |engine| lossy::infallible(engine.utf8_to_utf16_vec_with(src, order, ErrorMode::Replace));

    #[cfg(feature = "alloc")]
    /// UTF-8 to UTF-32, each invalid piece replaced by U+FFFD: the scalar values
    /// of `String::from_utf8_lossy(src)`.
    ///
    /// ```
    /// assert_eq!(utfast::utf8::to_utf32_lossy(b"a\xC0\x80"), vec![0x61, 0xFFFD, 0xFFFD]);
    /// ```
    pub fn to_utf32_lossy(src: &[u8]) -> Vec<u32>
        as utf8_to_utf32_lossy;
        |engine| lossy::infallible(engine.utf8_to_utf32_vec_with(src, ErrorMode::Replace));
}

/// The bytes an error message shows for a UTF-8 error at the start of `rest`
/// (std's `error_len` given): the invalid bytes (all of `rest` when the input
/// ends inside a character), extended by the continuation bytes that follow, up
/// to the length the first byte announces, so that an encoded surrogate shows as
/// `ed a0 80` where `error_len` is 1.
///
/// ```
/// use utfast::utf8::error_sequence;
/// assert_eq!(error_sequence(b"\xED\xA0\x80z", Some(1)), b"\xED\xA0\x80");
/// assert_eq!(error_sequence(b"\xE2\x82A", Some(2)), b"\xE2\x82");
/// assert_eq!(error_sequence(b"\xF0\x9F", None), b"\xF0\x9F");
/// ```
pub fn error_sequence(rest: &[u8], error_len: Option<usize>) -> &[u8] {
    let invalid = error_len.unwrap_or(rest.len()).min(rest.len());
    let announced = match rest.first() {
        Some(0xC0..=0xDF) => 2,
        Some(0xE0..=0xEF) => 3,
        Some(0xF0..=0xF7) => 4,
        _ => 1,
    };
    let continued = rest[invalid..]
        .iter()
        .take(announced.max(invalid) - invalid)
        .take_while(|&&b| crate::reference::utf8::is_continuation(b))
        .count();
    &rest[..invalid + continued]
}

#[cfg(test)]
mod tests {
    #[test]
    fn error_sequences() {
        let cases: &[(&[u8], Option<usize>, &[u8])] = &[
            (b"\xE2\x82A", Some(2), b"\xE2\x82"),
            (b"\xE2\x82", None, b"\xE2\x82"),
            (b"\xC0\xAF\xAF", Some(1), b"\xC0\xAF"),
            (b"\xF5\x80\x80\x80\x80", Some(1), b"\xF5\x80\x80\x80"),
            (b"\x80\x80", Some(1), b"\x80"),
            (b"\xFF\x80", Some(1), b"\xFF"),
            (b"\xF0\x9F\x98", Some(3), b"\xF0\x9F\x98"),
            (b"", None, b""),
        ];
        for &(rest, error_len, expected) in cases {
            assert_eq!(
                super::error_sequence(rest, error_len),
                expected,
                "{rest:x?}"
            );
        }
    }
}
