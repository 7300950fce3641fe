//! The C types of the ABI: the result every fallible function returns
//! ([`utfast_result`]), its status ([`utfast_status`]) and error kind
//! ([`utfast_error_kind`]), and the values C passes in: encodings, error modes,
//! byte order mark handling.
//!
//! Types Rust returns to C are Rust enums (`#[repr(C)]`, `#[repr(u8)]`): Rust
//! only ever writes them. Values C passes to Rust arrive as plain `u32`s
//! (`utfast_encoding_arg` and friends, which the header names after their enum)
//! and are checked here before they become a library value, so that a value out
//! of range is an error status, never undefined behaviour. Names are those of the
//! header (`utfast_status`, `UTFAST_OK`), so that the header and this file read
//! alike; the crate allows `non_camel_case_types` for them.

use utfast::stream::{BomHandling, TranscodeErrorKind};
use utfast::utf16::Utf16ErrorKind;
use utfast::utf32::Utf32ErrorKind;
use utfast::variant::VariantErrorKind;
use utfast::{Encoding, ErrorMode, Utf8ErrorKind};

/// What a call did. Every fallible function returns one inside a
/// `utfast_result`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum utfast_status {
    /// Success: all input converted (or valid).
    UTFAST_OK = 0,
    /// The input is invalid (or holds a character the output encoding cannot
    /// hold): `position`, `error_len` and `kind` say where and why.
    UTFAST_INVALID = 1,
    /// The output buffer is full: `position` input units became the `written`
    /// output units, all of whole characters.
    UTFAST_OUTPUT_TOO_SMALL = 2,
    /// A pointer was NULL with a non-zero length. Nothing was read or written.
    UTFAST_NULL_POINTER = 3,
    /// An argument is unusable: an encoding, error mode or byte order mark
    /// handling out of range, a pointer not aligned for its type, a length
    /// whose bytes overflow, or input and output buffers that overlap. Nothing
    /// was read or written.
    UTFAST_BAD_ARGUMENT = 4,
    /// The offsets of a column are unsound (none at all, negative, decreasing,
    /// or past the values); the bad row is reported.
    UTFAST_BAD_OFFSETS = 5,
    /// A bug in utfast: a Rust panic was caught at the boundary. The output
    /// buffer may hold partial output; please report it.
    UTFAST_INTERNAL_ERROR = 6,
}

/// Why input is invalid or could not be converted: the `kind` of a
/// `utfast_result` (a `uint8_t`), and of a `utfast_transcode_error`. One list
/// for every input format: the library's `Utf8ErrorKind`, `Utf16ErrorKind`,
/// `Utf32ErrorKind`, `VariantErrorKind` and `TranscodeErrorKind`, one value
/// per meaning.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum utfast_error_kind {
    /// No error (`UTFAST_OK`, or a status that is not about the input).
    UTFAST_KIND_NONE = 0,
    /// UTF-8: a continuation byte (80-BF) where a character must start.
    UTFAST_KIND_UNEXPECTED_CONTINUATION = 1,
    /// UTF-8: a lead byte not followed by the continuation byte it needs.
    UTFAST_KIND_MISSING_CONTINUATION = 2,
    /// The input ends inside a character (UTF-8: a sequence more bytes could
    /// complete; UTF-16: a high surrogate last). `error_len` is 0.
    UTFAST_KIND_TRUNCATED_AT_END = 3,
    /// UTF-8: an overlong encoding (C0, C1, E0 80..9F, F0 80..8F).
    UTFAST_KIND_OVERLONG = 4,
    /// A surrogate: encoded in UTF-8 (ED A0..BF), or a UTF-32 value
    /// D800-DFFF.
    UTFAST_KIND_SURROGATE = 5,
    /// A code point above U+10FFFF (UTF-8: F4 90..BF, F5-F7; UTF-32).
    UTFAST_KIND_TOO_LARGE = 6,
    /// UTF-8: a byte that never occurs in UTF-8 (F8-FF).
    UTFAST_KIND_INVALID_BYTE = 7,
    /// UTF-16: a high surrogate (D800-DBFF) not followed by a low one.
    UTFAST_KIND_UNPAIRED_HIGH_SURROGATE = 8,
    /// UTF-16: a low surrogate (DC00-DFFF) not preceded by a high one.
    UTFAST_KIND_UNPAIRED_LOW_SURROGATE = 9,
    /// The output buffer has no room for the next character
    /// (`UTFAST_OUTPUT_TOO_SMALL`).
    UTFAST_KIND_OUTPUT_TOO_SMALL = 10,
    /// Conversion to Latin-1: a valid character above U+00FF.
    UTFAST_KIND_NOT_LATIN1 = 11,
    /// Streaming: the input ends inside a UTF-16 or UTF-32 code unit.
    UTFAST_KIND_INCOMPLETE_UNIT = 12,
    /// A character the output encoding cannot hold (Windows-1252 lacks it;
    /// Latin-1 output from the transcoder; an unpaired surrogate on its way to
    /// UTF-8 in the transcoder's strict mode).
    UTFAST_KIND_UNMAPPABLE = 13,
    /// Streaming with `UTFAST_BOM_ENFORCE`: the input starts with the byte order
    /// mark of another encoding.
    UTFAST_KIND_FOREIGN_BOM = 14,
    /// CESU-8, Modified UTF-8: a 4-byte sequence (F0-F4 lead byte).
    UTFAST_KIND_FOUR_BYTE_SEQUENCE = 15,
    /// CESU-8, Modified UTF-8: an encoded surrogate without its partner.
    UTFAST_KIND_UNPAIRED_SURROGATE = 16,
    /// WTF-8: a surrogate pair written as two 3-byte sequences.
    UTFAST_KIND_SURROGATE_PAIR_IN_WTF8 = 17,
    /// Modified UTF-8: a 00 byte (U+0000 is written C0 80).
    UTFAST_KIND_NUL_BYTE = 18,
    /// A kind this version of the header does not name (a newer library).
    UTFAST_KIND_OTHER = 255,
}

/// The outcome of a call: the status and, for a conversion, how far it got.
///
/// - `UTFAST_OK`: `position` is the input length and `written` the output
///   units written.
/// - `UTFAST_INVALID`: `position` is the input units before the error (std's
///   `valid_up_to` for UTF-8), `error_len` the input units of the bad piece (std's
///   `error_len`, 0 when the input ends inside a character), `kind` why, and
///   `written` the output units holding the conversion of the input before
///   `position`.
/// - `UTFAST_OUTPUT_TOO_SMALL`: `position` input units (whole characters) were
///   converted into the `written` output units; `kind` is
///   `UTFAST_KIND_OUTPUT_TOO_SMALL`. Convert the rest into a new buffer from
///   `src + position`.
/// - Any other status: every field but `status` is 0.
///
/// Units are those of the buffers' types: bytes for UTF-8, Latin-1 and
/// Windows-1252, `uint16_t` units for UTF-16, `uint32_t` for UTF-32.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct utfast_result {
    /// What happened.
    pub status: utfast_status,
    /// Input units consumed (`UTFAST_OK`, `UTFAST_OUTPUT_TOO_SMALL`) or before
    /// the error (`UTFAST_INVALID`).
    pub position: usize,
    /// Output units written.
    pub written: usize,
    /// Input units of the invalid piece; 0 when the input ends inside a
    /// character, and for every status but `UTFAST_INVALID`.
    pub error_len: u8,
    /// The `utfast_error_kind`.
    pub kind: u8,
}

impl utfast_result {
    /// A result with every field given and the padding bytes zero. (Built on
    /// a zeroed value: left undefined, the padding let the compiler fill it
    /// from whatever registers it held, and keep those alive for it, a
    /// register saved and restored on every call.)
    const fn with(
        status: utfast_status,
        position: usize,
        written: usize,
        error_len: u8,
        kind: utfast_error_kind,
    ) -> utfast_result {
        // SAFETY: all zeros is a valid `utfast_result`: integers, and status 0
        // (`UTFAST_OK`).
        let mut result: utfast_result = unsafe { core::mem::zeroed() };
        result.status = status;
        result.position = position;
        result.written = written;
        result.error_len = error_len;
        result.kind = kind as u8;
        result
    }

    /// Success: `position` input units read, `written` output units written.
    pub(crate) const fn ok(position: usize, written: usize) -> utfast_result {
        let none = utfast_error_kind::UTFAST_KIND_NONE;
        utfast_result::with(utfast_status::UTFAST_OK, position, written, 0, none)
    }

    /// Invalid input at `position`.
    pub(crate) const fn invalid(
        position: usize,
        written: usize,
        error_len: usize,
        kind: utfast_error_kind,
    ) -> utfast_result {
        let error_len = if error_len > u8::MAX as usize {
            u8::MAX
        } else {
            error_len as u8
        };
        utfast_result::with(
            utfast_status::UTFAST_INVALID,
            position,
            written,
            error_len,
            kind,
        )
    }

    /// A full output: `position` input units became `written` output units.
    pub(crate) const fn output_too_small(position: usize, written: usize) -> utfast_result {
        let kind = utfast_error_kind::UTFAST_KIND_OUTPUT_TOO_SMALL;
        utfast_result::with(
            utfast_status::UTFAST_OUTPUT_TOO_SMALL,
            position,
            written,
            0,
            kind,
        )
    }

    /// A status that says nothing about the input (a bad argument, a panic).
    pub(crate) const fn failed(status: utfast_status) -> utfast_result {
        utfast_result::with(status, 0, 0, 0, utfast_error_kind::UTFAST_KIND_NONE)
    }
}

/// A text encoding, for the streaming transcoder: the library's `Encoding`, in
/// its order. UTF-32 here is a byte stream in the byte order named.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum utfast_encoding {
    /// UTF-8.
    UTFAST_ENCODING_UTF8 = 0,
    /// UTF-16, little-endian.
    UTFAST_ENCODING_UTF16LE = 1,
    /// UTF-16, big-endian.
    UTFAST_ENCODING_UTF16BE = 2,
    /// UTF-32, little-endian.
    UTFAST_ENCODING_UTF32LE = 3,
    /// UTF-32, big-endian.
    UTFAST_ENCODING_UTF32BE = 4,
    /// ISO-8859-1: each byte the code point of the same value.
    UTFAST_ENCODING_LATIN1 = 5,
    /// Windows code page 1252 (the WHATWG table; its five holes are C1 controls).
    UTFAST_ENCODING_WINDOWS1252 = 6,
    /// CESU-8: UTF-8 with supplementary characters as two 3-byte surrogates.
    UTFAST_ENCODING_CESU8 = 7,
    /// Java's Modified UTF-8: CESU-8 with U+0000 as C0 80.
    UTFAST_ENCODING_MUTF8 = 8,
    /// WTF-8: UTF-8 that also holds unpaired surrogates.
    UTFAST_ENCODING_WTF8 = 9,
}

/// What a conversion does with input it cannot convert: the library's
/// `ErrorMode`.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum utfast_error_mode {
    /// Stop at the first invalid piece with `UTFAST_INVALID`.
    UTFAST_MODE_STRICT = 0,
    /// Replace each invalid piece by one U+FFFD, as Rust's
    /// `String::from_utf8_lossy` does.
    UTFAST_MODE_REPLACE = 1,
    /// Python's `surrogateescape`: each byte of an invalid piece becomes
    /// U+DC80-U+DCFF (UTF-16/UTF-32 output), and such a surrogate becomes the
    /// byte again when encoding to UTF-8.
    UTFAST_MODE_SURROGATE_ESCAPE = 2,
    /// Each byte of an invalid piece is read as Latin-1.
    UTFAST_MODE_LATIN1 = 3,
    /// Each byte of an invalid piece is read as Windows-1252.
    UTFAST_MODE_WINDOWS1252 = 4,
    /// Python's `ignore`: each invalid piece is dropped.
    UTFAST_MODE_IGNORE = 5,
    /// Python's `backslashreplace`: each byte of an invalid piece becomes the
    /// four characters `\xNN` (lower-case hex), an invalid UTF-16/UTF-32 unit
    /// `\uNNNN` (`\UNNNNNNNN` above U+FFFF). The output can then be four times
    /// the input in characters: size buffers with the `max_output_len`
    /// functions, or grow them on `UTFAST_OUTPUT_TOO_SMALL`.
    UTFAST_MODE_BACKSLASH_REPLACE = 6,
}

/// What the streaming transcoder does with a byte order mark at the start of
/// the input: the library's `BomHandling`.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum utfast_bom_handling {
    /// A byte order mark is text like any other (the default).
    UTFAST_BOM_NONE = 0,
    /// The input encoding's own byte order mark is removed.
    UTFAST_BOM_STRIP = 1,
    /// A byte order mark of any UTF encoding decides the input encoding and is
    /// removed.
    UTFAST_BOM_SNIFF = 2,
    /// The input encoding's own mark is removed; another's is an error of kind
    /// `UTFAST_KIND_FOREIGN_BOM`.
    UTFAST_BOM_ENFORCE = 3,
}

/// A `utfast_encoding` as C passes it (the header calls it `utfast_encoding`).
pub type utfast_encoding_arg = u32;

/// A `utfast_error_mode` as C passes it (the header calls it
/// `utfast_error_mode`).
pub type utfast_error_mode_arg = u32;

/// A `utfast_bom_handling` as C passes it (the header calls it
/// `utfast_bom_handling`).
pub type utfast_bom_handling_arg = u32;

/// Each C encoding and the library's.
const ENCODINGS: [(utfast_encoding, Encoding); 10] = [
    (utfast_encoding::UTFAST_ENCODING_UTF8, Encoding::Utf8),
    (utfast_encoding::UTFAST_ENCODING_UTF16LE, Encoding::Utf16Le),
    (utfast_encoding::UTFAST_ENCODING_UTF16BE, Encoding::Utf16Be),
    (utfast_encoding::UTFAST_ENCODING_UTF32LE, Encoding::Utf32Le),
    (utfast_encoding::UTFAST_ENCODING_UTF32BE, Encoding::Utf32Be),
    (utfast_encoding::UTFAST_ENCODING_LATIN1, Encoding::Latin1),
    (
        utfast_encoding::UTFAST_ENCODING_WINDOWS1252,
        Encoding::Windows1252,
    ),
    (utfast_encoding::UTFAST_ENCODING_CESU8, Encoding::Cesu8),
    (utfast_encoding::UTFAST_ENCODING_MUTF8, Encoding::Mutf8),
    (utfast_encoding::UTFAST_ENCODING_WTF8, Encoding::Wtf8),
];

/// Each C error mode and the library's.
const MODES: [(utfast_error_mode, ErrorMode); 7] = [
    (utfast_error_mode::UTFAST_MODE_STRICT, ErrorMode::Strict),
    (utfast_error_mode::UTFAST_MODE_REPLACE, ErrorMode::Replace),
    (
        utfast_error_mode::UTFAST_MODE_SURROGATE_ESCAPE,
        ErrorMode::SurrogateEscape,
    ),
    (utfast_error_mode::UTFAST_MODE_LATIN1, ErrorMode::Latin1),
    (
        utfast_error_mode::UTFAST_MODE_WINDOWS1252,
        ErrorMode::Windows1252,
    ),
    (utfast_error_mode::UTFAST_MODE_IGNORE, ErrorMode::Ignore),
    (
        utfast_error_mode::UTFAST_MODE_BACKSLASH_REPLACE,
        ErrorMode::BackslashReplace,
    ),
];

/// Each C byte order mark handling and the library's.
const BOM_HANDLINGS: [(utfast_bom_handling, BomHandling); 4] = [
    (utfast_bom_handling::UTFAST_BOM_NONE, BomHandling::None),
    (utfast_bom_handling::UTFAST_BOM_STRIP, BomHandling::Strip),
    (utfast_bom_handling::UTFAST_BOM_SNIFF, BomHandling::Sniff),
    (
        utfast_bom_handling::UTFAST_BOM_ENFORCE,
        BomHandling::Enforce,
    ),
];

/// The library's encoding for a value C passed, or `None` when out of range.
pub(crate) fn encoding(value: utfast_encoding_arg) -> Option<Encoding> {
    ENCODINGS
        .iter()
        .find(|&&(c, _)| c as u32 == value)
        .map(|&(_, encoding)| encoding)
}

/// The C value of a library encoding (`None` for one the header does not name).
pub(crate) fn encoding_value(encoding: Encoding) -> Option<utfast_encoding> {
    ENCODINGS
        .iter()
        .find(|&&(_, e)| e == encoding)
        .map(|&(c, _)| c)
}

/// The library's error mode for a value C passed, or `None` when out of range.
pub(crate) fn error_mode(value: utfast_error_mode_arg) -> Option<ErrorMode> {
    MODES
        .iter()
        .find(|&&(c, _)| c as u32 == value)
        .map(|&(_, mode)| mode)
}

/// The library's byte order mark handling for a value C passed, or `None` when
/// out of range.
pub(crate) fn bom_handling(value: utfast_bom_handling_arg) -> Option<BomHandling> {
    BOM_HANDLINGS
        .iter()
        .find(|&&(c, _)| c as u32 == value)
        .map(|&(_, bom)| bom)
}

/// The C kind of a UTF-8 error kind.
pub(crate) fn utf8_kind(kind: Utf8ErrorKind) -> utfast_error_kind {
    use utfast_error_kind::*;
    match kind {
        Utf8ErrorKind::UnexpectedContinuation => UTFAST_KIND_UNEXPECTED_CONTINUATION,
        Utf8ErrorKind::MissingContinuation => UTFAST_KIND_MISSING_CONTINUATION,
        Utf8ErrorKind::TruncatedAtEnd => UTFAST_KIND_TRUNCATED_AT_END,
        Utf8ErrorKind::Overlong => UTFAST_KIND_OVERLONG,
        Utf8ErrorKind::Surrogate => UTFAST_KIND_SURROGATE,
        Utf8ErrorKind::TooLarge => UTFAST_KIND_TOO_LARGE,
        Utf8ErrorKind::InvalidByte => UTFAST_KIND_INVALID_BYTE,
        Utf8ErrorKind::OutputTooSmall => UTFAST_KIND_OUTPUT_TOO_SMALL,
        Utf8ErrorKind::NotLatin1 => UTFAST_KIND_NOT_LATIN1,
        _ => UTFAST_KIND_OTHER,
    }
}

/// The C kind of a UTF-16 error kind.
pub(crate) fn utf16_kind(kind: Utf16ErrorKind) -> utfast_error_kind {
    use utfast_error_kind::*;
    match kind {
        Utf16ErrorKind::UnpairedHighSurrogate => UTFAST_KIND_UNPAIRED_HIGH_SURROGATE,
        Utf16ErrorKind::UnpairedLowSurrogate => UTFAST_KIND_UNPAIRED_LOW_SURROGATE,
        Utf16ErrorKind::TruncatedAtEnd => UTFAST_KIND_TRUNCATED_AT_END,
        Utf16ErrorKind::OutputTooSmall => UTFAST_KIND_OUTPUT_TOO_SMALL,
        Utf16ErrorKind::NotLatin1 => UTFAST_KIND_NOT_LATIN1,
        _ => UTFAST_KIND_OTHER,
    }
}

/// The C kind of a UTF-32 error kind.
pub(crate) fn utf32_kind(kind: Utf32ErrorKind) -> utfast_error_kind {
    use utfast_error_kind::*;
    match kind {
        Utf32ErrorKind::Surrogate => UTFAST_KIND_SURROGATE,
        Utf32ErrorKind::TooLarge => UTFAST_KIND_TOO_LARGE,
        Utf32ErrorKind::OutputTooSmall => UTFAST_KIND_OUTPUT_TOO_SMALL,
        Utf32ErrorKind::NotLatin1 => UTFAST_KIND_NOT_LATIN1,
        _ => UTFAST_KIND_OTHER,
    }
}

/// The C kind of an error of a UTF-8 variant (CESU-8, Modified UTF-8, WTF-8).
pub(crate) fn variant_kind(kind: VariantErrorKind) -> utfast_error_kind {
    use utfast_error_kind::*;
    match kind {
        VariantErrorKind::UnexpectedContinuation => UTFAST_KIND_UNEXPECTED_CONTINUATION,
        VariantErrorKind::MissingContinuation => UTFAST_KIND_MISSING_CONTINUATION,
        VariantErrorKind::TruncatedAtEnd => UTFAST_KIND_TRUNCATED_AT_END,
        VariantErrorKind::Overlong => UTFAST_KIND_OVERLONG,
        VariantErrorKind::TooLarge | VariantErrorKind::ValueTooLarge => UTFAST_KIND_TOO_LARGE,
        VariantErrorKind::InvalidByte => UTFAST_KIND_INVALID_BYTE,
        VariantErrorKind::FourByteSequence => UTFAST_KIND_FOUR_BYTE_SEQUENCE,
        VariantErrorKind::UnpairedSurrogate => UTFAST_KIND_UNPAIRED_SURROGATE,
        VariantErrorKind::SurrogatePairInWtf8 => UTFAST_KIND_SURROGATE_PAIR_IN_WTF8,
        VariantErrorKind::Surrogate => UTFAST_KIND_SURROGATE,
        VariantErrorKind::NulByte => UTFAST_KIND_NUL_BYTE,
        _ => UTFAST_KIND_OTHER,
    }
}

/// The C kind of a streaming error kind.
pub(crate) fn transcode_kind(kind: TranscodeErrorKind) -> utfast_error_kind {
    use utfast_error_kind::*;
    match kind {
        TranscodeErrorKind::Utf8(kind) => utf8_kind(kind),
        TranscodeErrorKind::Utf16(kind) => utf16_kind(kind),
        TranscodeErrorKind::Utf32(kind) => utf32_kind(kind),
        TranscodeErrorKind::Variant(kind) => variant_kind(kind),
        TranscodeErrorKind::IncompleteUnit => UTFAST_KIND_INCOMPLETE_UNIT,
        TranscodeErrorKind::Unmappable(_) => UTFAST_KIND_UNMAPPABLE,
        TranscodeErrorKind::ForeignBom(_) => UTFAST_KIND_FOREIGN_BOM,
        _ => UTFAST_KIND_OTHER,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_encoding_has_a_value_and_back() {
        for (i, &e) in Encoding::ALL.iter().enumerate() {
            let value = encoding_value(e).unwrap();
            assert_eq!(value as u32, i as u32);
            assert_eq!(encoding(value as u32), Some(e));
        }
        assert_eq!(encoding(Encoding::ALL.len() as u32), None);
        assert_eq!(encoding(u32::MAX), None);
    }

    #[test]
    fn every_mode_has_a_value() {
        for (i, &mode) in ErrorMode::ALL.iter().enumerate() {
            assert_eq!(error_mode(i as u32), Some(mode));
        }
        assert_eq!(error_mode(ErrorMode::ALL.len() as u32), None);
    }

    #[test]
    fn kinds_have_distinct_values_per_family() {
        let utf8: Vec<u8> = Utf8ErrorKind::ALL
            .iter()
            .map(|&k| utf8_kind(k) as u8)
            .collect();
        let mut unique = utf8.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), utf8.len());
        assert!(!utf8.contains(&(utfast_error_kind::UTFAST_KIND_OTHER as u8)));
    }
}
