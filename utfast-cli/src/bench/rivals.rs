//! What `bench` compares utfast with: std's way to do each job into a slice (the
//! baseline every implementation must agree with), simdutf8, encoding_rs and,
//! with the cargo feature `simdutf`, the C++ simdutf library. Each conversion has
//! one shape, [`Convert`]: write into `dst`, return the units written, or `None`
//! for input it rejects (or an output too small, which the benchmark never
//! gives). A validation is a conversion that writes nothing.

// The lists grow by simdutf's entries only with its feature.
#![cfg_attr(not(feature = "simdutf"), allow(unused_mut))]

/// One implementation of a conversion from `S` units to `D` units.
pub type Convert<S, D> = fn(&[S], &mut [D]) -> Option<usize>;

/// A rival library's implementation, named for the column header.
pub struct Rival<S, D> {
    pub name: &'static str,
    pub convert: Convert<S, D>,
}

/// The versions of the rival libraries this binary was built with (from the
/// workspace's Cargo.lock, by build.rs), for the report.
pub fn versions() -> Vec<(&'static str, &'static str)> {
    let mut versions = vec![
        ("simdutf8", env!("UTFAST_CLI_SIMDUTF8_VERSION")),
        ("encoding_rs", env!("UTFAST_CLI_ENCODING_RS_VERSION")),
    ];
    if cfg!(feature = "simdutf") {
        versions.push(("simdutf", env!("UTFAST_CLI_SIMDUTF_VERSION")));
    }
    versions
}

/// The rivals of one job: each library's implementation, named, then the C++
/// simdutf's (`$simdutf`) with the feature `simdutf`.
macro_rules! rivals {
    ($($name:literal: $convert:expr,)* $(simdutf: $simdutf:expr)?) => {{
        let mut rivals = vec![$(Rival { name: $name, convert: $convert }),*];
        // `extend`, not `push`: clippy flags a push right after an empty `vec![]`.
        $(#[cfg(feature = "simdutf")]
        rivals.extend([Rival { name: "simdutf", convert: $simdutf }]);)?
        rivals
    }};
}

/// The UTF-8 validators besides utfast's and std's (validations: they write
/// nothing).
pub fn validate_utf8() -> Vec<Rival<u8, u8>> {
    rivals! {
        "simdutf8": |src, _| simdutf8::basic::from_utf8(src).is_ok().then_some(0),
        "simdutf8 compat": |src, _| simdutf8::compat::from_utf8(src).is_ok().then_some(0),
        "encoding_rs": |src, _| {
            (encoding_rs::Encoding::utf8_valid_up_to(src) == src.len()).then_some(0)
        },
        simdutf: |src, _| simdutf::validate_utf8(src).then_some(0)
    }
}

/// The rivals of `utf8_to_utf16le` (on a little-endian machine; the benchmark's
/// UTF-16LE is native-endian there).
pub fn utf8_to_utf16le() -> Vec<Rival<u8, u16>> {
    rivals! {
        "encoding_rs": |src, dst| {
            (dst.len() >= src.len())
                .then(|| encoding_rs::mem::convert_utf8_to_utf16_without_replacement(src, dst))?
        },
        simdutf: simdutf_ffi::utf8_to_utf16le
    }
}

/// The rivals of `utf16le_to_utf8`. encoding_rs replaces errors (it has no
/// strict UTF-16 to UTF-8 conversion): the same work on the valid text measured.
pub fn utf16le_to_utf8() -> Vec<Rival<u16, u8>> {
    rivals! {
        "encoding_rs": |src, dst| {
            (dst.len() >= src.len().saturating_mul(3))
                .then(|| encoding_rs::mem::convert_utf16_to_utf8(src, dst))
        },
        simdutf: simdutf_ffi::utf16le_to_utf8
    }
}

/// The rivals of `utf8_to_utf32` (encoding_rs has no UTF-32).
pub fn utf8_to_utf32() -> Vec<Rival<u8, u32>> {
    rivals!(simdutf: simdutf_ffi::utf8_to_utf32)
}

/// The rivals of `utf32_to_utf8` (encoding_rs has no UTF-32).
pub fn utf32_to_utf8() -> Vec<Rival<u32, u8>> {
    rivals!(simdutf: simdutf_ffi::utf32_to_utf8)
}

/// The rivals of `latin1_to_utf8`.
pub fn latin1_to_utf8() -> Vec<Rival<u8, u8>> {
    rivals! {
        "encoding_rs": |src, dst| {
            (dst.len() >= src.len().saturating_mul(2))
                .then(|| encoding_rs::mem::convert_latin1_to_utf8(src, dst))
        },
        simdutf: simdutf_ffi::latin1_to_utf8
    }
}

/// The rivals of `utf8_to_latin1`. encoding_rs's conversion expects text whose
/// characters Latin-1 has (the only text measured) and does not check it.
pub fn utf8_to_latin1() -> Vec<Rival<u8, u8>> {
    rivals! {
        "encoding_rs": |src, dst| {
            (dst.len() >= src.len() && encoding_rs::mem::is_utf8_latin1(src))
                .then(|| encoding_rs::mem::convert_utf8_to_latin1_lossy(src, dst))
        },
        simdutf: simdutf_ffi::utf8_to_latin1
    }
}

/// The rivals of `validate_utf16le`.
pub fn validate_utf16le() -> Vec<Rival<u16, u8>> {
    rivals! {
        "encoding_rs": |src, _| {
            (encoding_rs::mem::utf16_valid_up_to(src) == src.len()).then_some(0)
        },
        simdutf: |src, _| simdutf::validate_utf16le(src).then_some(0)
    }
}

// std's way to do each conversion into a slice: the baseline of each section.

/// Writes `units` into `dst`: their count, or `None` when they do not fit.
fn fill<T>(dst: &mut [T], units: impl Iterator<Item = T>) -> Option<usize> {
    let mut written = 0;
    for unit in units {
        *dst.get_mut(written)? = unit;
        written += 1;
    }
    Some(written)
}

/// Writes `chars` as UTF-8 into `dst`: the bytes written, or `None` when a `chars`
/// item is `None` (invalid input) or they do not fit.
fn fill_utf8(dst: &mut [u8], chars: impl Iterator<Item = Option<char>>) -> Option<usize> {
    let mut written = 0;
    for c in chars {
        let c = c?;
        let len = c.len_utf8();
        c.encode_utf8(dst.get_mut(written..written + len)?);
        written += len;
    }
    Some(written)
}

pub fn std_utf8_to_utf16le(src: &[u8], dst: &mut [u16]) -> Option<usize> {
    let text = std::str::from_utf8(src).ok()?;
    fill(dst, text.encode_utf16().map(u16::to_le))
}

pub fn std_utf16le_to_utf8(src: &[u16], dst: &mut [u8]) -> Option<usize> {
    let units = src.iter().map(|&unit| u16::from_le(unit));
    fill_utf8(dst, char::decode_utf16(units).map(Result::ok))
}

pub fn std_utf8_to_utf32(src: &[u8], dst: &mut [u32]) -> Option<usize> {
    let text = std::str::from_utf8(src).ok()?;
    fill(dst, text.chars().map(u32::from))
}

pub fn std_utf32_to_utf8(src: &[u32], dst: &mut [u8]) -> Option<usize> {
    fill_utf8(dst, src.iter().map(|&value| char::from_u32(value)))
}

pub fn std_latin1_to_utf8(src: &[u8], dst: &mut [u8]) -> Option<usize> {
    fill_utf8(dst, src.iter().map(|&byte| Some(char::from(byte))))
}

pub fn std_utf8_to_latin1(src: &[u8], dst: &mut [u8]) -> Option<usize> {
    let text = std::str::from_utf8(src).ok()?;
    let mut written = 0;
    for c in text.chars() {
        *dst.get_mut(written)? = u8::try_from(c).ok()?;
        written += 1;
    }
    Some(written)
}

pub fn std_validate_utf16le(src: &[u16], _: &mut [u8]) -> Option<usize> {
    let units = src.iter().map(|&unit| u16::from_le(unit));
    char::decode_utf16(units).all(|c| c.is_ok()).then_some(0)
}

/// The C++ simdutf's conversions behind the [`Convert`] shape: each validates
/// first (its conversions assume valid input or report failure with 0, which
/// is ambiguous for empty input) and checks that `dst` has the worst-case room
/// its raw-pointer interface needs.
#[cfg(feature = "simdutf")]
#[allow(unsafe_code)]
mod simdutf_ffi {
    /// Converts with `convert` when `dst` holds `per_unit` units per input unit.
    macro_rules! checked {
        ($name:ident, $s:ty, $d:ty, $per_unit:expr, $convert:path) => {
            pub fn $name(src: &[$s], dst: &mut [$d]) -> Option<usize> {
                if dst.len() < src.len().saturating_mul($per_unit) {
                    return None;
                }
                // SAFETY: `src` is `src.len()` readable units and `dst` has room for
                // `$per_unit` output units per input unit, the most simdutf writes.
                let written = unsafe { $convert(src.as_ptr(), src.len(), dst.as_mut_ptr()) };
                (written != 0 || src.is_empty()).then_some(written)
            }
        };
    }
    checked!(
        utf8_to_utf16le,
        u8,
        u16,
        1,
        simdutf::convert_utf8_to_utf16le
    );
    checked!(
        utf16le_to_utf8,
        u16,
        u8,
        3,
        simdutf::convert_utf16le_to_utf8
    );
    checked!(utf8_to_utf32, u8, u32, 1, simdutf::convert_utf8_to_utf32);
    checked!(utf32_to_utf8, u32, u8, 4, simdutf::convert_utf32_to_utf8);
    checked!(latin1_to_utf8, u8, u8, 2, simdutf::convert_latin1_to_utf8);
    checked!(utf8_to_latin1, u8, u8, 1, simdutf::convert_utf8_to_latin1);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn std_baselines_convert_and_reject() {
        let text = "aé€😀";
        let mut utf16 = [0u16; 8];
        assert_eq!(std_utf8_to_utf16le(text.as_bytes(), &mut utf16), Some(5));
        assert_eq!(utf16[3], 0xD83Du16.to_le());
        let mut utf8 = [0u8; 16];
        assert_eq!(std_utf16le_to_utf8(&utf16[..5], &mut utf8), Some(10));
        assert_eq!(&utf8[..10], text.as_bytes());
        assert_eq!(std_utf16le_to_utf8(&[0xDC00u16.to_le()], &mut utf8), None);
        assert_eq!(std_utf16le_to_utf8(&utf16[..5], &mut utf8[..9]), None);
        let mut utf32 = [0u32; 4];
        assert_eq!(std_utf8_to_utf32(text.as_bytes(), &mut utf32), Some(4));
        assert_eq!(std_utf32_to_utf8(&utf32, &mut utf8), Some(10));
        assert_eq!(std_utf32_to_utf8(&[0xD800], &mut utf8), None);
        assert_eq!(std_latin1_to_utf8(b"\xE9t\xE9", &mut utf8), Some(5));
        assert_eq!(&utf8[..5], "été".as_bytes());
        let mut latin1 = [0u8; 4];
        assert_eq!(std_utf8_to_latin1("été".as_bytes(), &mut latin1), Some(3));
        assert_eq!(&latin1[..3], b"\xE9t\xE9");
        assert_eq!(std_utf8_to_latin1("€".as_bytes(), &mut latin1), None);
        assert_eq!(std_validate_utf16le(&utf16[..5], &mut []), Some(0));
        assert_eq!(std_validate_utf16le(&utf16[..4], &mut []), None);
    }

    /// Every rival gives std's answer on valid text of every kind, and none
    /// panics on input it rejects.
    #[test]
    fn rivals_agree_with_std() {
        let text = "ASCII, Grüße, Привет, 世界, 😀";
        let latin1_text = "Grüße, café";
        let utf16: Vec<u16> = text.encode_utf16().collect();
        let utf32: Vec<u32> = text.chars().map(u32::from).collect();
        let latin1: Vec<u8> = latin1_text.chars().map(|c| c as u8).collect();
        fn check<S, D: Copy + Default + PartialEq + std::fmt::Debug>(
            src: &[S],
            per_unit: usize,
            std: Convert<S, D>,
            rivals: Vec<Rival<S, D>>,
        ) {
            let mut expected = vec![D::default(); src.len() * per_unit];
            let n = std(src, &mut expected).expect("valid input");
            for rival in rivals {
                let mut out = vec![D::default(); src.len() * per_unit];
                let written = (rival.convert)(src, &mut out);
                assert_eq!(written, Some(n), "{}", rival.name);
                assert_eq!(out[..n], expected[..n], "{}", rival.name);
                // Too small an output is refused, not a panic.
                if !src.is_empty() && per_unit > 0 {
                    assert_eq!((rival.convert)(src, &mut out[..1]), None, "{}", rival.name);
                }
            }
        }
        check(text.as_bytes(), 1, std_utf8_to_utf16le, utf8_to_utf16le());
        check(&utf16, 3, std_utf16le_to_utf8, utf16le_to_utf8());
        check(text.as_bytes(), 1, std_utf8_to_utf32, utf8_to_utf32());
        check(&utf32, 4, std_utf32_to_utf8, utf32_to_utf8());
        check(&latin1, 2, std_latin1_to_utf8, latin1_to_utf8());
        check(
            latin1_text.as_bytes(),
            1,
            std_utf8_to_latin1,
            utf8_to_latin1(),
        );
        check(&utf16, 0, std_validate_utf16le, validate_utf16le());
        for rival in validate_utf8() {
            let valid = (rival.convert)(text.as_bytes(), &mut []);
            assert_eq!(valid, Some(0), "{}", rival.name);
            let invalid = (rival.convert)(b"ab\xED\xA0\x80", &mut []);
            assert_eq!(invalid, None, "{}", rival.name);
        }
        // Input that Latin-1 cannot represent is rejected.
        for rival in utf8_to_latin1() {
            assert_eq!(
                (rival.convert)("€".as_bytes(), &mut [0; 8]),
                None,
                "{}",
                rival.name
            );
        }
        for rival in validate_utf16le() {
            assert_eq!((rival.convert)(&[0xDC00], &mut []), None, "{}", rival.name);
        }
    }
}
