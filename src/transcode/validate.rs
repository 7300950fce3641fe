//! UTF-16 and UTF-32 validation: `check_*` says where and why, `validate_*` only
//! whether.

use crate::error::Utf16Error;
use crate::error::Utf32Error;
use crate::ByteOrder;
use crate::Engine;

/// Validates UTF-16 in the machine's byte order: the first unpaired surrogate,
/// with its index in code units, if any.
///
/// ```
/// assert!(utfast::check_utf16(&[0x61, 0xD83D, 0xDE00]).is_ok());
/// let err = utfast::check_utf16(&[0x61, 0xD83D, 0x62]).unwrap_err();
/// assert_eq!(err.valid_up_to(), 1);
/// assert_eq!(err.kind(), utfast::Utf16ErrorKind::UnpairedHighSurrogate);
/// ```
#[inline]
pub fn check_utf16(src: &[u16]) -> Result<(), Utf16Error> {
    Engine::active().check_utf16(src)
}

impl Engine {
    /// [`check_utf16`] with this engine's kernel.
    ///
    /// ```
    /// assert!(utfast::Engine::active().check_utf16(&[0x61, 0xD83D, 0xDE00]).is_ok());
    /// let err = utfast::Engine::active().check_utf16(&[0x61, 0xD83D, 0x62]).unwrap_err();
    /// assert_eq!(err.valid_up_to(), 1);
    /// assert_eq!(err.kind(), utfast::Utf16ErrorKind::UnpairedHighSurrogate);
    /// ```
    #[inline]
    pub fn check_utf16(&self, src: &[u16]) -> Result<(), Utf16Error> {
        self.ops().check_utf16(src, ByteOrder::NATIVE)
    }
}

/// Validates UTF-16LE, like [`check_utf16`].
///
/// ```
/// assert!(utfast::check_utf16le(&[0xD83Du16.to_le(), 0xDE00u16.to_le()]).is_ok());
/// ```
#[inline]
pub fn check_utf16le(src: &[u16]) -> Result<(), Utf16Error> {
    Engine::active().check_utf16le(src)
}

impl Engine {
    /// [`check_utf16le`] with this engine's kernel.
    ///
    /// ```
    /// assert!(utfast::Engine::active().check_utf16le(&[0xD83Du16.to_le(), 0xDE00u16.to_le()]).is_ok());
    /// ```
    #[inline]
    pub fn check_utf16le(&self, src: &[u16]) -> Result<(), Utf16Error> {
        self.ops().check_utf16(src, ByteOrder::Little)
    }
}

/// Validates UTF-16BE, like [`check_utf16`].
///
/// ```
/// assert!(utfast::check_utf16be(&[0xD83Du16.to_be(), 0xDE00u16.to_be()]).is_ok());
/// assert!(utfast::check_utf16be(&[0xDE00u16.to_be()]).is_err());
/// ```
#[inline]
pub fn check_utf16be(src: &[u16]) -> Result<(), Utf16Error> {
    Engine::active().check_utf16be(src)
}

impl Engine {
    /// [`check_utf16be`] with this engine's kernel.
    ///
    /// ```
    /// assert!(utfast::Engine::active().check_utf16be(&[0xD83Du16.to_be(), 0xDE00u16.to_be()]).is_ok());
    /// assert!(utfast::Engine::active().check_utf16be(&[0xDE00u16.to_be()]).is_err());
    /// ```
    #[inline]
    pub fn check_utf16be(&self, src: &[u16]) -> Result<(), Utf16Error> {
        self.ops().check_utf16(src, ByteOrder::Big)
    }
}

/// True when `src` is well-formed UTF-16 in the machine's byte order.
///
/// ```
/// assert!(utfast::validate_utf16(&[0xD83D, 0xDE00]));
/// assert!(!utfast::validate_utf16(&[0xDE00, 0xD83D]));
/// ```
#[inline]
pub fn validate_utf16(src: &[u16]) -> bool {
    Engine::active().validate_utf16(src)
}

impl Engine {
    /// [`validate_utf16`] with this engine's kernel.
    ///
    /// ```
    /// assert!(utfast::Engine::active().validate_utf16(&[0xD83D, 0xDE00]));
    /// assert!(!utfast::Engine::active().validate_utf16(&[0xDE00, 0xD83D]));
    /// ```
    #[inline]
    pub fn validate_utf16(&self, src: &[u16]) -> bool {
        self.check_utf16(src).is_ok()
    }
}

/// True when `src` is well-formed UTF-16LE.
///
/// ```
/// assert!(utfast::validate_utf16le(&[0x41u16.to_le()]));
/// ```
#[inline]
pub fn validate_utf16le(src: &[u16]) -> bool {
    Engine::active().validate_utf16le(src)
}

impl Engine {
    /// [`validate_utf16le`] with this engine's kernel.
    ///
    /// ```
    /// assert!(utfast::Engine::active().validate_utf16le(&[0x41u16.to_le()]));
    /// ```
    #[inline]
    pub fn validate_utf16le(&self, src: &[u16]) -> bool {
        self.check_utf16le(src).is_ok()
    }
}

/// True when `src` is well-formed UTF-16BE.
///
/// ```
/// assert!(utfast::validate_utf16be(&[0x41u16.to_be()]));
/// ```
#[inline]
pub fn validate_utf16be(src: &[u16]) -> bool {
    Engine::active().validate_utf16be(src)
}

impl Engine {
    /// [`validate_utf16be`] with this engine's kernel.
    ///
    /// ```
    /// assert!(utfast::Engine::active().validate_utf16be(&[0x41u16.to_be()]));
    /// ```
    #[inline]
    pub fn validate_utf16be(&self, src: &[u16]) -> bool {
        self.check_utf16be(src).is_ok()
    }
}

/// Validates UTF-32: the first value that is a surrogate or above U+10FFFF.
///
/// ```
/// assert!(utfast::check_utf32(&[0x61, 0x10FFFF]).is_ok());
/// assert_eq!(utfast::check_utf32(&[0x61, 0xD800]).unwrap_err().valid_up_to(), 1);
/// ```
#[inline]
pub fn check_utf32(src: &[u32]) -> Result<(), Utf32Error> {
    Engine::active().check_utf32(src)
}

impl Engine {
    /// [`check_utf32`] with this engine's kernel.
    ///
    /// ```
    /// assert!(utfast::Engine::active().check_utf32(&[0x61, 0x10FFFF]).is_ok());
    /// assert_eq!(utfast::Engine::active().check_utf32(&[0x61, 0xD800]).unwrap_err().valid_up_to(), 1);
    /// ```
    #[inline]
    pub fn check_utf32(&self, src: &[u32]) -> Result<(), Utf32Error> {
        self.ops().check_utf32(src)
    }
}

/// True when every value of `src` is a Unicode scalar value.
///
/// ```
/// assert!(utfast::validate_utf32(&[0x1F600]));
/// assert!(!utfast::validate_utf32(&[0x110000]));
/// ```
#[inline]
pub fn validate_utf32(src: &[u32]) -> bool {
    Engine::active().validate_utf32(src)
}

impl Engine {
    /// [`validate_utf32`] with this engine's kernel.
    ///
    /// ```
    /// assert!(utfast::Engine::active().validate_utf32(&[0x1F600]));
    /// assert!(!utfast::Engine::active().validate_utf32(&[0x110000]));
    /// ```
    #[inline]
    pub fn validate_utf32(&self, src: &[u32]) -> bool {
        self.check_utf32(src).is_ok()
    }
}
