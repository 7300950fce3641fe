//! Error types.
//!
//! [`Utf8Error`] carries exactly the two numbers `std::str::Utf8Error` carries
//! (`valid_up_to`, `error_len`), so code written against std keeps working, plus a
//! [`Utf8ErrorKind`] that says *why* the bytes are not UTF-8. Every kernel produces
//! its errors through the scalar reference, so the values never depend on the kernel.
//!
//! The transcoding functions report errors in the same shape: [`Utf8Error`] for
//! UTF-8 input, [`Utf16Error`] and [`Utf32Error`] for UTF-16 and UTF-32 input, and
//! [`OutputTooSmall`] where only the output can fail (Latin-1 input, `&str` input).
//! Each also says how much output was written for the valid prefix, and uses the
//! kinds `OutputTooSmall` (the output slice ran out) and `NotLatin1` (a character
//! above U+00FF on the way to Latin-1).

use core::fmt;

/// Why a byte sequence is not well-formed UTF-8 (RFC 3629, Unicode Table 3-7).
///
/// Validation (`from_utf8`, `validate_utf8`, the streaming validator, the column
/// kernels) reports only the first seven kinds. The last two, `OutputTooSmall`
/// and `NotLatin1`, come only from conversions out of UTF-8, which report their
/// stops with the same [`Utf8Error`] as `from_utf8` so that a caller reads one
/// error type.
///
/// ```
/// use utfast::{from_utf8, Utf8ErrorKind};
/// let err = from_utf8(b"caf\xC3").unwrap_err();
/// assert_eq!(err.kind(), Utf8ErrorKind::TruncatedAtEnd);
/// assert_eq!(from_utf8(b"\xED\xA0\x80").unwrap_err().kind(), Utf8ErrorKind::Surrogate);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Utf8ErrorKind {
    /// A continuation byte (`80`–`BF`) where a character must start.
    UnexpectedContinuation,
    /// A lead byte followed by a byte that is not a continuation byte.
    MissingContinuation,
    /// The input ends inside a sequence that more bytes could still complete
    /// (`error_len()` is `None`).
    TruncatedAtEnd,
    /// An overlong encoding: `C0`, `C1`, `E0 80..9F`, `F0 80..8F`.
    Overlong,
    /// An encoded UTF-16 surrogate, U+D800..U+DFFF: `ED A0..BF`.
    Surrogate,
    /// A code point above U+10FFFF: `F4 90..BF`, or a lead byte `F5`–`F7`.
    TooLarge,
    /// A byte that never occurs in UTF-8: `F8`–`FF`.
    InvalidByte,
    /// Transcoding only: the output slice has no room for the character at
    /// `valid_up_to()` (`error_len()` is `None`). The input may be valid.
    OutputTooSmall,
    /// Transcoding to Latin-1 only: the character at `valid_up_to()` (of
    /// `error_len()` bytes) is valid UTF-8 but above U+00FF.
    NotLatin1,
}

impl Utf8ErrorKind {
    /// Every kind, in declaration order.
    ///
    /// ```
    /// assert!(utfast::Utf8ErrorKind::ALL.contains(&utfast::Utf8ErrorKind::Surrogate));
    /// ```
    pub const ALL: &'static [Utf8ErrorKind] = &[
        Utf8ErrorKind::UnexpectedContinuation,
        Utf8ErrorKind::MissingContinuation,
        Utf8ErrorKind::TruncatedAtEnd,
        Utf8ErrorKind::Overlong,
        Utf8ErrorKind::Surrogate,
        Utf8ErrorKind::TooLarge,
        Utf8ErrorKind::InvalidByte,
        Utf8ErrorKind::OutputTooSmall,
        Utf8ErrorKind::NotLatin1,
    ];

    /// A short lower-case description, as used by `Display` and the CLI.
    ///
    /// ```
    /// assert_eq!(utfast::Utf8ErrorKind::Overlong.as_str(), "overlong encoding");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Utf8ErrorKind::UnexpectedContinuation => "unexpected continuation byte",
            Utf8ErrorKind::MissingContinuation => "missing continuation byte",
            Utf8ErrorKind::TruncatedAtEnd => "input ends inside a character",
            Utf8ErrorKind::Overlong => "overlong encoding",
            Utf8ErrorKind::Surrogate => "encoded surrogate",
            Utf8ErrorKind::TooLarge => "code point above U+10FFFF",
            Utf8ErrorKind::InvalidByte => "byte never valid in UTF-8",
            Utf8ErrorKind::OutputTooSmall => OUTPUT_TOO_SMALL,
            Utf8ErrorKind::NotLatin1 => NOT_LATIN1,
        }
    }

    /// A stable machine-readable name (`snake_case`), as used by `utfast validate --json`.
    ///
    /// ```
    /// assert_eq!(utfast::Utf8ErrorKind::TooLarge.name(), "too_large");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Utf8ErrorKind::UnexpectedContinuation => "unexpected_continuation",
            Utf8ErrorKind::MissingContinuation => "missing_continuation",
            Utf8ErrorKind::TruncatedAtEnd => "truncated_at_end",
            Utf8ErrorKind::Overlong => "overlong",
            Utf8ErrorKind::Surrogate => "surrogate",
            Utf8ErrorKind::TooLarge => "too_large",
            Utf8ErrorKind::InvalidByte => "invalid_byte",
            Utf8ErrorKind::OutputTooSmall => "output_too_small",
            Utf8ErrorKind::NotLatin1 => "not_latin1",
        }
    }
}

const OUTPUT_TOO_SMALL: &str = "output buffer too small";
const NOT_LATIN1: &str = "character above U+00FF, not representable in Latin-1";

impl fmt::Display for Utf8ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The input is not UTF-8: where the valid prefix ends, how long the bad sequence
/// is, and why.
///
/// `valid_up_to()` and `error_len()` are exactly what `std::str::from_utf8` reports
/// for the same input. From a transcoding function, `written()` also tells how many
/// output code units hold the conversion of the valid prefix.
///
/// Two errors are equal when they report the same position, length and kind;
/// `written()` is not compared, so the error of
/// [`Engine::utf8_to_utf16`](crate::Engine::utf8_to_utf16) equals the error of
/// [`from_utf8`](crate::from_utf8) on the same input.
///
/// ```
/// let bytes = b"ok \xE2\x82 then";
/// let ours = utfast::from_utf8(bytes).unwrap_err();
/// let std = std::str::from_utf8(bytes).unwrap_err();
/// assert_eq!((ours.valid_up_to(), ours.error_len()), (std.valid_up_to(), std.error_len()));
/// assert_eq!(ours.kind(), utfast::Utf8ErrorKind::MissingContinuation);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Utf8Error {
    pub(crate) valid_up_to: usize,
    pub(crate) written: usize,
    /// 0 stands for `None`.
    pub(crate) error_len: u8,
    pub(crate) kind: Utf8ErrorKind,
}

/// An `error_len` as the error types store it, in a byte: 0 stands for `None`.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
pub(crate) const fn stored_error_len(len: Option<usize>) -> u8 {
    match len {
        None => 0,
        Some(n) if n > u8::MAX as usize => u8::MAX,
        Some(n) => n as u8,
    }
}

/// The `error_len` a stored byte stands for (see [`stored_error_len`]).
pub(crate) const fn error_len_of(stored: u8) -> Option<usize> {
    match stored {
        0 => None,
        n => Some(n as usize),
    }
}

impl PartialEq for Utf8Error {
    fn eq(&self, other: &Utf8Error) -> bool {
        (self.valid_up_to, self.error_len, self.kind)
            == (other.valid_up_to, other.error_len, other.kind)
    }
}

impl Eq for Utf8Error {}

impl core::hash::Hash for Utf8Error {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        (self.valid_up_to, self.error_len, self.kind).hash(state);
    }
}

impl Utf8Error {
    /// An error of validation: the "output" is the valid prefix itself.
    pub(crate) const fn new(valid_up_to: usize, error_len: u8, kind: Utf8ErrorKind) -> Self {
        Utf8Error {
            valid_up_to,
            written: valid_up_to,
            error_len,
            kind,
        }
    }

    /// The same error, from a conversion that wrote `written` units for the prefix.
    pub(crate) const fn with_written(mut self, written: usize) -> Self {
        self.written = written;
        self
    }

    /// The length of the longest prefix that is valid UTF-8.
    ///
    /// ```
    /// assert_eq!(utfast::from_utf8(b"ab\xFF").unwrap_err().valid_up_to(), 2);
    /// ```
    pub const fn valid_up_to(&self) -> usize {
        self.valid_up_to
    }

    /// The length of the invalid sequence at `valid_up_to()` (1 to 3 bytes: the
    /// maximal subpart the Unicode Standard says to replace with one U+FFFD), or
    /// `None` when the input ends in a sequence that more bytes could complete.
    /// For [`Utf8ErrorKind::NotLatin1`], the length of the character; for
    /// [`Utf8ErrorKind::OutputTooSmall`], `None`.
    ///
    /// ```
    /// assert_eq!(utfast::from_utf8(b"\xE2\x82x").unwrap_err().error_len(), Some(2));
    /// assert_eq!(utfast::from_utf8(b"\xE2\x82").unwrap_err().error_len(), None);
    /// ```
    pub const fn error_len(&self) -> Option<usize> {
        crate::error::error_len_of(self.error_len)
    }

    /// Why the bytes at `valid_up_to()` are not UTF-8 (or, when transcoding, could
    /// not be converted).
    ///
    /// ```
    /// use utfast::Utf8ErrorKind;
    /// assert_eq!(utfast::from_utf8(b"\xC0\xAF").unwrap_err().kind(), Utf8ErrorKind::Overlong);
    /// ```
    pub const fn kind(&self) -> Utf8ErrorKind {
        self.kind
    }

    /// Output code units written before the error: from a transcoding function, the
    /// conversion of `input[..valid_up_to()]`, which is in place in the output
    /// slice; from validation, `valid_up_to()` itself.
    ///
    /// ```
    /// use utfast::ByteOrder;
    /// let mut out = [0u16; 8];
    /// let err = utfast::utf8::to_utf16("h€".as_bytes().iter().chain(b"\xFF").copied()
    ///     .collect::<Vec<u8>>().as_slice(), &mut out, ByteOrder::NATIVE).unwrap_err();
    /// assert_eq!((err.valid_up_to(), err.written()), (4, 2));
    /// assert_eq!(&out[..2], &[0x68, 0x20AC]);
    /// ```
    pub const fn written(&self) -> usize {
        self.written
    }
}

impl fmt::Display for Utf8Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            Utf8ErrorKind::OutputTooSmall => {
                return write!(
                    f,
                    "output buffer too small for the character at byte {}",
                    self.valid_up_to
                )
            }
            Utf8ErrorKind::NotLatin1 => {
                return write!(f, "byte {}: {}", self.valid_up_to, NOT_LATIN1);
            }
            _ => {}
        }
        match self.error_len() {
            Some(n) => write!(
                f,
                "invalid UTF-8 at byte {}: {} ({} byte{})",
                self.valid_up_to,
                self.kind,
                n,
                if n == 1 { "" } else { "s" }
            ),
            None => write!(
                f,
                "incomplete UTF-8 sequence at byte {}: {}",
                self.valid_up_to, self.kind
            ),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Utf8Error {}

/// The error of [`string_from_utf8`](crate::string_from_utf8): the bytes that were
/// not UTF-8, given back, and the [`Utf8Error`] that says where and why.
///
/// ```
/// let err = utfast::string_from_utf8(vec![b'a', 0xFF]).unwrap_err();
/// assert_eq!(err.utf8_error().valid_up_to(), 1);
/// assert_eq!(err.into_bytes(), vec![b'a', 0xFF]);
/// ```
#[cfg(feature = "alloc")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FromUtf8Error {
    pub(crate) bytes: alloc::vec::Vec<u8>,
    pub(crate) error: Utf8Error,
}

#[cfg(feature = "alloc")]
impl FromUtf8Error {
    /// The bytes that were being converted.
    ///
    /// ```
    /// let err = utfast::string_from_utf8(vec![0xC0]).unwrap_err();
    /// assert_eq!(err.as_bytes(), &[0xC0]);
    /// ```
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Gives the bytes back, unchanged.
    ///
    /// ```
    /// let err = utfast::string_from_utf8(vec![0xC0]).unwrap_err();
    /// assert_eq!(err.into_bytes(), vec![0xC0]);
    /// ```
    pub fn into_bytes(self) -> alloc::vec::Vec<u8> {
        self.bytes
    }

    /// Where and why the bytes are not UTF-8.
    ///
    /// ```
    /// let err = utfast::string_from_utf8(vec![b'x', 0x80]).unwrap_err();
    /// assert_eq!(err.utf8_error().error_len(), Some(1));
    /// ```
    pub fn utf8_error(&self) -> Utf8Error {
        self.error
    }
}

#[cfg(feature = "alloc")]
impl fmt::Display for FromUtf8Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.error, f)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for FromUtf8Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// Why UTF-16 input could not be validated or converted.
///
/// ```
/// use utfast::ByteOrder;
/// let err = utfast::utf16::check(&[0x61, 0xDC00], ByteOrder::NATIVE).unwrap_err();
/// assert_eq!(err.kind(), utfast::utf16::Utf16ErrorKind::UnpairedLowSurrogate);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Utf16ErrorKind {
    /// A high (leading) surrogate, D800–DBFF, not followed by a low one.
    UnpairedHighSurrogate,
    /// A low (trailing) surrogate, DC00–DFFF, not preceded by a high one.
    UnpairedLowSurrogate,
    /// A high surrogate is the last code unit: more input could complete it.
    TruncatedAtEnd,
    /// Transcoding only: the output slice has no room for the character at
    /// `valid_up_to()`. The input may be valid.
    OutputTooSmall,
    /// Transcoding to Latin-1 only: the character at `valid_up_to()` is above U+00FF.
    NotLatin1,
}

/// Why UTF-32 input could not be validated or converted.
///
/// ```
/// let err = utfast::utf32::check(&[0x61, 0x11_0000]).unwrap_err();
/// assert_eq!(err.kind(), utfast::utf32::Utf32ErrorKind::TooLarge);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Utf32ErrorKind {
    /// A surrogate code point, U+D800..U+DFFF, which is not a character.
    Surrogate,
    /// A value above U+10FFFF.
    TooLarge,
    /// Transcoding only: the output slice has no room for the character at
    /// `valid_up_to()`. The input may be valid.
    OutputTooSmall,
    /// Transcoding to Latin-1 only: the character at `valid_up_to()` is above U+00FF.
    NotLatin1,
}

impl Utf16ErrorKind {
    /// A short lower-case description, as used by `Display` and the CLI.
    ///
    /// ```
    /// assert_eq!(utfast::utf16::Utf16ErrorKind::TruncatedAtEnd.as_str(), "input ends after a high surrogate");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Utf16ErrorKind::UnpairedHighSurrogate => "unpaired high surrogate",
            Utf16ErrorKind::UnpairedLowSurrogate => "unpaired low surrogate",
            Utf16ErrorKind::TruncatedAtEnd => "input ends after a high surrogate",
            Utf16ErrorKind::OutputTooSmall => OUTPUT_TOO_SMALL,
            Utf16ErrorKind::NotLatin1 => NOT_LATIN1,
        }
    }

    /// A stable machine-readable name (`snake_case`).
    ///
    /// ```
    /// assert_eq!(utfast::utf16::Utf16ErrorKind::UnpairedLowSurrogate.name(), "unpaired_low_surrogate");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Utf16ErrorKind::UnpairedHighSurrogate => "unpaired_high_surrogate",
            Utf16ErrorKind::UnpairedLowSurrogate => "unpaired_low_surrogate",
            Utf16ErrorKind::TruncatedAtEnd => "truncated_at_end",
            Utf16ErrorKind::OutputTooSmall => "output_too_small",
            Utf16ErrorKind::NotLatin1 => "not_latin1",
        }
    }
}

impl Utf32ErrorKind {
    /// A short lower-case description, as used by `Display` and the CLI.
    ///
    /// ```
    /// assert_eq!(utfast::utf32::Utf32ErrorKind::Surrogate.as_str(), "surrogate code point");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Utf32ErrorKind::Surrogate => "surrogate code point",
            Utf32ErrorKind::TooLarge => "value above U+10FFFF",
            Utf32ErrorKind::OutputTooSmall => OUTPUT_TOO_SMALL,
            Utf32ErrorKind::NotLatin1 => NOT_LATIN1,
        }
    }

    /// A stable machine-readable name (`snake_case`).
    ///
    /// ```
    /// assert_eq!(utfast::utf32::Utf32ErrorKind::TooLarge.name(), "too_large");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Utf32ErrorKind::Surrogate => "surrogate",
            Utf32ErrorKind::TooLarge => "too_large",
            Utf32ErrorKind::OutputTooSmall => "output_too_small",
            Utf32ErrorKind::NotLatin1 => "not_latin1",
        }
    }
}

/// Defines an error for input in code units wider than a byte: where the valid
/// prefix ends, how much output it became, and why.
macro_rules! unit_error {
    ($(#[$doc:meta])* $name:ident, $kind:ident, $unit:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct $name {
            pub(crate) valid_up_to: usize,
            pub(crate) written: usize,
            pub(crate) kind: $kind,
        }

        impl $name {
            pub(crate) const fn new(valid_up_to: usize, written: usize, kind: $kind) -> Self {
                $name { valid_up_to, written, kind }
            }

            /// Index, in code units, of the first unit that is not part of a valid
            /// prefix (or, for `OutputTooSmall`, of the first character that did
            /// not fit).
            pub const fn valid_up_to(&self) -> usize {
                self.valid_up_to
            }

            /// Output code units written for `input[..valid_up_to()]`; 0 from a
            /// validation function.
            pub const fn written(&self) -> usize {
                self.written
            }

            /// Why the unit at `valid_up_to()` stopped the validation or conversion.
            pub const fn kind(&self) -> $kind {
                self.kind
            }
        }

        impl fmt::Display for $kind {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{} at code unit {}: {}", $unit, self.valid_up_to, self.kind)
            }
        }

        #[cfg(feature = "std")]
        impl std::error::Error for $name {}
    };
}

unit_error!(
    /// UTF-16 input is ill-formed (an unpaired surrogate) or could not be converted.
    ///
    /// ```
    /// use utfast::ByteOrder;
    /// use utfast::utf16::Utf16ErrorKind;
    /// let mut out = [0u8; 16];
    /// let err = utfast::utf16::to_utf8(&[0x41, 0xD800, 0x42], &mut out, ByteOrder::NATIVE).unwrap_err();
    /// assert_eq!(err.valid_up_to(), 1);
    /// assert_eq!(err.written(), 1);
    /// assert_eq!(err.kind(), Utf16ErrorKind::UnpairedHighSurrogate);
    /// ```
    Utf16Error,
    Utf16ErrorKind,
    "UTF-16"
);

unit_error!(
    /// UTF-32 input holds a value that is not a Unicode scalar value, or could not
    /// be converted.
    ///
    /// ```
    /// use utfast::utf32::Utf32ErrorKind;
    /// let mut out = [0u8; 16];
    /// let err = utfast::utf32::to_utf8(&[0x41, 0xDFFF], &mut out).unwrap_err();
    /// assert_eq!((err.valid_up_to(), err.written()), (1, 1));
    /// assert_eq!(err.kind(), Utf32ErrorKind::Surrogate);
    /// ```
    Utf32Error,
    Utf32ErrorKind,
    "UTF-32"
);

/// The output slice has no room for the next character; the input (Latin-1 or an
/// already valid `&str`) cannot be invalid.
///
/// ```
/// let mut out = [0u8; 3];
/// let err = utfast::latin1::to_utf8(b"a\xE9\xE9", &mut out).unwrap_err();
/// assert_eq!((err.read(), err.written()), (2, 3));
/// assert_eq!(&out, "aé".as_bytes());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OutputTooSmall {
    pub(crate) read: usize,
    pub(crate) written: usize,
}

impl OutputTooSmall {
    /// Input code units converted (a character boundary).
    pub const fn read(&self) -> usize {
        self.read
    }

    /// Output code units written for them.
    pub const fn written(&self) -> usize {
        self.written
    }
}

impl fmt::Display for OutputTooSmall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "output buffer too small: {} input units converted into {} output units",
            self.read, self.written
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for OutputTooSmall {}

/// What every conversion error says: how far the conversion got, and whether it
/// stopped for invalid input or for want of output room. Implemented by
/// [`Utf8Error`], [`Utf16Error`], [`Utf32Error`] and [`OutputTooSmall`] (and by no
/// other type), so that code generic over conversions reads them one way.
///
/// ```
/// use utfast::ByteOrder;
/// use utfast::ConversionError;
///
/// /// The output a conversion vouches for, whether it succeeded or not.
/// fn converted<E: ConversionError>(result: Result<usize, E>) -> usize {
///     result.unwrap_or_else(|e| e.written())
/// }
///
/// let mut out = [0u16; 8];
/// assert_eq!(converted(utfast::utf8::to_utf16(b"ab\xFF", &mut out, ByteOrder::NATIVE)), 2);
/// assert_eq!(converted(utfast::latin1::to_utf16(b"abc", &mut out, ByteOrder::NATIVE)), 3);
/// let err = utfast::utf32::to_utf8(&[0x61, 0x20AC], &mut [0u8; 2]).unwrap_err();
/// assert_eq!((err.read(), err.written(), err.is_output_too_small()), (1, 1, true));
/// ```
pub trait ConversionError: sealed::Offset + Copy + fmt::Debug + fmt::Display {
    /// Input units converted before the stop, all of whole characters: the
    /// `valid_up_to()` of an invalid-input error, `read()` of [`OutputTooSmall`].
    fn read(&self) -> usize;

    /// Output units written for them.
    fn written(&self) -> usize;

    /// True when the conversion stopped because the output was full, not because
    /// the input was invalid.
    fn is_output_too_small(&self) -> bool;
}

/// The crate's side of [`ConversionError`], out of reach of other crates (so no
/// other type implements it).
pub(crate) mod sealed {
    /// An error whose positions can be moved on by the input and output already
    /// converted before the part that failed.
    pub trait Offset {
        /// The same error, `read` input units and `written` output units further on.
        fn offset(self, read: usize, written: usize) -> Self;
    }
}

pub(crate) use sealed::Offset;

/// The output units a conversion wrote, whether it succeeded or not.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline]
pub(crate) fn written<E: ConversionError>(result: &Result<usize, E>) -> usize {
    match result {
        Ok(n) => *n,
        Err(error) => error.written(),
    }
}

/// [`ConversionError`] for the errors that count `valid_up_to` and `written`.
macro_rules! conversion_error {
    ($($error:ident: $too_small:expr;)*) => {$(
        impl Offset for $error {
            fn offset(mut self, read: usize, written: usize) -> Self {
                self.valid_up_to += read;
                self.written += written;
                self
            }
        }

        impl ConversionError for $error {
            fn read(&self) -> usize {
                self.valid_up_to
            }

            fn written(&self) -> usize {
                self.written
            }

            fn is_output_too_small(&self) -> bool {
                self.kind() == $too_small
            }
        }
    )*};
}

conversion_error! {
    Utf8Error: Utf8ErrorKind::OutputTooSmall;
    Utf16Error: Utf16ErrorKind::OutputTooSmall;
    Utf32Error: Utf32ErrorKind::OutputTooSmall;
}

impl Offset for OutputTooSmall {
    fn offset(mut self, read: usize, written: usize) -> Self {
        self.read += read;
        self.written += written;
        self
    }
}

impl ConversionError for OutputTooSmall {
    fn read(&self) -> usize {
        self.read
    }

    fn written(&self) -> usize {
        self.written
    }

    fn is_output_too_small(&self) -> bool {
        true
    }
}
