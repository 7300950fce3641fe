//! `Vec` and `String` results of exactly the right size, for callers that do not
//! manage buffers.

use crate::error::{Utf16Error, Utf32Error, Utf8Error};
use crate::Engine;
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

/// UTF-8 to a `Vec<u16>` (machine byte order) of exactly the right size.
///
/// ```
/// assert_eq!(utfast::utf8_to_utf16_vec("a😀".as_bytes()).unwrap(), vec![0x61, 0xD83D, 0xDE00]);
/// assert!(utfast::utf8_to_utf16_vec(b"\xFF").is_err());
/// ```
#[inline]
pub fn utf8_to_utf16_vec(src: &[u8]) -> Result<Vec<u16>, Utf8Error> {
    Engine::active().utf8_to_utf16_vec(src)
}

impl Engine {
    /// [`utf8_to_utf16_vec`] with this engine's kernel.
    ///
    /// ```
    /// assert_eq!(utfast::Engine::active().utf8_to_utf16_vec("a😀".as_bytes()).unwrap(), vec![0x61, 0xD83D, 0xDE00]);
    /// assert!(utfast::Engine::active().utf8_to_utf16_vec(b"\xFF").is_err());
    /// ```
    #[inline]
    pub fn utf8_to_utf16_vec(&self, src: &[u8]) -> Result<Vec<u16>, Utf8Error> {
        into_vec(self.utf16_len_from_utf8(src), |out| {
            self.utf8_to_utf16(src, out)
        })
    }
}

/// UTF-8 to a `Vec<u32>` of exactly the right size.
///
/// ```
/// assert_eq!(utfast::utf8_to_utf32_vec("é😀".as_bytes()).unwrap(), vec![0xE9, 0x1F600]);
/// ```
#[inline]
pub fn utf8_to_utf32_vec(src: &[u8]) -> Result<Vec<u32>, Utf8Error> {
    Engine::active().utf8_to_utf32_vec(src)
}

impl Engine {
    /// [`utf8_to_utf32_vec`] with this engine's kernel.
    ///
    /// ```
    /// assert_eq!(utfast::Engine::active().utf8_to_utf32_vec("é😀".as_bytes()).unwrap(), vec![0xE9, 0x1F600]);
    /// ```
    #[inline]
    pub fn utf8_to_utf32_vec(&self, src: &[u8]) -> Result<Vec<u32>, Utf8Error> {
        into_vec(self.count_chars(src), |out| self.utf8_to_utf32(src, out))
    }
}

/// A `&str` to a `Vec<u16>` (machine byte order), like `s.encode_utf16().collect()`.
///
/// ```
/// let s = "Grüße 😀";
/// assert_eq!(utfast::str_to_utf16_vec(s), s.encode_utf16().collect::<Vec<u16>>());
/// ```
#[inline]
pub fn str_to_utf16_vec(s: &str) -> Vec<u16> {
    Engine::active().str_to_utf16_vec(s)
}

impl Engine {
    /// [`str_to_utf16_vec`] with this engine's kernel.
    ///
    /// ```
    /// let s = "Grüße 😀";
    /// assert_eq!(utfast::Engine::active().str_to_utf16_vec(s), s.encode_utf16().collect::<Vec<u16>>());
    /// ```
    #[inline]
    pub fn str_to_utf16_vec(&self, s: &str) -> Vec<u16> {
        let mut out = vec![0u16; self.utf16_len_from_utf8(s.as_bytes())];
        let n = self
            .str_to_utf16(s, &mut out)
            .unwrap_or_else(|err| err.written());
        out.truncate(n);
        out
    }
}

/// A `&str` to a `Vec<u32>` of scalar values, like `s.chars().map(u32::from).collect()`.
///
/// ```
/// assert_eq!(utfast::str_to_utf32_vec("a😀"), vec![0x61, 0x1F600]);
/// ```
#[inline]
pub fn str_to_utf32_vec(s: &str) -> Vec<u32> {
    Engine::active().str_to_utf32_vec(s)
}

impl Engine {
    /// [`str_to_utf32_vec`] with this engine's kernel.
    ///
    /// ```
    /// assert_eq!(utfast::Engine::active().str_to_utf32_vec("a😀"), vec![0x61, 0x1F600]);
    /// ```
    #[inline]
    pub fn str_to_utf32_vec(&self, s: &str) -> Vec<u32> {
        let mut out = vec![0u32; self.count_chars(s.as_bytes())];
        let n = self
            .str_to_utf32(s, &mut out)
            .unwrap_or_else(|err| err.written());
        out.truncate(n);
        out
    }
}

/// UTF-16 (machine byte order) to a `String`, like `String::from_utf16`.
///
/// ```
/// assert_eq!(utfast::utf16_to_string(&[0x61, 0xD83D, 0xDE00]).unwrap(), "a😀");
/// assert_eq!(utfast::utf16_to_string(&[0x61, 0xD83D]).unwrap_err().valid_up_to(), 1);
/// ```
#[inline]
pub fn utf16_to_string(src: &[u16]) -> Result<String, Utf16Error> {
    Engine::active().utf16_to_string(src)
}

impl Engine {
    /// [`utf16_to_string`] with this engine's kernel.
    ///
    /// ```
    /// assert_eq!(utfast::Engine::active().utf16_to_string(&[0x61, 0xD83D, 0xDE00]).unwrap(), "a😀");
    /// assert_eq!(utfast::Engine::active().utf16_to_string(&[0x61, 0xD83D]).unwrap_err().valid_up_to(), 1);
    /// ```
    #[inline]
    pub fn utf16_to_string(&self, src: &[u16]) -> Result<String, Utf16Error> {
        into_vec(self.utf8_len_from_utf16(src), |out| {
            self.utf16_to_utf8(src, out)
        })
        .map(utf8_string)
    }
}

/// UTF-16LE to a `String`.
///
/// ```
/// assert_eq!(utfast::utf16le_to_string(&[0xE9u16.to_le()]).unwrap(), "é");
/// ```
#[inline]
pub fn utf16le_to_string(src: &[u16]) -> Result<String, Utf16Error> {
    Engine::active().utf16le_to_string(src)
}

impl Engine {
    /// [`utf16le_to_string`] with this engine's kernel.
    ///
    /// ```
    /// assert_eq!(utfast::Engine::active().utf16le_to_string(&[0xE9u16.to_le()]).unwrap(), "é");
    /// ```
    #[inline]
    pub fn utf16le_to_string(&self, src: &[u16]) -> Result<String, Utf16Error> {
        into_vec(self.utf8_len_from_utf16le(src), |out| {
            self.utf16le_to_utf8(src, out)
        })
        .map(utf8_string)
    }
}

/// UTF-16BE to a `String`.
///
/// ```
/// assert_eq!(utfast::utf16be_to_string(&[0xE9u16.to_be()]).unwrap(), "é");
/// ```
#[inline]
pub fn utf16be_to_string(src: &[u16]) -> Result<String, Utf16Error> {
    Engine::active().utf16be_to_string(src)
}

impl Engine {
    /// [`utf16be_to_string`] with this engine's kernel.
    ///
    /// ```
    /// assert_eq!(utfast::Engine::active().utf16be_to_string(&[0xE9u16.to_be()]).unwrap(), "é");
    /// ```
    #[inline]
    pub fn utf16be_to_string(&self, src: &[u16]) -> Result<String, Utf16Error> {
        into_vec(self.utf8_len_from_utf16be(src), |out| {
            self.utf16be_to_utf8(src, out)
        })
        .map(utf8_string)
    }
}

/// UTF-32 to a `String`.
///
/// ```
/// assert_eq!(utfast::utf32_to_string(&[0x61, 0x20AC]).unwrap(), "a€");
/// assert!(utfast::utf32_to_string(&[0xD800]).is_err());
/// ```
#[inline]
pub fn utf32_to_string(src: &[u32]) -> Result<String, Utf32Error> {
    Engine::active().utf32_to_string(src)
}

impl Engine {
    /// [`utf32_to_string`] with this engine's kernel.
    ///
    /// ```
    /// assert_eq!(utfast::Engine::active().utf32_to_string(&[0x61, 0x20AC]).unwrap(), "a€");
    /// assert!(utfast::Engine::active().utf32_to_string(&[0xD800]).is_err());
    /// ```
    #[inline]
    pub fn utf32_to_string(&self, src: &[u32]) -> Result<String, Utf32Error> {
        into_vec(self.utf8_len_from_utf32(src), |out| {
            self.utf32_to_utf8(src, out)
        })
        .map(utf8_string)
    }
}

/// Latin-1 to a `String`.
///
/// ```
/// assert_eq!(utfast::latin1_to_string(b"na\xEFve"), "naïve");
/// ```
#[inline]
pub fn latin1_to_string(src: &[u8]) -> String {
    Engine::active().latin1_to_string(src)
}

impl Engine {
    /// [`latin1_to_string`] with this engine's kernel.
    ///
    /// ```
    /// assert_eq!(utfast::Engine::active().latin1_to_string(b"na\xEFve"), "naïve");
    /// ```
    #[inline]
    pub fn latin1_to_string(&self, src: &[u8]) -> String {
        let mut out = vec![0u8; self.utf8_len_from_latin1(src)];
        let n = self
            .latin1_to_utf8(src, &mut out)
            .unwrap_or_else(|err| err.written());
        out.truncate(n);
        utf8_string(out)
    }
}
