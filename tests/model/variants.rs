//! A plain model of the UTF-8 variants, written from their definitions and
//! independently of `src/variants`: shared by `tests/variants.rs` and the fuzz
//! targets (`#[path]`-included; `tests/lossy.rs` takes its [`to_utf16`]). At the
//! end, the comparisons both make of the library with the model
//! ([`assert_checks`], [`assert_decoded`]).
//!
//! A sequence is read byte by byte as generalized UTF-8 (lead byte = width); after
//! each byte the range of values the sequence could still encode is intersected
//! with the values the variant allows at that width. The first byte that empties it
//! ends the maximal subpart, as in `std::str::from_utf8`.

#![allow(dead_code)]

use std::fmt::{Debug, Display};
use utfast::{variant::VariantError, variant::VariantErrorKind as Kind, Engine};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    Cesu8,
    Mutf8,
    Wtf8,
    Rfc2279,
}

/// An error: (valid_up_to, error_len, kind).
pub type ModelError = (usize, Option<usize>, Kind);

/// The values a sequence of `width` bytes may encode, as inclusive intervals, and
/// whether surrogates are allowed as values.
fn allowed(form: Form, width: usize) -> &'static [(u32, u32)] {
    match (form, width) {
        (_, 1) => &[(0, 0x7F)],
        (Form::Mutf8, 2) => &[(0, 0), (0x80, 0x7FF)],
        (_, 2) => &[(0x80, 0x7FF)],
        (Form::Rfc2279, 3) => &[(0x800, 0xD7FF), (0xE000, 0xFFFF)],
        (_, 3) => &[(0x800, 0xFFFF)],
        (Form::Cesu8 | Form::Mutf8, _) => &[],
        (Form::Wtf8, 4) => &[(0x1_0000, 0x10_FFFF)],
        (Form::Rfc2279, 4) => &[(0x1_0000, 0x1F_FFFF)],
        (Form::Rfc2279, 5) => &[(0x20_0000, 0x3FF_FFFF)],
        (Form::Rfc2279, 6) => &[(0x400_0000, 0x7FFF_FFFF)],
        _ => &[],
    }
}

/// Why the range `lo..=hi` of a `width`-byte sequence has no allowed value.
fn why_not(form: Form, width: usize, lo: u32, hi: u32) -> Kind {
    const SHORTEST: [u32; 7] = [0, 0, 0x80, 0x800, 0x1_0000, 0x20_0000, 0x400_0000];
    if width == 4 && matches!(form, Form::Cesu8 | Form::Mutf8) && lo <= 0x10_FFFF {
        Kind::FourByteSequence
    } else if width > 4 && form != Form::Rfc2279 || width > 6 {
        Kind::InvalidByte
    } else if hi < SHORTEST[width] {
        Kind::Overlong
    } else if (0xD800..=0xDFFF).contains(&lo) && (0xD800..=0xDFFF).contains(&hi) {
        Kind::Surrogate
    } else {
        Kind::TooLarge
    }
}

/// Reads one sequence at `src[i..]`: Ok((width, value)) or Err((len, kind)),
/// len 0 meaning "truncated at the end".
fn sequence(src: &[u8], i: usize, form: Form) -> Result<(usize, u32), (usize, Kind)> {
    let lead = src[i];
    if lead & 0xC0 == 0x80 {
        return Err((1, Kind::UnexpectedContinuation));
    }
    let width = (lead.leading_ones() as usize).max(1);
    if width > 6 {
        return Err((1, Kind::InvalidByte));
    }
    let mut value = if width == 1 {
        u32::from(lead)
    } else {
        u32::from(lead) & (0x7F >> width)
    };
    for k in 0..width {
        if k > 0 {
            let Some(&b) = src.get(i + k) else {
                return Err((0, Kind::TruncatedAtEnd));
            };
            if b & 0xC0 != 0x80 {
                return Err((k, Kind::MissingContinuation));
            }
            value = value << 6 | u32::from(b & 0x3F);
        }
        let free = 6 * (width - 1 - k) as u32;
        let (lo, hi) = (value << free, value << free | ((1u32 << free) - 1));
        if !allowed(form, width)
            .iter()
            .any(|&(a, b)| lo <= b && a <= hi)
        {
            return Err((k.max(1), why_not(form, width, lo, hi)));
        }
    }
    Ok((width, value))
}

fn is_high(v: u32) -> bool {
    (0xD800..=0xDBFF).contains(&v)
}

fn is_low(v: u32) -> bool {
    (0xDC00..=0xDFFF).contains(&v)
}

/// Decodes `src` in `form` to its values (pairs combined in CESU-8 and Modified
/// UTF-8; lone surrogates kept in WTF-8), or the first error.
pub fn decode(src: &[u8], form: Form) -> Result<Vec<u32>, ModelError> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < src.len() {
        if form == Form::Mutf8 && src[i] == 0 {
            return Err((i, Some(1), Kind::NulByte));
        }
        let (width, value) = match sequence(src, i, form) {
            Ok(x) => x,
            Err((0, kind)) => return Err((i, None, kind)),
            Err((len, kind)) => return Err((i, Some(len), kind)),
        };
        let mut next = i + width;
        let mut value = value;
        match form {
            Form::Cesu8 | Form::Mutf8 if is_low(value) => {
                return Err((i, Some(3), Kind::UnpairedSurrogate))
            }
            Form::Cesu8 | Form::Mutf8 if is_high(value) => {
                let rest = &src[next..];
                let low = match rest {
                    [] => None,
                    _ => match sequence(src, next, form) {
                        Ok((3, low)) if is_low(low) => Some(low),
                        _ => None,
                    },
                };
                match low {
                    Some(low) => {
                        value = 0x1_0000 + ((value - 0xD800) << 10) + (low - 0xDC00);
                        next += 3;
                    }
                    None if rest.len() < 3
                        && rest.first().is_none_or(|&b| b == 0xED)
                        && rest.get(1).is_none_or(|b| (0xB0..=0xBF).contains(b)) =>
                    {
                        return Err((i, None, Kind::TruncatedAtEnd))
                    }
                    None => return Err((i, Some(3), Kind::UnpairedSurrogate)),
                }
            }
            Form::Wtf8 if is_high(value) && next < src.len() => {
                if let Ok((3, low)) = sequence(src, next, form) {
                    if is_low(low) {
                        return Err((next, Some(3), Kind::SurrogatePairInWtf8));
                    }
                }
            }
            _ => {}
        }
        out.push(value);
        i = next;
    }
    Ok(out)
}

/// Values to UTF-16 (values up to U+10FFFF, surrogates as themselves).
pub fn to_utf16(values: &[u32]) -> Vec<u16> {
    let mut out = Vec::new();
    for &v in values {
        if v >= 0x1_0000 {
            let v = v - 0x1_0000;
            out.push(0xD800 | (v >> 10) as u16);
            out.push(0xDC00 | (v & 0x3FF) as u16);
        } else {
            out.push(v as u16);
        }
    }
    out
}

/// Encodes a value in generalized UTF-8 (the shortest form, up to six bytes).
pub fn encode(v: u32, out: &mut Vec<u8>) {
    if v < 0x80 {
        out.push(v as u8);
        return;
    }
    let width = [0x800u32, 0x1_0000, 0x20_0000, 0x400_0000]
        .iter()
        .position(|&limit| v < limit)
        .map_or(6, |k| k + 2);
    let mut bytes = Vec::new();
    let mut rest = v;
    for _ in 1..width {
        bytes.push(0x80 | (rest & 0x3F) as u8);
        rest >>= 6;
    }
    out.push((0xFF00u16 >> width) as u8 | rest as u8);
    out.extend(bytes.iter().rev());
}

/// UTF-16 (any units) to CESU-8 (`nul_as_c080` false) or Modified UTF-8 (true),
/// or the index of the first unpaired surrogate.
pub fn utf16_to_cesu8(units: &[u16], nul_as_c080: bool) -> Result<Vec<u8>, usize> {
    let mut index = 0;
    for r in char::decode_utf16(units.iter().copied()) {
        match r {
            Ok(c) => index += c.len_utf16(),
            Err(_) => return Err(index),
        }
    }
    let mut out = Vec::new();
    for &u in units {
        if u == 0 && nul_as_c080 {
            out.extend([0xC0, 0x80]);
        } else {
            encode(u32::from(u), &mut out);
        }
    }
    Ok(out)
}

/// UTF-16 (any units) to WTF-8: pairs as one character, lone surrogates as units.
pub fn utf16_to_wtf8(units: &[u16]) -> Vec<u8> {
    let mut out = Vec::new();
    for r in char::decode_utf16(units.iter().copied()) {
        match r {
            Ok(c) => encode(u32::from(c), &mut out),
            Err(e) => encode(u32::from(e.unpaired_surrogate()), &mut out),
        }
    }
    out
}

/// A library error as the model writes it.
pub fn model_error(e: VariantError) -> ModelError {
    (e.valid_up_to(), e.error_len(), e.kind())
}

/// `Engine::check_*` of `form`.
pub fn check(e: &Engine, src: &[u8], form: Form) -> Result<(), VariantError> {
    match form {
        Form::Cesu8 => e.check_cesu8(src),
        Form::Mutf8 => e.check_mutf8(src),
        Form::Wtf8 => e.check_wtf8(src),
        Form::Rfc2279 => e.check_rfc2279(src),
    }
}

/// `Engine::validate_*` of `form`.
pub fn validate(e: &Engine, src: &[u8], form: Form) -> bool {
    match form {
        Form::Cesu8 => e.validate_cesu8(src),
        Form::Mutf8 => e.validate_mutf8(src),
        Form::Wtf8 => e.validate_wtf8(src),
        Form::Rfc2279 => e.validate_rfc2279(src),
    }
}

/// What `check_*` must return when the model decodes the input to `want`.
pub fn check_result(want: &Result<Vec<u32>, ModelError>) -> Result<(), ModelError> {
    want.as_ref().map(|_| ()).map_err(|e| *e)
}

/// Checks that `check_*` and `validate_*` of `form` on `e` give `want`, the
/// model's decoding of `src`.
#[track_caller]
pub fn assert_checks(
    e: &Engine,
    src: &[u8],
    form: Form,
    want: &Result<Vec<u32>, ModelError>,
    what: impl Display,
) {
    let got = check(e, src, form).map_err(model_error);
    assert_eq!(got, check_result(want), "check: {what}");
    assert_eq!(validate(e, src, form), want.is_ok(), "validate: {what}");
}

/// Checks a decoder's result against the model's `want`: the same value, or the
/// same error.
#[track_caller]
pub fn assert_decoded<T: PartialEq + Debug>(
    got: Result<T, VariantError>,
    want: &Result<T, ModelError>,
    what: impl Display,
) {
    assert_eq!(got.map_err(model_error).as_ref(), want.as_ref(), "{what}");
}
