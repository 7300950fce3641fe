//! Character boundaries in UTF-8 bytes that may be invalid: rounding an index down
//! or up to the nearest boundary ([`utf8::floor_char_boundary`](crate::utf8::floor_char_boundary), [`utf8::ceil_char_boundary`](crate::utf8::ceil_char_boundary)),
//! and finding the incomplete character a cut stream leaves at its end
//! ([`utf8::incomplete_tail_len`](crate::utf8::incomplete_tail_len), [`utf8::trim_incomplete_tail`](crate::utf8::trim_incomplete_tail)).
//!
//! Every function looks at no more than 3 bytes on either side of the index, so
//! each runs in constant time, and none panics, whatever the bytes and the index.
//!
//! On valid UTF-8 the boundaries are std's; on invalid input they are the edges of
//! the pieces `String::from_utf8_lossy` decodes, characters and maximal invalid
//! subparts (see [`utf8::is_char_boundary`](crate::utf8::is_char_boundary)). The functions rely only on
//! [`crate::reference::utf8::lead`], the table of well-formed sequences.

use crate::reference::utf8::{is_continuation, lead, Lead};

/// The longest distance from a byte back to the lead byte of its character.
const MAX_BACK: usize = 3;

/// True when `index` is a character boundary of `src`: `str::is_char_boundary`
/// on valid UTF-8. An index past the end is not a boundary, as in std.
///
/// On any input, the boundaries are the edges of the pieces
/// `String::from_utf8_lossy` decodes: each character, and each *maximal
/// subpart* of an ill-formed sequence (what becomes one U+FFFD). So `index` is
/// a boundary unless its byte is a continuation byte (`10xxxxxx`) continuing a
/// well-formed prefix begun by a lead byte at most 3 bytes before it: in
/// `E2 82 41`, 1 is not a boundary (`E2 82` may yet become `€`) but 2 is; in
/// `E0 80`, 1 is one (`E0` needs `A0..BF` next); a continuation byte with no
/// lead byte within 3 bytes before it is a piece of its own.
///
/// ```
/// let bytes = "a€".as_bytes(); // 61 e2 82 ac
/// assert!(utfast::utf8::is_char_boundary(bytes, 1));
/// assert!(!utfast::utf8::is_char_boundary(bytes, 2));
/// assert!(utfast::utf8::is_char_boundary(bytes, 4));
/// // A stray continuation byte is a piece of its own.
/// assert!(utfast::utf8::is_char_boundary(b"\x80\x80", 1));
/// ```
pub fn is_char_boundary(src: &[u8], index: usize) -> bool {
    match src.get(index) {
        None => index == src.len(),
        Some(&b) => !is_continuation(b) || !continues_prefix(src, index),
    }
}

/// True when the continuation byte at `index` continues the well-formed prefix of
/// a sequence whose lead byte is the nearest non-continuation byte before it, at
/// most [`MAX_BACK`] bytes back.
fn continues_prefix(src: &[u8], index: usize) -> bool {
    let start = index.saturating_sub(MAX_BACK);
    let Some(lead_at) = (start..index).rev().find(|&j| !is_continuation(src[j])) else {
        return false;
    };
    is_proper_or_whole_prefix(&src[lead_at..=index])
}

/// True when `bytes` (a lead byte, then continuation bytes only) is a prefix,
/// proper or whole, of a well-formed sequence.
fn is_proper_or_whole_prefix(bytes: &[u8]) -> bool {
    match (lead(bytes[0]), bytes.get(1)) {
        (Lead::Multi { width, lo, hi }, Some(&second)) => {
            bytes.len() <= usize::from(width) && (lo..=hi).contains(&second)
        }
        (Lead::Multi { .. }, None) => true,
        _ => false,
    }
}

/// The nearest character boundary at or before `index` (clamped to `src.len()`):
/// `str::floor_char_boundary` on valid UTF-8, and the boundaries of
/// [`utf8::is_char_boundary`](crate::utf8::is_char_boundary) on any input. Looks at most 3 bytes back.
///
/// ```
/// let bytes = "añb".as_bytes(); // 61 c3 b1 62
/// assert_eq!(utfast::utf8::floor_char_boundary(bytes, 2), 1);
/// assert_eq!(utfast::utf8::floor_char_boundary(bytes, 3), 3);
/// assert_eq!(utfast::utf8::floor_char_boundary(bytes, 99), 4);
/// // Invalid input: E0 cannot be followed by 80, so the 80 stands alone.
/// assert_eq!(utfast::utf8::floor_char_boundary(b"\xE0\x80", 1), 1);
/// ```
pub fn floor_char_boundary(src: &[u8], index: usize) -> usize {
    let index = index.min(src.len());
    (index.saturating_sub(MAX_BACK)..=index)
        .rev()
        .find(|&i| is_char_boundary(src, i))
        // Unreachable: the nearest non-continuation byte before a byte that is
        // not a boundary is within 3 bytes and is a boundary.
        .unwrap_or(0)
}

/// The nearest character boundary at or after `index` (clamped to `src.len()`):
/// `str::ceil_char_boundary` on valid UTF-8, and the boundaries of
/// [`utf8::is_char_boundary`](crate::utf8::is_char_boundary) on any input. Looks at most 3 bytes ahead.
///
/// ```
/// let bytes = "a€".as_bytes(); // 61 e2 82 ac
/// assert_eq!(utfast::utf8::ceil_char_boundary(bytes, 2), 4);
/// assert_eq!(utfast::utf8::ceil_char_boundary(bytes, 1), 1);
/// // A sequence cut short ends where the next piece starts.
/// assert_eq!(utfast::utf8::ceil_char_boundary(b"\xE2\x82A", 1), 2);
/// ```
pub fn ceil_char_boundary(src: &[u8], index: usize) -> usize {
    let index = index.min(src.len());
    let last = (index + MAX_BACK).min(src.len());
    (index..=last)
        .find(|&i| is_char_boundary(src, i))
        // Unreachable: a sequence that covers `index` ends within 3 bytes of it.
        .unwrap_or(src.len())
}

/// The length (0 to 3) of the incomplete character at the end of `src`: the
/// longest suffix that is a proper prefix of a well-formed UTF-8 sequence, such as
/// a stream cut inside a character leaves. When it is `k > 0`,
/// `std::str::from_utf8(&src[src.len() - k..])` fails with `error_len() == None`;
/// and whenever `std::str::from_utf8(src)` fails with `error_len() == None`, it is
/// `src.len() - valid_up_to()`.
///
/// ```
/// assert_eq!(utfast::utf8::incomplete_tail_len(b"abc\xE2\x82"), 2);
/// assert_eq!(utfast::utf8::incomplete_tail_len("abc€".as_bytes()), 0);
/// // E0 80 can never become a character: not incomplete, invalid.
/// assert_eq!(utfast::utf8::incomplete_tail_len(b"abc\xE0\x80"), 0);
/// ```
#[inline]
pub fn incomplete_tail_len(src: &[u8]) -> usize {
    let len = src.len();
    let Some(lead_at) = (len.saturating_sub(MAX_BACK)..len)
        .rev()
        .find(|&j| !is_continuation(src[j]))
    else {
        return 0;
    };
    let tail = &src[lead_at..];
    match lead(tail[0]) {
        Lead::Multi { width, .. }
            if tail.len() < usize::from(width) && is_proper_or_whole_prefix(tail) =>
        {
            tail.len()
        }
        _ => 0,
    }
}

/// True when no lead byte among the last three of `src` waits for more bytes
/// than follow it (a 2-byte lead last, a 3- or 4-byte lead second to last, a
/// 4-byte lead third to last). Then [`incomplete_tail_len`] is 0, and valid
/// UTF-8 ends with a whole character (false says nothing): a quick test for
/// streams, of the common case, in a few instructions without a branch.
#[cfg(feature = "alloc")] // Streams only.
#[inline(always)]
pub(crate) fn ends_whole(src: &[u8]) -> bool {
    let Some(last) = src.last_chunk::<4>() else {
        return false;
    };
    // The last byte highest. A byte waits for more when its high bits are all
    // those of its lead mask: C0 last, E0 second to last, F0 third to last.
    let word = u32::from_le_bytes(*last);
    const LEADS: u32 = 0xC0E0_F000;
    // A zero byte where a lead waits; the first byte (no mask) never is one.
    let waiting = ((word & LEADS) ^ LEADS) | 0xFF;
    // Whether any byte of `waiting` is zero (exact for "any").
    waiting.wrapping_sub(0x0101_0101) & !waiting & 0x8080_8080 == 0
}

/// `src` without its incomplete last character ([`utf8::incomplete_tail_len`](crate::utf8::incomplete_tail_len)): the
/// part of a cut stream that can be decoded now; the rest waits for more bytes.
///
/// ```
/// let cut = &"ok €".as_bytes()[..5]; // 6f 6b 20 e2 82
/// assert_eq!(utfast::utf8::trim_incomplete_tail(cut), b"ok ");
/// assert_eq!(utfast::utf8::trim_incomplete_tail(b"\xFF"), b"\xFF"); // invalid, not cut
/// ```
pub fn trim_incomplete_tail(src: &[u8]) -> &[u8] {
    &src[..src.len() - incomplete_tail_len(src)]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `ends_whole` is only ever true where the general scan finds no cut
    /// character: every tail of four bytes drawn from the bytes where the
    /// classes change, after a prefix of 0 to 2 more.
    #[test]
    fn ends_whole_implies_no_incomplete_tail() {
        let bytes = [
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0,
            0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xF7, 0xF8, 0xFF,
        ];
        let mut whole = 0;
        for prefix in [&[][..], &[0x61], &[0xE2, 0x82]] {
            for a in bytes {
                for b in bytes {
                    for c in bytes {
                        for d in bytes {
                            let mut src = prefix.to_vec();
                            src.extend([a, b, c, d]);
                            if ends_whole(&src) {
                                whole += 1;
                                assert_eq!(incomplete_tail_len(&src), 0, "{src:02X?}");
                            }
                        }
                    }
                }
            }
        }
        // And it is true for the common endings, so the quick test is taken.
        assert!(whole > 0);
        for text in ["abcd", "xyzé", "ab€", "a😀", "ёжик", "日本語"] {
            assert!(ends_whole(text.as_bytes()), "{text}");
        }
        assert!(!ends_whole(b"abc"));
        assert!(!ends_whole(b"abc\xE2\x82"));
    }
}
