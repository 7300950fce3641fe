//! UTF-8 (and `&str`) to UTF-16, UTF-32 and Latin-1 into the caller's slice.

use super::short;
use super::str_output;
use crate::error::OutputTooSmall;
use crate::error::Utf8Error;
use crate::ByteOrder;
use crate::Engine;

/// UTF-8 to UTF-16 in the machine's byte order. `dst.len() >= src.len()` always
/// suffices; [`utf16_len_from_utf8`](crate::utf16_len_from_utf8) gives the exact length of valid input.
///
/// ```
/// let mut out = [0u16; 8];
/// let n = utfast::utf8_to_utf16("añ€😀".as_bytes(), &mut out).unwrap();
/// assert_eq!(&out[..n], &[0x61, 0xF1, 0x20AC, 0xD83D, 0xDE00]);
/// let err = utfast::utf8_to_utf16(b"ab\xC0", &mut out).unwrap_err();
/// assert_eq!((err.valid_up_to(), err.written()), (2, 2));
/// ```
#[inline(always)]
pub fn utf8_to_utf16(src: &[u8], dst: &mut [u16]) -> Result<usize, Utf8Error> {
    if src.len() <= short::UTF8_BYTES {
        return short::utf8_to_utf16(src, dst, ByteOrder::NATIVE);
    }
    Engine::active().utf8_to_utf16(src, dst)
}

impl Engine {
    /// [`utf8_to_utf16`] with this engine's kernel.
    ///
    /// ```
    /// let mut out = [0u16; 8];
    /// let n = utfast::Engine::active().utf8_to_utf16("añ€😀".as_bytes(), &mut out).unwrap();
    /// assert_eq!(&out[..n], &[0x61, 0xF1, 0x20AC, 0xD83D, 0xDE00]);
    /// let err = utfast::Engine::active().utf8_to_utf16(b"ab\xC0", &mut out).unwrap_err();
    /// assert_eq!((err.valid_up_to(), err.written()), (2, 2));
    /// ```
    #[inline]
    pub fn utf8_to_utf16(&self, src: &[u8], dst: &mut [u16]) -> Result<usize, Utf8Error> {
        self.ops().utf8_to_utf16(src, dst, ByteOrder::NATIVE)
    }
}

/// UTF-8 to UTF-16LE: like [`utf8_to_utf16`], writing little-endian units.
///
/// ```
/// let mut out = [0u16; 1];
/// utfast::utf8_to_utf16le("€".as_bytes(), &mut out).unwrap();
/// assert_eq!(out[0].to_ne_bytes(), [0xAC, 0x20]);
/// ```
#[inline(always)]
pub fn utf8_to_utf16le(src: &[u8], dst: &mut [u16]) -> Result<usize, Utf8Error> {
    if src.len() <= short::UTF8_BYTES {
        return short::utf8_to_utf16(src, dst, ByteOrder::Little);
    }
    Engine::active().utf8_to_utf16le(src, dst)
}

impl Engine {
    /// [`utf8_to_utf16le`] with this engine's kernel.
    ///
    /// ```
    /// let mut out = [0u16; 1];
    /// utfast::Engine::active().utf8_to_utf16le("€".as_bytes(), &mut out).unwrap();
    /// assert_eq!(out[0].to_ne_bytes(), [0xAC, 0x20]);
    /// ```
    #[inline]
    pub fn utf8_to_utf16le(&self, src: &[u8], dst: &mut [u16]) -> Result<usize, Utf8Error> {
        self.ops().utf8_to_utf16(src, dst, ByteOrder::Little)
    }
}

/// UTF-8 to UTF-16BE: like [`utf8_to_utf16`], writing big-endian units.
///
/// ```
/// let mut out = [0u16; 1];
/// utfast::utf8_to_utf16be("€".as_bytes(), &mut out).unwrap();
/// assert_eq!(out[0].to_ne_bytes(), [0x20, 0xAC]);
/// ```
#[inline(always)]
pub fn utf8_to_utf16be(src: &[u8], dst: &mut [u16]) -> Result<usize, Utf8Error> {
    if src.len() <= short::UTF8_BYTES {
        return short::utf8_to_utf16(src, dst, ByteOrder::Big);
    }
    Engine::active().utf8_to_utf16be(src, dst)
}

impl Engine {
    /// [`utf8_to_utf16be`] with this engine's kernel.
    ///
    /// ```
    /// let mut out = [0u16; 1];
    /// utfast::Engine::active().utf8_to_utf16be("€".as_bytes(), &mut out).unwrap();
    /// assert_eq!(out[0].to_ne_bytes(), [0x20, 0xAC]);
    /// ```
    #[inline]
    pub fn utf8_to_utf16be(&self, src: &[u8], dst: &mut [u16]) -> Result<usize, Utf8Error> {
        self.ops().utf8_to_utf16(src, dst, ByteOrder::Big)
    }
}

/// UTF-8 to UTF-32. `dst.len() >= src.len()` always suffices; [`count_chars`](crate::count_chars)
/// gives the exact length of valid input.
///
/// ```
/// let mut out = [0u32; 4];
/// assert_eq!(utfast::utf8_to_utf32("a😀".as_bytes(), &mut out), Ok(2));
/// assert_eq!(&out[..2], &[0x61, 0x1F600]);
/// ```
#[inline(always)]
pub fn utf8_to_utf32(src: &[u8], dst: &mut [u32]) -> Result<usize, Utf8Error> {
    if src.len() <= short::UTF8_BYTES {
        return short::utf8_to_utf32(src, dst);
    }
    Engine::active().utf8_to_utf32(src, dst)
}

impl Engine {
    /// [`utf8_to_utf32`] with this engine's kernel.
    ///
    /// ```
    /// let mut out = [0u32; 4];
    /// assert_eq!(utfast::Engine::active().utf8_to_utf32("a😀".as_bytes(), &mut out), Ok(2));
    /// assert_eq!(&out[..2], &[0x61, 0x1F600]);
    /// ```
    #[inline]
    pub fn utf8_to_utf32(&self, src: &[u8], dst: &mut [u32]) -> Result<usize, Utf8Error> {
        self.ops().utf8_to_utf32(src, dst)
    }
}

/// UTF-8 to Latin-1 (ISO-8859-1): a character above U+00FF stops the conversion
/// with an error of kind [`Utf8ErrorKind::NotLatin1`](crate::Utf8ErrorKind::NotLatin1).
///
/// ```
/// let mut out = [0u8; 8];
/// assert_eq!(utfast::utf8_to_latin1("café".as_bytes(), &mut out), Ok(4));
/// assert_eq!(&out[..4], b"caf\xE9");
/// let err = utfast::utf8_to_latin1("a€".as_bytes(), &mut out).unwrap_err();
/// assert_eq!(err.kind(), utfast::Utf8ErrorKind::NotLatin1);
/// ```
#[inline]
pub fn utf8_to_latin1(src: &[u8], dst: &mut [u8]) -> Result<usize, Utf8Error> {
    Engine::active().utf8_to_latin1(src, dst)
}

impl Engine {
    /// [`utf8_to_latin1`] with this engine's kernel.
    ///
    /// ```
    /// let mut out = [0u8; 8];
    /// assert_eq!(utfast::Engine::active().utf8_to_latin1("café".as_bytes(), &mut out), Ok(4));
    /// assert_eq!(&out[..4], b"caf\xE9");
    /// let err = utfast::Engine::active().utf8_to_latin1("a€".as_bytes(), &mut out).unwrap_err();
    /// assert_eq!(err.kind(), utfast::Utf8ErrorKind::NotLatin1);
    /// ```
    #[inline]
    pub fn utf8_to_latin1(&self, src: &[u8], dst: &mut [u8]) -> Result<usize, Utf8Error> {
        self.ops().utf8_to_latin1(src, dst)
    }
}

/// A `&str` (valid by its type) to UTF-16 in the machine's byte order; only the
/// output can be too small. `dst.len() >= s.len()` always suffices.
///
/// ```
/// let mut out = [0u16; 3];
/// assert_eq!(utfast::str_to_utf16("a😀", &mut out), Ok(3));
/// assert!(utfast::str_to_utf16("abcd", &mut out).is_err());
/// ```
#[inline]
pub fn str_to_utf16(s: &str, dst: &mut [u16]) -> Result<usize, OutputTooSmall> {
    Engine::active().str_to_utf16(s, dst)
}

impl Engine {
    /// [`str_to_utf16`] with this engine's kernel.
    ///
    /// ```
    /// let mut out = [0u16; 3];
    /// assert_eq!(utfast::Engine::active().str_to_utf16("a😀", &mut out), Ok(3));
    /// assert!(utfast::Engine::active().str_to_utf16("abcd", &mut out).is_err());
    /// ```
    #[inline]
    pub fn str_to_utf16(&self, s: &str, dst: &mut [u16]) -> Result<usize, OutputTooSmall> {
        self.ops()
            .valid_utf8_to_utf16(s.as_bytes(), dst, ByteOrder::NATIVE)
            .map_err(str_output)
    }
}

/// A `&str` to UTF-16LE.
///
/// ```
/// let mut out = [0u16; 1];
/// assert_eq!(utfast::str_to_utf16le("é", &mut out), Ok(1));
/// assert_eq!(out[0].to_ne_bytes(), [0xE9, 0]);
/// ```
#[inline]
pub fn str_to_utf16le(s: &str, dst: &mut [u16]) -> Result<usize, OutputTooSmall> {
    Engine::active().str_to_utf16le(s, dst)
}

impl Engine {
    /// [`str_to_utf16le`] with this engine's kernel.
    ///
    /// ```
    /// let mut out = [0u16; 1];
    /// assert_eq!(utfast::Engine::active().str_to_utf16le("é", &mut out), Ok(1));
    /// assert_eq!(out[0].to_ne_bytes(), [0xE9, 0]);
    /// ```
    #[inline]
    pub fn str_to_utf16le(&self, s: &str, dst: &mut [u16]) -> Result<usize, OutputTooSmall> {
        self.ops()
            .valid_utf8_to_utf16(s.as_bytes(), dst, ByteOrder::Little)
            .map_err(str_output)
    }
}

/// A `&str` to UTF-16BE.
///
/// ```
/// let mut out = [0u16; 1];
/// assert_eq!(utfast::str_to_utf16be("é", &mut out), Ok(1));
/// assert_eq!(out[0].to_ne_bytes(), [0, 0xE9]);
/// ```
#[inline]
pub fn str_to_utf16be(s: &str, dst: &mut [u16]) -> Result<usize, OutputTooSmall> {
    Engine::active().str_to_utf16be(s, dst)
}

impl Engine {
    /// [`str_to_utf16be`] with this engine's kernel.
    ///
    /// ```
    /// let mut out = [0u16; 1];
    /// assert_eq!(utfast::Engine::active().str_to_utf16be("é", &mut out), Ok(1));
    /// assert_eq!(out[0].to_ne_bytes(), [0, 0xE9]);
    /// ```
    #[inline]
    pub fn str_to_utf16be(&self, s: &str, dst: &mut [u16]) -> Result<usize, OutputTooSmall> {
        self.ops()
            .valid_utf8_to_utf16(s.as_bytes(), dst, ByteOrder::Big)
            .map_err(str_output)
    }
}

/// A `&str` to UTF-32. `dst.len() >= s.len()` always suffices.
///
/// ```
/// let mut out = [0u32; 2];
/// assert_eq!(utfast::str_to_utf32("é😀", &mut out), Ok(2));
/// ```
#[inline]
pub fn str_to_utf32(s: &str, dst: &mut [u32]) -> Result<usize, OutputTooSmall> {
    Engine::active().str_to_utf32(s, dst)
}

impl Engine {
    /// [`str_to_utf32`] with this engine's kernel.
    ///
    /// ```
    /// let mut out = [0u32; 2];
    /// assert_eq!(utfast::Engine::active().str_to_utf32("é😀", &mut out), Ok(2));
    /// ```
    #[inline]
    pub fn str_to_utf32(&self, s: &str, dst: &mut [u32]) -> Result<usize, OutputTooSmall> {
        self.ops()
            .valid_utf8_to_utf32(s.as_bytes(), dst)
            .map_err(str_output)
    }
}
