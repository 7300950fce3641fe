//! WTF-8 ("Wobbly Transformation Format", the encoding of Rust's `OsStr` on
//! Windows): validation, and lossless conversion from and to potentially
//! ill-formed UTF-16.
//!
//! WTF-8 is UTF-8 that may also hold lone surrogates as 3-byte sequences
//! (`ED A0..BF 80..BF`); a surrogate *pair* must be written as the 4-byte sequence
//! of its supplementary character, never as two 3-byte surrogates, so every UTF-16
//! sequence has exactly one WTF-8 form.
//!
//! Valid UTF-8 stretches run on the engine's kernels (see [`walk`]); only the
//! lone surrogates are read and written by scalar code.

use super::error::{VariantError, VariantErrorKind};
#[cfg(feature = "alloc")]
use super::walk::walk;
use super::walk::{check, is_low, surrogate_at, utf8_char, Bad, Special, Step, Variant};
use crate::api::api;
#[cfg(feature = "alloc")]
use crate::ByteOrder;
#[cfg(feature = "alloc")]
use crate::Engine;

/// WTF-8, as [`walk`] reads it.
struct Wtf8;

impl Variant for Wtf8 {
    const FORBIDS: Option<bool> = None;

    #[inline]
    fn read(s: &[u8]) -> Step {
        read(s)
    }
}

/// Reads the sequence at the start of `s` (not empty) as WTF-8.
fn read(s: &[u8]) -> Step {
    if !(s[0] == 0xED && matches!(s.get(1), Some(0xA0..=0xBF))) {
        return utf8_char(s);
    }
    let Some(unit) = surrogate_at(s) else {
        return match s.len() {
            2 => Bad::TRUNCATED,
            _ => Bad::new(2, VariantErrorKind::MissingContinuation),
        };
    };
    if !is_low(unit) {
        if let Some(next) = surrogate_at(&s[3..]) {
            if is_low(next) {
                // The high surrogate alone is valid; the low one cannot follow it.
                return Err(Bad {
                    offset: 3,
                    len: 3,
                    kind: VariantErrorKind::SurrogatePairInWtf8,
                });
            }
        }
    }
    Ok(Special {
        width: 3,
        value: u32::from(unit),
    })
}

#[cfg(feature = "alloc")]
pub use owned::*;

#[cfg(feature = "alloc")]
mod owned {
    use super::*;
    use crate::variant::walk::{combine, encode, put, Utf16Sink};
    use alloc::{vec, vec::Vec};

    /// UTF-16 to WTF-8: the engine's UTF-16 to UTF-8 kernel up to each unit it
    /// cannot convert (a lone surrogate), which scalar code writes.
    fn from_utf16(e: &Engine, src: &[u16]) -> Vec<u8> {
        let mut out = vec![0u8; 3 * src.len()];
        let (mut at, mut n) = (0, 0);
        while at < src.len() {
            let room = out.get_mut(n..).unwrap_or_default();
            let err = match e.utf16_to_utf8(&src[at..], room, ByteOrder::NATIVE) {
                Ok(written) => {
                    n += written;
                    break;
                }
                Err(err) => err,
            };
            n += err.written();
            at += err.valid_up_to();
            // The character at `at`: a lone surrogate (or, were the output short,
            // any character).
            let Some(&unit) = src.get(at) else { break };
            let (value, units) = match src.get(at + 1) {
                Some(&low) if !is_low(unit) && is_low(low) && unit & 0xF800 == 0xD800 => {
                    (combine(unit, low), 2)
                }
                _ => (u32::from(unit), 1),
            };
            let mut bytes = [0u8; 6];
            let width = encode(value, &mut bytes);
            put(&mut out, &mut n, &bytes[..width]);
            at += units;
        }
        out.truncate(n);
        out
    }

    fn to_utf16(e: &Engine, src: &[u8]) -> Result<Vec<u16>, VariantError> {
        let mut sink = Utf16Sink::new(src.len());
        walk::<Wtf8>(e, src, &mut sink)?;
        Ok(sink.finish())
    }

    api! { "variant";
        /// Encodes any sequence of UTF-16 code units (machine byte order), lone
        /// surrogates included, as WTF-8. [`variant::wtf8_to_utf16_vec`](crate::variant::wtf8_to_utf16_vec) gives back the
        /// same units.
        ///
        /// ```
        /// let units = [0x61, 0xD800, 0xD83D, 0xDE00];
        /// let wtf8 = utfast::variant::utf16_to_wtf8_vec(&units);
        /// assert_eq!(wtf8, b"a\xED\xA0\x80\xF0\x9F\x98\x80");
        /// assert_eq!(utfast::variant::wtf8_to_utf16_vec(&wtf8).unwrap(), units);
        /// ```
        pub fn utf16_to_wtf8_vec(src: &[u16]) -> Vec<u8>
            as utf16_to_wtf8_vec;
            |engine| from_utf16(engine, src);

        /// Decodes WTF-8 to UTF-16 (machine byte order), lone surrogates included.
        ///
        /// ```
        /// assert_eq!(utfast::variant::wtf8_to_utf16_vec(b"\xED\xB0\x80z").unwrap(), vec![0xDC00, 0x7A]);
        /// assert!(utfast::variant::wtf8_to_utf16_vec(b"\xED\xA0\x80\xED\xB0\x80").is_err());
        /// ```
        pub fn wtf8_to_utf16_vec(src: &[u8]) -> Result<Vec<u16>, VariantError>
            as wtf8_to_utf16_vec;
            |engine| to_utf16(engine, src);
    }
}

api! { "variant";
    /// True when `src` is valid WTF-8: UTF-8 plus lone surrogates, with no
    /// surrogate pair written as two 3-byte sequences.
    ///
    /// ```
    /// assert!(utfast::variant::validate_wtf8(b"a\xED\xA0\x80b")); // lone U+D800
    /// assert!(utfast::variant::validate_wtf8("😀".as_bytes()));
    /// assert!(!utfast::variant::validate_wtf8(b"\xED\xA0\xBD\xED\xB8\x80")); // a pair as 3+3
    /// ```
    pub fn validate_wtf8(src: &[u8]) -> bool
        as validate_wtf8;
        |engine| check::<Wtf8>(engine, src).is_ok();

    /// Validates WTF-8: `Ok`, or where, how long and why the input is invalid. A
    /// pair written as two 3-byte surrogates is valid up to its low surrogate.
    ///
    /// ```
    /// use utfast::variant::VariantErrorKind;
    /// let err = utfast::variant::check_wtf8(b"\xED\xA0\xBD\xED\xB8\x80").unwrap_err();
    /// assert_eq!((err.valid_up_to(), err.error_len()), (3, Some(3)));
    /// assert_eq!(err.kind(), VariantErrorKind::SurrogatePairInWtf8);
    /// ```
    pub fn check_wtf8(src: &[u8]) -> Result<(), VariantError>
        as check_wtf8;
        |engine| check::<Wtf8>(engine, src);
}
