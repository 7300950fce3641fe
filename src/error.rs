//! Error types.
//!
//! [`Utf8Error`] carries exactly the two numbers `std::str::Utf8Error` carries
//! (`valid_up_to`, `error_len`), so code written against std keeps working, plus a
//! [`Utf8ErrorKind`] that says *why* the bytes are not UTF-8. Every kernel produces
//! its errors through the scalar reference, so the values never depend on the kernel.

use core::fmt;

/// Why a byte sequence is not well-formed UTF-8 (RFC 3629, Unicode Table 3-7).
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
        }
    }
}

impl fmt::Display for Utf8ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The input is not UTF-8: where the valid prefix ends, how long the bad sequence
/// is, and why.
///
/// `valid_up_to()` and `error_len()` are exactly what `std::str::from_utf8` reports
/// for the same input.
///
/// ```
/// let bytes = b"ok \xE2\x82 then";
/// let ours = utfast::from_utf8(bytes).unwrap_err();
/// let std = std::str::from_utf8(bytes).unwrap_err();
/// assert_eq!((ours.valid_up_to(), ours.error_len()), (std.valid_up_to(), std.error_len()));
/// assert_eq!(ours.kind(), utfast::Utf8ErrorKind::MissingContinuation);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Utf8Error {
    pub(crate) valid_up_to: usize,
    /// 0 stands for `None`.
    pub(crate) error_len: u8,
    pub(crate) kind: Utf8ErrorKind,
}

impl Utf8Error {
    pub(crate) const fn new(valid_up_to: usize, error_len: u8, kind: Utf8ErrorKind) -> Self {
        Utf8Error {
            valid_up_to,
            error_len,
            kind,
        }
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
    ///
    /// ```
    /// assert_eq!(utfast::from_utf8(b"\xE2\x82x").unwrap_err().error_len(), Some(2));
    /// assert_eq!(utfast::from_utf8(b"\xE2\x82").unwrap_err().error_len(), None);
    /// ```
    pub const fn error_len(&self) -> Option<usize> {
        match self.error_len {
            0 => None,
            n => Some(n as usize),
        }
    }

    /// Why the bytes at `valid_up_to()` are not UTF-8.
    ///
    /// ```
    /// use utfast::Utf8ErrorKind;
    /// assert_eq!(utfast::from_utf8(b"\xC0\xAF").unwrap_err().kind(), Utf8ErrorKind::Overlong);
    /// ```
    pub const fn kind(&self) -> Utf8ErrorKind {
        self.kind
    }
}

impl fmt::Display for Utf8Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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

/// [`Engine::new`](crate::Engine::new) was asked for a kernel that this build or
/// this CPU cannot run.
///
/// ```
/// use utfast::{Engine, Kernel};
/// if let Err(e) = Engine::new(Kernel::Neon) {
///     assert_eq!(e.kernel(), Kernel::Neon);
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnsupportedKernel {
    pub(crate) kernel: crate::Kernel,
    pub(crate) compiled_in: bool,
}

impl UnsupportedKernel {
    /// The kernel that was asked for.
    pub fn kernel(&self) -> crate::Kernel {
        self.kernel
    }

    /// True when the kernel is part of this build and only the CPU lacks features.
    pub fn compiled_in(&self) -> bool {
        self.compiled_in
    }
}

impl fmt::Display for UnsupportedKernel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.compiled_in {
            write!(
                f,
                "kernel {} is not supported by this CPU (it needs {})",
                self.kernel.name(),
                self.kernel.required_features()
            )
        } else {
            write!(
                f,
                "kernel {} is not compiled into this build (target architecture)",
                self.kernel.name()
            )
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for UnsupportedKernel {}
