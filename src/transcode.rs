//! Transcoding between UTF-8, UTF-16, UTF-32 and Latin-1: the public functions,
//! each both a method of [`Engine`] (one kernel) and a free function (the active
//! kernel), plus exact output lengths and `Vec`/`String` conveniences.
//!
//! # Output slices
//!
//! Every conversion writes into a caller's slice and returns `Ok(units written)`.
//! A slice of the worst-case size always suffices: for UTF-8 input, as many units
//! as input bytes (to UTF-16, UTF-32 or Latin-1); to UTF-8, three bytes per UTF-16
//! unit, four per UTF-32 value, two per Latin-1 byte; otherwise one unit per input
//! unit. The exact size comes from the `*_len_from_*` functions. With a shorter
//! slice nothing is ever written out of bounds and nothing panics: the conversion
//! stops at the first character that does not fit and returns an error of kind
//! `OutputTooSmall` (or [`OutputTooSmall`] where the input cannot be invalid) that
//! says how much input was converted into how much output. Units of `dst` past the
//! returned count may have been overwritten with scratch values.
//!
//! # Errors
//!
//! Invalid input stops the conversion at the first invalid character: the error
//! (the same [`Utf8Error`] [`from_utf8`](crate::from_utf8) returns, with std's
//! position; or [`Utf16Error`], [`Utf32Error`]) says where, why, and how many output
//! units hold the conversion of the valid prefix.
//!
//! ```
//! let text = "Grüße, 世界 🎉";
//! let mut utf16 = vec![0u16; text.len()];
//! let n = utfast::utf8_to_utf16(text.as_bytes(), &mut utf16).unwrap();
//! assert_eq!(&utf16[..n], text.encode_utf16().collect::<Vec<_>>().as_slice());
//!
//! let mut utf8 = vec![0u8; 3 * n];
//! let m = utfast::utf16_to_utf8(&utf16[..n], &mut utf8).unwrap();
//! assert_eq!(&utf8[..m], text.as_bytes());
//! ```

use crate::error::{OutputTooSmall, Utf16Error, Utf32Error, Utf8Error, Utf8ErrorKind};
use crate::Engine;

/// The byte order in which UTF-16 code units are stored.
///
/// A `u16` "in byte order `Big`" is one whose bytes in memory, `u16::to_ne_bytes`,
/// are big-endian: on a little-endian machine its value is the code unit with its
/// bytes swapped. The `*le`/`*be` functions read or write units in that order; the
/// plain ones use the machine's own ([`ByteOrder::NATIVE`]).
///
/// ```
/// use utfast::ByteOrder;
/// let stored = ByteOrder::Big.write_u16(0x20AC);
/// assert_eq!(stored.to_ne_bytes(), [0x20, 0xAC]);
/// assert_eq!(ByteOrder::Big.read_u16(stored), 0x20AC);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ByteOrder {
    /// Little-endian: UTF-16LE.
    Little,
    /// Big-endian: UTF-16BE.
    Big,
}

impl ByteOrder {
    /// The byte order of this machine.
    pub const NATIVE: ByteOrder = if cfg!(target_endian = "big") {
        ByteOrder::Big
    } else {
        ByteOrder::Little
    };

    /// The code unit stored as `stored` in this byte order.
    #[inline(always)]
    pub const fn read_u16(self, stored: u16) -> u16 {
        match self {
            ByteOrder::Little => u16::from_le(stored),
            ByteOrder::Big => u16::from_be(stored),
        }
    }

    /// How `unit` is stored in this byte order.
    #[inline(always)]
    pub const fn write_u16(self, unit: u16) -> u16 {
        match self {
            ByteOrder::Little => unit.to_le(),
            ByteOrder::Big => unit.to_be(),
        }
    }
}

/// Calls a function of the engine's kernel table.
macro_rules! call {
    ($engine:ident . $field:ident ( $($arg:expr),* )) => {
        $engine.ops().$field($($arg),*)
    };
}
#[allow(unused_imports)] // used by the modules built on the kernels
pub(crate) use call;

/// Defines each function twice: as a method of [`Engine`] and as a free function
/// that runs it on [`Engine::active`]. The body sees the engine as `$e`.
macro_rules! api {
    ($(
        $(#[$doc:meta])*
        fn $name:ident($($arg:ident: $ty:ty),*) -> $ret:ty = |$e:ident| $body:expr;
    )*) => {
        impl Engine {$(
            $(#[$doc])*
            #[inline]
            pub fn $name(&self, $($arg: $ty),*) -> $ret {
                let $e = self;
                $body
            }
        )*}
        $(
            $(#[$doc])*
            #[inline]
            pub fn $name($($arg: $ty),*) -> $ret {
                Engine::active().$name($($arg),*)
            }
        )*
    };
}
#[allow(unused_imports)] // used by the modules built on the kernels
pub(crate) use api;

/// An error of a `&str` conversion, which can only be the output's.
fn only_output(read: usize, written: usize) -> OutputTooSmall {
    OutputTooSmall { read, written }
}

fn str_output(e: Utf8Error) -> OutputTooSmall {
    debug_assert_eq!(e.kind(), Utf8ErrorKind::OutputTooSmall);
    only_output(e.valid_up_to(), e.written())
}

api! {
    /// UTF-8 to UTF-16 in the machine's byte order. `dst.len() >= src.len()` always
    /// suffices; [`utf16_len_from_utf8`] gives the exact length of valid input.
    ///
    /// ```
    /// let mut out = [0u16; 8];
    /// let n = utfast::utf8_to_utf16("añ€😀".as_bytes(), &mut out).unwrap();
    /// assert_eq!(&out[..n], &[0x61, 0xF1, 0x20AC, 0xD83D, 0xDE00]);
    /// let err = utfast::utf8_to_utf16(b"ab\xC0", &mut out).unwrap_err();
    /// assert_eq!((err.valid_up_to(), err.written()), (2, 2));
    /// ```
    fn utf8_to_utf16(src: &[u8], dst: &mut [u16]) -> Result<usize, Utf8Error> =
        |e| call!(e.utf8_to_utf16(src, dst, ByteOrder::NATIVE));

    /// UTF-8 to UTF-16LE: like [`utf8_to_utf16`], writing little-endian units.
    ///
    /// ```
    /// let mut out = [0u16; 1];
    /// utfast::utf8_to_utf16le("€".as_bytes(), &mut out).unwrap();
    /// assert_eq!(out[0].to_ne_bytes(), [0xAC, 0x20]);
    /// ```
    fn utf8_to_utf16le(src: &[u8], dst: &mut [u16]) -> Result<usize, Utf8Error> =
        |e| call!(e.utf8_to_utf16(src, dst, ByteOrder::Little));

    /// UTF-8 to UTF-16BE: like [`utf8_to_utf16`], writing big-endian units.
    ///
    /// ```
    /// let mut out = [0u16; 1];
    /// utfast::utf8_to_utf16be("€".as_bytes(), &mut out).unwrap();
    /// assert_eq!(out[0].to_ne_bytes(), [0x20, 0xAC]);
    /// ```
    fn utf8_to_utf16be(src: &[u8], dst: &mut [u16]) -> Result<usize, Utf8Error> =
        |e| call!(e.utf8_to_utf16(src, dst, ByteOrder::Big));

    /// UTF-8 to UTF-32. `dst.len() >= src.len()` always suffices; [`count_chars`]
    /// gives the exact length of valid input.
    ///
    /// ```
    /// let mut out = [0u32; 4];
    /// assert_eq!(utfast::utf8_to_utf32("a😀".as_bytes(), &mut out), Ok(2));
    /// assert_eq!(&out[..2], &[0x61, 0x1F600]);
    /// ```
    fn utf8_to_utf32(src: &[u8], dst: &mut [u32]) -> Result<usize, Utf8Error> =
        |e| call!(e.utf8_to_utf32(src, dst));

    /// UTF-8 to Latin-1 (ISO-8859-1): a character above U+00FF stops the conversion
    /// with an error of kind [`Utf8ErrorKind::NotLatin1`].
    ///
    /// ```
    /// let mut out = [0u8; 8];
    /// assert_eq!(utfast::utf8_to_latin1("café".as_bytes(), &mut out), Ok(4));
    /// assert_eq!(&out[..4], b"caf\xE9");
    /// let err = utfast::utf8_to_latin1("a€".as_bytes(), &mut out).unwrap_err();
    /// assert_eq!(err.kind(), utfast::Utf8ErrorKind::NotLatin1);
    /// ```
    fn utf8_to_latin1(src: &[u8], dst: &mut [u8]) -> Result<usize, Utf8Error> =
        |e| call!(e.utf8_to_latin1(src, dst));

    /// UTF-16 in the machine's byte order to UTF-8. `dst.len() >= 3 * src.len()`
    /// always suffices; [`utf8_len_from_utf16`] gives the exact length.
    ///
    /// ```
    /// let mut out = [0u8; 12];
    /// let n = utfast::utf16_to_utf8(&[0x61, 0x20AC, 0xD83D, 0xDE00], &mut out).unwrap();
    /// assert_eq!(&out[..n], "a€😀".as_bytes());
    /// ```
    fn utf16_to_utf8(src: &[u16], dst: &mut [u8]) -> Result<usize, Utf16Error> =
        |e| call!(e.utf16_to_utf8(src, dst, ByteOrder::NATIVE));

    /// UTF-16LE to UTF-8.
    ///
    /// ```
    /// let mut out = [0u8; 3];
    /// let unit = u16::from_ne_bytes([0xAC, 0x20]);
    /// assert_eq!(utfast::utf16le_to_utf8(&[unit], &mut out), Ok(3));
    /// assert_eq!(&out, "€".as_bytes());
    /// ```
    fn utf16le_to_utf8(src: &[u16], dst: &mut [u8]) -> Result<usize, Utf16Error> =
        |e| call!(e.utf16_to_utf8(src, dst, ByteOrder::Little));

    /// UTF-16BE to UTF-8.
    ///
    /// ```
    /// let mut out = [0u8; 3];
    /// let unit = u16::from_ne_bytes([0x20, 0xAC]);
    /// assert_eq!(utfast::utf16be_to_utf8(&[unit], &mut out), Ok(3));
    /// ```
    fn utf16be_to_utf8(src: &[u16], dst: &mut [u8]) -> Result<usize, Utf16Error> =
        |e| call!(e.utf16_to_utf8(src, dst, ByteOrder::Big));

    /// UTF-16 in the machine's byte order to UTF-32. `dst.len() >= src.len()`
    /// always suffices.
    ///
    /// ```
    /// let mut out = [0u32; 2];
    /// assert_eq!(utfast::utf16_to_utf32(&[0xD83D, 0xDE00], &mut out), Ok(1));
    /// assert_eq!(out[0], 0x1F600);
    /// ```
    fn utf16_to_utf32(src: &[u16], dst: &mut [u32]) -> Result<usize, Utf16Error> =
        |e| call!(e.utf16_to_utf32(src, dst, ByteOrder::NATIVE));

    /// UTF-16LE to UTF-32.
    ///
    /// ```
    /// let mut out = [0u32; 1];
    /// assert_eq!(utfast::utf16le_to_utf32(&[0x41u16.to_le()], &mut out), Ok(1));
    /// assert_eq!(out[0], 0x41);
    /// ```
    fn utf16le_to_utf32(src: &[u16], dst: &mut [u32]) -> Result<usize, Utf16Error> =
        |e| call!(e.utf16_to_utf32(src, dst, ByteOrder::Little));

    /// UTF-16BE to UTF-32.
    ///
    /// ```
    /// let mut out = [0u32; 1];
    /// assert_eq!(utfast::utf16be_to_utf32(&[0x41u16.to_be()], &mut out), Ok(1));
    /// assert_eq!(out[0], 0x41);
    /// ```
    fn utf16be_to_utf32(src: &[u16], dst: &mut [u32]) -> Result<usize, Utf16Error> =
        |e| call!(e.utf16_to_utf32(src, dst, ByteOrder::Big));

    /// UTF-16 in the machine's byte order to Latin-1: a character above U+00FF is an
    /// error of kind [`Utf16ErrorKind::NotLatin1`](crate::Utf16ErrorKind::NotLatin1).
    ///
    /// ```
    /// let mut out = [0u8; 2];
    /// assert_eq!(utfast::utf16_to_latin1(&[0x63, 0xE9], &mut out), Ok(2));
    /// assert_eq!(&out, b"c\xE9");
    /// ```
    fn utf16_to_latin1(src: &[u16], dst: &mut [u8]) -> Result<usize, Utf16Error> =
        |e| call!(e.utf16_to_latin1(src, dst, ByteOrder::NATIVE));

    /// UTF-16LE to Latin-1.
    ///
    /// ```
    /// let mut out = [0u8; 1];
    /// assert_eq!(utfast::utf16le_to_latin1(&[0xE9u16.to_le()], &mut out), Ok(1));
    /// ```
    fn utf16le_to_latin1(src: &[u16], dst: &mut [u8]) -> Result<usize, Utf16Error> =
        |e| call!(e.utf16_to_latin1(src, dst, ByteOrder::Little));

    /// UTF-16BE to Latin-1.
    ///
    /// ```
    /// let mut out = [0u8; 1];
    /// assert_eq!(utfast::utf16be_to_latin1(&[0xE9u16.to_be()], &mut out), Ok(1));
    /// ```
    fn utf16be_to_latin1(src: &[u16], dst: &mut [u8]) -> Result<usize, Utf16Error> =
        |e| call!(e.utf16_to_latin1(src, dst, ByteOrder::Big));

    /// UTF-32 to UTF-8. `dst.len() >= 4 * src.len()` always suffices;
    /// [`utf8_len_from_utf32`] gives the exact length.
    ///
    /// ```
    /// let mut out = [0u8; 8];
    /// assert_eq!(utfast::utf32_to_utf8(&[0x61, 0x20AC], &mut out), Ok(4));
    /// assert_eq!(&out[..4], "a€".as_bytes());
    /// ```
    fn utf32_to_utf8(src: &[u32], dst: &mut [u8]) -> Result<usize, Utf32Error> =
        |e| call!(e.utf32_to_utf8(src, dst));

    /// UTF-32 to UTF-16 in the machine's byte order. `dst.len() >= 2 * src.len()`
    /// always suffices; [`utf16_len_from_utf32`] gives the exact length.
    ///
    /// ```
    /// let mut out = [0u16; 4];
    /// assert_eq!(utfast::utf32_to_utf16(&[0x1F600], &mut out), Ok(2));
    /// assert_eq!(&out[..2], &[0xD83D, 0xDE00]);
    /// ```
    fn utf32_to_utf16(src: &[u32], dst: &mut [u16]) -> Result<usize, Utf32Error> =
        |e| call!(e.utf32_to_utf16(src, dst, ByteOrder::NATIVE));

    /// UTF-32 to UTF-16LE.
    ///
    /// ```
    /// let mut out = [0u16; 1];
    /// assert_eq!(utfast::utf32_to_utf16le(&[0x20AC], &mut out), Ok(1));
    /// assert_eq!(out[0].to_ne_bytes(), [0xAC, 0x20]);
    /// ```
    fn utf32_to_utf16le(src: &[u32], dst: &mut [u16]) -> Result<usize, Utf32Error> =
        |e| call!(e.utf32_to_utf16(src, dst, ByteOrder::Little));

    /// UTF-32 to UTF-16BE.
    ///
    /// ```
    /// let mut out = [0u16; 1];
    /// assert_eq!(utfast::utf32_to_utf16be(&[0x20AC], &mut out), Ok(1));
    /// assert_eq!(out[0].to_ne_bytes(), [0x20, 0xAC]);
    /// ```
    fn utf32_to_utf16be(src: &[u32], dst: &mut [u16]) -> Result<usize, Utf32Error> =
        |e| call!(e.utf32_to_utf16(src, dst, ByteOrder::Big));

    /// UTF-32 to Latin-1.
    ///
    /// ```
    /// let mut out = [0u8; 2];
    /// assert_eq!(utfast::utf32_to_latin1(&[0x41, 0xFF], &mut out), Ok(2));
    /// assert!(utfast::utf32_to_latin1(&[0x100], &mut out).is_err());
    /// ```
    fn utf32_to_latin1(src: &[u32], dst: &mut [u8]) -> Result<usize, Utf32Error> =
        |e| call!(e.utf32_to_latin1(src, dst));

    /// Latin-1 to UTF-8. `dst.len() >= 2 * src.len()` always suffices;
    /// [`utf8_len_from_latin1`] gives the exact length.
    ///
    /// ```
    /// let mut out = [0u8; 10];
    /// let n = utfast::latin1_to_utf8(b"na\xEFve", &mut out).unwrap();
    /// assert_eq!(&out[..n], "naïve".as_bytes());
    /// ```
    fn latin1_to_utf8(src: &[u8], dst: &mut [u8]) -> Result<usize, OutputTooSmall> =
        |e| call!(e.latin1_to_utf8(src, dst));

    /// Latin-1 to UTF-16 in the machine's byte order. `dst.len() >= src.len()`.
    ///
    /// ```
    /// let mut out = [0u16; 2];
    /// assert_eq!(utfast::latin1_to_utf16(b"\xE9!", &mut out), Ok(2));
    /// assert_eq!(out, [0xE9, 0x21]);
    /// ```
    fn latin1_to_utf16(src: &[u8], dst: &mut [u16]) -> Result<usize, OutputTooSmall> =
        |e| call!(e.latin1_to_utf16(src, dst, ByteOrder::NATIVE));

    /// Latin-1 to UTF-16LE.
    ///
    /// ```
    /// let mut out = [0u16; 1];
    /// assert_eq!(utfast::latin1_to_utf16le(b"\xE9", &mut out), Ok(1));
    /// assert_eq!(out[0].to_ne_bytes(), [0xE9, 0x00]);
    /// ```
    fn latin1_to_utf16le(src: &[u8], dst: &mut [u16]) -> Result<usize, OutputTooSmall> =
        |e| call!(e.latin1_to_utf16(src, dst, ByteOrder::Little));

    /// Latin-1 to UTF-16BE.
    ///
    /// ```
    /// let mut out = [0u16; 1];
    /// assert_eq!(utfast::latin1_to_utf16be(b"\xE9", &mut out), Ok(1));
    /// assert_eq!(out[0].to_ne_bytes(), [0x00, 0xE9]);
    /// ```
    fn latin1_to_utf16be(src: &[u8], dst: &mut [u16]) -> Result<usize, OutputTooSmall> =
        |e| call!(e.latin1_to_utf16(src, dst, ByteOrder::Big));

    /// Latin-1 to UTF-32. `dst.len() >= src.len()`.
    ///
    /// ```
    /// let mut out = [0u32; 1];
    /// assert_eq!(utfast::latin1_to_utf32(b"\xFF", &mut out), Ok(1));
    /// assert_eq!(out[0], 0xFF);
    /// ```
    fn latin1_to_utf32(src: &[u8], dst: &mut [u32]) -> Result<usize, OutputTooSmall> =
        |e| call!(e.latin1_to_utf32(src, dst));

    /// Validates UTF-16 in the machine's byte order: the first unpaired surrogate,
    /// with its index in code units, if any.
    ///
    /// ```
    /// assert!(utfast::check_utf16(&[0x61, 0xD83D, 0xDE00]).is_ok());
    /// let err = utfast::check_utf16(&[0x61, 0xD83D, 0x62]).unwrap_err();
    /// assert_eq!(err.valid_up_to(), 1);
    /// assert_eq!(err.kind(), utfast::Utf16ErrorKind::UnpairedHighSurrogate);
    /// ```
    fn check_utf16(src: &[u16]) -> Result<(), Utf16Error> =
        |e| call!(e.check_utf16(src, ByteOrder::NATIVE));

    /// Validates UTF-16LE, like [`check_utf16`].
    ///
    /// ```
    /// assert!(utfast::check_utf16le(&[0xD83Du16.to_le(), 0xDE00u16.to_le()]).is_ok());
    /// ```
    fn check_utf16le(src: &[u16]) -> Result<(), Utf16Error> =
        |e| call!(e.check_utf16(src, ByteOrder::Little));

    /// Validates UTF-16BE, like [`check_utf16`].
    ///
    /// ```
    /// assert!(utfast::check_utf16be(&[0xD83Du16.to_be(), 0xDE00u16.to_be()]).is_ok());
    /// assert!(utfast::check_utf16be(&[0xDE00u16.to_be()]).is_err());
    /// ```
    fn check_utf16be(src: &[u16]) -> Result<(), Utf16Error> =
        |e| call!(e.check_utf16(src, ByteOrder::Big));

    /// True when `src` is well-formed UTF-16 in the machine's byte order.
    ///
    /// ```
    /// assert!(utfast::validate_utf16(&[0xD83D, 0xDE00]));
    /// assert!(!utfast::validate_utf16(&[0xDE00, 0xD83D]));
    /// ```
    fn validate_utf16(src: &[u16]) -> bool = |e| e.check_utf16(src).is_ok();

    /// True when `src` is well-formed UTF-16LE.
    ///
    /// ```
    /// assert!(utfast::validate_utf16le(&[0x41u16.to_le()]));
    /// ```
    fn validate_utf16le(src: &[u16]) -> bool = |e| e.check_utf16le(src).is_ok();

    /// True when `src` is well-formed UTF-16BE.
    ///
    /// ```
    /// assert!(utfast::validate_utf16be(&[0x41u16.to_be()]));
    /// ```
    fn validate_utf16be(src: &[u16]) -> bool = |e| e.check_utf16be(src).is_ok();

    /// Validates UTF-32: the first value that is a surrogate or above U+10FFFF.
    ///
    /// ```
    /// assert!(utfast::check_utf32(&[0x61, 0x10FFFF]).is_ok());
    /// assert_eq!(utfast::check_utf32(&[0x61, 0xD800]).unwrap_err().valid_up_to(), 1);
    /// ```
    fn check_utf32(src: &[u32]) -> Result<(), Utf32Error> = |e| call!(e.check_utf32(src));

    /// True when every value of `src` is a Unicode scalar value.
    ///
    /// ```
    /// assert!(utfast::validate_utf32(&[0x1F600]));
    /// assert!(!utfast::validate_utf32(&[0x110000]));
    /// ```
    fn validate_utf32(src: &[u32]) -> bool = |e| e.check_utf32(src).is_ok();

    /// The characters in UTF-8 `src`: the number of bytes that are not continuation
    /// bytes (exact for valid UTF-8; the UTF-32 and Latin-1 length).
    ///
    /// ```
    /// assert_eq!(utfast::count_chars("añ€😀".as_bytes()), 4);
    /// ```
    fn count_chars(src: &[u8]) -> usize = |e| call!(e.count_chars(src));

    /// The UTF-16 length of UTF-8 `src`: [`count_chars`] plus one for each byte
    /// F0–FF (exact for valid UTF-8).
    ///
    /// ```
    /// assert_eq!(utfast::utf16_len_from_utf8("a€😀".as_bytes()), 4);
    /// ```
    fn utf16_len_from_utf8(src: &[u8]) -> usize = |e| call!(e.utf16_len_from_utf8(src));

    /// The UTF-8 length of UTF-16 `src` in the machine's byte order: 1, 2 or 3 bytes
    /// per unit, 2 per surrogate (exact for valid UTF-16).
    ///
    /// ```
    /// assert_eq!(utfast::utf8_len_from_utf16(&[0x61, 0x20AC, 0xD83D, 0xDE00]), 8);
    /// ```
    fn utf8_len_from_utf16(src: &[u16]) -> usize =
        |e| call!(e.utf8_len_from_utf16(src, ByteOrder::NATIVE));

    /// The UTF-8 length of UTF-16LE `src`.
    ///
    /// ```
    /// assert_eq!(utfast::utf8_len_from_utf16le(&[0x20ACu16.to_le()]), 3);
    /// ```
    fn utf8_len_from_utf16le(src: &[u16]) -> usize =
        |e| call!(e.utf8_len_from_utf16(src, ByteOrder::Little));

    /// The UTF-8 length of UTF-16BE `src`.
    ///
    /// ```
    /// assert_eq!(utfast::utf8_len_from_utf16be(&[0x20ACu16.to_be()]), 3);
    /// ```
    fn utf8_len_from_utf16be(src: &[u16]) -> usize =
        |e| call!(e.utf8_len_from_utf16(src, ByteOrder::Big));

    /// The UTF-32 length of UTF-16 `src` in the machine's byte order: the units
    /// that are not low surrogates (exact for valid UTF-16).
    ///
    /// ```
    /// assert_eq!(utfast::utf32_len_from_utf16(&[0x61, 0xD83D, 0xDE00]), 2);
    /// ```
    fn utf32_len_from_utf16(src: &[u16]) -> usize =
        |e| call!(e.utf32_len_from_utf16(src, ByteOrder::NATIVE));

    /// The UTF-8 length of UTF-32 `src`: 1 to 4 bytes per value.
    ///
    /// ```
    /// assert_eq!(utfast::utf8_len_from_utf32(&[0x61, 0x1F600]), 5);
    /// ```
    fn utf8_len_from_utf32(src: &[u32]) -> usize = |e| call!(e.utf8_len_from_utf32(src));

    /// The UTF-16 length of UTF-32 `src`: two units above U+FFFF, else one.
    ///
    /// ```
    /// assert_eq!(utfast::utf16_len_from_utf32(&[0x61, 0x1F600]), 3);
    /// ```
    fn utf16_len_from_utf32(src: &[u32]) -> usize = |e| call!(e.utf16_len_from_utf32(src));

    /// The UTF-8 length of Latin-1 `src`: two bytes for 80–FF, else one.
    ///
    /// ```
    /// assert_eq!(utfast::utf8_len_from_latin1(b"caf\xE9"), 5);
    /// ```
    fn utf8_len_from_latin1(src: &[u8]) -> usize = |e| call!(e.utf8_len_from_latin1(src));

    /// A `&str` (valid by its type) to UTF-16 in the machine's byte order; only the
    /// output can be too small. `dst.len() >= s.len()` always suffices.
    ///
    /// ```
    /// let mut out = [0u16; 3];
    /// assert_eq!(utfast::str_to_utf16("a😀", &mut out), Ok(3));
    /// assert!(utfast::str_to_utf16("abcd", &mut out).is_err());
    /// ```
    fn str_to_utf16(s: &str, dst: &mut [u16]) -> Result<usize, OutputTooSmall> =
        |e| call!(e.valid_utf8_to_utf16(s.as_bytes(), dst, ByteOrder::NATIVE)).map_err(str_output);

    /// A `&str` to UTF-16LE.
    ///
    /// ```
    /// let mut out = [0u16; 1];
    /// assert_eq!(utfast::str_to_utf16le("é", &mut out), Ok(1));
    /// assert_eq!(out[0].to_ne_bytes(), [0xE9, 0]);
    /// ```
    fn str_to_utf16le(s: &str, dst: &mut [u16]) -> Result<usize, OutputTooSmall> =
        |e| call!(e.valid_utf8_to_utf16(s.as_bytes(), dst, ByteOrder::Little)).map_err(str_output);

    /// A `&str` to UTF-16BE.
    ///
    /// ```
    /// let mut out = [0u16; 1];
    /// assert_eq!(utfast::str_to_utf16be("é", &mut out), Ok(1));
    /// assert_eq!(out[0].to_ne_bytes(), [0, 0xE9]);
    /// ```
    fn str_to_utf16be(s: &str, dst: &mut [u16]) -> Result<usize, OutputTooSmall> =
        |e| call!(e.valid_utf8_to_utf16(s.as_bytes(), dst, ByteOrder::Big)).map_err(str_output);

    /// A `&str` to UTF-32. `dst.len() >= s.len()` always suffices.
    ///
    /// ```
    /// let mut out = [0u32; 2];
    /// assert_eq!(utfast::str_to_utf32("é😀", &mut out), Ok(2));
    /// ```
    fn str_to_utf32(s: &str, dst: &mut [u32]) -> Result<usize, OutputTooSmall> =
        |e| call!(e.valid_utf8_to_utf32(s.as_bytes(), dst)).map_err(str_output);
}

#[cfg(feature = "alloc")]
mod owned {
    use super::*;
    use alloc::{string::String, vec, vec::Vec};

    /// Converts into a vector of exactly `len` units, truncated to what was written.
    ///
    /// `len` is the `*_len_from_*` count of the input: exact for valid input, and
    /// for invalid input at least what the valid prefix needs plus the next valid
    /// character (the counts add up over characters), so the conversion always
    /// reaches the first invalid character rather than running out of room.
    fn into_vec<T: Copy + Default, E>(
        len: usize,
        convert: impl FnOnce(&mut [T]) -> Result<usize, E>,
    ) -> Result<Vec<T>, E> {
        let mut out = vec![T::default(); len];
        let n = convert(&mut out)?;
        out.truncate(n);
        Ok(out)
    }

    /// Bytes a kernel wrote as UTF-8, as a `String`.
    fn utf8_string(bytes: Vec<u8>) -> String {
        debug_assert!(core::str::from_utf8(&bytes).is_ok());
        // SAFETY: the kernels' UTF-8 output is the reference's, which encodes scalar
        // values with `char::encode_utf8` (the conformance tests compare them).
        unsafe { String::from_utf8_unchecked(bytes) }
    }

    api! {
        /// UTF-8 to a `Vec<u16>` (machine byte order) of exactly the right size.
        ///
        /// ```
        /// assert_eq!(utfast::utf8_to_utf16_vec("a😀".as_bytes()).unwrap(), vec![0x61, 0xD83D, 0xDE00]);
        /// assert!(utfast::utf8_to_utf16_vec(b"\xFF").is_err());
        /// ```
        fn utf8_to_utf16_vec(src: &[u8]) -> Result<Vec<u16>, Utf8Error> =
            |e| into_vec(e.utf16_len_from_utf8(src), |out| e.utf8_to_utf16(src, out));

        /// UTF-8 to a `Vec<u32>` of exactly the right size.
        ///
        /// ```
        /// assert_eq!(utfast::utf8_to_utf32_vec("é😀".as_bytes()).unwrap(), vec![0xE9, 0x1F600]);
        /// ```
        fn utf8_to_utf32_vec(src: &[u8]) -> Result<Vec<u32>, Utf8Error> =
            |e| into_vec(e.count_chars(src), |out| e.utf8_to_utf32(src, out));

        /// A `&str` to a `Vec<u16>` (machine byte order), like `s.encode_utf16().collect()`.
        ///
        /// ```
        /// let s = "Grüße 😀";
        /// assert_eq!(utfast::str_to_utf16_vec(s), s.encode_utf16().collect::<Vec<u16>>());
        /// ```
        fn str_to_utf16_vec(s: &str) -> Vec<u16> = |e| {
            let mut out = vec![0u16; e.utf16_len_from_utf8(s.as_bytes())];
            let n = e.str_to_utf16(s, &mut out).unwrap_or_else(|err| err.written());
            out.truncate(n);
            out
        };

        /// A `&str` to a `Vec<u32>` of scalar values, like `s.chars().map(u32::from).collect()`.
        ///
        /// ```
        /// assert_eq!(utfast::str_to_utf32_vec("a😀"), vec![0x61, 0x1F600]);
        /// ```
        fn str_to_utf32_vec(s: &str) -> Vec<u32> = |e| {
            let mut out = vec![0u32; e.count_chars(s.as_bytes())];
            let n = e.str_to_utf32(s, &mut out).unwrap_or_else(|err| err.written());
            out.truncate(n);
            out
        };

        /// UTF-16 (machine byte order) to a `String`, like `String::from_utf16`.
        ///
        /// ```
        /// assert_eq!(utfast::utf16_to_string(&[0x61, 0xD83D, 0xDE00]).unwrap(), "a😀");
        /// assert_eq!(utfast::utf16_to_string(&[0x61, 0xD83D]).unwrap_err().valid_up_to(), 1);
        /// ```
        fn utf16_to_string(src: &[u16]) -> Result<String, Utf16Error> =
            |e| into_vec(e.utf8_len_from_utf16(src), |out| e.utf16_to_utf8(src, out)).map(utf8_string);

        /// UTF-16LE to a `String`.
        ///
        /// ```
        /// assert_eq!(utfast::utf16le_to_string(&[0xE9u16.to_le()]).unwrap(), "é");
        /// ```
        fn utf16le_to_string(src: &[u16]) -> Result<String, Utf16Error> =
            |e| into_vec(e.utf8_len_from_utf16le(src), |out| e.utf16le_to_utf8(src, out)).map(utf8_string);

        /// UTF-16BE to a `String`.
        ///
        /// ```
        /// assert_eq!(utfast::utf16be_to_string(&[0xE9u16.to_be()]).unwrap(), "é");
        /// ```
        fn utf16be_to_string(src: &[u16]) -> Result<String, Utf16Error> =
            |e| into_vec(e.utf8_len_from_utf16be(src), |out| e.utf16be_to_utf8(src, out)).map(utf8_string);

        /// UTF-32 to a `String`.
        ///
        /// ```
        /// assert_eq!(utfast::utf32_to_string(&[0x61, 0x20AC]).unwrap(), "a€");
        /// assert!(utfast::utf32_to_string(&[0xD800]).is_err());
        /// ```
        fn utf32_to_string(src: &[u32]) -> Result<String, Utf32Error> =
            |e| into_vec(e.utf8_len_from_utf32(src), |out| e.utf32_to_utf8(src, out)).map(utf8_string);

        /// Latin-1 to a `String`.
        ///
        /// ```
        /// assert_eq!(utfast::latin1_to_string(b"na\xEFve"), "naïve");
        /// ```
        fn latin1_to_string(src: &[u8]) -> String = |e| {
            let mut out = vec![0u8; e.utf8_len_from_latin1(src)];
            let n = e.latin1_to_utf8(src, &mut out).unwrap_or_else(|err| err.written());
            out.truncate(n);
            utf8_string(out)
        };
    }
}

#[cfg(feature = "alloc")]
pub use owned::*;
