//! What the `String` and `Cow` results of lossy decoding share: UTF-8 decoded
//! under a mode into a string (borrowed when valid), and the checks that a
//! replacing conversion cannot fail.

use super::*;
use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

/// `src` decoded under `mode` (not `Strict`, not `SurrogateEscape`), given the
/// error of its first invalid piece: the valid stretches copied, the invalid
/// pieces replaced ([`walk_pieces`]).
fn decode_string(engine: &Engine, src: &[u8], first: Utf8Error, mode: ErrorMode) -> String {
    let mut out = String::with_capacity(src.len() + src.len() / 64 + 16);
    let start = first.valid_up_to();
    // SAFETY: the kernel found `src[..start]` to be valid UTF-8.
    out.push_str(unsafe { core::str::from_utf8_unchecked(&src[..start]) });
    let copied: Result<(), core::convert::Infallible> =
        walk_pieces(engine, src, start, |from, to, bad| {
            if bad {
                push_replacement(&mut out, &src[from..to], mode);
            } else {
                // SAFETY: `walk_pieces` hands out only valid UTF-8 as not `bad`.
                out.push_str(unsafe { core::str::from_utf8_unchecked(&src[from..to]) });
            }
            Ok(())
        });
    let Ok(()) = copied;
    debug_assert!(core::str::from_utf8(out.as_bytes()).is_ok());
    out
}

fn push_replacement(out: &mut String, bad: &[u8], mode: ErrorMode) {
    if !bad.is_empty() {
        mode.replace_piece(bad, |cp| {
            out.push(char::from_u32(cp).unwrap_or(char::REPLACEMENT_CHARACTER));
            true
        });
    }
}

/// `src` decoded under `mode` into a string, borrowed when it is valid;
/// `checked` is `src`'s validation (the free functions' inlined short path, or
/// `engine`'s kernel).
pub(crate) fn to_string_with<'a>(
    engine: &Engine,
    src: &'a [u8],
    mode: ErrorMode,
    checked: Result<(), Utf8Error>,
) -> Result<Cow<'a, str>, Utf8Error> {
    match checked {
        // SAFETY: the check (checked against std) found `src` valid.
        Ok(()) => Ok(Cow::Borrowed(unsafe {
            core::str::from_utf8_unchecked(src)
        })),
        Err(e) if matches!(mode, ErrorMode::Strict | ErrorMode::SurrogateEscape) => Err(e),
        Err(e) => Ok(Cow::Owned(decode_string(engine, src, e, mode))),
    }
}

#[cold]
#[inline(never)]
pub(crate) fn lossy_slow(src: &[u8], first: Utf8Error) -> String {
    decode_string(&Engine::active(), src, first, ErrorMode::Replace)
}

/// `Ok` of a conversion whose mode cannot fail and whose output has room.
pub(crate) fn infallible<T, E: core::fmt::Debug>(result: Result<T, E>) -> T {
    match result {
        Ok(value) => value,
        Err(e) => unreachable!("a lossy conversion with room failed: {e:?}"),
    }
}

/// The UTF-8 a `Replace` conversion wrote, as a `String`.
pub(crate) fn lossy_string<E: core::fmt::Debug>(bytes: Result<Vec<u8>, E>) -> String {
    let mut bytes = infallible(bytes);
    // Sized for the worst case (3 or 4 bytes a unit): give back what is far
    // more than used.
    if bytes.capacity() > bytes.len() + bytes.len() / 4 + 64 {
        bytes.shrink_to_fit();
    }
    debug_assert!(core::str::from_utf8(&bytes).is_ok());
    // SAFETY: with `Replace` the output is the kernels' UTF-8 (checked against
    // the reference) and U+FFFD written by `char::encode_utf8`.
    unsafe { String::from_utf8_unchecked(bytes) }
}
