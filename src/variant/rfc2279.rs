//! The legacy UTF-8 of RFC 2279 (1998), opt-in: sequences of up to six bytes for
//! values up to `0x7FFFFFFF` (UCS-4), decoded and encoded.
//!
//! | values                  | bytes                               |
//! |-------------------------|-------------------------------------|
//! | 0x0000_0000–0x0000_FFFF | as UTF-8 (1 to 3 bytes)             |
//! | 0x0001_0000–0x001F_FFFF | `F0 90..BF`, `F1..F7 80..BF` + 2    |
//! | 0x0020_0000–0x03FF_FFFF | `F8 88..BF`, `F9..FB 80..BF` + 3    |
//! | 0x0400_0000–0x7FFF_FFFF | `FC 84..BF`, `FD 80..BF` + 4        |
//!
//! Overlong forms of every length stay errors, and so do encoded surrogates
//! (`ED A0..BF`, as RFC 3629 says) and the bytes `FE` and `FF`. Text that is UTF-8
//! runs on the engine's kernels (see [`walk`]); only sequences beyond U+10FFFF are
//! read and written by scalar code.

use super::error::{VariantError, VariantErrorKind};
#[cfg(feature = "alloc")]
use super::walk::walk;
use super::walk::{check, decode, utf8_char, Bad, Special, Step, Variant};
use crate::api::api;
use crate::reference::utf8::is_continuation;
#[cfg(feature = "alloc")]
use crate::Engine;

/// RFC 2279's UTF-8, as [`walk`] reads it.
struct Rfc2279;

impl Variant for Rfc2279 {
    const FORBIDS: Option<bool> = None;

    #[inline]
    fn read(s: &[u8]) -> Step {
        read(s)
    }
}

/// Reads the sequence at the start of `s` (not empty) as RFC 2279 UTF-8.
fn read(s: &[u8]) -> Step {
    let first = s[0];
    // Width, and the lowest second byte that is not overlong.
    let (width, lowest) = match first {
        0xF0 => (4, 0x90),
        0xF1..=0xF7 => (4, 0x80),
        0xF8 => (5, 0x88),
        0xF9..=0xFB => (5, 0x80),
        0xFC => (6, 0x84),
        0xFD => (6, 0x80),
        0xFE | 0xFF => return Bad::new(1, VariantErrorKind::InvalidByte),
        _ => return utf8_char(s),
    };
    for k in 1..width {
        let Some(&b) = s.get(k) else {
            return Bad::TRUNCATED;
        };
        if !is_continuation(b) {
            return Bad::new(k as u8, VariantErrorKind::MissingContinuation);
        }
        if k == 1 && b < lowest {
            return Bad::new(1, VariantErrorKind::Overlong);
        }
    }
    Ok(Special {
        width,
        value: decode(&s[..width]),
    })
}

#[cfg(feature = "alloc")]
pub use owned::*;

#[cfg(feature = "alloc")]
mod owned {
    use super::*;
    use crate::variant::walk::{encode, put, Utf32Sink};
    use alloc::vec::Vec;

    fn to_ucs4(e: &Engine, src: &[u8]) -> Result<Vec<u32>, VariantError> {
        let mut sink = Utf32Sink::new(src.len());
        walk::<Rfc2279>(e, src, &mut sink)?;
        Ok(sink.finish())
    }

    /// UCS-4 to RFC 2279: the engine's UTF-32 to UTF-8 kernel up to each value it
    /// cannot convert, which scalar code writes (above U+10FFFF) or rejects.
    fn from_ucs4(e: &Engine, src: &[u32]) -> Result<Vec<u8>, VariantError> {
        let mut out = Vec::new();
        let (mut at, mut n) = (0, 0);
        while at < src.len() {
            // Room for 4 bytes per value, the most the kernel writes.
            let need = n + 4 * (src.len() - at);
            if out.len() < need {
                out.resize(need, 0);
            }
            let err = match e.utf32_to_utf8(&src[at..], &mut out[n..]) {
                Ok(written) => {
                    n += written;
                    break;
                }
                Err(err) => err,
            };
            n += err.written();
            at += err.valid_up_to();
            let Some(&value) = src.get(at) else { break };
            let kind = match value {
                0xD800..=0xDFFF => VariantErrorKind::Surrogate,
                0x8000_0000.. => VariantErrorKind::ValueTooLarge,
                _ => {
                    let mut bytes = [0u8; 6];
                    let width = encode(value, &mut bytes);
                    put(&mut out, &mut n, &bytes[..width]);
                    at += 1;
                    continue;
                }
            };
            return Err(VariantError::new(at, 1, kind));
        }
        out.truncate(n);
        Ok(out)
    }

    api! { "variant";
        /// Decodes RFC 2279 UTF-8 to UCS-4 values (up to `0x7FFFFFFF`).
        ///
        /// ```
        /// assert_eq!(utfast::variant::rfc2279_to_ucs4_vec(b"\xFC\x84\x80\x80\x80\x80").unwrap(), vec![0x400_0000]);
        /// assert_eq!(utfast::variant::rfc2279_to_ucs4_vec(b"a\xF8\x88\x80\x80\x80").unwrap(), vec![0x61, 0x20_0000]);
        /// assert!(utfast::variant::rfc2279_to_ucs4_vec(b"\xED\xA0\x80").is_err()); // surrogate
        /// ```
        pub fn rfc2279_to_ucs4_vec(src: &[u8]) -> Result<Vec<u32>, VariantError>
            as rfc2279_to_ucs4_vec;
            |engine| to_ucs4(engine, src);

        /// Encodes UCS-4 values as RFC 2279 UTF-8, in the shortest form. Surrogates
        /// and values above `0x7FFFFFFF` are errors at their index.
        ///
        /// ```
        /// use utfast::variant::VariantErrorKind;
        /// assert_eq!(utfast::variant::ucs4_to_rfc2279_vec(&[0x7FFF_FFFF]).unwrap(), b"\xFD\xBF\xBF\xBF\xBF\xBF");
        /// let err = utfast::variant::ucs4_to_rfc2279_vec(&[0x41, 0x8000_0000]).unwrap_err();
        /// assert_eq!((err.valid_up_to(), err.kind()), (1, VariantErrorKind::ValueTooLarge));
        /// ```
        pub fn ucs4_to_rfc2279_vec(src: &[u32]) -> Result<Vec<u8>, VariantError>
            as ucs4_to_rfc2279_vec;
            |engine| from_ucs4(engine, src);
    }
}

api! { "variant";
    /// True when `src` is valid RFC 2279 UTF-8 (sequences of up to six bytes,
    /// values up to `0x7FFFFFFF`, no overlong forms, no surrogates).
    ///
    /// ```
    /// assert!(utfast::variant::validate_rfc2279(b"\xFD\xBF\xBF\xBF\xBF\xBF")); // 0x7FFFFFFF
    /// assert!(utfast::variant::validate_rfc2279("plain UTF-8 ✓".as_bytes()));
    /// assert!(!utfast::variant::validate_rfc2279(b"\xF8\x80\x80\x80\x80")); // overlong
    /// assert!(!utfast::variant::validate_rfc2279(b"\xFE"));
    /// ```
    pub fn validate_rfc2279(src: &[u8]) -> bool
        as validate_rfc2279;
        |engine| check::<Rfc2279>(engine, src).is_ok();

    /// Validates RFC 2279 UTF-8: `Ok`, or where, how long and why the input is
    /// invalid.
    ///
    /// ```
    /// use utfast::variant::VariantErrorKind;
    /// let err = utfast::variant::check_rfc2279(b"ok\xFC\x80\x80\x80\x80\x80").unwrap_err();
    /// assert_eq!((err.valid_up_to(), err.error_len()), (2, Some(1)));
    /// assert_eq!(err.kind(), VariantErrorKind::Overlong);
    /// ```
    pub fn check_rfc2279(src: &[u8]) -> Result<(), VariantError>
        as check_rfc2279;
        |engine| check::<Rfc2279>(engine, src);
}
