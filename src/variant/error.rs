//! [`VariantError`] and [`VariantErrorKind`]: why input is not valid in a UTF-8
//! variant, where, and how long the bad sequence is.

use crate::error::Utf8ErrorKind;
use core::fmt;

/// Why input is not valid in a UTF-8 variant, or a value cannot be encoded in it.
///
/// ```
/// use utfast::variant::VariantErrorKind;
/// let err = utfast::variant::check_cesu8(b"\xF0\x90\x8D\x88").unwrap_err();
/// assert_eq!(err.kind(), VariantErrorKind::FourByteSequence);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum VariantErrorKind {
    /// A continuation byte (`80`–`BF`) where a sequence must start.
    UnexpectedContinuation,
    /// A lead byte (or a high surrogate's first bytes) followed by a byte that
    /// cannot continue it.
    MissingContinuation,
    /// The input ends inside a sequence that more bytes could still complete
    /// (`error_len()` is `None`).
    TruncatedAtEnd,
    /// An overlong encoding: a value encoded with more bytes than it needs (`C0`,
    /// `C1`, `E0 80..9F`, `F0 80..8F`, `F8 80..87`, `FC 80..83`); in Modified UTF-8
    /// `C0 80` alone is allowed.
    Overlong,
    /// A value above U+10FFFF: `F4 90..BF` or a lead byte `F5`–`F7` (in the
    /// variants that follow RFC 3629's limit).
    TooLarge,
    /// A byte that never occurs in the variant: `F8`–`FF` (`FE`, `FF` in RFC 2279).
    InvalidByte,
    /// A 4-byte sequence (lead byte `F0`–`F4`) in CESU-8 or Modified UTF-8, which
    /// write supplementary characters as two 3-byte surrogates instead.
    FourByteSequence,
    /// In CESU-8 and Modified UTF-8: an encoded high surrogate not followed by an
    /// encoded low one, or a low surrogate not preceded by a high one.
    UnpairedSurrogate,
    /// In WTF-8: an encoded low surrogate right after an encoded high one. The pair
    /// must be written as one 4-byte sequence.
    SurrogatePairInWtf8,
    /// In RFC 2279: an encoded surrogate (`ED A0..BF`), or a surrogate value
    /// (U+D800..U+DFFF) given to the encoder.
    Surrogate,
    /// In Modified UTF-8: a `00` byte (U+0000 is written `C0 80`).
    NulByte,
    /// The RFC 2279 encoder was given a value above `0x7FFFFFFF`.
    ValueTooLarge,
}

impl VariantErrorKind {
    /// A short lower-case description, as used by `Display`.
    ///
    /// ```
    /// assert_eq!(utfast::variant::VariantErrorKind::NulByte.as_str(), "zero byte (U+0000 must be C0 80)");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            VariantErrorKind::UnexpectedContinuation => "unexpected continuation byte",
            VariantErrorKind::MissingContinuation => "missing continuation byte",
            VariantErrorKind::TruncatedAtEnd => "input ends inside a sequence",
            VariantErrorKind::Overlong => "overlong encoding",
            VariantErrorKind::TooLarge => "code point above U+10FFFF",
            VariantErrorKind::InvalidByte => "byte never valid here",
            VariantErrorKind::FourByteSequence => "4-byte sequence (must be a surrogate pair)",
            VariantErrorKind::UnpairedSurrogate => "unpaired surrogate",
            VariantErrorKind::SurrogatePairInWtf8 => {
                "surrogate pair as two 3-byte sequences (must be one 4-byte sequence)"
            }
            VariantErrorKind::Surrogate => "surrogate code point",
            VariantErrorKind::NulByte => "zero byte (U+0000 must be C0 80)",
            VariantErrorKind::ValueTooLarge => "value above 0x7FFFFFFF",
        }
    }

    /// A stable machine-readable name (`snake_case`).
    ///
    /// ```
    /// assert_eq!(utfast::variant::VariantErrorKind::FourByteSequence.name(), "four_byte_sequence");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            VariantErrorKind::UnexpectedContinuation => "unexpected_continuation",
            VariantErrorKind::MissingContinuation => "missing_continuation",
            VariantErrorKind::TruncatedAtEnd => "truncated_at_end",
            VariantErrorKind::Overlong => "overlong",
            VariantErrorKind::TooLarge => "too_large",
            VariantErrorKind::InvalidByte => "invalid_byte",
            VariantErrorKind::FourByteSequence => "four_byte_sequence",
            VariantErrorKind::UnpairedSurrogate => "unpaired_surrogate",
            VariantErrorKind::SurrogatePairInWtf8 => "surrogate_pair_in_wtf8",
            VariantErrorKind::Surrogate => "surrogate",
            VariantErrorKind::NulByte => "nul_byte",
            VariantErrorKind::ValueTooLarge => "value_too_large",
        }
    }

    /// The kind of a UTF-8 error the scalar reference found at a character start.
    pub(super) const fn from_utf8(kind: Utf8ErrorKind) -> Self {
        match kind {
            Utf8ErrorKind::UnexpectedContinuation => VariantErrorKind::UnexpectedContinuation,
            Utf8ErrorKind::MissingContinuation => VariantErrorKind::MissingContinuation,
            Utf8ErrorKind::TruncatedAtEnd => VariantErrorKind::TruncatedAtEnd,
            Utf8ErrorKind::Overlong => VariantErrorKind::Overlong,
            Utf8ErrorKind::Surrogate => VariantErrorKind::Surrogate,
            Utf8ErrorKind::TooLarge => VariantErrorKind::TooLarge,
            // `check_char` reports only the kinds above; the transcoding kinds
            // (`OutputTooSmall`, `NotLatin1`) never reach here.
            Utf8ErrorKind::InvalidByte
            | Utf8ErrorKind::OutputTooSmall
            | Utf8ErrorKind::NotLatin1 => VariantErrorKind::InvalidByte,
        }
    }
}

impl fmt::Display for VariantErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Input is not valid in a UTF-8 variant (or a value cannot be encoded in one):
/// where the valid prefix ends, how long the bad sequence is, and why.
///
/// `valid_up_to()` is the length of the longest prefix that is valid in the
/// variant; `error_len()` is the length of the *maximal subpart* at that position
/// (the longest prefix of a valid sequence, at least one byte), as
/// `std::str::from_utf8` counts it, or `None` when the input ends inside a sequence
/// that more bytes could complete. A variant's own rules fit into that scheme:
///
/// * a byte that can never start a sequence of the variant is an error of one byte
///   (`F0`–`F4` in CESU-8 and Modified UTF-8, `00` in Modified UTF-8, `FE`/`FF` in
///   RFC 2279);
/// * an encoded surrogate (`ED A0..BF 80..BF`) is one unit of three bytes: an
///   unpaired one is an error of 3 bytes at its start; in WTF-8, a high surrogate
///   directly followed by a low one is valid up to the low one, which is the error
///   (3 bytes, [`VariantErrorKind::SurrogatePairInWtf8`]);
/// * in CESU-8 and Modified UTF-8 a high surrogate at the very end of the input, or
///   followed by only the start of a low surrogate (`ED`, `ED B0..BF`), may still be
///   completed: `error_len()` is `None`.
///
/// The RFC 2279 encoder counts positions in input values, with an `error_len()` of
/// one value; the UTF-16 encoders report a [`Utf16Error`](crate::error::Utf16Error), as
/// [`utf16::to_utf8`](crate::utf16::to_utf8) does.
///
/// ```
/// use utfast::variant::VariantErrorKind;
/// // A high surrogate followed by 'x' instead of a low surrogate:
/// let err = utfast::variant::check_cesu8(b"ab\xED\xA0\x80x").unwrap_err();
/// assert_eq!(err.valid_up_to(), 2);
/// assert_eq!(err.error_len(), Some(3));
/// assert_eq!(err.kind(), VariantErrorKind::UnpairedSurrogate);
/// assert_eq!(err.to_string(), "unpaired surrogate at index 2 (3 units)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VariantError {
    valid_up_to: usize,
    /// 0 stands for `None`.
    error_len: u8,
    kind: VariantErrorKind,
}

impl VariantError {
    pub(crate) const fn new(valid_up_to: usize, error_len: u8, kind: VariantErrorKind) -> Self {
        VariantError {
            valid_up_to,
            error_len,
            kind,
        }
    }

    /// The length of the longest valid prefix of the input (for the encoders: the
    /// index of the value that cannot be encoded).
    ///
    /// ```
    /// assert_eq!(utfast::variant::check_mutf8(b"ok\x00").unwrap_err().valid_up_to(), 2);
    /// ```
    pub const fn valid_up_to(&self) -> usize {
        self.valid_up_to
    }

    /// The length of the invalid sequence at `valid_up_to()` (its maximal subpart:
    /// 1 to 3 bytes, up to 5 for RFC 2279's longer forms; for the encoders, 1
    /// value), or `None` when the input ends in a sequence that more input could
    /// complete.
    ///
    /// ```
    /// assert_eq!(utfast::variant::check_cesu8(b"\xED\xA0\x80").unwrap_err().error_len(), None);
    /// assert_eq!(utfast::variant::check_cesu8(b"\xED\xB0\x80").unwrap_err().error_len(), Some(3));
    /// ```
    pub const fn error_len(&self) -> Option<usize> {
        crate::error::error_len_of(self.error_len)
    }

    /// Why the input at `valid_up_to()` is invalid.
    ///
    /// ```
    /// use utfast::variant::VariantErrorKind;
    /// assert_eq!(utfast::variant::check_mutf8(b"\x00").unwrap_err().kind(), VariantErrorKind::NulByte);
    /// ```
    /// use utfast::ByteOrder;
    pub const fn kind(&self) -> VariantErrorKind {
        self.kind
    }
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.error_len() {
            Some(n) => write!(
                f,
                "{} at index {} ({} unit{})",
                self.kind,
                self.valid_up_to,
                n,
                if n == 1 { "" } else { "s" }
            ),
            None => write!(f, "{} at index {}", self.kind, self.valid_up_to),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for VariantError {}
