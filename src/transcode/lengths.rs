//! Exact output lengths: how many units a conversion of valid input writes, so
//! that a caller can size its buffer.

use crate::ByteOrder;
use crate::Engine;

/// The characters in UTF-8 `src`: the number of bytes that are not continuation
/// bytes (exact for valid UTF-8; the UTF-32 and Latin-1 length).
///
/// ```
/// assert_eq!(utfast::count_chars("añ€😀".as_bytes()), 4);
/// ```
#[inline]
pub fn count_chars(src: &[u8]) -> usize {
    Engine::active().count_chars(src)
}

impl Engine {
    /// [`count_chars`] with this engine's kernel.
    ///
    /// ```
    /// assert_eq!(utfast::Engine::active().count_chars("añ€😀".as_bytes()), 4);
    /// ```
    #[inline]
    pub fn count_chars(&self, src: &[u8]) -> usize {
        self.ops().count_chars(src)
    }
}

/// The UTF-16 length of UTF-8 `src`: [`count_chars`] plus one for each byte
/// F0–FF (exact for valid UTF-8).
///
/// ```
/// assert_eq!(utfast::utf16_len_from_utf8("a€😀".as_bytes()), 4);
/// ```
#[inline]
pub fn utf16_len_from_utf8(src: &[u8]) -> usize {
    Engine::active().utf16_len_from_utf8(src)
}

impl Engine {
    /// [`utf16_len_from_utf8`] with this engine's kernel.
    ///
    /// ```
    /// assert_eq!(utfast::Engine::active().utf16_len_from_utf8("a€😀".as_bytes()), 4);
    /// ```
    #[inline]
    pub fn utf16_len_from_utf8(&self, src: &[u8]) -> usize {
        self.ops().utf16_len_from_utf8(src)
    }
}

/// The UTF-8 length of UTF-16 `src` in the machine's byte order: 1, 2 or 3 bytes
/// per unit, 2 per surrogate (exact for valid UTF-16).
///
/// ```
/// assert_eq!(utfast::utf8_len_from_utf16(&[0x61, 0x20AC, 0xD83D, 0xDE00]), 8);
/// ```
#[inline]
pub fn utf8_len_from_utf16(src: &[u16]) -> usize {
    Engine::active().utf8_len_from_utf16(src)
}

impl Engine {
    /// [`utf8_len_from_utf16`] with this engine's kernel.
    ///
    /// ```
    /// assert_eq!(utfast::Engine::active().utf8_len_from_utf16(&[0x61, 0x20AC, 0xD83D, 0xDE00]), 8);
    /// ```
    #[inline]
    pub fn utf8_len_from_utf16(&self, src: &[u16]) -> usize {
        self.ops().utf8_len_from_utf16(src, ByteOrder::NATIVE)
    }
}

/// The UTF-8 length of UTF-16LE `src`.
///
/// ```
/// assert_eq!(utfast::utf8_len_from_utf16le(&[0x20ACu16.to_le()]), 3);
/// ```
#[inline]
pub fn utf8_len_from_utf16le(src: &[u16]) -> usize {
    Engine::active().utf8_len_from_utf16le(src)
}

impl Engine {
    /// [`utf8_len_from_utf16le`] with this engine's kernel.
    ///
    /// ```
    /// assert_eq!(utfast::Engine::active().utf8_len_from_utf16le(&[0x20ACu16.to_le()]), 3);
    /// ```
    #[inline]
    pub fn utf8_len_from_utf16le(&self, src: &[u16]) -> usize {
        self.ops().utf8_len_from_utf16(src, ByteOrder::Little)
    }
}

/// The UTF-8 length of UTF-16BE `src`.
///
/// ```
/// assert_eq!(utfast::utf8_len_from_utf16be(&[0x20ACu16.to_be()]), 3);
/// ```
#[inline]
pub fn utf8_len_from_utf16be(src: &[u16]) -> usize {
    Engine::active().utf8_len_from_utf16be(src)
}

impl Engine {
    /// [`utf8_len_from_utf16be`] with this engine's kernel.
    ///
    /// ```
    /// assert_eq!(utfast::Engine::active().utf8_len_from_utf16be(&[0x20ACu16.to_be()]), 3);
    /// ```
    #[inline]
    pub fn utf8_len_from_utf16be(&self, src: &[u16]) -> usize {
        self.ops().utf8_len_from_utf16(src, ByteOrder::Big)
    }
}

/// The UTF-32 length of UTF-16 `src` in the machine's byte order: the units
/// that are not low surrogates (exact for valid UTF-16).
///
/// ```
/// assert_eq!(utfast::utf32_len_from_utf16(&[0x61, 0xD83D, 0xDE00]), 2);
/// ```
#[inline]
pub fn utf32_len_from_utf16(src: &[u16]) -> usize {
    Engine::active().utf32_len_from_utf16(src)
}

impl Engine {
    /// [`utf32_len_from_utf16`] with this engine's kernel.
    ///
    /// ```
    /// assert_eq!(utfast::Engine::active().utf32_len_from_utf16(&[0x61, 0xD83D, 0xDE00]), 2);
    /// ```
    #[inline]
    pub fn utf32_len_from_utf16(&self, src: &[u16]) -> usize {
        self.ops().utf32_len_from_utf16(src, ByteOrder::NATIVE)
    }
}

/// The UTF-8 length of UTF-32 `src`: 1 to 4 bytes per value.
///
/// ```
/// assert_eq!(utfast::utf8_len_from_utf32(&[0x61, 0x1F600]), 5);
/// ```
#[inline]
pub fn utf8_len_from_utf32(src: &[u32]) -> usize {
    Engine::active().utf8_len_from_utf32(src)
}

impl Engine {
    /// [`utf8_len_from_utf32`] with this engine's kernel.
    ///
    /// ```
    /// assert_eq!(utfast::Engine::active().utf8_len_from_utf32(&[0x61, 0x1F600]), 5);
    /// ```
    #[inline]
    pub fn utf8_len_from_utf32(&self, src: &[u32]) -> usize {
        self.ops().utf8_len_from_utf32(src)
    }
}

/// The UTF-16 length of UTF-32 `src`: two units above U+FFFF, else one.
///
/// ```
/// assert_eq!(utfast::utf16_len_from_utf32(&[0x61, 0x1F600]), 3);
/// ```
#[inline]
pub fn utf16_len_from_utf32(src: &[u32]) -> usize {
    Engine::active().utf16_len_from_utf32(src)
}

impl Engine {
    /// [`utf16_len_from_utf32`] with this engine's kernel.
    ///
    /// ```
    /// assert_eq!(utfast::Engine::active().utf16_len_from_utf32(&[0x61, 0x1F600]), 3);
    /// ```
    #[inline]
    pub fn utf16_len_from_utf32(&self, src: &[u32]) -> usize {
        self.ops().utf16_len_from_utf32(src)
    }
}

/// The UTF-8 length of Latin-1 `src`: two bytes for 80–FF, else one.
///
/// ```
/// assert_eq!(utfast::utf8_len_from_latin1(b"caf\xE9"), 5);
/// ```
#[inline]
pub fn utf8_len_from_latin1(src: &[u8]) -> usize {
    Engine::active().utf8_len_from_latin1(src)
}

impl Engine {
    /// [`utf8_len_from_latin1`] with this engine's kernel.
    ///
    /// ```
    /// assert_eq!(utfast::Engine::active().utf8_len_from_latin1(b"caf\xE9"), 5);
    /// ```
    #[inline]
    pub fn utf8_len_from_latin1(&self, src: &[u8]) -> usize {
        self.ops().utf8_len_from_latin1(src)
    }
}
