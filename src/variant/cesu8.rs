//! CESU-8 (Unicode Technical Report #26) and Java's Modified UTF-8: validation,
//! decoding to `str` and UTF-16, encoding from `str` and UTF-16.
//!
//! Both write a supplementary character as its UTF-16 surrogate pair, each
//! surrogate as a 3-byte sequence (`ED A0..AF xx ED B0..BF xx`), and so never
//! contain a 4-byte sequence or an unpaired surrogate; everything else is UTF-8.
//! Modified UTF-8 (the form of JNI and Java's class files) also writes U+0000 as
//! `C0 80`, so it never contains a `00` byte.
//!
//! Valid UTF-8 stretches run on the engine's kernels (see [`walk`]); a stretch
//! must hold no 4-byte sequence (nor, in Modified UTF-8, a `00` byte), and only the
//! surrogate pairs and `C0 80` are read by scalar code (dense pairs decoded to
//! `str`, as in emoji text, go by the kernel's block path where it has one:
//! `operations::cesu8_pairs_to_utf8`).

use super::error::{VariantError, VariantErrorKind};
#[cfg(feature = "alloc")]
use super::walk::walk;
use super::walk::{check, combine, is_low, surrogate_at, utf8_char, Bad, Special, Step, Variant};
use crate::api::api;
use crate::reference::utf8::is_continuation;
#[cfg(feature = "alloc")]
use crate::ByteOrder;
#[cfg(feature = "alloc")]
use crate::Engine;

/// CESU-8, as [`walk`] reads it.
struct Cesu8;

/// Modified UTF-8, as [`walk`] reads it.
struct Mutf8;

impl Variant for Cesu8 {
    const FORBIDS: Option<bool> = Some(false);
    const PAIRS: bool = true;

    #[inline]
    fn read(s: &[u8]) -> Step {
        read(s, false)
    }
}

impl Variant for Mutf8 {
    const FORBIDS: Option<bool> = Some(true);
    const PAIRS: bool = true;

    #[inline]
    fn read(s: &[u8]) -> Step {
        read(s, true)
    }
}

/// Reads the sequence at the start of `s` (not empty) as CESU-8, or with `mutf8`
/// as Modified UTF-8.
#[inline]
fn read(s: &[u8], mutf8: bool) -> Step {
    match s[0] {
        0x00 if mutf8 => Bad::new(1, VariantErrorKind::NulByte),
        0xC0 if mutf8 => match s.get(1) {
            None => Bad::TRUNCATED,
            Some(0x80) => Ok(Special { width: 2, value: 0 }),
            Some(&b) if is_continuation(b) => Bad::new(1, VariantErrorKind::Overlong),
            Some(_) => Bad::new(1, VariantErrorKind::MissingContinuation),
        },
        0xF0..=0xF4 => Bad::new(1, VariantErrorKind::FourByteSequence),
        0xED if matches!(s.get(1), Some(0xA0..=0xBF)) => pair(s),
        _ => utf8_char(s),
    }
}

/// Reads a surrogate pair at the start of `s`, which starts `ED A0..BF`.
#[inline]
fn pair(s: &[u8]) -> Step {
    let Some(high) = surrogate_at(s) else {
        return match s.len() {
            2 => Bad::TRUNCATED,
            _ => Bad::new(2, VariantErrorKind::MissingContinuation),
        };
    };
    if is_low(high) {
        return Bad::new(3, VariantErrorKind::UnpairedSurrogate);
    }
    let after = &s[3..];
    match (after, surrogate_at(after)) {
        (_, Some(low)) if is_low(low) => Ok(Special {
            width: 6,
            value: combine(high, low),
        }),
        // Only the start of a low surrogate, or nothing, before the end.
        ([] | [0xED] | [0xED, 0xB0..=0xBF], _) => Bad::TRUNCATED,
        _ => Bad::new(3, VariantErrorKind::UnpairedSurrogate),
    }
}

#[cfg(feature = "alloc")]
pub use owned::*;

#[cfg(feature = "alloc")]
mod owned {
    use super::*;
    use crate::error::{Utf16Error, Utf16ErrorKind};
    use crate::variant::walk::{find_byte, find_unit, put, StrSink, Utf16Sink};
    use alloc::{borrow::Cow, vec, vec::Vec};

    fn to_string<'a, V: Variant>(e: &Engine, src: &'a [u8]) -> Result<Cow<'a, str>, VariantError> {
        let mut sink = StrSink::new(src);
        walk::<V>(e, src, &mut sink)?;
        Ok(sink.finish())
    }

    fn to_utf16<V: Variant>(e: &Engine, src: &[u8]) -> Result<Vec<u16>, VariantError> {
        let mut sink = Utf16Sink::new(src.len());
        walk::<V>(e, src, &mut sink)?;
        Ok(sink.finish())
    }

    /// The 3-byte form of a UTF-16 code unit (a surrogate, here).
    fn three_bytes(unit: u16) -> [u8; 3] {
        [
            0xE0 | (unit >> 12) as u8,
            0x80 | (unit >> 6) as u8 & 0x3F,
            0x80 | unit as u8 & 0x3F,
        ]
    }

    /// The six bytes of a character above U+FFFF (from its four UTF-8 bytes,
    /// read as a little-endian word) in CESU-8: its two surrogates, each in the
    /// 3-byte form, as the low six bytes of a little-endian word. Both leads
    /// are 0xED (U+D800..U+DFFF); the rest is the character less 0x10000 (`c`,
    /// 20 bits) cut as `ED, A0|c[16..20], 80|c[10..16], ED, B0|c[6..10],
    /// 80|c[0..6]`.
    #[inline(always)]
    fn pair_word(utf8: u32) -> u64 {
        let [b0, b1, b2, b3] = utf8.to_le_bytes().map(u32::from);
        let c = ((b0 & 0x07) << 18 | (b1 & 0x3F) << 12 | (b2 & 0x3F) << 6 | (b3 & 0x3F)) - 0x1_0000;
        let c = u64::from(c);
        0x80B0_ED80_A0ED
            | (c >> 16) << 8
            | (c >> 10 & 0x3F) << 16
            | (c >> 6 & 0x0F) << 32
            | (c & 0x3F) << 40
    }

    /// A `str` in CESU-8 (`mutf8` false) or Modified UTF-8: borrowed when it has
    /// no 4-byte character (nor, for Modified UTF-8, a U+0000).
    ///
    /// Past the first such character, into an output of twice the input (a
    /// 4-byte character becomes 6 bytes, a U+0000 2): each special character
    /// written as fixed-size bytes, the ordinary bytes between them copied 16
    /// at a time while a look at the next 16 bytes finds the next special one,
    /// and by the vector scan and one copy when it does not (dense emoji text
    /// pays for no scan set-up a character, long ordinary stretches for no
    /// byte loop); a single ASCII byte between two 4-byte characters (the
    /// spaces of emoji text) stays in the 4-byte loop.
    fn from_str<'a>(engine: &Engine, s: &'a str, mutf8: bool) -> Cow<'a, [u8]> {
        let bytes = s.as_bytes();
        let Some((first, _)) = find_byte(*engine, bytes, mutf8) else {
            return Cow::Borrowed(bytes);
        };
        let special = |b: u8| b >= 0xF0 || (mutf8 && b == 0);
        // Twice the rest, and 2 bytes for the 8-byte writes of 6.
        let mut out = vec![0u8; first + 2 * (bytes.len() - first) + 2];
        out[..first].copy_from_slice(&bytes[..first]);
        let (mut at, mut n) = (first, first);
        // Here n - at <= at - first, so n + 2 * (bytes.len() - at) + 2 <=
        // out.len(): the writes below stay within `out`.
        while let Some(&b) = bytes.get(at) {
            if b >= 0xF0 {
                // `s` is UTF-8: 4-byte characters, as many as follow one
                // another, each read as a word and written as one (8 bytes
                // written, 6 kept); and an ordinary ASCII byte between two of
                // them (a space in emoji text) without leaving the loop. The
                // fourth in a row hands the stretch to the kernel's block
                // path (16 bytes a step in 128-bit vectors, 32 with AVX-512:
                // emoji text 4-7 times as fast), which takes blocks of 4-byte
                // characters and ASCII and leaves the rest here; fewer in a
                // row (emoji among other text) are not worth its call (a
                // failed block a run cost mixed text a quarter).
                let mut in_row = 0;
                while let Some(four) = bytes.get(at..at + 4) {
                    let word = u32::from_le_bytes([four[0], four[1], four[2], four[3]]);
                    if word & 0xF0 == 0xF0 {
                        out[n..n + 8].copy_from_slice(&pair_word(word).to_le_bytes());
                        (at, n) = (at + 4, n + 6);
                        in_row += 1;
                        if in_row == 4 {
                            let (r, w) = engine.ops().supplementary_to_cesu8(
                                &bytes[at..],
                                &mut out[n..],
                                mutf8,
                            );
                            (at, n) = (at + r, n + w);
                        }
                    } else if word & 0xF080 == 0xF000 && !(mutf8 && four[0] == 0) {
                        out[n] = four[0];
                        (at, n) = (at + 1, n + 1);
                    } else {
                        break;
                    }
                }
                continue;
            }
            if mutf8 && b == 0 {
                out[n..n + 2].copy_from_slice(&[0xC0, 0x80]);
                (at, n) = (at + 1, n + 2);
                continue;
            }
            // Ordinary bytes up to the next special one.
            let near = &bytes[at..bytes.len().min(at + 16)];
            let run = match near.iter().position(|&b| special(b)) {
                Some(k) => k,
                None => {
                    find_byte(*engine, &bytes[at..], mutf8).map_or(bytes.len() - at, |(k, _)| k)
                }
            };
            if run <= 16 && near.len() == 16 && out.len() - n >= 16 {
                // A fixed-size copy (no call); the bytes past `run` are
                // overwritten next.
                out[n..n + 16].copy_from_slice(near);
            } else {
                out[n..n + run].copy_from_slice(&bytes[at..at + run]);
            }
            (at, n) = (at + run, n + run);
        }
        out.truncate(n);
        Cow::Owned(out)
    }

    /// UTF-16 to CESU-8 (`mutf8` false) or Modified UTF-8: surrogate-free stretches
    /// (without U+0000 for Modified UTF-8) through the engine's UTF-16 to UTF-8
    /// kernel, surrogate pairs and U+0000 by scalar code.
    fn from_utf16(e: &Engine, src: &[u16], mutf8: bool) -> Result<Vec<u8>, Utf16Error> {
        // At most 3 bytes per unit: a BMP character, a surrogate, C0 80.
        let mut out = vec![0u8; 3 * src.len()];
        let (mut at, mut n) = (0, 0);
        while at < src.len() {
            let end = find_unit(*e, &src[at..], mutf8).map_or(src.len(), |k| at + k);
            if end > at {
                let room = out.get_mut(n..).unwrap_or_default();
                match e.utf16_to_utf8(&src[at..end], room, ByteOrder::NATIVE) {
                    Ok(written) => n += written,
                    Err(err) => {
                        return Err(Utf16Error::new(
                            at + err.valid_up_to(),
                            n + err.written(),
                            err.kind(),
                        ))
                    }
                }
            }
            at = end;
            let Some(&unit) = src.get(at) else { break };
            if unit == 0 {
                put(&mut out, &mut n, &[0xC0, 0x80]);
                at += 1;
            } else if is_low(unit) {
                return Err(Utf16Error::new(at, n, Utf16ErrorKind::UnpairedLowSurrogate));
            } else {
                match src.get(at + 1) {
                    Some(&low) if is_low(low) => {
                        put(&mut out, &mut n, &three_bytes(unit));
                        put(&mut out, &mut n, &three_bytes(low));
                        at += 2;
                    }
                    Some(_) => {
                        let kind = Utf16ErrorKind::UnpairedHighSurrogate;
                        return Err(Utf16Error::new(at, n, kind));
                    }
                    None => return Err(Utf16Error::new(at, n, Utf16ErrorKind::TruncatedAtEnd)),
                }
            }
        }
        out.truncate(n);
        Ok(out)
    }

    api! { "variant";
        /// Decodes CESU-8 to a `str`: borrowed when the input is already UTF-8 (has no
        /// surrogate pair), otherwise a new `String` in which each pair is one
        /// character.
        ///
        /// ```
        /// use std::borrow::Cow;
        /// assert!(matches!(utfast::variant::cesu8_to_string(b"plain"), Ok(Cow::Borrowed("plain"))));
        /// let s = utfast::variant::cesu8_to_string(b"\xED\xA1\x8C\xED\xBE\xB4").unwrap();
        /// assert_eq!(s, "\u{233B4}");
        /// assert!(utfast::variant::cesu8_to_string(b"\xED\xA1\x8C").is_err()); // unpaired
        /// ```
        pub fn cesu8_to_string[<'a>](src: &'a [u8]) -> Result<Cow<'a, str>, VariantError>
            as cesu8_to_string;
            |engine| to_string::<Cesu8>(engine, src);

        /// Decodes Modified UTF-8 to a `str`: borrowed when the input is already UTF-8
        /// (no pair, no `C0 80`), otherwise a new `String`.
        ///
        /// ```
        /// use std::borrow::Cow;
        /// assert!(matches!(utfast::variant::mutf8_to_string(b"plain"), Ok(Cow::Borrowed("plain"))));
        /// assert_eq!(utfast::variant::mutf8_to_string(b"nul:\xC0\x80").unwrap(), "nul:\0");
        /// assert!(utfast::variant::mutf8_to_string(b"nul:\x00").is_err());
        /// ```
        pub fn mutf8_to_string[<'a>](src: &'a [u8]) -> Result<Cow<'a, str>, VariantError>
            as mutf8_to_string;
            |engine| to_string::<Mutf8>(engine, src);

        /// Encodes a `str` as CESU-8: borrowed when it has no supplementary character
        /// (then CESU-8 and UTF-8 agree), otherwise each such character becomes a pair
        /// of 3-byte surrogates.
        ///
        /// ```
        /// use std::borrow::Cow;
        /// assert!(matches!(utfast::variant::str_to_cesu8("€uro"), Cow::Borrowed(b"\xE2\x82\xACuro")));
        /// assert_eq!(&*utfast::variant::str_to_cesu8("𐍈"), b"\xED\xA0\x80\xED\xBD\x88");
        /// ```
        pub fn str_to_cesu8[<'a>](s: &'a str) -> Cow<'a, [u8]>
            as str_to_cesu8;
            |engine| from_str(engine, s, false);

        /// Encodes a `str` as Modified UTF-8: borrowed when it has no supplementary
        /// character and no U+0000.
        ///
        /// ```
        /// use std::borrow::Cow;
        /// assert!(matches!(utfast::variant::str_to_mutf8("ok"), Cow::Borrowed(b"ok")));
        /// assert_eq!(&*utfast::variant::str_to_mutf8("a\0😀"), b"a\xC0\x80\xED\xA0\xBD\xED\xB8\x80");
        /// ```
        pub fn str_to_mutf8[<'a>](s: &'a str) -> Cow<'a, [u8]>
            as str_to_mutf8;
            |engine| from_str(engine, s, true);

        /// Decodes CESU-8 to UTF-16 (machine byte order).
        ///
        /// ```
        /// let units = utfast::variant::cesu8_to_utf16_vec(b"a\xED\xA0\x80\xED\xBD\x88").unwrap();
        /// assert_eq!(units, vec![0x61, 0xD800, 0xDF48]);
        /// assert!(utfast::variant::cesu8_to_utf16_vec(b"\xED\xBD\x88").is_err());
        /// ```
        pub fn cesu8_to_utf16_vec(src: &[u8]) -> Result<Vec<u16>, VariantError>
            as cesu8_to_utf16_vec;
            |engine| to_utf16::<Cesu8>(engine, src);

        /// Decodes Modified UTF-8 to UTF-16 (machine byte order).
        ///
        /// ```
        /// let units = utfast::variant::mutf8_to_utf16_vec(b"\xC0\x80\xED\xA0\x80\xED\xBD\x88").unwrap();
        /// assert_eq!(units, vec![0, 0xD800, 0xDF48]);
        /// assert!(utfast::variant::mutf8_to_utf16_vec(b"\x00").is_err());
        /// ```
        pub fn mutf8_to_utf16_vec(src: &[u8]) -> Result<Vec<u16>, VariantError>
            as mutf8_to_utf16_vec;
            |engine| to_utf16::<Mutf8>(engine, src);

        /// Encodes well-formed UTF-16 (machine byte order) as CESU-8; an unpaired
        /// surrogate is an error, as from [`utf16::to_utf8`](crate::utf16::to_utf8).
        ///
        /// ```
        /// assert_eq!(utfast::variant::utf16_to_cesu8_vec(&[0x61, 0xD800, 0xDF48]).unwrap(),
        ///            b"a\xED\xA0\x80\xED\xBD\x88");
        /// assert_eq!(utfast::variant::utf16_to_cesu8_vec(&[0x61, 0xDF48]).unwrap_err().valid_up_to(), 1);
        /// ```
        pub fn utf16_to_cesu8_vec(src: &[u16]) -> Result<Vec<u8>, Utf16Error>
            as utf16_to_cesu8_vec;
            |engine| from_utf16(engine, src, false);

        /// Encodes well-formed UTF-16 (machine byte order) as Modified UTF-8.
        ///
        /// ```
        /// assert_eq!(utfast::variant::utf16_to_mutf8_vec(&[0, 0x61]).unwrap(), b"\xC0\x80a");
        /// assert!(utfast::variant::utf16_to_mutf8_vec(&[0xD800]).is_err());
        /// ```
        pub fn utf16_to_mutf8_vec(src: &[u16]) -> Result<Vec<u8>, Utf16Error>
            as utf16_to_mutf8_vec;
            |engine| from_utf16(engine, src, true);
    }
}

api! { "variant";
    /// True when `src` is valid CESU-8: UTF-8 without 4-byte sequences, with
    /// supplementary characters as surrogate pairs of two 3-byte sequences.
    ///
    /// ```
    /// assert!(utfast::variant::validate_cesu8(b"\xED\xA1\x8C\xED\xBE\xB4")); // U+233B4
    /// assert!(!utfast::variant::validate_cesu8("𐍈".as_bytes())); // 4 bytes
    /// assert!(!utfast::variant::validate_cesu8(b"\xC0\x80")); // overlong
    /// ```
    pub fn validate_cesu8(src: &[u8]) -> bool
        as validate_cesu8;
        |engine| check::<Cesu8>(engine, src).is_ok();

    /// Validates CESU-8: `Ok`, or where, how long and why the input is invalid
    /// (see [`VariantError`]).
    ///
    /// ```
    /// use utfast::variant::VariantErrorKind;
    /// assert!(utfast::variant::check_cesu8("plain €".as_bytes()).is_ok());
    /// let err = utfast::variant::check_cesu8(b"a\xF0\x90\x8D\x88").unwrap_err();
    /// assert_eq!((err.valid_up_to(), err.error_len()), (1, Some(1)));
    /// assert_eq!(err.kind(), VariantErrorKind::FourByteSequence);
    /// ```
    pub fn check_cesu8(src: &[u8]) -> Result<(), VariantError>
        as check_cesu8;
        |engine| check::<Cesu8>(engine, src);

    /// True when `src` is valid Modified UTF-8 (Java): CESU-8 in which U+0000 is
    /// `C0 80` and no byte is `00`.
    ///
    /// ```
    /// assert!(utfast::variant::validate_mutf8(b"a\xC0\x80b"));
    /// assert!(!utfast::variant::validate_mutf8(b"a\x00b"));
    /// assert!(utfast::variant::validate_mutf8(b"\xED\xA1\x8C\xED\xBE\xB4"));
    /// ```
    pub fn validate_mutf8(src: &[u8]) -> bool
        as validate_mutf8;
        |engine| check::<Mutf8>(engine, src).is_ok();

    /// Validates Modified UTF-8: `Ok`, or where, how long and why the input is
    /// invalid.
    ///
    /// ```
    /// use utfast::variant::VariantErrorKind;
    /// let err = utfast::variant::check_mutf8(b"ab\x00").unwrap_err();
    /// assert_eq!((err.valid_up_to(), err.kind()), (2, VariantErrorKind::NulByte));
    /// ```
    pub fn check_mutf8(src: &[u8]) -> Result<(), VariantError>
        as check_mutf8;
        |engine| check::<Mutf8>(engine, src);
}
