//! From Latin-1 (ISO-8859-1, each byte the code point of the same value):
//! conversion to UTF-8, UTF-16 and UTF-32, the UTF-8 length, and the
//! Windows-1252 table. Latin-1 input cannot be invalid: the only error is a full
//! output ([`OutputTooSmall`]).
//!
//! ```
//! let mut out = [0u8; 16];
//! let n = utfast::latin1::to_utf8(b"caf\xE9", &mut out).unwrap();
//! assert_eq!(&out[..n], "café".as_bytes());
//! assert_eq!(utfast::latin1::utf8_len(b"caf\xE9"), 5);
//! ```

use crate::api::api;
use crate::error::OutputTooSmall;
use crate::ByteOrder;
#[cfg(feature = "alloc")]
use alloc::string::String;

pub use crate::lossy::{windows1252_byte, windows1252_char};

api! { "latin1";
    /// Latin-1 to UTF-8. `dst.len() >= 2 * src.len()` always suffices;
    /// [`utf8_len`] gives the exact length.
    ///
    /// ```
    /// let mut out = [0u8; 8];
    /// assert_eq!(utfast::latin1::to_utf8(b"\xE9t\xE9", &mut out), Ok(5));
    /// assert_eq!(&out[..5], "été".as_bytes());
    /// assert_eq!(utfast::latin1::to_utf8(b"\xE9\xE9", &mut out[..3]).unwrap_err().written(), 2);
    /// ```
    #[inline(always)]
    pub fn to_utf8(src: &[u8], dst: &mut [u8]) -> Result<usize, OutputTooSmall>
        as latin1_to_utf8;
        free { crate::transcode::short::latin1_to_utf8(src, dst) }
        |engine| if src.len() <= 32 && dst.len() >= 2 * src.len() {
            // A short string with room for any result: the small entry.
            engine.ops().latin1_to_utf8_short(src, dst)
        } else {
            engine.ops().latin1_to_utf8(src, dst)
        };

    /// Latin-1 to UTF-16 units stored in `order`, one a byte.
    ///
    /// ```
    /// use utfast::ByteOrder;
    /// let mut out = [0u16; 2];
    /// assert_eq!(utfast::latin1::to_utf16(b"a\xE9", &mut out, ByteOrder::NATIVE), Ok(2));
    /// assert_eq!(out, [0x61, 0xE9]);
    /// ```
    pub fn to_utf16(src: &[u8], dst: &mut [u16], order: ByteOrder) -> Result<usize, OutputTooSmall>
        as latin1_to_utf16;
        |engine| engine.ops().latin1_to_utf16(src, dst, order);

    /// Latin-1 to UTF-32, one value a byte.
    ///
    /// ```
    /// let mut out = [0u32; 2];
    /// assert_eq!(utfast::latin1::to_utf32(b"a\xFF", &mut out), Ok(2));
    /// assert_eq!(out, [0x61, 0xFF]);
    /// ```
    pub fn to_utf32(src: &[u8], dst: &mut [u32]) -> Result<usize, OutputTooSmall>
        as latin1_to_utf32;
        |engine| engine.ops().latin1_to_utf32(src, dst);

    /// The UTF-8 length of Latin-1 `src`: two bytes for 80–FF, else one.
    ///
    /// ```
    /// assert_eq!(utfast::latin1::utf8_len(b"caf\xE9"), 5);
    /// ```
    pub fn utf8_len(src: &[u8]) -> usize
        as utf8_len_from_latin1;
        |engine| engine.ops().utf8_len_from_latin1(src);

    #[cfg(feature = "alloc")]
    /// Latin-1 to a `String`.
    ///
    /// ```
    /// assert_eq!(utfast::latin1::to_string(b"na\xEFve"), "naïve");
    /// ```
    pub fn to_string(src: &[u8]) -> String
        as latin1_to_string;
        |engine| crate::transcode::utf8_string(crate::transcode::str_into_vec(
            engine.utf8_len_from_latin1(src),
            |out| engine.latin1_to_utf8(src, out),
        ));
}
