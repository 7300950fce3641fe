//! The errors of streaming: [`TranscodeError`] (a piece of input a
//! [`Transcoder`](crate::stream::Transcoder) could not convert, at its absolute offset in
//! the stream, with its bytes) and [`Utf8StreamError`] (the first invalid sequence
//! a [`Utf8Validator`](crate::stream::Utf8Validator) found, exactly as `from_utf8` would
//! report it on the whole stream).

use core::fmt;

use crate::{
    utf16::Utf16ErrorKind, utf32::Utf32ErrorKind, variant::VariantErrorKind, Encoding,
    Utf8ErrorKind,
};

/// Why a piece of input could not be converted.
///
/// ```
/// use utfast::{Encoding, ErrorMode, stream::TranscodeErrorKind, stream::Transcoder, stream::Status};
/// let mut t = Transcoder::new(Encoding::Utf8, Encoding::Latin1, ErrorMode::Strict);
/// let mut out = [0u8; 16];
/// let progress = t.transcode("ok €".as_bytes(), &mut out, true);
/// let Status::Error(error) = progress.status else { panic!() };
/// assert_eq!(error.kind(), TranscodeErrorKind::Unmappable(0x20AC));
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TranscodeErrorKind {
    /// Malformed UTF-8 input, with std's reason.
    Utf8(Utf8ErrorKind),
    /// Malformed UTF-16 input: an unpaired surrogate, or a high surrogate at the end.
    Utf16(Utf16ErrorKind),
    /// Malformed UTF-32 input: a surrogate or a value above U+10FFFF.
    Utf32(Utf32ErrorKind),
    /// Malformed CESU-8, Modified UTF-8 or WTF-8 input.
    Variant(VariantErrorKind),
    /// The input ends inside a code unit of UTF-16 (one byte) or UTF-32 (1 to 3).
    IncompleteUnit,
    /// A code point the target encoding cannot hold (a character above U+00FF for
    /// Latin-1, one Windows-1252 lacks, an unpaired surrogate for UTF-8).
    Unmappable(u32),
    /// The input starts with the byte order mark of this other encoding
    /// ([`BomHandling::Enforce`](crate::stream::BomHandling::Enforce)).
    ForeignBom(Encoding),
}

impl TranscodeErrorKind {
    /// A short description: `missing continuation byte`, `unpaired low surrogate`,
    /// `cannot be written in the target encoding`, ...
    ///
    /// ```
    /// use utfast::{stream::TranscodeErrorKind, Utf8ErrorKind};
    /// assert_eq!(TranscodeErrorKind::Utf8(Utf8ErrorKind::Overlong).as_str(), "overlong encoding");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            TranscodeErrorKind::Utf8(kind) => kind.as_str(),
            TranscodeErrorKind::Utf16(kind) => kind.as_str(),
            TranscodeErrorKind::Utf32(kind) => kind.as_str(),
            TranscodeErrorKind::Variant(kind) => kind.as_str(),
            TranscodeErrorKind::IncompleteUnit => "input ends inside a code unit",
            TranscodeErrorKind::Unmappable(_) => "cannot be written in the target encoding",
            TranscodeErrorKind::ForeignBom(_) => {
                "starts with the byte order mark of another encoding"
            }
        }
    }
}

impl fmt::Display for TranscodeErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The most input bytes an error keeps from its offset on (a CESU-8 surrogate
/// pair is six).
const MAX_BYTES: usize = 8;

/// A piece of input a [`Transcoder`](crate::stream::Transcoder) could not convert:
/// malformed input, or a character the target encoding cannot hold.
///
/// ```
/// use utfast::{Encoding, ErrorMode, stream::Transcoder, stream::Status};
/// let mut t = Transcoder::new(Encoding::Utf8, Encoding::Utf16Le, ErrorMode::Strict);
/// let mut out = [0u8; 64];
/// t.transcode(b"first chunk ", &mut out, false);
/// let progress = t.transcode(b"then \xE2\x82x", &mut out, true);
/// let Status::Error(error) = progress.status else { panic!() };
/// assert_eq!(error.offset(), 17); // from the start of the stream
/// assert_eq!(error.error_len(), Some(2));
/// assert_eq!(error.bytes(), b"\xE2\x82");
/// assert_eq!(error.to_string(), "invalid UTF-8 at byte 17: missing continuation byte (bytes: e2 82)");
/// ```
///
/// Two errors are equal when they say the same about the same piece: the input
/// after the piece ([`input_at`](TranscodeError::input_at)) depends on where
/// the input was cut, and is not compared.
#[derive(Clone, Copy, Debug)]
pub struct TranscodeError {
    offset: u64,
    /// 0 stands for `None`.
    error_len: u8,
    kind: TranscodeErrorKind,
    from: Encoding,
    to: Encoding,
    /// Input from `offset` on, as much as the transcoder had at hand.
    bytes: [u8; MAX_BYTES],
    stored: u8,
}

impl TranscodeError {
    /// The error of the piece at `offset`; `input` is the input from there on
    /// (the piece and maybe more; when `error_len` is `None`, the input's end).
    pub(crate) fn new(
        offset: u64,
        error_len: Option<usize>,
        kind: TranscodeErrorKind,
        (from, to): (Encoding, Encoding),
        input: &[u8],
    ) -> TranscodeError {
        let mut bytes = [0; MAX_BYTES];
        let kept = input.len().min(MAX_BYTES);
        bytes[..kept].copy_from_slice(&input[..kept]);
        TranscodeError {
            offset,
            error_len: crate::error::stored_error_len(error_len),
            kind,
            from,
            to,
            bytes,
            stored: kept as u8,
        }
    }

    /// The absolute byte offset, from the start of the stream (a byte order mark
    /// included), of the piece that could not be converted. Everything before it
    /// was converted.
    ///
    /// ```
    /// use utfast::{Encoding, ErrorMode, stream::Status, stream::Transcoder};
    /// let mut t = Transcoder::new(Encoding::Utf16Le, Encoding::Latin1, ErrorMode::Strict);
    /// let p = t.transcode(b"a\x00\xAC\x20", &mut [0u8; 8], true); // a€
    /// let Status::Error(error) = p.status else { panic!() };
    /// assert_eq!(error.offset(), 2);
    /// ```
    pub const fn offset(&self) -> u64 {
        self.offset
    }

    /// The length in bytes of the piece (for malformed UTF-8, std's `error_len`:
    /// the maximal subpart; for a character the target cannot hold, the bytes of
    /// that character), or `None` when the input ended inside a character.
    ///
    /// ```
    /// use utfast::{Encoding, ErrorMode, stream::Status, stream::Transcoder};
    /// let mut t = Transcoder::new(Encoding::Utf16Le, Encoding::Latin1, ErrorMode::Strict);
    /// let p = t.transcode(b"a\x00\xAC\x20", &mut [0u8; 8], true); // a€
    /// let Status::Error(error) = p.status else { panic!() };
    /// assert_eq!(error.error_len(), Some(2));
    /// ```
    pub const fn error_len(&self) -> Option<usize> {
        crate::error::error_len_of(self.error_len)
    }

    /// Why the piece could not be converted.
    ///
    /// ```
    /// use utfast::{Encoding, ErrorMode, stream::Status, stream::Transcoder};
    /// let mut t = Transcoder::new(Encoding::Utf16Le, Encoding::Latin1, ErrorMode::Strict);
    /// let p = t.transcode(b"a\x00\xAC\x20", &mut [0u8; 8], true); // a€
    /// let Status::Error(error) = p.status else { panic!() };
    /// assert_eq!(error.kind(), utfast::stream::TranscodeErrorKind::Unmappable(0x20AC));
    /// ```
    pub const fn kind(&self) -> TranscodeErrorKind {
        self.kind
    }

    /// The input bytes of the piece (at most eight of them).
    ///
    /// ```
    /// use utfast::{Encoding, ErrorMode, stream::Status, stream::Transcoder};
    /// let mut t = Transcoder::new(Encoding::Utf16Le, Encoding::Latin1, ErrorMode::Strict);
    /// let p = t.transcode(b"a\x00\xAC\x20", &mut [0u8; 8], true); // a€
    /// let Status::Error(error) = p.status else { panic!() };
    /// assert_eq!(error.bytes(), b"\xAC\x20");
    /// ```
    pub fn bytes(&self) -> &[u8] {
        let stored = &self.bytes[..self.stored as usize];
        match self.error_len() {
            Some(len) if len < stored.len() => &stored[..len],
            _ => stored,
        }
    }

    /// Up to eight bytes of input from [`offset`](TranscodeError::offset) on: the
    /// piece, and what followed it as far as the transcoder had it at hand (to
    /// show, say, all of `ED A0 80` where an encoded surrogate's `error_len` is 1).
    ///
    /// ```
    /// use utfast::{Encoding, ErrorMode, stream::Transcoder, stream::Status};
    /// let mut t = Transcoder::new(Encoding::Utf8, Encoding::Utf8, ErrorMode::Strict);
    /// let p = t.transcode(b"a\xED\xA0\x80b", &mut [0u8; 16], true);
    /// let Status::Error(e) = p.status else { panic!() };
    /// assert_eq!((e.bytes(), e.input_at()), (&b"\xED"[..], &b"\xED\xA0\x80b"[..]));
    /// ```
    pub fn input_at(&self) -> &[u8] {
        &self.bytes[..self.stored as usize]
    }

    /// The encoding of the input.
    ///
    /// ```
    /// use utfast::{Encoding, ErrorMode, stream::Status, stream::Transcoder};
    /// let mut t = Transcoder::new(Encoding::Utf16Le, Encoding::Latin1, ErrorMode::Strict);
    /// let p = t.transcode(b"a\x00\xAC\x20", &mut [0u8; 8], true); // a€
    /// let Status::Error(error) = p.status else { panic!() };
    /// assert_eq!((error.from(), error.to()), (Encoding::Utf16Le, Encoding::Latin1));
    /// ```
    pub const fn from(&self) -> Encoding {
        self.from
    }

    /// The encoding of the output (see [`TranscodeError::from`]).
    pub const fn to(&self) -> Encoding {
        self.to
    }
}

impl TranscodeError {
    /// What equality compares.
    fn key(&self) -> (u64, u8, TranscodeErrorKind, Encoding, Encoding, &[u8]) {
        let (offset, len, kind) = (self.offset, self.error_len, self.kind);
        (offset, len, kind, self.from, self.to, self.bytes())
    }
}

impl PartialEq for TranscodeError {
    fn eq(&self, other: &TranscodeError) -> bool {
        self.key() == other.key()
    }
}

impl Eq for TranscodeError {}

impl core::hash::Hash for TranscodeError {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.key().hash(state);
    }
}

/// Writes `bytes` as lowercase hexadecimal pairs separated by spaces.
pub(crate) fn write_hex(f: &mut fmt::Formatter<'_>, bytes: &[u8]) -> fmt::Result {
    for (i, b) in bytes.iter().enumerate() {
        if i > 0 {
            f.write_str(" ")?;
        }
        write!(f, "{b:02x}")?;
    }
    Ok(())
}

/// `invalid UTF-16LE at byte 4: unpaired low surrogate (bytes: 00 dc)`; for
/// UTF-8 input the bytes are [`utf8::error_sequence`](crate::utf8::error_sequence)'s
/// (`ed a0 80` for an encoded surrogate); `character U+20AC '€' at byte 8 cannot
/// be written in ISO-8859-1 (bytes: e2 82 ac)`; `input ends 1 byte into a 2-byte
/// code unit`.
///
/// ```
/// use utfast::{Encoding, ErrorMode, stream::Status, stream::Transcoder};
/// let mut t = Transcoder::new(Encoding::Utf16Le, Encoding::Utf8, ErrorMode::Strict);
/// let Status::Error(e) = t.transcode(b"a\x00b", &mut [0u8; 8], true).status else { panic!() };
/// assert_eq!(e.to_string(), "invalid UTF-16LE at byte 2: input ends 1 byte into a 2-byte code unit (bytes: 62)");
/// ```
impl fmt::Display for TranscodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (from, offset) = (self.from, self.offset);
        let mut bytes = self.bytes();
        match self.kind {
            TranscodeErrorKind::Unmappable(cp) => {
                match char::from_u32(cp) {
                    Some(c) if !c.is_control() => write!(f, "character U+{cp:04X} '{c}'")?,
                    Some(_) => write!(f, "character U+{cp:04X}")?,
                    None => write!(f, "code point U+{cp:04X}")?,
                }
                write!(f, " at byte {offset} cannot be written in {}", self.to)?;
            }
            TranscodeErrorKind::ForeignBom(other) => write!(
                f,
                "the input starts with a {other} byte order mark, but is read as {from}"
            )?,
            TranscodeErrorKind::IncompleteUnit => {
                let (len, unit) = (bytes.len(), from.unit_len());
                let s = if len == 1 { "" } else { "s" };
                write!(f, "invalid {from} at byte {offset}: input ends {len} byte{s} into a {unit}-byte code unit")?;
            }
            kind => {
                if let TranscodeErrorKind::Utf8(_) = kind {
                    bytes = crate::utf8::error_sequence(self.input_at(), self.error_len());
                }
                write!(f, "invalid {from} at byte {offset}: {kind}")?;
            }
        }
        f.write_str(" (bytes: ")?;
        write_hex(f, bytes)?;
        f.write_str(")")
    }
}

#[cfg(feature = "std")]
impl std::error::Error for TranscodeError {}

/// The first invalid sequence of a stream of UTF-8, as [`crate::from_utf8`] would
/// report it on the concatenation of every chunk, with a `u64` offset.
///
/// ```
/// let mut v = utfast::stream::Utf8Validator::new();
/// v.update(b"caf").unwrap();
/// let error = v.update(b"\xC3(").unwrap_err();
/// assert_eq!((error.valid_up_to(), error.error_len()), (3, Some(1)));
/// assert_eq!(error.kind(), utfast::Utf8ErrorKind::MissingContinuation);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Utf8StreamError {
    pub(crate) valid_up_to: u64,
    /// 0 stands for `None` (small enough that a `Result` of it is two registers).
    pub(crate) error_len: u8,
    pub(crate) kind: Utf8ErrorKind,
}

impl Utf8StreamError {
    /// The length of the longest valid prefix of the stream.
    ///
    /// ```
    /// let mut v = utfast::stream::Utf8Validator::new();
    /// v.update(b"ok \xF0\x9F").unwrap();
    /// let error = v.update(b"!").unwrap_err();
    /// assert_eq!(error.valid_up_to(), 3);
    /// ```
    pub const fn valid_up_to(&self) -> u64 {
        self.valid_up_to
    }

    /// The length of the invalid sequence (std's `error_len`), or `None` when the
    /// stream ended inside a character.
    ///
    /// ```
    /// let mut v = utfast::stream::Utf8Validator::new();
    /// v.update(b"ok \xF0\x9F").unwrap();
    /// let error = v.update(b"!").unwrap_err();
    /// assert_eq!(error.error_len(), Some(2));
    /// ```
    pub const fn error_len(&self) -> Option<usize> {
        crate::error::error_len_of(self.error_len)
    }

    /// Why the sequence is invalid.
    ///
    /// ```
    /// let mut v = utfast::stream::Utf8Validator::new();
    /// v.update(b"ok \xF0\x9F").unwrap();
    /// let error = v.update(b"!").unwrap_err();
    /// assert_eq!(error.kind(), utfast::Utf8ErrorKind::MissingContinuation);
    /// ```
    pub const fn kind(&self) -> Utf8ErrorKind {
        self.kind
    }
}

impl fmt::Display for Utf8StreamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid UTF-8 at byte {}: {}",
            self.valid_up_to,
            self.kind.as_str()
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Utf8StreamError {}
