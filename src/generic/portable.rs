//! The portable algorithms: every operation written once in plain Rust, compiled
//! into every kernel (inlined into its `#[target_feature]` functions, so the
//! compiler vectorises the loops for that instruction set). They are the scalar
//! kernel, and the other kernels' defaults where they have no vector code.
//!
//! Transcoding: ASCII runs are converted eight units at a time; each stretch of
//! non-ASCII text between them goes to the scalar reference, so output and errors
//! are the reference's by construction. A non-ASCII stretch handed to the reference
//! always ends one unit past the next ASCII unit (or at the end of the input), so
//! the reference sees what follows an incomplete sequence and names the error
//! exactly as it would on the whole input.
//!
//! Counting (lengths, characters, newlines) and scanning loops are written
//! without early exits inside a chunk, so that they vectorise.

use crate::error::{Offset, OutputTooSmall, Utf16Error, Utf32Error, Utf8Error};
use crate::reference::transcode as reference;
use crate::ByteOrder;

/// Units per step of the ASCII loop.
const STEP: usize = 8;

/// Converts `src` into `dst`: ASCII runs here (`ascii(u)` gives the byte value of
/// an ASCII unit or `None`; `widen` makes an output unit of it), everything else by
/// `reference` on stretches of the input.
#[inline(always)]
pub(crate) fn convert<U: Copy, T: Copy, E: Offset>(
    src: &[U],
    dst: &mut [T],
    ascii: impl Fn(U) -> Option<u8>,
    widen: impl Fn(u8) -> T,
    reference: impl Fn(&[U], &mut [T]) -> Result<usize, E>,
) -> Result<usize, E> {
    let (mut read, mut written) = (0, 0);
    while read < src.len() {
        // An ASCII run, STEP units at a time, then unit by unit.
        while read + STEP <= src.len() && written + STEP <= dst.len() {
            let chunk = &src[read..read + STEP];
            if !chunk.iter().all(|&u| ascii(u).is_some()) {
                break;
            }
            let out: &mut [T] = &mut dst[written..written + STEP];
            for (o, &u) in out.iter_mut().zip(chunk) {
                *o = widen(ascii(u).unwrap_or(0));
            }
            read += STEP;
            written += STEP;
        }
        while read < src.len() && written < dst.len() {
            match ascii(src[read]) {
                Some(b) => dst[written] = widen(b),
                None => break,
            }
            read += 1;
            written += 1;
        }
        if read == src.len() {
            break;
        }
        // A non-ASCII stretch (or an ASCII unit without room), up to and including
        // the next ASCII unit after a non-ASCII one.
        let mut end = read + 1;
        while end < src.len() && ascii(src[end]).is_none() {
            end += 1;
        }
        let end = (end + 1).min(src.len());
        match reference(&src[read..end], &mut dst[written..]) {
            Ok(n) => {
                read = end;
                written += n;
            }
            Err(e) => return Err(e.offset(read, written)),
        }
    }
    Ok(written)
}

#[inline(always)]
fn ascii_u8(b: u8) -> Option<u8> {
    (b < 0x80).then_some(b)
}

#[inline(always)]
fn ascii_u16(order: ByteOrder) -> impl Fn(u16) -> Option<u8> {
    move |u| {
        let v = order.read_u16(u);
        (v < 0x80).then_some(v as u8)
    }
}

#[inline(always)]
fn ascii_u32(v: u32) -> Option<u8> {
    (v < 0x80).then_some(v as u8)
}

#[inline(always)]
fn to_u16(order: ByteOrder) -> impl Fn(u8) -> u16 {
    move |b| order.write_u16(b as u16)
}

/// The character at the start of `src` and its length, if it is a whole,
/// valid one: the checks of the Unicode Standard's Table 3-7 on the decoded
/// value (overlong forms, surrogates, beyond U+10FFFF).
#[inline(always)]
pub(crate) fn decode_utf8(src: &[u8]) -> Option<(u32, usize)> {
    let cont = |i: usize| {
        let b = *src.get(i)?;
        (b & 0xC0 == 0x80).then_some(b as u32 & 0x3F)
    };
    let lead = *src.first()? as u32;
    if lead < 0x80 {
        Some((lead, 1))
    } else if lead < 0xC0 {
        None
    } else if lead < 0xE0 {
        let c = (lead & 0x1F) << 6 | cont(1)?;
        (c >= 0x80).then_some((c, 2))
    } else if lead < 0xF0 {
        let c = (lead & 0x0F) << 12 | cont(1)? << 6 | cont(2)?;
        (c >= 0x800 && !(0xD800..0xE000).contains(&c)).then_some((c, 3))
    } else {
        let c = (lead & 0x07) << 18 | cont(1)? << 12 | cont(2)? << 6 | cont(3)?;
        ((0x10000..=0x10FFFF).contains(&c) && lead < 0xF8).then_some((c, 4))
    }
}

/// The character at the start of UTF-16 `src` in byte order `order` and its
/// length in units, or `None` when it is an unpaired surrogate (or `src` is
/// empty).
#[inline(always)]
pub(crate) fn decode_utf16(src: &[u16], order: ByteOrder) -> Option<(u32, usize)> {
    let unit = order.read_u16(*src.first()?);
    if unit & 0xF800 != 0xD800 {
        return Some((unit as u32, 1));
    }
    let next = order.read_u16(*src.get(1)?);
    (unit < 0xDC00 && next & 0xFC00 == 0xDC00).then(|| {
        let c = 0x10000 + ((unit as u32 & 0x3FF) << 10 | next as u32 & 0x3FF);
        (c, 2)
    })
}

/// The character at the start of UTF-32 `src` and its length (one value), or
/// `None` when it is not a Unicode scalar value (or `src` is empty).
#[inline(always)]
pub(crate) fn decode_utf32(src: &[u32]) -> Option<(u32, usize)> {
    let value = *src.first()?;
    char::from_u32(value).map(|_| (value, 1))
}

/// Writes the UTF-8 form of `c` (a Unicode scalar value) at the start of `out`:
/// its length, or `None` when `out` is too short.
#[inline(always)]
pub(crate) fn encode_utf8(c: u32, out: &mut [u8]) -> Option<usize> {
    let cont = |shift: u32| 0x80 | (c >> shift & 0x3F) as u8;
    if c < 0x80 {
        *out.first_mut()? = c as u8;
        Some(1)
    } else if c < 0x800 {
        out.get_mut(..2)?
            .copy_from_slice(&[0xC0 | (c >> 6) as u8, cont(0)]);
        Some(2)
    } else if c < 0x10000 {
        out.get_mut(..3)?
            .copy_from_slice(&[0xE0 | (c >> 12) as u8, cont(6), cont(0)]);
        Some(3)
    } else {
        out.get_mut(..4)?
            .copy_from_slice(&[0xF0 | (c >> 18) as u8, cont(12), cont(6), cont(0)]);
        Some(4)
    }
}

/// Writes the UTF-16 form of `c` (a Unicode scalar value) in byte order `order`
/// at the start of `out`: its length in units, or `None` when `out` is too short.
#[inline(always)]
pub(crate) fn encode_utf16(c: u32, out: &mut [u16], order: ByteOrder) -> Option<usize> {
    if c < 0x10000 {
        *out.first_mut()? = order.write_u16(c as u16);
        Some(1)
    } else {
        let pair = out.get_mut(..2)?;
        let c = c - 0x10000;
        pair[0] = order.write_u16(0xD800 | (c >> 10) as u16);
        pair[1] = order.write_u16(0xDC00 | (c & 0x3FF) as u16);
        Some(2)
    }
}

/// Converts `src` to UTF-8 character by character (`decode` reads one), and
/// hands the rest to `reference` at the first character that is invalid or does
/// not fit, so that the error is the reference's.
#[inline(always)]
fn chars_to_utf8<U: Copy, E: Offset>(
    src: &[U],
    dst: &mut [u8],
    decode: impl Fn(&[U]) -> Option<(u32, usize)>,
    reference: impl Fn(&[U], &mut [u8]) -> Result<usize, E>,
) -> Result<usize, E> {
    let (mut read, mut written) = (0, 0);
    while let Some((c, len)) = decode(&src[read..]) {
        let Some(n) = encode_utf8(c, &mut dst[written..]) else {
            break;
        };
        read += len;
        written += n;
    }
    if read == src.len() {
        return Ok(written);
    }
    match reference(&src[read..], &mut dst[written..]) {
        Ok(n) => Ok(written + n),
        Err(e) => Err(e.offset(read, written)),
    }
}

/// UTF-8 to `T` units, quickly while the input is valid and fits: ASCII eight
/// bytes at a time, then character by character (`encode` writes a character
/// at the start of its slice and returns the units, or `None` if they do not
/// fit or the format cannot hold it). At the first character that does not go
/// through, `reference` takes over for the rest, and returns at once with the
/// exact error (or carries on, if the character was fine after all).
#[inline(always)]
fn from_utf8<T: Copy>(
    src: &[u8],
    dst: &mut [T],
    widen: impl Fn(u8) -> T,
    encode: impl Fn(u32, &mut [T]) -> Option<usize>,
    reference: impl Fn(&[u8], &mut [T]) -> Result<usize, Utf8Error>,
) -> Result<usize, Utf8Error> {
    let (mut read, mut written) = (0, 0);
    while read < src.len() {
        while read + STEP <= src.len() && written + STEP <= dst.len() {
            let chunk = &src[read..read + STEP];
            if chunk.iter().any(|&b| b >= 0x80) {
                break;
            }
            for (o, &b) in dst[written..written + STEP].iter_mut().zip(chunk) {
                *o = widen(b);
            }
            read += STEP;
            written += STEP;
        }
        match decode_utf8(&src[read..])
            .and_then(|(c, len)| Some((encode(c, &mut dst[written..])?, len)))
        {
            Some((units, len)) => {
                read += len;
                written += units;
            }
            None => {
                return match reference(&src[read..], &mut dst[written..]) {
                    Ok(n) => Ok(written + n),
                    Err(e) => Err(e.offset(read, written)),
                };
            }
        }
    }
    Ok(written)
}

#[inline(always)]
pub(crate) fn utf8_to_utf16(
    src: &[u8],
    dst: &mut [u16],
    order: ByteOrder,
) -> Result<usize, Utf8Error> {
    let encode = |c: u32, out: &mut [u16]| encode_utf16(c, out, order);
    from_utf8(src, dst, to_u16(order), encode, |s, d| {
        reference::utf8_to_utf16(s, d, order)
    })
}

/// [`utf8_to_utf16`] out of line: the rare fallback of a kernel's small entry
/// point (`utf8_to_utf16_short`: an error, too little room), which then keeps
/// no frame for it.
#[inline(never)]
pub(crate) fn utf8_to_utf16_outlined(
    src: &[u8],
    dst: &mut [u16],
    order: ByteOrder,
) -> Result<usize, Utf8Error> {
    utf8_to_utf16(src, dst, order)
}

#[inline(always)]
pub(crate) fn utf8_to_utf32(src: &[u8], dst: &mut [u32]) -> Result<usize, Utf8Error> {
    let encode = |c: u32, out: &mut [u32]| {
        *out.first_mut()? = c;
        Some(1)
    };
    from_utf8(src, dst, u32::from, encode, reference::utf8_to_utf32)
}

#[inline(always)]
pub(crate) fn utf8_to_latin1(src: &[u8], dst: &mut [u8]) -> Result<usize, Utf8Error> {
    let encode = |c: u32, out: &mut [u8]| {
        *out.first_mut()? = u8::try_from(c).ok()?;
        Some(1)
    };
    from_utf8(src, dst, |b| b, encode, reference::utf8_to_latin1)
}

/// UTF-16 in byte order `order` to UTF-8 character by character, with room
/// for the worst case: the bytes written, or `None` for input the loop does
/// not take (an unpaired surrogate, or `dst` shorter than three bytes a unit),
/// which the caller then converts from the start another way. The free
/// function's loop for short strings (`transcode::short`, inlined into the
/// caller's loop, as std's `char::decode_utf16` and `encode_utf8` are: a call
/// costs as much as a few characters), and the last units (fewer than a
/// 16-unit step) of the vector kernels without exact short steps (SSE4.2,
/// AVX2, NEON): there [`utf16_to_utf8`]'s runs of ASCII and of other
/// characters, each a call to the reference for its exact error, cost 2-3x
/// as much on mixed short strings. (A branch-free encoding, all forms computed
/// and one picked, measured 2-3x slower on mixed text: the branches predict
/// well.)
#[inline(always)]
pub(crate) fn utf16_to_utf8_with_room(
    src: &[u16],
    dst: &mut [u8],
    order: ByteOrder,
) -> Option<usize> {
    // Three bytes per unit at most (a pair: four for two units).
    let out = dst.get_mut(..3 * src.len())?.as_mut_ptr();
    let (mut i, mut n) = (0, 0);
    while i < src.len() {
        // Here n <= 3 * i: every write below stays within the 3 * src.len()
        // bytes of `out` (a character of k units writes at most 3 * k bytes).
        let u = order.read_u16(src[i]) as u32;
        let cont = |shift: u32| 0x80 | (u >> shift & 0x3F) as u8;
        // SAFETY (writes): n + 3 <= 3 * (i + 1) <= 3 * src.len().
        unsafe {
            if u < 0x80 {
                out.add(n).write(u as u8);
                n += 1;
            } else if u < 0x800 {
                out.add(n).write(0xC0 | (u >> 6) as u8);
                out.add(n + 1).write(cont(0));
                n += 2;
            } else if u & 0xF800 != 0xD800 {
                out.add(n).write(0xE0 | (u >> 12) as u8);
                out.add(n + 1).write(cont(6));
                out.add(n + 2).write(cont(0));
                n += 3;
            } else {
                // A surrogate: a pair is two units, four bytes.
                let (c, _) = decode_utf16(&src[i..], order)?;
                // SAFETY: two units were read: n + 4 <= 3 * (i + 2).
                out.add(n).cast::<[u8; 4]>().write_unaligned([
                    0xF0 | (c >> 18) as u8,
                    0x80 | (c >> 12 & 0x3F) as u8,
                    0x80 | (c >> 6 & 0x3F) as u8,
                    0x80 | (c & 0x3F) as u8,
                ]);
                n += 4;
                i += 1;
            }
        }
        i += 1;
    }
    Some(n)
}

/// [`utf16_to_utf8`] out of line: the rare fallback of a kernel's small entry
/// point (`utf16_to_utf8_short`) and of the free function's inlined loop, which
/// then keep no frame for it.
#[inline(never)]
pub(crate) fn utf16_to_utf8_outlined(
    src: &[u16],
    dst: &mut [u8],
    order: ByteOrder,
) -> Result<usize, Utf16Error> {
    utf16_to_utf8(src, dst, order)
}

#[inline(always)]
pub(crate) fn utf16_to_utf8(
    src: &[u16],
    dst: &mut [u8],
    order: ByteOrder,
) -> Result<usize, Utf16Error> {
    convert(
        src,
        dst,
        ascii_u16(order),
        |b| b,
        |s, d| {
            chars_to_utf8(
                s,
                d,
                |s| decode_utf16(s, order),
                |s, d| reference::utf16_to_utf8(s, d, order),
            )
        },
    )
}

use super::units::{aligned_head, mapped, Scalar, UnitChunks, CHUNK};

/// A conversion where most units map to one unit each, a chunk of [`CHUNK`]
/// units at a time from `head` on (the vector kernels bring their output to a
/// 64-byte boundary that way, see [`aligned_head`]; the first chunk, converted
/// as it stands, covers the units before): `whole(chunk, out)` converts a
/// chunk of exactly `CHUNK` units into as many (without an early exit, so that
/// it vectorises: see [`mapped`] and [`UnitChunks`]) and tells whether every
/// unit was plain (what it wrote otherwise is scratch); a chunk that is not is
/// offered to `mixed` (the units read and written, at most a chunk's, or
/// `None` to decline). The last units, fewer than a chunk, are the end of the
/// chunk that ends with the input, converted aside, when it is plain. What
/// remains goes character by character through `step` (the units read and
/// written, or `None` at a character that is invalid, cannot be represented or
/// does not fit). At the first `None` of `step`, `reference` converts the
/// rest, so that the error is the reference's.
///
/// A macro, with `whole` and `mixed` written as `|src, dst| expression` and put
/// in place: as a closure, the compiler may leave it out of line, and then
/// compiles it without the kernel's target features (the emoji loops ran as
/// SSE2 code).
/// `step` as `chunked!` calls it: its argument types fixed by `src` and `dst`
/// (a closure's are inferred from its first use otherwise).
#[inline(always)]
fn step_of<U, T, F>(_src: &[U], _dst: &[T], step: F) -> F
where
    F: Fn(&[U], &mut [T]) -> Option<(usize, usize)>,
{
    step
}

/// `reference` as `chunked!` calls it (as [`step_of`]).
#[inline(always)]
fn reference_of<U, T, E, F>(_src: &[U], _dst: &[T], reference: F) -> F
where
    F: Fn(&[U], &mut [T]) -> Result<usize, E>,
{
    reference
}

/// The [`CHUNK`] units of `units` from `at`, unchecked.
///
/// # Safety
/// `at + CHUNK <= units.len()`.
#[inline(always)]
unsafe fn chunk_at<U>(units: &[U], at: usize) -> &[U; CHUNK] {
    // SAFETY: the caller's promise: the array is within `units`.
    unsafe { &*units.as_ptr().add(at).cast::<[U; CHUNK]>() }
}

/// [`chunk_at`], exclusive.
///
/// # Safety
/// `at + CHUNK <= units.len()`.
#[inline(always)]
unsafe fn chunk_at_mut<U>(units: &mut [U], at: usize) -> &mut [U; CHUNK] {
    // SAFETY: the caller's promise: the array is within `units`.
    unsafe { &mut *units.as_mut_ptr().add(at).cast::<[U; CHUNK]>() }
}

macro_rules! chunked {
    (
        $src:expr,
        $dst:expr,
        $head:expr,
        |$chunk:ident, $out:ident| $whole:expr,
        |$mixed_src:ident, $mixed_dst:ident| $mixed:expr,
        $step:expr,
        $reference:expr $(,)?
    ) => {{
        let head = $head;
        let (src, dst) = ($src, $dst);
        let step = step_of(src, dst, $step);
        let reference = reference_of(src, dst, $reference);
        let (mut read, mut written) = (0, 0);
        // After a chunk that `mixed` took, the next is offered to it first (emoji
        // text: chunk after chunk of pairs), and to `whole` only if it declines.
        let mut after_mixed = false;
        // The head first: with the first chunk, or character by character.
        let mut head = Some(head);
        loop {
            if read >= src.len() {
                break Ok(written);
            }
            let end = if let Some(head) = head.take() {
                if head > 0 && src.len() >= CHUNK && dst.len() >= CHUNK {
                    // The first chunk as it stands, for the head: when it
                    // goes whole, the aligned chunks from `head` write its
                    // last units again (a failed chunk left scratch, which the
                    // head's characters overwrite).
                    // SAFETY: both slices hold a chunk from 0.
                    let ($chunk, $out) = unsafe { (chunk_at(src, 0), chunk_at_mut(dst, 0)) };
                    if $whole {
                        (read, written) = (head, head);
                        continue;
                    }
                }
                head.min(src.len())
            } else if src.len() - read >= CHUNK && dst.len() - written >= CHUNK {
                if !after_mixed {
                    // Whole chunks while they go, in a batch that the input
                    // and the output both allow: one counter a chunk, no
                    // flags and no bounds to test.
                    let batch = ((src.len() - read) / CHUNK).min((dst.len() - written) / CHUNK);
                    let mut done = 0;
                    while done < batch {
                        // SAFETY: `read + CHUNK <= src.len()` and `written +
                        // CHUNK <= dst.len()` for each of the batch's chunks;
                        // the two slices do not overlap (one is shared, the
                        // other exclusive).
                        let ($chunk, $out) =
                            unsafe { (chunk_at(src, read), chunk_at_mut(dst, written)) };
                        if !$whole {
                            break;
                        }
                        read += CHUNK;
                        written += CHUNK;
                        done += 1;
                    }
                    if done == batch {
                        continue;
                    }
                }
                let mixed = {
                    let ($mixed_src, $mixed_dst) = (&src[read..], &mut dst[written..]);
                    $mixed
                };
                if let Some((r, w)) = mixed {
                    read += r;
                    written += w;
                    after_mixed = true;
                    continue;
                }
                if after_mixed {
                    after_mixed = false;
                    continue;
                }
                read + CHUNK
            } else {
                // The last units, fewer than a chunk: as the end of the
                // input's last chunk, converted aside (units before them may
                // have taken two output units each), when it goes whole and
                // the output has room for them.
                let rest = src.len() - read;
                if src.len() >= CHUNK && dst.len() - written >= rest {
                    let mut aside = [Default::default(); CHUNK];
                    // SAFETY: `src` holds a chunk that ends at its end.
                    let ($chunk, $out) = (unsafe { chunk_at(src, src.len() - CHUNK) }, &mut aside);
                    if $whole {
                        dst[written..written + rest].copy_from_slice(&aside[CHUNK - rest..]);
                        read += rest;
                        written += rest;
                        continue;
                    }
                }
                src.len()
            };
            let mut failed = None;
            while read < end {
                let Some((r, w)) = step(&src[read..], &mut dst[written..]) else {
                    failed = Some(match reference(&src[read..], &mut dst[written..]) {
                        Ok(n) => Ok(written + n),
                        Err(e) => Err(Offset::offset(e, read, written)),
                    });
                    break;
                };
                read += r;
                written += w;
            }
            if let Some(result) = failed {
                break result;
            }
        }
    }};
}

#[inline(always)]
pub(crate) fn utf16_to_utf32(
    src: &[u16],
    dst: &mut [u32],
    order: ByteOrder,
) -> Result<usize, Utf16Error> {
    // SAFETY: the scalar chunks use no instruction set.
    unsafe { utf16_to_utf32_with::<Scalar>(src, dst, order) }
}

/// UTF-16 to UTF-32 with the chunks of `C` (the kernel's vectors).
///
/// # Safety
/// The CPU supports `C`'s instruction set.
#[inline(always)]
pub(crate) unsafe fn utf16_to_utf32_with<C: UnitChunks>(
    src: &[u16],
    dst: &mut [u32],
    order: ByteOrder,
) -> Result<usize, Utf16Error> {
    chunked!(
        src,
        dst,
        aligned_head::<C, _>(dst),
        // SAFETY: the caller's promise.
        |chunk, out| unsafe {
            match order {
                ByteOrder::Little => C::utf16_to_utf32::<false>(chunk, out),
                ByteOrder::Big => C::utf16_to_utf32::<true>(chunk, out),
            }
        },
        // Each order a constant of its own call, so that the loops vectorise.
        |s, d| match order {
            ByteOrder::Little => utf16_pairs_to_utf32(s, d, ByteOrder::Little),
            ByteOrder::Big => utf16_pairs_to_utf32(s, d, ByteOrder::Big),
        },
        |s, d| {
            let (c, len) = decode_utf16(s, order)?;
            *d.first_mut()? = c;
            Some((len, 1))
        },
        |s, d| reference::utf16_to_utf32(s, d, order),
    )
}

/// A run of UTF-16 that is surrogate pairs only (emoji text) as UTF-32: two
/// chunks' worth of units where `src` and `dst` have them, else one chunk's;
/// see [`pairs_run`]. `None` (the caller goes character by character) for any
/// other input, or when `dst` is shorter than one chunk's characters. (The
/// longer run: emoji text twice as fast on AVX-512, whose vectors hold 16
/// pairs, where the compiler's loops over 32 pairs were slower.)
#[inline(always)]
fn utf16_pairs_to_utf32(src: &[u16], dst: &mut [u32], order: ByteOrder) -> Option<(usize, usize)> {
    if let (Some(units), Some(out)) = (src.get(..2 * CHUNK), dst.get_mut(..CHUNK)) {
        if let Some(done) = pairs_run::<CHUNK, { CHUNK - 1 }>(units, out, order) {
            return Some(done);
        }
    }
    let (units, out) = (src.get(..CHUNK)?, dst.get_mut(..CHUNK / 2)?);
    pairs_run::<{ CHUNK / 2 }, { CHUNK / 2 - 1 }>(units, out, order)
}

/// The `2 * PAIRS` units of `units`, surrogate pairs only, as the `PAIRS`
/// characters of `out`: from their first unit, or from their second after a
/// unit that is no surrogate (a space, a newline, a byte order mark: then
/// `LESS` = `PAIRS - 1` pairs, and the last unit is left for the next run,
/// which then starts with a pair). The units read and the characters written,
/// or `None` (nothing written but scratch) when the units are not so.
#[inline(always)]
fn pairs_run<const PAIRS: usize, const LESS: usize>(
    units: &[u16],
    out: &mut [u32],
    order: ByteOrder,
) -> Option<(usize, usize)> {
    debug_assert!(LESS + 1 == PAIRS);
    let first = order.read_u16(*units.first()?);
    if first & 0xF800 == 0xD800 {
        return pairs_to_utf32::<PAIRS>(units, out, order).then_some((2 * PAIRS, PAIRS));
    }
    if !pairs_to_utf32::<LESS>(units.get(1..)?, out.get_mut(1..)?, order) {
        return None;
    }
    *out.first_mut()? = u32::from(first);
    Some((2 * PAIRS - 1, PAIRS))
}

/// The `PAIRS` surrogate pairs at the start of `units` as UTF-32 at the start
/// of `out`, if they are pairs: all are checked at once (a high surrogate at
/// every even position, a low one at every odd one), then each pair becomes its
/// character at a fixed position, so that both loops vectorise. Each pair is
/// read as one 32-bit word (its four bytes in `order`: the first unit in the
/// low half for little-endian, the high half for big-endian), so that the
/// vectors hold pairs in their lanes, with no shuffle to part the units.
/// `false` (and nothing written) otherwise.
#[inline(always)]
fn pairs_to_utf32<const PAIRS: usize>(units: &[u16], out: &mut [u32], order: ByteOrder) -> bool {
    let (units, out) = (&units[..2 * PAIRS], &mut out[..PAIRS]);
    // The first unit's place in a pair's word, and the two units expected.
    let (first_shift, expected) = match order {
        ByteOrder::Little => (0, 0xDC00_D800),
        ByteOrder::Big => (16, 0xD800_DC00),
    };
    let pair = |i: usize| {
        // SAFETY: pair `i < PAIRS` is units `2 * i` and `2 * i + 1`, four bytes
        // within `units` (plain integers: any bytes are valid to read).
        let raw = unsafe { core::ptr::read_unaligned(units.as_ptr().add(2 * i).cast::<u32>()) };
        match order {
            ByteOrder::Little => u32::from_le(raw),
            ByteOrder::Big => u32::from_be(raw),
        }
    };
    let paired = (0..PAIRS).fold(true, |all, i| all & (pair(i) & 0xFC00_FC00 == expected));
    if !paired {
        return false;
    }
    for (i, c) in out.iter_mut().enumerate() {
        let w = pair(i);
        let (first, second) = (w >> first_shift, w >> (16 - first_shift));
        *c = 0x10000 + ((first & 0x3FF) << 10 | second & 0x3FF);
    }
    true
}

#[inline(always)]
pub(crate) fn utf16_to_latin1(
    src: &[u16],
    dst: &mut [u8],
    order: ByteOrder,
) -> Result<usize, Utf16Error> {
    chunked!(
        src,
        dst,
        0,
        |chunk, out| mapped(
            chunk,
            out,
            |u| order.read_u16(u) < 0x100,
            |u| { order.read_u16(u) as u8 }
        ),
        |_src, _dst| None::<(usize, usize)>,
        |s, d| {
            *d.first_mut()? = u8::try_from(order.read_u16(s[0])).ok()?;
            Some((1, 1))
        },
        |s, d| reference::utf16_to_latin1(s, d, order),
    )
}

#[inline(always)]
pub(crate) fn utf32_to_utf8(src: &[u32], dst: &mut [u8]) -> Result<usize, Utf32Error> {
    convert(
        src,
        dst,
        ascii_u32,
        |b| b,
        |s, d| chars_to_utf8(s, d, decode_utf32, reference::utf32_to_utf8),
    )
}

#[inline(always)]
pub(crate) fn utf32_to_utf16(
    src: &[u32],
    dst: &mut [u16],
    order: ByteOrder,
) -> Result<usize, Utf32Error> {
    // SAFETY: the scalar chunks use no instruction set.
    unsafe { utf32_to_utf16_with::<Scalar>(src, dst, order) }
}

/// UTF-32 to UTF-16 with the chunks of `C` (the kernel's vectors).
///
/// # Safety
/// The CPU supports `C`'s instruction set.
#[inline(always)]
pub(crate) unsafe fn utf32_to_utf16_with<C: UnitChunks>(
    src: &[u32],
    dst: &mut [u16],
    order: ByteOrder,
) -> Result<usize, Utf32Error> {
    chunked!(
        src,
        dst,
        aligned_head::<C, _>(dst),
        // SAFETY: the caller's promise.
        |chunk, out| unsafe {
            match order {
                ByteOrder::Little => C::utf32_to_utf16::<false>(chunk, out),
                ByteOrder::Big => C::utf32_to_utf16::<true>(chunk, out),
            }
        },
        // Each order a constant of its own call, so that the loops vectorise.
        |s, d| match order {
            ByteOrder::Little => utf32_to_utf16_pairs(s, d, ByteOrder::Little),
            ByteOrder::Big => utf32_to_utf16_pairs(s, d, ByteOrder::Big),
        },
        |s, d| {
            let (c, _) = decode_utf32(s)?;
            Some((1, encode_utf16(c, d, order)?))
        },
        |s, d| reference::utf32_to_utf16(s, d, order),
    )
}

/// A chunk of UTF-32 that is characters above U+FFFF only (emoji text) as
/// UTF-16 surrogate pairs at fixed positions: [`CHUNK`] values are checked at
/// once, then each writes its pair, so that both loops vectorise. `None` (the
/// caller goes character by character) for any other chunk, or when `dst` is
/// shorter than its pairs.
#[inline(always)]
fn utf32_to_utf16_pairs(src: &[u32], dst: &mut [u16], order: ByteOrder) -> Option<(usize, usize)> {
    let (values, out) = (src.get(..CHUNK)?, dst.get_mut(..2 * CHUNK)?);
    let astral = values
        .iter()
        .fold(true, |all, &v| all & (0x1_0000..0x11_0000).contains(&v));
    if !astral {
        return None;
    }
    for (pair, &v) in out.chunks_exact_mut(2).zip(values) {
        let x = v - 0x1_0000;
        pair[0] = order.write_u16(0xD800 | (x >> 10) as u16);
        pair[1] = order.write_u16(0xDC00 | (x & 0x3FF) as u16);
    }
    Some((CHUNK, 2 * CHUNK))
}

#[inline(always)]
pub(crate) fn utf32_to_latin1(src: &[u32], dst: &mut [u8]) -> Result<usize, Utf32Error> {
    chunked!(
        src,
        dst,
        0,
        |chunk, out| mapped(chunk, out, |v| v < 0x100, |v| v as u8),
        |_src, _dst| None::<(usize, usize)>,
        |s, d| {
            *d.first_mut()? = u8::try_from(s[0]).ok()?;
            Some((1, 1))
        },
        reference::utf32_to_latin1,
    )
}

/// [`latin1_to_utf8`] out of line: the rare fallback of a kernel's small
/// entry point (`latin1_to_utf8_short`), which then keeps no frame for it.
#[inline(never)]
pub(crate) fn latin1_to_utf8_outlined(src: &[u8], dst: &mut [u8]) -> Result<usize, OutputTooSmall> {
    latin1_to_utf8(src, dst)
}

#[inline(always)]
pub(crate) fn latin1_to_utf8(src: &[u8], dst: &mut [u8]) -> Result<usize, OutputTooSmall> {
    convert(src, dst, ascii_u8, |b| b, reference::latin1_to_utf8)
}

/// Latin-1 to UTF-16 or UTF-32 is a widening of every byte: no ASCII split.
#[inline(always)]
fn widen<T: Copy>(
    src: &[u8],
    dst: &mut [T],
    widen: impl Fn(u8) -> T,
) -> Result<usize, OutputTooSmall> {
    let n = src.len().min(dst.len());
    for (o, &b) in dst[..n].iter_mut().zip(&src[..n]) {
        *o = widen(b);
    }
    if n < src.len() {
        return Err(OutputTooSmall {
            read: n,
            written: n,
        });
    }
    Ok(n)
}

#[inline(always)]
pub(crate) fn latin1_to_utf16(
    src: &[u8],
    dst: &mut [u16],
    order: ByteOrder,
) -> Result<usize, OutputTooSmall> {
    widen(src, dst, to_u16(order))
}

#[inline(always)]
pub(crate) fn latin1_to_utf32(src: &[u8], dst: &mut [u32]) -> Result<usize, OutputTooSmall> {
    widen(src, dst, u32::from)
}

/// Skips STEP units at a time while none is a surrogate; the reference names
/// the first error from the unit where a step could not be skipped.
#[inline(always)]
pub(crate) fn check_utf16(src: &[u16], order: ByteOrder) -> Result<(), Utf16Error> {
    let surrogate = |u: u16| order.read_u16(u) & 0xF800 == 0xD800;
    let mut i = 0;
    while i < src.len() {
        if i + STEP <= src.len() && !src[i..i + STEP].iter().any(|&u| surrogate(u)) {
            i += STEP;
            continue;
        }
        let u = order.read_u16(src[i]);
        if u & 0xF800 != 0xD800 {
            i += 1;
        } else if u < 0xDC00
            && src
                .get(i + 1)
                .is_some_and(|&n| order.read_u16(n) & 0xFC00 == 0xDC00)
        {
            i += 2;
        } else {
            return reference::check_utf16(&src[i..], order).map_err(|e| e.offset(i, 0));
        }
    }
    Ok(())
}

/// The UTF-32 input (in values, 1 MiB) from which validation asks for its
/// cache lines ahead: beyond the L2 of most CPUs, where the hardware
/// prefetchers keep too few lines on their way (Zen 5, French text, 1.7 MB,
/// read from L3: 123-126 GB/s without, 134-135 with). Below it the hint only
/// costs: 174 against 156 GB/s for 0.4 MB.
const FAR_UTF32: usize = 1 << 18;

/// UTF-32 validation: whole 64-unit chunks, each tested without an early exit
/// so that the test vectorises at the kernel's width (one xor, one subtraction
/// and one comparison a unit: `v ^ 0xD800` puts the surrogates below 0x800 and
/// leaves values above U+10FFFF above it), the last values with the chunk that
/// ends with them; the reference finds the error in the first chunk that has
/// one. Input of [`FAR_UTF32`] values or more asks for its lines ahead.
#[inline(always)]
pub(crate) fn check_utf32(src: &[u32]) -> Result<(), Utf32Error> {
    // A function, not a closure, with two callers: inlined into the kernel's
    // code, with its instruction set.
    #[inline(always)]
    fn any_bad(chunk: &[u32]) -> bool {
        let bad = |v: u32| (v ^ 0xD800).wrapping_sub(0x800) > 0x10FFFF - 0x800;
        chunk.iter().fold(false, |any, &v| any | bad(v))
    }
    /// The offset of the first chunk with an error, or of the values after
    /// the last whole chunk; with `FAR`, each chunk asks for its four lines
    /// [`AHEAD`](super::prefetch::AHEAD) bytes on.
    #[inline(always)]
    fn first_bad_chunk<const FAR: bool>(src: &[u32]) -> usize {
        let mut i = 0;
        for chunk in src.chunks_exact(64) {
            if FAR {
                let at = chunk.as_ptr().cast::<u8>();
                for line in 0..4 {
                    super::prefetch::prefetch_ahead(at.wrapping_add(64 * line));
                }
            }
            if any_bad(chunk) {
                break;
            }
            i += 64;
        }
        i
    }
    let i = if src.len() >= FAR_UTF32 {
        first_bad_chunk::<true>(src)
    } else {
        first_bad_chunk::<false>(src)
    };
    // The last values, fewer than a chunk: the chunk that ends with them.
    if src.len() - i < 64 && src.len() >= 64 && !any_bad(&src[src.len() - 64..]) {
        return Ok(());
    }
    reference::check_utf32(&src[i..]).map_err(|e| e.offset(i, 0))
}

/// The sum of `weight(u)` (at most 3) over the units of `src`, added up in
/// byte-wide counters (flushed before they can overflow) so that the compiler
/// vectorises the loop at the full width of the kernel's registers; a sum into
/// `usize` would widen every unit to 64 bits first.
#[inline(always)]
fn sum_units<U: Copy>(src: &[U], weight: impl Fn(U) -> u8) -> usize {
    const LANES: usize = 64;
    const ROUNDS: usize = 255 / 3;
    let flush = |counters: &[u8; LANES]| counters.iter().map(|&c| c as usize).sum::<usize>();
    let mut chunks = src.chunks_exact(LANES);
    let (mut total, mut counters, mut rounds) = (0, [0u8; LANES], 0);
    for chunk in &mut chunks {
        for (c, &b) in counters.iter_mut().zip(chunk) {
            *c += weight(b);
        }
        rounds += 1;
        if rounds == ROUNDS {
            total += flush(&counters);
            counters = [0; LANES];
            rounds = 0;
        }
    }
    let rest: usize = chunks.remainder().iter().map(|&b| weight(b) as usize).sum();
    total + flush(&counters) + rest
}

#[inline(always)]
pub(crate) fn count_chars(src: &[u8]) -> usize {
    sum_units(src, |b| ((b as i8) >= -0x40) as u8)
}

#[inline(always)]
pub(crate) fn utf16_len_from_utf8(src: &[u8]) -> usize {
    sum_units(src, |b| ((b as i8) >= -0x40) as u8 + (b >= 0xF0) as u8)
}

#[inline(always)]
pub(crate) fn utf8_len_from_utf16(src: &[u16], order: ByteOrder) -> usize {
    src.len()
        + sum_units(src, |u| {
            let v = order.read_u16(u);
            let surrogate = v & 0xF800 == 0xD800;
            (v >= 0x80) as u8 + (v >= 0x800 && !surrogate) as u8
        })
}

#[inline(always)]
pub(crate) fn utf32_len_from_utf16(src: &[u16], order: ByteOrder) -> usize {
    src.len() - sum_units(src, |u| (order.read_u16(u) & 0xFC00 == 0xDC00) as u8)
}

#[inline(always)]
pub(crate) fn utf8_len_from_utf32(src: &[u32]) -> usize {
    src.len()
        + sum_units(src, |v| {
            (v >= 0x80) as u8 + (v >= 0x800) as u8 + (v >= 0x10000) as u8
        })
}

#[inline(always)]
pub(crate) fn utf16_len_from_utf32(src: &[u32]) -> usize {
    src.len() + sum_units(src, |v| (v > 0xFFFF) as u8)
}

#[inline(always)]
pub(crate) fn utf8_len_from_latin1(src: &[u8]) -> usize {
    src.len() + sum_units(src, |b| (b >= 0x80) as u8)
}

/// The number of `\n` bytes in `src`.
#[inline(always)]
pub(crate) fn count_newlines(src: &[u8]) -> usize {
    sum_units(src, |b| (b == b'\n') as u8)
}

/// The index of the last `\n` in `src`: whole 64-byte chunks from the end, each
/// tested without an early exit so the test vectorises; then the byte in the
/// first chunk that has one.
#[inline(always)]
pub(crate) fn last_newline(src: &[u8]) -> Option<usize> {
    let mut end = src.len();
    while end > 0 {
        let start = end.saturating_sub(64);
        let chunk = &src[start..end];
        if chunk.iter().fold(false, |seen, &b| seen | (b == b'\n')) {
            return chunk.iter().rposition(|&b| b == b'\n').map(|i| start + i);
        }
        end = start;
    }
    None
}

/// The length of the longest run of whole 64-byte chunks at the start of `src`
/// in which no byte `b` has `b - shift >= F0 - shift` (wrapping). Each chunk is
/// reduced to its largest shifted byte, a loop without branches that vectorises.
#[inline(always)]
pub(crate) fn clean_chunks(src: &[u8], shift: u8) -> usize {
    let mut start = 0;
    for chunk in src.chunks_exact(64) {
        let max = chunk.iter().fold(0u8, |m, &b| m.max(b.wrapping_sub(shift)));
        if max >= 0xF0 - shift {
            break;
        }
        start += 64;
    }
    start
}

/// See `operations::supplementary_to_cesu8`: no block path (the encoder's own
/// loop, a character at a time, is the portable one).
#[inline(always)]
pub(crate) fn supplementary_to_cesu8(src: &[u8], dst: &mut [u8], nul: bool) -> (usize, usize) {
    let _ = (src, dst, nul);
    (0, 0)
}

/// See `operations::cesu8_pairs_to_utf8`: no block path (the decoder's own
/// loop, a pair or an ASCII byte at a time, is the portable one).
#[inline(always)]
pub(crate) fn cesu8_pairs_to_utf8(
    src: &[u8],
    dst: &mut [core::mem::MaybeUninit<u8>],
) -> (usize, usize) {
    let _ = (src, dst);
    (0, 0)
}

/// See `operations::clean_unit_chunks`: a loop left to auto-vectorisation,
/// compiled for each kernel's features through its table.
#[inline(always)]
pub(crate) fn clean_unit_chunks(src: &[u16], nul: bool) -> usize {
    let hit = |u: u16| u & 0xF800 == 0xD800 || (nul && u == 0);
    let mut start = 0;
    for chunk in src.chunks_exact(64) {
        if chunk.iter().fold(false, |any, &u| any | hit(u)) {
            break;
        }
        start += 64;
    }
    start
}

/// A column's offset type, as the offset scans read it: a negative offset is
/// `usize::MAX` (beyond any buffer).
pub(crate) trait AsIndex: Copy {
    /// The offset as an index (`usize::MAX` when negative).
    fn index(self) -> usize;
    /// The offset `n`, when the type can hold it.
    fn from_index(n: usize) -> Option<Self>;
}

macro_rules! as_index {
    ($($t:ty),*) => {$(
        impl AsIndex for $t {
            #[inline(always)]
            fn index(self) -> usize {
                usize::try_from(self).unwrap_or(usize::MAX)
            }

            #[inline(always)]
            fn from_index(n: usize) -> Option<Self> {
                <$t>::try_from(n).ok()
            }
        }
    )*};
}

as_index!(i32, i64, usize);

/// One pass over a column's offsets: the first row whose offsets are unsound —
/// `offsets[r] > offsets[r + 1]`, or `offsets[r + 1] > values.len()`, negative
/// offsets counting as too large — and the first row that starts inside a
/// character of the bytes the rows cover (at a continuation byte before the last
/// offset); each is the number of rows (`offsets.len() - 1`) when there is none.
/// The second is meaningful only when the first finds nothing. Chunks of 64 rows
/// are tested without an early exit, so that the tests vectorise.
#[inline(always)]
pub(crate) fn scan_offsets<O: AsIndex>(values: &[u8], offsets: &[O]) -> (usize, usize) {
    let rows = offsets.len().saturating_sub(1);
    let len = values.len();
    let covered = &values[..offsets.last().map_or(0, |o| o.index()).min(len)];
    let bad = |w: &[O]| (w[0].index() > w[1].index()) | (w[1].index() > len);
    let split = |o: O| inside_char(covered, o);
    let (mut start, mut first_split) = (0, rows);
    while start < rows {
        let stop = (start + 64).min(rows);
        let pairs = offsets[start..=stop].windows(2);
        let (any_bad, any_split) = pairs
            .clone()
            .fold((false, false), |(b, s), w| (b | bad(w), s | split(w[0])));
        if any_bad {
            return (start + pairs.take_while(|w| !bad(w)).count(), rows);
        }
        if any_split && first_split == rows {
            first_split = start
                + offsets[start..stop]
                    .iter()
                    .take_while(|&&o| !split(o))
                    .count();
        }
        start = stop;
    }
    (rows, first_split)
}

/// True when offset `o` points at a continuation byte of `values` (offsets at or
/// past the end never do); without branches, so that the scans vectorise.
#[inline(always)]
fn inside_char<O: AsIndex>(values: &[u8], o: O) -> bool {
    let Some(last) = values.len().checked_sub(1) else {
        return false;
    };
    let i = o.index();
    (i <= last) & ((values[i.min(last)] as i8) < -0x40)
}

/// The index of the first offset that points inside a character of `values`: at
/// a continuation byte (offsets at or past the end are not); `offsets.len()` when
/// there is none. Chunks of 64 offsets are tested without an early exit.
#[inline(always)]
pub(crate) fn split_offset<O: AsIndex>(values: &[u8], offsets: &[O]) -> usize {
    let split = |o: O| inside_char(values, o);
    let mut start = 0;
    for chunk in offsets.chunks(64) {
        if chunk.iter().fold(false, |any, &o| any | split(o)) {
            return start + chunk.iter().take_while(|&&o| !split(o)).count();
        }
        start += chunk.len();
    }
    offsets.len()
}
