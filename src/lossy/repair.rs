//! UTF-16 repaired in place: each unpaired surrogate becomes U+FFFD.

use super::*;

/// Replaces each unpaired surrogate of UTF-16 stored in `order` by U+FFFD, in
/// place; returns how many were replaced.
fn repair(engine: &Engine, buf: &mut [u16], order: ByteOrder) -> usize {
    let (mut replaced, mut at) = (0, 0);
    let format = pieces::Utf16(order);
    let mut pieces = Pieces::new(*engine, format, &buf[..]);
    // Each unpaired surrogate is written over once the pieces up to it are read,
    // so the walk restarts after it.
    while let Some(piece) = pieces.next() {
        if piece.problem.is_none() {
            break;
        }
        at += piece.valid.len();
        buf[at] = order.write_u16(0xFFFD);
        replaced += 1;
        at += 1;
        pieces = Pieces::after_error(*engine, format, &buf[at..]);
    }
    replaced
}

/// Makes UTF-16 (machine byte order) well-formed in place: each unpaired
/// surrogate becomes U+FFFD, as `String::from_utf16_lossy` would decode it.
/// Returns how many units were replaced (0 when it was already valid).
///
/// ```
/// let mut units = [0x61, 0xD800, 0x62, 0xDC00, 0xD83D, 0xDE00];
/// assert_eq!(utfast::repair_utf16(&mut units), 2);
/// assert_eq!(units, [0x61, 0xFFFD, 0x62, 0xFFFD, 0xD83D, 0xDE00]);
/// assert!(utfast::validate_utf16(&units));
/// ```
#[inline]
pub fn repair_utf16(buf: &mut [u16]) -> usize {
    Engine::active().repair_utf16(buf)
}

impl Engine {
    /// [`repair_utf16`] with this engine's kernel.
    ///
    /// ```
    /// let mut units = [0x61, 0xD800, 0x62, 0xDC00, 0xD83D, 0xDE00];
    /// assert_eq!(utfast::Engine::active().repair_utf16(&mut units), 2);
    /// assert_eq!(units, [0x61, 0xFFFD, 0x62, 0xFFFD, 0xD83D, 0xDE00]);
    /// assert!(utfast::validate_utf16(&units));
    /// ```
    #[inline]
    pub fn repair_utf16(&self, buf: &mut [u16]) -> usize {
        repair(self, buf, ByteOrder::NATIVE)
    }
}

/// [`repair_utf16`] for UTF-16LE units.
///
/// ```
/// let mut units = [0xDBFFu16.to_le()];
/// assert_eq!(utfast::repair_utf16le(&mut units), 1);
/// assert_eq!(units[0].to_ne_bytes(), [0xFD, 0xFF]);
/// ```
#[inline]
pub fn repair_utf16le(buf: &mut [u16]) -> usize {
    Engine::active().repair_utf16le(buf)
}

impl Engine {
    /// [`repair_utf16le`] with this engine's kernel.
    ///
    /// ```
    /// let mut units = [0xDBFFu16.to_le()];
    /// assert_eq!(utfast::Engine::active().repair_utf16le(&mut units), 1);
    /// assert_eq!(units[0].to_ne_bytes(), [0xFD, 0xFF]);
    /// ```
    #[inline]
    pub fn repair_utf16le(&self, buf: &mut [u16]) -> usize {
        repair(self, buf, ByteOrder::Little)
    }
}

/// [`repair_utf16`] for UTF-16BE units.
///
/// ```
/// let mut units = [0xDFFFu16.to_be()];
/// assert_eq!(utfast::repair_utf16be(&mut units), 1);
/// assert_eq!(units[0].to_ne_bytes(), [0xFF, 0xFD]);
/// ```
#[inline]
pub fn repair_utf16be(buf: &mut [u16]) -> usize {
    Engine::active().repair_utf16be(buf)
}

impl Engine {
    /// [`repair_utf16be`] with this engine's kernel.
    ///
    /// ```
    /// let mut units = [0xDFFFu16.to_be()];
    /// assert_eq!(utfast::Engine::active().repair_utf16be(&mut units), 1);
    /// assert_eq!(units[0].to_ne_bytes(), [0xFF, 0xFD]);
    /// ```
    #[inline]
    pub fn repair_utf16be(&self, buf: &mut [u16]) -> usize {
        repair(self, buf, ByteOrder::Big)
    }
}
