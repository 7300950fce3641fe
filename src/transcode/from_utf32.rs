//! UTF-32 to UTF-8, UTF-16 and Latin-1 into the caller's slice.

use crate::error::Utf32Error;
use crate::ByteOrder;
use crate::Engine;

/// UTF-32 to UTF-8. `dst.len() >= 4 * src.len()` always suffices;
/// [`utf8_len_from_utf32`](crate::utf8_len_from_utf32) gives the exact length.
///
/// ```
/// let mut out = [0u8; 8];
/// assert_eq!(utfast::utf32_to_utf8(&[0x61, 0x20AC], &mut out), Ok(4));
/// assert_eq!(&out[..4], "a€".as_bytes());
/// ```
#[inline]
pub fn utf32_to_utf8(src: &[u32], dst: &mut [u8]) -> Result<usize, Utf32Error> {
    Engine::active().utf32_to_utf8(src, dst)
}

impl Engine {
    /// [`utf32_to_utf8`] with this engine's kernel.
    ///
    /// ```
    /// let mut out = [0u8; 8];
    /// assert_eq!(utfast::Engine::active().utf32_to_utf8(&[0x61, 0x20AC], &mut out), Ok(4));
    /// assert_eq!(&out[..4], "a€".as_bytes());
    /// ```
    #[inline]
    pub fn utf32_to_utf8(&self, src: &[u32], dst: &mut [u8]) -> Result<usize, Utf32Error> {
        self.ops().utf32_to_utf8(src, dst)
    }
}

/// UTF-32 to UTF-16 in the machine's byte order. `dst.len() >= 2 * src.len()`
/// always suffices; [`utf16_len_from_utf32`](crate::utf16_len_from_utf32) gives the exact length.
///
/// ```
/// let mut out = [0u16; 4];
/// assert_eq!(utfast::utf32_to_utf16(&[0x1F600], &mut out), Ok(2));
/// assert_eq!(&out[..2], &[0xD83D, 0xDE00]);
/// ```
#[inline]
pub fn utf32_to_utf16(src: &[u32], dst: &mut [u16]) -> Result<usize, Utf32Error> {
    Engine::active().utf32_to_utf16(src, dst)
}

impl Engine {
    /// [`utf32_to_utf16`] with this engine's kernel.
    ///
    /// ```
    /// let mut out = [0u16; 4];
    /// assert_eq!(utfast::Engine::active().utf32_to_utf16(&[0x1F600], &mut out), Ok(2));
    /// assert_eq!(&out[..2], &[0xD83D, 0xDE00]);
    /// ```
    #[inline]
    pub fn utf32_to_utf16(&self, src: &[u32], dst: &mut [u16]) -> Result<usize, Utf32Error> {
        self.ops().utf32_to_utf16(src, dst, ByteOrder::NATIVE)
    }
}

/// UTF-32 to UTF-16LE.
///
/// ```
/// let mut out = [0u16; 1];
/// assert_eq!(utfast::utf32_to_utf16le(&[0x20AC], &mut out), Ok(1));
/// assert_eq!(out[0].to_ne_bytes(), [0xAC, 0x20]);
/// ```
#[inline]
pub fn utf32_to_utf16le(src: &[u32], dst: &mut [u16]) -> Result<usize, Utf32Error> {
    Engine::active().utf32_to_utf16le(src, dst)
}

impl Engine {
    /// [`utf32_to_utf16le`] with this engine's kernel.
    ///
    /// ```
    /// let mut out = [0u16; 1];
    /// assert_eq!(utfast::Engine::active().utf32_to_utf16le(&[0x20AC], &mut out), Ok(1));
    /// assert_eq!(out[0].to_ne_bytes(), [0xAC, 0x20]);
    /// ```
    #[inline]
    pub fn utf32_to_utf16le(&self, src: &[u32], dst: &mut [u16]) -> Result<usize, Utf32Error> {
        self.ops().utf32_to_utf16(src, dst, ByteOrder::Little)
    }
}

/// UTF-32 to UTF-16BE.
///
/// ```
/// let mut out = [0u16; 1];
/// assert_eq!(utfast::utf32_to_utf16be(&[0x20AC], &mut out), Ok(1));
/// assert_eq!(out[0].to_ne_bytes(), [0x20, 0xAC]);
/// ```
#[inline]
pub fn utf32_to_utf16be(src: &[u32], dst: &mut [u16]) -> Result<usize, Utf32Error> {
    Engine::active().utf32_to_utf16be(src, dst)
}

impl Engine {
    /// [`utf32_to_utf16be`] with this engine's kernel.
    ///
    /// ```
    /// let mut out = [0u16; 1];
    /// assert_eq!(utfast::Engine::active().utf32_to_utf16be(&[0x20AC], &mut out), Ok(1));
    /// assert_eq!(out[0].to_ne_bytes(), [0x20, 0xAC]);
    /// ```
    #[inline]
    pub fn utf32_to_utf16be(&self, src: &[u32], dst: &mut [u16]) -> Result<usize, Utf32Error> {
        self.ops().utf32_to_utf16(src, dst, ByteOrder::Big)
    }
}

/// UTF-32 to Latin-1.
///
/// ```
/// let mut out = [0u8; 2];
/// assert_eq!(utfast::utf32_to_latin1(&[0x41, 0xFF], &mut out), Ok(2));
/// assert!(utfast::utf32_to_latin1(&[0x100], &mut out).is_err());
/// ```
#[inline]
pub fn utf32_to_latin1(src: &[u32], dst: &mut [u8]) -> Result<usize, Utf32Error> {
    Engine::active().utf32_to_latin1(src, dst)
}

impl Engine {
    /// [`utf32_to_latin1`] with this engine's kernel.
    ///
    /// ```
    /// let mut out = [0u8; 2];
    /// assert_eq!(utfast::Engine::active().utf32_to_latin1(&[0x41, 0xFF], &mut out), Ok(2));
    /// assert!(utfast::Engine::active().utf32_to_latin1(&[0x100], &mut out).is_err());
    /// ```
    #[inline]
    pub fn utf32_to_latin1(&self, src: &[u32], dst: &mut [u8]) -> Result<usize, Utf32Error> {
        self.ops().utf32_to_latin1(src, dst)
    }
}
