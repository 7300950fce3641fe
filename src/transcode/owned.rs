//! How the `Vec` and `String` results are made exactly the right size.

use crate::error::ConversionError;
use alloc::{string::String, vec, vec::Vec};

/// Converts into a vector of exactly `len` units, truncated to what was written.
///
/// `len` is the `*_len_from_*` count of the input: exact for valid input, and
/// for invalid input at least what the valid prefix needs plus the next valid
/// character (the counts add up over characters), so the conversion always
/// reaches the first invalid character rather than running out of room.
pub(crate) fn into_vec<T: Copy + Default, E>(
    len: usize,
    convert: impl FnOnce(&mut [T]) -> Result<usize, E>,
) -> Result<Vec<T>, E> {
    let mut out = vec![T::default(); len];
    let n = convert(&mut out)?;
    out.truncate(n);
    Ok(out)
}

/// [`into_vec`] for a conversion under an [`ErrorMode`](crate::ErrorMode):
/// `len` units first (enough for every mode but `BackslashReplace`, whose
/// escapes are longer than what they stand for), and `worst` units, enough for
/// any input, when that runs out of room.
pub(crate) fn into_vec_with<T: Copy + Default, E: ConversionError>(
    len: usize,
    worst: usize,
    convert: impl Fn(&mut [T]) -> Result<usize, E>,
) -> Result<Vec<T>, E> {
    match into_vec(len, &convert) {
        Err(e) if e.is_output_too_small() && worst > len => into_vec(worst, convert),
        result => result,
    }
}

/// Bytes a kernel wrote as UTF-8, as a `String`.
pub(crate) fn utf8_string(bytes: Vec<u8>) -> String {
    debug_assert!(core::str::from_utf8(&bytes).is_ok());
    // SAFETY: the kernels' UTF-8 output is the reference's, which encodes scalar
    // values with `char::encode_utf8` (the conformance tests compare them).
    unsafe { String::from_utf8_unchecked(bytes) }
}

/// Like [`into_vec`] for a conversion whose input cannot be invalid (`&str`,
/// Latin-1): `len` is exact, so the output never runs out of room; the vector
/// holds what was written in any case.
pub(crate) fn str_into_vec<T: Copy + Default, E: ConversionError>(
    len: usize,
    convert: impl FnOnce(&mut [T]) -> Result<usize, E>,
) -> Vec<T> {
    let mut out = vec![T::default(); len];
    let n = convert(&mut out).unwrap_or_else(|err| err.written());
    out.truncate(n);
    out
}
