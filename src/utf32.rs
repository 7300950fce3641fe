//! UTF-32 (`&[u32]` of code points in the machine's byte order): validation,
//! conversion to UTF-8, UTF-16 and Latin-1 (strict, under an [`ErrorMode`], or
//! into a `String`) and output lengths. Output slices and errors work as in
//! [`utf8`](crate::utf8): four bytes a value always suffice for UTF-8.
//!
//! ```
//! use utfast::utf32;
//! let values: Vec<u32> = "añ😀".chars().map(u32::from).collect();
//! assert!(utf32::validate(&values));
//! assert_eq!(utf32::to_string(&values).unwrap(), "añ😀");
//! assert_eq!(utf32::check(&[0x61, 0xD800]).unwrap_err().valid_up_to(), 1);
//! ```

use crate::api::api;
use crate::lossy::{self, ErrorMode};
use crate::ByteOrder;
#[cfg(feature = "alloc")]
use alloc::{string::String, vec::Vec};

pub use crate::error::{Utf32Error, Utf32ErrorKind};

api! { "utf32";
    /// `Ok` when every value of `src` is a Unicode scalar value (at most
    /// U+10FFFF, not a surrogate), else where and why not.
    ///
    /// ```
    /// assert!(utfast::utf32::check(&[0x61, 0x10FFFF]).is_ok());
    /// let err = utfast::utf32::check(&[0x61, 0x110000]).unwrap_err();
    /// assert_eq!((err.valid_up_to(), err.kind()), (1, utfast::utf32::Utf32ErrorKind::TooLarge));
    /// ```
    pub fn check(src: &[u32]) -> Result<(), Utf32Error>
        as check_utf32;
        |engine| engine.ops().check_utf32(src);

    /// True when every value of `src` is a Unicode scalar value.
    ///
    /// ```
    /// assert!(utfast::utf32::validate(&[0x61, 0x1F600]));
    /// assert!(!utfast::utf32::validate(&[0xDFFF]));
    /// ```
    pub fn validate(src: &[u32]) -> bool
        as validate_utf32;
        |engine| engine.ops().check_utf32(src).is_ok();

    /// UTF-32 to UTF-8. `dst.len() >= 4 * src.len()` always suffices;
    /// [`utf8_len`] gives the exact length of valid input.
    ///
    /// ```
    /// let mut out = [0u8; 8];
    /// let n = utfast::utf32::to_utf8(&[0x61, 0x1F600], &mut out).unwrap();
    /// assert_eq!(&out[..n], "a😀".as_bytes());
    /// let err = utfast::utf32::to_utf8(&[0x61, 0x20AC], &mut [0u8; 2]).unwrap_err();
    /// assert_eq!((err.valid_up_to(), err.written()), (1, 1));
    /// ```
    #[inline(always)]
    pub fn to_utf8(src: &[u32], dst: &mut [u8]) -> Result<usize, Utf32Error>
        as utf32_to_utf8;
        free { crate::transcode::short::utf32_to_utf8(src, dst) }
        |engine| engine.ops().utf32_to_utf8(src, dst);

    /// UTF-32 to UTF-16 units stored in `order`. `dst.len() >= 2 * src.len()`
    /// always suffices; [`utf16_len`] is exact for valid input.
    ///
    /// ```
    /// use utfast::ByteOrder;
    /// let mut out = [0u16; 4];
    /// assert_eq!(utfast::utf32::to_utf16(&[0x61, 0x1F600], &mut out, ByteOrder::NATIVE), Ok(3));
    /// assert_eq!(&out[..3], &[0x61, 0xD83D, 0xDE00]);
    /// ```
    pub fn to_utf16(src: &[u32], dst: &mut [u16], order: ByteOrder) -> Result<usize, Utf32Error>
        as utf32_to_utf16;
        |engine| engine.ops().utf32_to_utf16(src, dst, order);

    /// UTF-32 to Latin-1: a value above U+00FF stops the conversion with an error
    /// of kind [`Utf32ErrorKind::NotLatin1`].
    ///
    /// ```
    /// let mut out = [0u8; 4];
    /// assert_eq!(utfast::utf32::to_latin1(&[0x63, 0xE9], &mut out), Ok(2));
    /// assert!(utfast::utf32::to_latin1(&[0x20AC], &mut out).is_err());
    /// ```
    pub fn to_latin1(src: &[u32], dst: &mut [u8]) -> Result<usize, Utf32Error>
        as utf32_to_latin1;
        |engine| engine.ops().utf32_to_latin1(src, dst);

    /// The UTF-8 length of UTF-32 `src` (exact for valid input).
    ///
    /// ```
    /// assert_eq!(utfast::utf32::utf8_len(&[0x61, 0xE9, 0x20AC, 0x1F600]), 10);
    /// ```
    pub fn utf8_len(src: &[u32]) -> usize
        as utf8_len_from_utf32;
        |engine| engine.ops().utf8_len_from_utf32(src);

    /// The UTF-16 length of UTF-32 `src`: two units from U+10000, else one.
    ///
    /// ```
    /// assert_eq!(utfast::utf32::utf16_len(&[0x61, 0x1F600]), 3);
    /// ```
    pub fn utf16_len(src: &[u32]) -> usize
        as utf16_len_from_utf32;
        |engine| engine.ops().utf16_len_from_utf32(src);

    /// UTF-32 to UTF-8 under `mode`: valid input as [`to_utf8`]; each invalid
    /// value becomes what the mode says. `dst.len() >= 4 * src.len()` suffices
    /// (`10 * src.len()` with `BackslashReplace`: `\UNNNNNNNN` for a value).
    ///
    /// ```
    /// use utfast::ErrorMode;
    /// let mut out = [0u8; 8];
    /// let n = utfast::utf32::to_utf8_with(&[0x61, 0x110000], &mut out, ErrorMode::Replace).unwrap();
    /// assert_eq!(&out[..n], "a\u{FFFD}".as_bytes());
    /// ```
    pub fn to_utf8_with(src: &[u32], dst: &mut [u8], mode: ErrorMode) -> Result<usize, Utf32Error>
        as utf32_to_utf8_with;
        |engine| lossy::utf32_to_utf8_with(engine, src, dst, mode);

    #[cfg(feature = "alloc")]
    /// UTF-32 to a `String`.
    ///
    /// ```
    /// assert_eq!(utfast::utf32::to_string(&[0x61, 0x1F600]).unwrap(), "a😀");
    /// ```
    pub fn to_string(src: &[u32]) -> Result<String, Utf32Error>
        as utf32_to_string;
        |engine| crate::transcode::into_vec(engine.utf8_len_from_utf32(src), |out| {
            engine.utf32_to_utf8(src, out)
        })
        .map(crate::transcode::utf8_string);

    #[cfg(feature = "alloc")]
    /// UTF-32 to a `String`, each invalid value replaced by U+FFFD.
    ///
    /// ```
    /// assert_eq!(utfast::utf32::to_string_lossy(&[0x61, 0xD800]), "a\u{FFFD}");
    /// ```
    pub fn to_string_lossy(src: &[u32]) -> String
        as utf32_to_string_lossy;
        |engine| lossy::lossy_string(engine.utf32_to_utf8_vec_with(src, ErrorMode::Replace));

    #[cfg(feature = "alloc")]
    /// UTF-32 to a `Vec<u8>` of UTF-8 under `mode`, like [`to_utf8_with`].
    ///
    /// ```
    /// let bytes = utfast::utf32::to_utf8_vec_with(&[0x61, 0xDCFF], utfast::ErrorMode::SurrogateEscape).unwrap();
    /// assert_eq!(bytes, b"a\xFF");
    /// ```
    pub fn to_utf8_vec_with(src: &[u32], mode: ErrorMode) -> Result<Vec<u8>, Utf32Error>
        as utf32_to_utf8_vec_with;
        |engine| crate::transcode::into_vec_with(4 * src.len(), 10 * src.len(), |out| engine.utf32_to_utf8_with(src, out, mode));
}
