//! UTF-16: validation, conversion to UTF-8, UTF-32 and Latin-1 (strict, under an
//! [`ErrorMode`], or into a `String`), output lengths and repair in place.
//!
//! Every function takes the [`ByteOrder`] the units are stored in:
//! `ByteOrder::NATIVE` for `&[u16]` from `str::encode_utf16`, `Little` or `Big`
//! for UTF-16LE / UTF-16BE read from bytes. Output slices and errors work as in
//! [`utf8`](crate::utf8): a slice of three bytes a unit always suffices for UTF-8.
//!
//! ```
//! use utfast::{utf16, ByteOrder};
//! let units: Vec<u16> = "Grüße 😀".encode_utf16().collect();
//! assert!(utf16::validate(&units, ByteOrder::NATIVE));
//! assert_eq!(utf16::to_string(&units, ByteOrder::NATIVE).unwrap(), "Grüße 😀");
//! let err = utf16::check(&[0x61, 0xDC00], ByteOrder::NATIVE).unwrap_err();
//! assert_eq!(err.valid_up_to(), 1);
//! ```

use crate::api::api;
use crate::generic::portable;
use crate::lossy::{self, ErrorMode};
use crate::transcode::short;
use crate::ByteOrder;
#[cfg(feature = "alloc")]
use alloc::{string::String, vec::Vec};

pub use crate::error::{Utf16Error, Utf16ErrorKind};

api! { "utf16";
    /// `Ok` when `src` is well-formed UTF-16 in `order` (every surrogate paired),
    /// else where and why it is not.
    ///
    /// ```
    /// use utfast::{utf16, ByteOrder};
    /// assert!(utf16::check(&[0xD83D, 0xDE00], ByteOrder::NATIVE).is_ok());
    /// let err = utf16::check(&[0x61, 0xDC00], ByteOrder::NATIVE).unwrap_err();
    /// assert_eq!((err.valid_up_to(), err.kind()), (1, utf16::Utf16ErrorKind::UnpairedLowSurrogate));
    /// ```
    pub fn check(src: &[u16], order: ByteOrder) -> Result<(), Utf16Error>
        as check_utf16;
        |engine| engine.ops().check_utf16(src, order);

    /// True when `src` is well-formed UTF-16 in `order`.
    ///
    /// ```
    /// use utfast::{utf16, ByteOrder};
    /// assert!(utf16::validate(&[0x61, 0xD83D, 0xDE00], ByteOrder::NATIVE));
    /// assert!(!utf16::validate(&[0xDE00], ByteOrder::NATIVE));
    /// assert!(utf16::validate(&[0x0061u16.to_be()], ByteOrder::Big));
    /// ```
    pub fn validate(src: &[u16], order: ByteOrder) -> bool
        as validate_utf16;
        |engine| engine.ops().check_utf16(src, order).is_ok();

    /// UTF-16 in `order` to UTF-8. `dst.len() >= 3 * src.len()` always suffices;
    /// [`utf8_len`] gives the exact length of valid input.
    ///
    /// ```
    /// use utfast::{utf16, ByteOrder};
    /// let mut out = [0u8; 16];
    /// let n = utf16::to_utf8(&[0x61, 0x20AC, 0xD83D, 0xDE00], &mut out, ByteOrder::NATIVE).unwrap();
    /// assert_eq!(&out[..n], "a€😀".as_bytes());
    /// let n = utf16::to_utf8(&[0x20ACu16.to_be()], &mut out, ByteOrder::Big).unwrap();
    /// assert_eq!(&out[..n], "€".as_bytes());
    /// ```
    #[inline(always)]
    pub fn to_utf8(src: &[u16], dst: &mut [u8], order: ByteOrder) -> Result<usize, Utf16Error>
        as utf16_to_utf8;
        free {
            if src.len() <= short::UTF16_UNITS {
                if let Some(written) = short::utf16_ascii_to_utf8_up_to_8(src, dst, order) {
                    return Ok(written);
                }
                if let Some(written) = portable::utf16_to_utf8_with_room(src, dst, order) {
                    return Ok(written);
                }
            }
            short::utf16_to_utf8_rest(src, dst, order)
        }
        |engine| if src.len() <= 32 {
            // A short string: the small entry.
            engine.ops().utf16_to_utf8_short(src, dst, order)
        } else {
            engine.ops().utf16_to_utf8(src, dst, order)
        };

    /// UTF-16 in `order` to UTF-32: a pair becomes one value. `dst.len() >=
    /// src.len()` always suffices; [`utf32_len`] is exact for valid input.
    ///
    /// ```
    /// use utfast::{utf16, ByteOrder};
    /// let mut out = [0u32; 4];
    /// assert_eq!(utf16::to_utf32(&[0x61, 0xD83D, 0xDE00], &mut out, ByteOrder::NATIVE), Ok(2));
    /// assert_eq!(&out[..2], &[0x61, 0x1F600]);
    /// ```
    pub fn to_utf32(src: &[u16], dst: &mut [u32], order: ByteOrder) -> Result<usize, Utf16Error>
        as utf16_to_utf32;
        |engine| engine.ops().utf16_to_utf32(src, dst, order);

    /// UTF-16 in `order` to Latin-1: a unit above U+00FF stops the conversion
    /// with an error of kind [`Utf16ErrorKind::NotLatin1`].
    ///
    /// ```
    /// use utfast::{utf16, ByteOrder};
    /// let mut out = [0u8; 4];
    /// assert_eq!(utf16::to_latin1(&[0x63, 0xE9], &mut out, ByteOrder::NATIVE), Ok(2));
    /// assert_eq!(&out[..2], b"c\xE9");
    /// let err = utf16::to_latin1(&[0x20AC], &mut out, ByteOrder::NATIVE).unwrap_err();
    /// assert_eq!(err.kind(), utf16::Utf16ErrorKind::NotLatin1);
    /// ```
    pub fn to_latin1(src: &[u16], dst: &mut [u8], order: ByteOrder) -> Result<usize, Utf16Error>
        as utf16_to_latin1;
        |engine| engine.ops().utf16_to_latin1(src, dst, order);

    /// The UTF-8 length of UTF-16 `src` in `order`: 1, 2 or 3 bytes a unit, 2 a
    /// surrogate (exact for valid UTF-16).
    ///
    /// ```
    /// use utfast::{utf16, ByteOrder};
    /// assert_eq!(utf16::utf8_len(&[0x61, 0x20AC, 0xD83D, 0xDE00], ByteOrder::NATIVE), 8);
    /// ```
    pub fn utf8_len(src: &[u16], order: ByteOrder) -> usize
        as utf8_len_from_utf16;
        |engine| engine.ops().utf8_len_from_utf16(src, order);

    /// The UTF-32 length of UTF-16 `src` in `order`: the units that are not low
    /// surrogates (exact for valid UTF-16).
    ///
    /// ```
    /// use utfast::{utf16, ByteOrder};
    /// assert_eq!(utf16::utf32_len(&[0x61, 0xD83D, 0xDE00], ByteOrder::NATIVE), 2);
    /// ```
    pub fn utf32_len(src: &[u16], order: ByteOrder) -> usize
        as utf32_len_from_utf16;
        |engine| engine.ops().utf32_len_from_utf16(src, order);

    /// UTF-16 in `order` to UTF-8 under `mode`: valid input as [`to_utf8`]; each
    /// unpaired surrogate becomes what the mode says (U+FFFD, three bytes, with
    /// `Replace`; `Strict` stops). `dst.len() >= 3 * src.len()` suffices
    /// (`6 * src.len()` with `BackslashReplace`: `\uNNNN` for a unit).
    ///
    /// ```
    /// use utfast::{utf16, ByteOrder, ErrorMode};
    /// let mut out = [0u8; 16];
    /// let n = utf16::to_utf8_with(&[0x61, 0xD800, 0x62], &mut out, ByteOrder::NATIVE, ErrorMode::Replace).unwrap();
    /// assert_eq!(&out[..n], "a\u{FFFD}b".as_bytes());
    /// ```
    pub fn to_utf8_with(src: &[u16], dst: &mut [u8], order: ByteOrder, mode: ErrorMode) -> Result<usize, Utf16Error>
        as utf16_to_utf8_with;
        |engine| lossy::utf16_to_utf8_with(engine, src, dst, order, mode);

    /// Makes UTF-16 in `order` well-formed in place: each unpaired surrogate
    /// becomes U+FFFD, as `String::from_utf16_lossy` would decode it. Returns how
    /// many units were replaced (0 when it was already valid).
    ///
    /// ```
    /// use utfast::{utf16, ByteOrder};
    /// let mut units = [0x61, 0xD800, 0x62, 0xDC00, 0xD83D, 0xDE00];
    /// assert_eq!(utf16::repair(&mut units, ByteOrder::NATIVE), 2);
    /// assert_eq!(units, [0x61, 0xFFFD, 0x62, 0xFFFD, 0xD83D, 0xDE00]);
    /// ```
    pub fn repair(buf: &mut [u16], order: ByteOrder) -> usize
        as repair_utf16;
        |engine| lossy::repair(engine, buf, order);

    #[cfg(feature = "alloc")]
    /// UTF-16 in `order` to a `String`, like `String::from_utf16`.
    ///
    /// ```
    /// use utfast::{utf16, ByteOrder};
    /// assert_eq!(utf16::to_string(&[0x61, 0xD83D, 0xDE00], ByteOrder::NATIVE).unwrap(), "a😀");
    /// assert_eq!(utf16::to_string(&[0x61, 0xD83D], ByteOrder::NATIVE).unwrap_err().valid_up_to(), 1);
    /// ```
    pub fn to_string(src: &[u16], order: ByteOrder) -> Result<String, Utf16Error>
        as utf16_to_string;
        |engine| crate::transcode::into_vec(engine.utf8_len_from_utf16(src, order), |out| {
            engine.utf16_to_utf8(src, out, order)
        })
        .map(crate::transcode::utf8_string);

    #[cfg(feature = "alloc")]
    /// UTF-16 in `order` to a `String`, each unpaired surrogate replaced by
    /// U+FFFD, like `String::from_utf16_lossy`.
    ///
    /// ```
    /// use utfast::{utf16, ByteOrder};
    /// assert_eq!(utf16::to_string_lossy(&[0x61, 0xD800], ByteOrder::NATIVE), "a\u{FFFD}");
    /// ```
    pub fn to_string_lossy(src: &[u16], order: ByteOrder) -> String
        as utf16_to_string_lossy;
        |engine| lossy::lossy_string(engine.utf16_to_utf8_vec_with(src, order, ErrorMode::Replace));

    #[cfg(feature = "alloc")]
    /// UTF-16 in `order` to a `Vec<u8>` of UTF-8 under `mode`, like
    /// [`to_utf8_with`] (with `SurrogateEscape` the bytes need not be UTF-8).
    ///
    /// ```
    /// use utfast::{utf16, ByteOrder, ErrorMode};
    /// let bytes = utf16::to_utf8_vec_with(&[0x61, 0xDCFF], ByteOrder::NATIVE, ErrorMode::SurrogateEscape).unwrap();
    /// assert_eq!(bytes, b"a\xFF");
    /// ```
    pub fn to_utf8_vec_with(src: &[u16], order: ByteOrder, mode: ErrorMode) -> Result<Vec<u8>, Utf16Error>
        as utf16_to_utf8_vec_with;
        |engine| crate::transcode::into_vec_with(3 * src.len(), 6 * src.len(), |out| engine.utf16_to_utf8_with(src, out, order, mode));
}
