//! Latin-1 (ISO-8859-1) to UTF-8, UTF-16 and UTF-32 into the caller's slice.

use crate::error::OutputTooSmall;
use crate::ByteOrder;
use crate::Engine;

/// Latin-1 to UTF-8. `dst.len() >= 2 * src.len()` always suffices;
/// [`utf8_len_from_latin1`](crate::utf8_len_from_latin1) gives the exact length.
///
/// ```
/// let mut out = [0u8; 10];
/// let n = utfast::latin1_to_utf8(b"na\xEFve", &mut out).unwrap();
/// assert_eq!(&out[..n], "naïve".as_bytes());
/// ```
#[inline]
pub fn latin1_to_utf8(src: &[u8], dst: &mut [u8]) -> Result<usize, OutputTooSmall> {
    Engine::active().latin1_to_utf8(src, dst)
}

impl Engine {
    /// [`latin1_to_utf8`] with this engine's kernel.
    ///
    /// ```
    /// let mut out = [0u8; 10];
    /// let n = utfast::Engine::active().latin1_to_utf8(b"na\xEFve", &mut out).unwrap();
    /// assert_eq!(&out[..n], "naïve".as_bytes());
    /// ```
    #[inline]
    pub fn latin1_to_utf8(&self, src: &[u8], dst: &mut [u8]) -> Result<usize, OutputTooSmall> {
        self.ops().latin1_to_utf8(src, dst)
    }
}

/// Latin-1 to UTF-16 in the machine's byte order. `dst.len() >= src.len()`.
///
/// ```
/// let mut out = [0u16; 2];
/// assert_eq!(utfast::latin1_to_utf16(b"\xE9!", &mut out), Ok(2));
/// assert_eq!(out, [0xE9, 0x21]);
/// ```
#[inline]
pub fn latin1_to_utf16(src: &[u8], dst: &mut [u16]) -> Result<usize, OutputTooSmall> {
    Engine::active().latin1_to_utf16(src, dst)
}

impl Engine {
    /// [`latin1_to_utf16`] with this engine's kernel.
    ///
    /// ```
    /// let mut out = [0u16; 2];
    /// assert_eq!(utfast::Engine::active().latin1_to_utf16(b"\xE9!", &mut out), Ok(2));
    /// assert_eq!(out, [0xE9, 0x21]);
    /// ```
    #[inline]
    pub fn latin1_to_utf16(&self, src: &[u8], dst: &mut [u16]) -> Result<usize, OutputTooSmall> {
        self.ops().latin1_to_utf16(src, dst, ByteOrder::NATIVE)
    }
}

/// Latin-1 to UTF-16LE.
///
/// ```
/// let mut out = [0u16; 1];
/// assert_eq!(utfast::latin1_to_utf16le(b"\xE9", &mut out), Ok(1));
/// assert_eq!(out[0].to_ne_bytes(), [0xE9, 0x00]);
/// ```
#[inline]
pub fn latin1_to_utf16le(src: &[u8], dst: &mut [u16]) -> Result<usize, OutputTooSmall> {
    Engine::active().latin1_to_utf16le(src, dst)
}

impl Engine {
    /// [`latin1_to_utf16le`] with this engine's kernel.
    ///
    /// ```
    /// let mut out = [0u16; 1];
    /// assert_eq!(utfast::Engine::active().latin1_to_utf16le(b"\xE9", &mut out), Ok(1));
    /// assert_eq!(out[0].to_ne_bytes(), [0xE9, 0x00]);
    /// ```
    #[inline]
    pub fn latin1_to_utf16le(&self, src: &[u8], dst: &mut [u16]) -> Result<usize, OutputTooSmall> {
        self.ops().latin1_to_utf16(src, dst, ByteOrder::Little)
    }
}

/// Latin-1 to UTF-16BE.
///
/// ```
/// let mut out = [0u16; 1];
/// assert_eq!(utfast::latin1_to_utf16be(b"\xE9", &mut out), Ok(1));
/// assert_eq!(out[0].to_ne_bytes(), [0x00, 0xE9]);
/// ```
#[inline]
pub fn latin1_to_utf16be(src: &[u8], dst: &mut [u16]) -> Result<usize, OutputTooSmall> {
    Engine::active().latin1_to_utf16be(src, dst)
}

impl Engine {
    /// [`latin1_to_utf16be`] with this engine's kernel.
    ///
    /// ```
    /// let mut out = [0u16; 1];
    /// assert_eq!(utfast::Engine::active().latin1_to_utf16be(b"\xE9", &mut out), Ok(1));
    /// assert_eq!(out[0].to_ne_bytes(), [0x00, 0xE9]);
    /// ```
    #[inline]
    pub fn latin1_to_utf16be(&self, src: &[u8], dst: &mut [u16]) -> Result<usize, OutputTooSmall> {
        self.ops().latin1_to_utf16(src, dst, ByteOrder::Big)
    }
}

/// Latin-1 to UTF-32. `dst.len() >= src.len()`.
///
/// ```
/// let mut out = [0u32; 1];
/// assert_eq!(utfast::latin1_to_utf32(b"\xFF", &mut out), Ok(1));
/// assert_eq!(out[0], 0xFF);
/// ```
#[inline]
pub fn latin1_to_utf32(src: &[u8], dst: &mut [u32]) -> Result<usize, OutputTooSmall> {
    Engine::active().latin1_to_utf32(src, dst)
}

impl Engine {
    /// [`latin1_to_utf32`] with this engine's kernel.
    ///
    /// ```
    /// let mut out = [0u32; 1];
    /// assert_eq!(utfast::Engine::active().latin1_to_utf32(b"\xFF", &mut out), Ok(1));
    /// assert_eq!(out[0], 0xFF);
    /// ```
    #[inline]
    pub fn latin1_to_utf32(&self, src: &[u8], dst: &mut [u32]) -> Result<usize, OutputTooSmall> {
        self.ops().latin1_to_utf32(src, dst)
    }
}
