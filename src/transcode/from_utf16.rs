//! UTF-16 (machine order, LE, BE) to UTF-8, UTF-32 and Latin-1 into the caller's
//! slice.

use super::short;
use crate::error::Utf16Error;
use crate::ByteOrder;
use crate::Engine;

/// UTF-16 in the machine's byte order to UTF-8. `dst.len() >= 3 * src.len()`
/// always suffices; [`utf8_len_from_utf16`](crate::utf8_len_from_utf16) gives the exact length.
///
/// ```
/// let mut out = [0u8; 12];
/// let n = utfast::utf16_to_utf8(&[0x61, 0x20AC, 0xD83D, 0xDE00], &mut out).unwrap();
/// assert_eq!(&out[..n], "a€😀".as_bytes());
/// ```
#[inline(always)]
pub fn utf16_to_utf8(src: &[u16], dst: &mut [u8]) -> Result<usize, Utf16Error> {
    if src.len() <= short::UTF16_UNITS {
        return short::utf16_to_utf8(src, dst, ByteOrder::NATIVE);
    }
    Engine::active().utf16_to_utf8(src, dst)
}

impl Engine {
    /// [`utf16_to_utf8`] with this engine's kernel.
    ///
    /// ```
    /// let mut out = [0u8; 12];
    /// let n = utfast::Engine::active().utf16_to_utf8(&[0x61, 0x20AC, 0xD83D, 0xDE00], &mut out).unwrap();
    /// assert_eq!(&out[..n], "a€😀".as_bytes());
    /// ```
    #[inline]
    pub fn utf16_to_utf8(&self, src: &[u16], dst: &mut [u8]) -> Result<usize, Utf16Error> {
        self.ops().utf16_to_utf8(src, dst, ByteOrder::NATIVE)
    }
}

/// UTF-16LE to UTF-8.
///
/// ```
/// let mut out = [0u8; 3];
/// let unit = u16::from_ne_bytes([0xAC, 0x20]);
/// assert_eq!(utfast::utf16le_to_utf8(&[unit], &mut out), Ok(3));
/// assert_eq!(&out, "€".as_bytes());
/// ```
#[inline(always)]
pub fn utf16le_to_utf8(src: &[u16], dst: &mut [u8]) -> Result<usize, Utf16Error> {
    if src.len() <= short::UTF16_UNITS {
        return short::utf16_to_utf8(src, dst, ByteOrder::Little);
    }
    Engine::active().utf16le_to_utf8(src, dst)
}

impl Engine {
    /// [`utf16le_to_utf8`] with this engine's kernel.
    ///
    /// ```
    /// let mut out = [0u8; 3];
    /// let unit = u16::from_ne_bytes([0xAC, 0x20]);
    /// assert_eq!(utfast::Engine::active().utf16le_to_utf8(&[unit], &mut out), Ok(3));
    /// assert_eq!(&out, "€".as_bytes());
    /// ```
    #[inline]
    pub fn utf16le_to_utf8(&self, src: &[u16], dst: &mut [u8]) -> Result<usize, Utf16Error> {
        self.ops().utf16_to_utf8(src, dst, ByteOrder::Little)
    }
}

/// UTF-16BE to UTF-8.
///
/// ```
/// let mut out = [0u8; 3];
/// let unit = u16::from_ne_bytes([0x20, 0xAC]);
/// assert_eq!(utfast::utf16be_to_utf8(&[unit], &mut out), Ok(3));
/// ```
#[inline(always)]
pub fn utf16be_to_utf8(src: &[u16], dst: &mut [u8]) -> Result<usize, Utf16Error> {
    if src.len() <= short::UTF16_UNITS {
        return short::utf16_to_utf8(src, dst, ByteOrder::Big);
    }
    Engine::active().utf16be_to_utf8(src, dst)
}

impl Engine {
    /// [`utf16be_to_utf8`] with this engine's kernel.
    ///
    /// ```
    /// let mut out = [0u8; 3];
    /// let unit = u16::from_ne_bytes([0x20, 0xAC]);
    /// assert_eq!(utfast::Engine::active().utf16be_to_utf8(&[unit], &mut out), Ok(3));
    /// ```
    #[inline]
    pub fn utf16be_to_utf8(&self, src: &[u16], dst: &mut [u8]) -> Result<usize, Utf16Error> {
        self.ops().utf16_to_utf8(src, dst, ByteOrder::Big)
    }
}

/// UTF-16 in the machine's byte order to UTF-32. `dst.len() >= src.len()`
/// always suffices.
///
/// ```
/// let mut out = [0u32; 2];
/// assert_eq!(utfast::utf16_to_utf32(&[0xD83D, 0xDE00], &mut out), Ok(1));
/// assert_eq!(out[0], 0x1F600);
/// ```
#[inline]
pub fn utf16_to_utf32(src: &[u16], dst: &mut [u32]) -> Result<usize, Utf16Error> {
    Engine::active().utf16_to_utf32(src, dst)
}

impl Engine {
    /// [`utf16_to_utf32`] with this engine's kernel.
    ///
    /// ```
    /// let mut out = [0u32; 2];
    /// assert_eq!(utfast::Engine::active().utf16_to_utf32(&[0xD83D, 0xDE00], &mut out), Ok(1));
    /// assert_eq!(out[0], 0x1F600);
    /// ```
    #[inline]
    pub fn utf16_to_utf32(&self, src: &[u16], dst: &mut [u32]) -> Result<usize, Utf16Error> {
        self.ops().utf16_to_utf32(src, dst, ByteOrder::NATIVE)
    }
}

/// UTF-16LE to UTF-32.
///
/// ```
/// let mut out = [0u32; 1];
/// assert_eq!(utfast::utf16le_to_utf32(&[0x41u16.to_le()], &mut out), Ok(1));
/// assert_eq!(out[0], 0x41);
/// ```
#[inline]
pub fn utf16le_to_utf32(src: &[u16], dst: &mut [u32]) -> Result<usize, Utf16Error> {
    Engine::active().utf16le_to_utf32(src, dst)
}

impl Engine {
    /// [`utf16le_to_utf32`] with this engine's kernel.
    ///
    /// ```
    /// let mut out = [0u32; 1];
    /// assert_eq!(utfast::Engine::active().utf16le_to_utf32(&[0x41u16.to_le()], &mut out), Ok(1));
    /// assert_eq!(out[0], 0x41);
    /// ```
    #[inline]
    pub fn utf16le_to_utf32(&self, src: &[u16], dst: &mut [u32]) -> Result<usize, Utf16Error> {
        self.ops().utf16_to_utf32(src, dst, ByteOrder::Little)
    }
}

/// UTF-16BE to UTF-32.
///
/// ```
/// let mut out = [0u32; 1];
/// assert_eq!(utfast::utf16be_to_utf32(&[0x41u16.to_be()], &mut out), Ok(1));
/// assert_eq!(out[0], 0x41);
/// ```
#[inline]
pub fn utf16be_to_utf32(src: &[u16], dst: &mut [u32]) -> Result<usize, Utf16Error> {
    Engine::active().utf16be_to_utf32(src, dst)
}

impl Engine {
    /// [`utf16be_to_utf32`] with this engine's kernel.
    ///
    /// ```
    /// let mut out = [0u32; 1];
    /// assert_eq!(utfast::Engine::active().utf16be_to_utf32(&[0x41u16.to_be()], &mut out), Ok(1));
    /// assert_eq!(out[0], 0x41);
    /// ```
    #[inline]
    pub fn utf16be_to_utf32(&self, src: &[u16], dst: &mut [u32]) -> Result<usize, Utf16Error> {
        self.ops().utf16_to_utf32(src, dst, ByteOrder::Big)
    }
}

/// UTF-16 in the machine's byte order to Latin-1: a character above U+00FF is an
/// error of kind [`Utf16ErrorKind::NotLatin1`](crate::Utf16ErrorKind::NotLatin1).
///
/// ```
/// let mut out = [0u8; 2];
/// assert_eq!(utfast::utf16_to_latin1(&[0x63, 0xE9], &mut out), Ok(2));
/// assert_eq!(&out, b"c\xE9");
/// ```
#[inline]
pub fn utf16_to_latin1(src: &[u16], dst: &mut [u8]) -> Result<usize, Utf16Error> {
    Engine::active().utf16_to_latin1(src, dst)
}

impl Engine {
    /// [`utf16_to_latin1`] with this engine's kernel.
    ///
    /// ```
    /// let mut out = [0u8; 2];
    /// assert_eq!(utfast::Engine::active().utf16_to_latin1(&[0x63, 0xE9], &mut out), Ok(2));
    /// assert_eq!(&out, b"c\xE9");
    /// ```
    #[inline]
    pub fn utf16_to_latin1(&self, src: &[u16], dst: &mut [u8]) -> Result<usize, Utf16Error> {
        self.ops().utf16_to_latin1(src, dst, ByteOrder::NATIVE)
    }
}

/// UTF-16LE to Latin-1.
///
/// ```
/// let mut out = [0u8; 1];
/// assert_eq!(utfast::utf16le_to_latin1(&[0xE9u16.to_le()], &mut out), Ok(1));
/// ```
#[inline]
pub fn utf16le_to_latin1(src: &[u16], dst: &mut [u8]) -> Result<usize, Utf16Error> {
    Engine::active().utf16le_to_latin1(src, dst)
}

impl Engine {
    /// [`utf16le_to_latin1`] with this engine's kernel.
    ///
    /// ```
    /// let mut out = [0u8; 1];
    /// assert_eq!(utfast::Engine::active().utf16le_to_latin1(&[0xE9u16.to_le()], &mut out), Ok(1));
    /// ```
    #[inline]
    pub fn utf16le_to_latin1(&self, src: &[u16], dst: &mut [u8]) -> Result<usize, Utf16Error> {
        self.ops().utf16_to_latin1(src, dst, ByteOrder::Little)
    }
}

/// UTF-16BE to Latin-1.
///
/// ```
/// let mut out = [0u8; 1];
/// assert_eq!(utfast::utf16be_to_latin1(&[0xE9u16.to_be()], &mut out), Ok(1));
/// ```
#[inline]
pub fn utf16be_to_latin1(src: &[u16], dst: &mut [u8]) -> Result<usize, Utf16Error> {
    Engine::active().utf16be_to_latin1(src, dst)
}

impl Engine {
    /// [`utf16be_to_latin1`] with this engine's kernel.
    ///
    /// ```
    /// let mut out = [0u8; 1];
    /// assert_eq!(utfast::Engine::active().utf16be_to_latin1(&[0xE9u16.to_be()], &mut out), Ok(1));
    /// ```
    #[inline]
    pub fn utf16be_to_latin1(&self, src: &[u16], dst: &mut [u8]) -> Result<usize, Utf16Error> {
        self.ops().utf16_to_latin1(src, dst, ByteOrder::Big)
    }
}
