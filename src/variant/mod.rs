//! The UTF-8 variants of the specs: CESU-8 (Unicode TR #26) and Java's Modified
//! UTF-8 (file `cesu8.rs`), WTF-8 (`wtf8.rs`) and the legacy RFC 2279 UTF-8 of
//! up to six bytes (`rfc2279.rs`), with the error type they share,
//! [`VariantError`]: validation, and conversion to and from `str` and UTF-16.
//!
//! # The fast path
//!
//! Each variant agrees with UTF-8 almost everywhere, so the common case runs on the
//! engine's UTF-8 kernels: `walk` hands the input to the kernel (validation, or a
//! UTF-8 to UTF-16/UTF-32 transcoder), which stops at the first byte that is not
//! UTF-8; only that *special* sequence (an encoded surrogate, `C0 80`, a 5-byte
//! form, ...) is read by scalar code, and the kernel takes over again right after
//! it. The stretches the kernel accepted are then scanned for the few UTF-8 bytes
//! a variant forbids (the lead bytes `F0`–`F4` of 4-byte sequences in CESU-8 and
//! Modified UTF-8, and `00` in Modified UTF-8) by `find_byte`, a loop the
//! compiler turns into vector max reductions for the CPU's widest vectors. On text
//! without special sequences a variant costs one kernel pass plus that scan.
//!
//! The error positions are documented on [`VariantError`].

use crate::error::{Utf8Error, Utf8ErrorKind};
use crate::reference::utf8::{check_char, is_continuation};
#[cfg(feature = "alloc")]
use crate::ByteOrder;
use crate::Engine;
use core::fmt;

mod cesu8;
mod rfc2279;
mod wtf8;

pub use self::cesu8::*;
pub use self::rfc2279::*;
pub use self::wtf8::*;

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
    const fn from_utf8(kind: Utf8ErrorKind) -> Self {
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

/// Which variant a [`walk`] reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Form {
    Cesu8,
    Mutf8,
    Wtf8,
    Rfc2279,
}

/// A special sequence read by scalar code, or why it is invalid.
pub(crate) type Step = Result<Special, Bad>;

/// A valid special sequence: its width in bytes and the value it encodes (a code
/// point, a lone surrogate in WTF-8, or up to `0x7FFFFFFF` in RFC 2279).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Special {
    pub(crate) width: usize,
    pub(crate) value: u32,
}

/// An invalid sequence `offset` bytes after the position read: its maximal
/// subpart (`len`, 0 for "truncated at the end") and kind.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bad {
    pub(crate) offset: u8,
    pub(crate) len: u8,
    pub(crate) kind: VariantErrorKind,
}

impl Bad {
    pub(crate) const fn new(len: u8, kind: VariantErrorKind) -> Step {
        Err(Bad {
            offset: 0,
            len,
            kind,
        })
    }

    pub(crate) const TRUNCATED: Step = Bad::new(0, VariantErrorKind::TruncatedAtEnd);
}

impl Form {
    /// Reads the sequence at the start of `s` (not empty) by the variant's rules.
    #[inline]
    fn read(self, s: &[u8]) -> Step {
        match self {
            Form::Cesu8 => cesu8::read(s, false),
            Form::Mutf8 => cesu8::read(s, true),
            Form::Wtf8 => wtf8::read(s),
            Form::Rfc2279 => rfc2279::read(s),
        }
    }

    /// The first byte of valid UTF-8 `valid` that the variant forbids.
    #[inline]
    fn forbidden(self, engine: Engine, valid: &[u8]) -> Option<(usize, VariantErrorKind)> {
        match self {
            Form::Cesu8 => find_byte(engine, valid, false),
            Form::Mutf8 => find_byte(engine, valid, true),
            Form::Wtf8 | Form::Rfc2279 => None,
        }
    }
}

/// Where [`walk`] sends what it reads.
pub(crate) trait Sink {
    /// Runs a UTF-8 kernel over `rest`: takes in (validates, converts) its longest
    /// valid UTF-8 prefix, and returns `Ok` or the error that ends that prefix
    /// (whose `valid_up_to()` is the prefix length).
    fn utf8(&mut self, engine: &Engine, rest: &[u8]) -> Result<(), Utf8Error>;
    /// Takes in the value of a special sequence.
    fn special(&mut self, value: u32);
}

/// A sink that only validates.
pub(crate) struct Check;

impl Sink for Check {
    #[inline]
    fn utf8(&mut self, engine: &Engine, rest: &[u8]) -> Result<(), Utf8Error> {
        engine.ops().check_utf8(rest)
    }

    #[inline]
    fn special(&mut self, _value: u32) {}
}

/// Validates `src` in the variant `form`: the first error by its rules.
#[inline]
pub(crate) fn check(engine: &Engine, src: &[u8], form: Form) -> Result<(), VariantError> {
    walk(engine, src, form, &mut Check)
}

/// Reads `src` in the variant `form`: valid UTF-8 stretches go to the engine's
/// kernel through `sink`, and only the sequence where the kernel stops is read by
/// scalar code. Returns the first error by the variant's rules.
pub(crate) fn walk(
    engine: &Engine,
    src: &[u8],
    form: Form,
    sink: &mut impl Sink,
) -> Result<(), VariantError> {
    let mut pos = 0;
    loop {
        let rest = src.get(pos..).unwrap_or_default();
        let stopped = sink.utf8(engine, rest);
        let valid = match stopped {
            Ok(()) => rest.len(),
            Err(e) => e.valid_up_to().min(rest.len()),
        };
        if let Some((at, kind)) = form.forbidden(*engine, &rest[..valid]) {
            return Err(VariantError::new(pos + at, 1, kind));
        }
        pos += valid;
        if stopped.is_ok() || pos >= src.len() {
            return Ok(());
        }
        // The special sequence, and its neighbourhood in scalar code: until
        // NEIGHBOURHOOD bytes pass without another special sequence, so that dense
        // ones (emoji in CESU-8) do not pay the kernel's start-up for each.
        let mut calm = 0;
        while calm < NEIGHBOURHOOD {
            let Some(next) = src.get(pos..).filter(|s| !s.is_empty()) else {
                return Ok(());
            };
            match form.read(next) {
                Ok(step) => {
                    sink.special(step.value);
                    let width = step.width.max(1);
                    calm = if is_plain(step) { calm + width } else { 0 };
                    pos += width;
                }
                Err(bad) => {
                    return Err(VariantError::new(
                        pos + bad.offset as usize,
                        bad.len,
                        bad.kind,
                    ))
                }
            }
        }
    }
}

/// Bytes read in scalar code after a special sequence before the kernel takes
/// over again.
const NEIGHBOURHOOD: usize = 32;

/// True when `step` read an ordinary UTF-8 character: a scalar value in the
/// shortest form, not a special sequence of the variant.
#[inline]
fn is_plain(step: Special) -> bool {
    let utf8_width = match step.value {
        0..=0x7F => 1,
        0x80..=0x7FF => 2,
        0x800..=0xD7FF | 0xE000..=0xFFFF => 3,
        0x1_0000..=0x10_FFFF => 4,
        _ => return false,
    };
    step.width == utf8_width
}

/// Reads an ordinary UTF-8 character at the start of `s` (not empty), by the
/// scalar reference.
#[inline]
pub(crate) fn utf8_char(s: &[u8]) -> Step {
    match check_char(s) {
        Ok(width) => Ok(Special {
            width,
            value: decode(&s[..width]),
        }),
        Err((len, kind)) => Bad::new(len, VariantErrorKind::from_utf8(kind)),
    }
}

/// The value of a well-formed sequence of 1 to 6 bytes (lead byte, continuations).
pub(crate) fn decode(seq: &[u8]) -> u32 {
    let Some((&lead, rest)) = seq.split_first() else {
        return 0;
    };
    let lead_bits = if rest.is_empty() {
        lead
    } else {
        lead & (0x7F >> seq.len())
    };
    rest.iter()
        .fold(u32::from(lead_bits), |v, &b| v << 6 | u32::from(b & 0x3F))
}

/// Encodes `value` (any value up to `0x7FFFFFFF`, surrogates included) in the
/// generalized UTF-8 of RFC 2279: writes 1 to 6 bytes to `out` and returns the count.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))] // used by the encoders
pub(crate) fn encode(value: u32, out: &mut [u8; 6]) -> usize {
    let width = match value {
        0..=0x7F => {
            out[0] = value as u8;
            return 1;
        }
        0x80..=0x7FF => 2,
        0x800..=0xFFFF => 3,
        0x1_0000..=0x1F_FFFF => 4,
        0x20_0000..=0x3FF_FFFF => 5,
        _ => 6,
    };
    // The lead byte: `width` one bits, a zero, then the top bits of the value.
    let marker = !(0xFFu8 >> width);
    out[0] = marker | (value >> (6 * (width - 1))) as u8;
    for (k, byte) in out[1..width].iter_mut().enumerate() {
        *byte = 0x80 | (value >> (6 * (width - 2 - k))) as u8 & 0x3F;
    }
    width
}

/// The encoded surrogate (`ED A0..BF 80..BF`) at the start of `s`, if any.
#[inline]
pub(crate) fn surrogate_at(s: &[u8]) -> Option<u16> {
    match *s {
        [0xED, b1 @ 0xA0..=0xBF, b2, ..] if is_continuation(b2) => {
            Some(0xD000 | u16::from(b1 & 0x3F) << 6 | u16::from(b2 & 0x3F))
        }
        _ => None,
    }
}

/// True for a low (trailing) surrogate, DC00–DFFF.
pub(crate) const fn is_low(unit: u16) -> bool {
    unit & 0xFC00 == 0xDC00
}

/// The code point of a high and a low surrogate.
pub(crate) const fn combine(high: u16, low: u16) -> u32 {
    0x1_0000 + ((high as u32 & 0x3FF) << 10 | (low as u32 & 0x3FF))
}

/// The first byte of `s` at or above `F0` (a 4-byte lead, in valid UTF-8), or
/// with `nul` also a `00` byte, with the kind of error it is. Whole chunks are
/// skipped by the engine's `clean_chunks`.
#[inline]
pub(crate) fn find_byte(engine: Engine, s: &[u8], nul: bool) -> Option<(usize, VariantErrorKind)> {
    // With `nul`, subtracting 1 (wrapping) moves 00 to FF and F0..FF to EF..FE: one
    // comparison finds both.
    let shift = u8::from(nul);
    let start = engine.ops().clean_chunks(s, shift);
    let at = start
        + s[start..]
            .iter()
            .position(|&b| b.wrapping_sub(shift) >= 0xF0 - shift)?;
    let kind = if s[at] == 0 {
        VariantErrorKind::NulByte
    } else {
        VariantErrorKind::FourByteSequence
    };
    Some((at, kind))
}

/// The index of the first surrogate in `s`, or with `nul` also of a zero unit:
/// the kernel skips the clean 64-unit chunks, like [`find_byte`].
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn find_unit(engine: Engine, s: &[u16], nul: bool) -> Option<usize> {
    let hit = |u: u16| u & 0xF800 == 0xD800 || (nul && u == 0);
    let start = engine.ops().clean_unit_chunks(s, nul);
    Some(start + s[start..].iter().position(|&u| hit(u))?)
}

#[cfg(feature = "alloc")]
pub(crate) use owned::*;

#[cfg(feature = "alloc")]
mod owned {
    use super::*;
    use alloc::{borrow::Cow, string::String, vec, vec::Vec};

    /// Writes `units` at `*n` in `out`, growing it if needed, and advances `*n`.
    pub(crate) fn put<T: Copy + Default>(out: &mut Vec<T>, n: &mut usize, units: &[T]) {
        let end = *n + units.len();
        if out.len() < end {
            out.resize(end, T::default());
        }
        // One or two units: element by element, not a call to `memcpy`.
        for (slot, &unit) in out[*n..end].iter_mut().zip(units) {
            *slot = unit;
        }
        *n = end;
    }

    /// Collects code units: stretches through the engine's UTF-8 transcoder, special
    /// values by [`Sink::special`]. Every variant needs at most one unit per input
    /// byte, so a sink made for the input's length never runs out of room.
    pub(crate) struct Units<T> {
        out: Vec<T>,
        n: usize,
    }

    /// Collects UTF-16: special values as one unit (BMP values and lone
    /// surrogates) or a pair.
    pub(crate) type Utf16Sink = Units<u16>;
    /// Collects UTF-32 (or UCS-4): special values as they are.
    pub(crate) type Utf32Sink = Units<u32>;

    impl<T: Copy + Default> Units<T> {
        /// A sink for `len` input bytes.
        pub(crate) fn new(len: usize) -> Self {
            Units {
                out: vec![T::default(); len],
                n: 0,
            }
        }

        pub(crate) fn finish(mut self) -> Vec<T> {
            self.out.truncate(self.n);
            self.out
        }

        /// Runs `convert` on the room left and counts what it wrote.
        fn convert(
            &mut self,
            convert: impl FnOnce(&mut [T]) -> Result<usize, Utf8Error>,
        ) -> Result<(), Utf8Error> {
            let room = self.out.get_mut(self.n..).unwrap_or_default();
            let result = convert(room);
            self.n += result.unwrap_or_else(|e| e.written());
            result.map(|_| ())
        }
    }

    impl Sink for Utf16Sink {
        fn utf8(&mut self, engine: &Engine, rest: &[u8]) -> Result<(), Utf8Error> {
            self.convert(|room| engine.utf8_to_utf16(rest, room, ByteOrder::NATIVE))
        }

        #[inline]
        fn special(&mut self, value: u32) {
            if value >= 0x1_0000 {
                let v = value - 0x1_0000;
                let pair = [0xD800 | (v >> 10) as u16, 0xDC00 | (v & 0x3FF) as u16];
                put(&mut self.out, &mut self.n, &pair);
            } else {
                put(&mut self.out, &mut self.n, &[value as u16]);
            }
        }
    }

    impl Sink for Utf32Sink {
        fn utf8(&mut self, engine: &Engine, rest: &[u8]) -> Result<(), Utf8Error> {
            self.convert(|room| engine.utf8_to_utf32(rest, room))
        }

        #[inline]
        fn special(&mut self, value: u32) {
            put(&mut self.out, &mut self.n, &[value]);
        }
    }

    /// Collects a `str`, borrowing the input when it has no special sequence.
    ///
    /// Only for variants whose special values are Unicode scalar values (CESU-8,
    /// Modified UTF-8): the output is then valid UTF-8.
    pub(crate) struct StrSink<'a> {
        src: &'a [u8],
        /// The length of the first stretch, while there is no owned output.
        head: usize,
        out: Option<Vec<u8>>,
    }

    impl<'a> StrSink<'a> {
        pub(crate) fn new(src: &'a [u8]) -> Self {
            StrSink {
                src,
                head: 0,
                out: None,
            }
        }

        /// The text, after a [`walk`] of `src` that returned `Ok`.
        pub(crate) fn finish(self) -> Cow<'a, str> {
            match self.out {
                None => {
                    debug_assert!(core::str::from_utf8(self.src).is_ok());
                    // SAFETY: the walk succeeded without a special sequence, so its
                    // one kernel call accepted all of `src` as UTF-8.
                    Cow::Borrowed(unsafe { core::str::from_utf8_unchecked(self.src) })
                }
                Some(bytes) => {
                    debug_assert!(core::str::from_utf8(&bytes).is_ok());
                    // SAFETY: `bytes` joins stretches the kernel accepted as UTF-8
                    // and characters encoded by `char::encode_utf8`.
                    Cow::Owned(unsafe { String::from_utf8_unchecked(bytes) })
                }
            }
        }
    }

    impl Sink for StrSink<'_> {
        fn utf8(&mut self, engine: &Engine, rest: &[u8]) -> Result<(), Utf8Error> {
            let result = engine.ops().check_utf8(rest);
            let valid = result.map_or_else(|e| e.valid_up_to(), |()| rest.len());
            match &mut self.out {
                Some(out) => out.extend_from_slice(&rest[..valid]),
                None => self.head = valid,
            }
            result
        }

        #[inline]
        fn special(&mut self, value: u32) {
            let (src, head) = (self.src, self.head);
            let out = self.out.get_or_insert_with(|| {
                let mut out = Vec::with_capacity(src.len());
                out.extend_from_slice(&src[..head]);
                out
            });
            // CESU-8 and Modified UTF-8 decode only pairs and C0 80: never a
            // surrogate.
            debug_assert!(char::from_u32(value).is_some());
            let c = char::from_u32(value).unwrap_or(char::REPLACEMENT_CHARACTER);
            let mut buf = [0; 4];
            // Fixed-length copies: a variable one is a call to `memcpy`.
            match c.encode_utf8(&mut buf).len() {
                1 => out.push(buf[0]),
                2 => out.extend_from_slice(&buf[..2]),
                3 => out.extend_from_slice(&buf[..3]),
                _ => out.extend_from_slice(&buf),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encode_matches_std_and_decode() {
        let mut buf = [0u8; 6];
        for c in ['\0', 'a', 'é', '€', '😀', '\u{10FFFF}'] {
            let n = encode(u32::from(c), &mut buf);
            assert_eq!(&buf[..n], c.encode_utf8(&mut [0; 4]).as_bytes());
            assert_eq!(decode(&buf[..n]), u32::from(c));
        }
        for v in [0x20_0000, 0x3FF_FFFF, 0x400_0000, 0x7FFF_FFFF, 0xD800] {
            let n = encode(v, &mut buf);
            assert_eq!(decode(&buf[..n]), v);
        }
    }

    #[test]
    fn find_byte_finds_the_first() {
        let mut s = [b'a'; 300];
        assert_eq!(find_byte(Engine::active(), &s, true), None);
        s[200] = 0xF0;
        s[250] = 0;
        assert_eq!(
            find_byte(Engine::active(), &s, false),
            Some((200, VariantErrorKind::FourByteSequence))
        );
        s[70] = 0;
        assert_eq!(
            find_byte(Engine::active(), &s, true),
            Some((70, VariantErrorKind::NulByte))
        );
        assert_eq!(
            find_byte(Engine::active(), &s, false).map(|x| x.0),
            Some(200)
        );
    }
}
