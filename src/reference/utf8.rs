//! Reference UTF-8 validation (RFC 3629; Unicode 15, Table 3-7 "Well-Formed UTF-8
//! Byte Sequences").
//!
//! | code points        | byte 1 | byte 2 | byte 3 | byte 4 |
//! |--------------------|--------|--------|--------|--------|
//! | U+0000..U+007F     | 00..7F |        |        |        |
//! | U+0080..U+07FF     | C2..DF | 80..BF |        |        |
//! | U+0800..U+0FFF     | E0     | A0..BF | 80..BF |        |
//! | U+1000..U+CFFF     | E1..EC | 80..BF | 80..BF |        |
//! | U+D000..U+D7FF     | ED     | 80..9F | 80..BF |        |
//! | U+E000..U+FFFF     | EE..EF | 80..BF | 80..BF |        |
//! | U+10000..U+3FFFF   | F0     | 90..BF | 80..BF | 80..BF |
//! | U+40000..U+FFFFF   | F1..F3 | 80..BF | 80..BF | 80..BF |
//! | U+100000..U+10FFFF | F4     | 80..8F | 80..BF | 80..BF |
//!
//! An error is reported at the first byte that cannot continue a well-formed
//! prefix; its length is the *maximal subpart* (the bytes of the ill-formed
//! sequence that were a valid prefix), exactly as `std::str::from_utf8` does.

use crate::error::{Utf8Error, Utf8ErrorKind};

/// What a byte means when it stands where a character starts.
///
/// ```
/// use utfast::reference::utf8::{lead, Lead};
/// assert_eq!(lead(b'A'), Lead::Ascii);
/// assert_eq!(lead(0xE0), Lead::Multi { width: 3, lo: 0xA0, hi: 0xBF });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lead {
    /// A one-byte character (ASCII).
    Ascii,
    /// Starts a sequence of `width` bytes whose second byte lies in `lo..=hi`.
    Multi {
        /// Bytes in the sequence, 2 to 4.
        width: u8,
        /// Lowest allowed second byte.
        lo: u8,
        /// Highest allowed second byte.
        hi: u8,
    },
    /// Cannot start a character.
    Invalid(Utf8ErrorKind),
}

/// The meaning of `b` as the first byte of a character: Table 3-7, row by row.
///
/// ```
/// use utfast::{reference::utf8::{lead, Lead}, Utf8ErrorKind};
/// assert_eq!(lead(0xC1), Lead::Invalid(Utf8ErrorKind::Overlong));
/// assert_eq!(lead(0xF4), Lead::Multi { width: 4, lo: 0x80, hi: 0x8F });
/// ```
pub const fn lead(b: u8) -> Lead {
    match b {
        0x00..=0x7F => Lead::Ascii,
        0x80..=0xBF => Lead::Invalid(Utf8ErrorKind::UnexpectedContinuation),
        0xC0 | 0xC1 => Lead::Invalid(Utf8ErrorKind::Overlong),
        0xC2..=0xDF => multi(2, 0x80, 0xBF),
        0xE0 => multi(3, 0xA0, 0xBF),
        0xE1..=0xEC | 0xEE | 0xEF => multi(3, 0x80, 0xBF),
        0xED => multi(3, 0x80, 0x9F),
        0xF0 => multi(4, 0x90, 0xBF),
        0xF1..=0xF3 => multi(4, 0x80, 0xBF),
        0xF4 => multi(4, 0x80, 0x8F),
        0xF5..=0xF7 => Lead::Invalid(Utf8ErrorKind::TooLarge),
        0xF8..=0xFF => Lead::Invalid(Utf8ErrorKind::InvalidByte),
    }
}

const fn multi(width: u8, lo: u8, hi: u8) -> Lead {
    Lead::Multi { width, lo, hi }
}

/// True for a continuation byte, `10xxxxxx`.
///
/// ```
/// assert!(utfast::reference::utf8::is_continuation(0xBF));
/// assert!(!utfast::reference::utf8::is_continuation(0xC0));
/// ```
pub const fn is_continuation(b: u8) -> bool {
    b & 0xC0 == 0x80
}

/// Why the second byte `b` of a sequence led by `lead` is out of range, when `b` is
/// a continuation byte the lead byte does not allow.
const fn second_byte_kind(lead: u8, b: u8) -> Utf8ErrorKind {
    if !is_continuation(b) {
        return Utf8ErrorKind::MissingContinuation;
    }
    match lead {
        0xE0 | 0xF0 => Utf8ErrorKind::Overlong,
        0xED => Utf8ErrorKind::Surrogate,
        _ => Utf8ErrorKind::TooLarge, // F4 90..BF
    }
}

/// Checks the character at the start of `s` (which must not be empty).
///
/// Returns its width in bytes, or the length of the maximal invalid subpart
/// (0 when `s` ends inside a sequence that could still complete) and the kind.
///
/// ```
/// use utfast::{reference::utf8::check_char, Utf8ErrorKind};
/// assert_eq!(check_char("€uro".as_bytes()), Ok(3));
/// assert_eq!(check_char(b"\xE2\x82"), Err((0, Utf8ErrorKind::TruncatedAtEnd)));
/// assert_eq!(check_char(b"\xE2\x82!"), Err((2, Utf8ErrorKind::MissingContinuation)));
/// ```
pub fn check_char(s: &[u8]) -> Result<usize, (u8, Utf8ErrorKind)> {
    let first = s[0];
    let (width, lo, hi) = match lead(first) {
        Lead::Ascii => return Ok(1),
        Lead::Invalid(kind) => return Err((1, kind)),
        Lead::Multi { width, lo, hi } => (width as usize, lo, hi),
    };
    for k in 1..width {
        let Some(&b) = s.get(k) else {
            return Err((0, Utf8ErrorKind::TruncatedAtEnd));
        };
        let (lo, hi) = if k == 1 { (lo, hi) } else { (0x80, 0xBF) };
        if b < lo || b > hi {
            let kind = if k == 1 {
                second_byte_kind(first, b)
            } else {
                Utf8ErrorKind::MissingContinuation
            };
            return Err((k as u8, kind));
        }
    }
    Ok(width)
}

/// Validates `src`: `Ok` when it is well-formed UTF-8, otherwise the first error
/// with std's `valid_up_to`/`error_len`.
///
/// ```
/// # use utfast::reference::utf8::validate;
/// assert!(validate("héllo".as_bytes()).is_ok());
/// assert_eq!(validate(b"a\xF5").unwrap_err().valid_up_to(), 1);
/// ```
pub fn validate(src: &[u8]) -> Result<(), Utf8Error> {
    validate_from(src, 0)
}

/// Validates `src[start..]`, where `start` is known to be a character boundary of
/// a valid prefix; positions in the error count from the start of `src`.
///
/// ```
/// let err = utfast::reference::utf8::validate_from(b"ab\xFF", 1).unwrap_err();
/// assert_eq!(err.valid_up_to(), 2);
/// ```
pub fn validate_from(src: &[u8], start: usize) -> Result<(), Utf8Error> {
    let mut i = start;
    while i < src.len() {
        match check_char(&src[i..]) {
            Ok(width) => i += width,
            Err((len, kind)) => return Err(Utf8Error::new(i, len, kind)),
        }
    }
    Ok(())
}
