//! What `bench` compares utfast with, besides the rival libraries' own calls
//! (in `jobs`): std's way to do each job into a slice (the baseline every
//! implementation must agree with), the rivals' versions, and the C++ simdutf's
//! raw-pointer conversions behind the one shape of every column (with the cargo
//! feature `simdutf`): write into `dst`, return the units written, or `None` for
//! input it rejects (or an output too small, which the benchmark never gives).

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
pub mod simdutf_ffi {
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
}
