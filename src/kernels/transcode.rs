//! Transcoding, generic over code-unit types, compiled into every kernel: ASCII runs
//! are converted eight units at a time by a loop the compiler vectorises for the
//! kernel's instruction set; each stretch of non-ASCII text between them goes to the
//! scalar reference, so output and errors are the reference's by construction.
//!
//! A non-ASCII stretch handed to the reference always ends one unit past the next
//! ASCII unit (or at the end of the input), so the reference sees what follows an
//! incomplete sequence and names the error exactly as it would on the whole input.

use crate::error::{OutputTooSmall, Utf16Error, Utf32Error, Utf8Error};
use crate::ByteOrder;

/// An error whose positions can be moved by the input and output already converted.
pub(crate) trait Offset {
    /// The same error, `read` input units and `written` output units further on.
    fn offset(self, read: usize, written: usize) -> Self;

    /// The output units written before the conversion stopped.
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    fn output_len(&self) -> usize;
}

/// The output units a conversion wrote, whether it succeeded or not.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline]
pub(crate) fn written<E: Offset>(result: &Result<usize, E>) -> usize {
    match result {
        Ok(n) => *n,
        Err(error) => error.output_len(),
    }
}

/// `Offset` for the errors that count `valid_up_to` and `written`.
macro_rules! offset_by_position {
    ($($error:ty),*) => {$(
        impl Offset for $error {
            fn offset(mut self, read: usize, written: usize) -> Self {
                self.valid_up_to += read;
                self.written += written;
                self
            }

            fn output_len(&self) -> usize {
                self.written
            }
        }
    )*};
}

offset_by_position!(Utf8Error, Utf16Error, Utf32Error);

impl Offset for OutputTooSmall {
    fn offset(mut self, read: usize, written: usize) -> Self {
        self.read += read;
        self.written += written;
        self
    }

    fn output_len(&self) -> usize {
        self.written
    }
}

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

/// A conversion from `S` units to `D` units.
type Convert<S, D, E> = unsafe fn(&[S], &mut [D]) -> Result<usize, E>;

/// A conversion with UTF-16 units (input or output) in a given byte order.
type ConvertIn<S, D, E> = unsafe fn(&[S], &mut [D], ByteOrder) -> Result<usize, E>;

/// The transcoding entry points of one kernel (a part of its
/// [`Table`](crate::dispatch::Table)). `unsafe` because a kernel's functions may use
/// instructions the CPU lacks.
pub(crate) struct Transcoders {
    pub(crate) utf8_to_utf16: ConvertIn<u8, u16, Utf8Error>,
    pub(crate) utf8_to_utf32: Convert<u8, u32, Utf8Error>,
    pub(crate) utf8_to_latin1: Convert<u8, u8, Utf8Error>,
    pub(crate) utf16_to_utf8: ConvertIn<u16, u8, Utf16Error>,
    pub(crate) utf16_to_utf32: ConvertIn<u16, u32, Utf16Error>,
    pub(crate) utf16_to_latin1: ConvertIn<u16, u8, Utf16Error>,
    pub(crate) utf32_to_utf8: Convert<u32, u8, Utf32Error>,
    pub(crate) utf32_to_utf16: ConvertIn<u32, u16, Utf32Error>,
    pub(crate) utf32_to_latin1: Convert<u32, u8, Utf32Error>,
    pub(crate) latin1_to_utf8: Convert<u8, u8, OutputTooSmall>,
    pub(crate) latin1_to_utf16: ConvertIn<u8, u16, OutputTooSmall>,
    pub(crate) latin1_to_utf32: Convert<u8, u32, OutputTooSmall>,
    pub(crate) check_utf16: unsafe fn(&[u16], ByteOrder) -> Result<(), Utf16Error>,
    pub(crate) check_utf32: unsafe fn(&[u32]) -> Result<(), Utf32Error>,
    pub(crate) count_chars: unsafe fn(&[u8]) -> usize,
    pub(crate) utf16_len_from_utf8: unsafe fn(&[u8]) -> usize,
    pub(crate) utf8_len_from_utf16: unsafe fn(&[u16], ByteOrder) -> usize,
    pub(crate) utf32_len_from_utf16: unsafe fn(&[u16], ByteOrder) -> usize,
    pub(crate) utf8_len_from_utf32: unsafe fn(&[u32]) -> usize,
    pub(crate) utf16_len_from_utf32: unsafe fn(&[u32]) -> usize,
    pub(crate) utf8_len_from_latin1: unsafe fn(&[u8]) -> usize,
    /// UTF-8 known to be valid (from a `&str`) to UTF-16: no validation.
    pub(crate) valid_utf8_to_utf16: ConvertIn<u8, u16, Utf8Error>,
    /// UTF-8 known to be valid to UTF-32.
    pub(crate) valid_utf8_to_utf32: Convert<u8, u32, Utf8Error>,
}

/// The transcoding algorithms of one kernel, as associated functions so that a
/// kernel overrides only the directions it has vector code for: the defaults are
/// the [`portable`] ones. [`transcoders!`] compiles an implementation into a
/// kernel's table.
///
/// # Safety (of every function)
/// The CPU supports the implementation's instruction set; for `valid_utf8_*`,
/// `src` is valid UTF-8 (the vector paths may otherwise stop early; they never
/// read or write out of bounds).
pub(crate) trait Transcode {
    #[inline(always)]
    unsafe fn utf8_to_utf16(
        src: &[u8],
        dst: &mut [u16],
        order: ByteOrder,
    ) -> Result<usize, Utf8Error> {
        portable::utf8_to_utf16(src, dst, order)
    }

    #[inline(always)]
    unsafe fn utf8_to_utf32(src: &[u8], dst: &mut [u32]) -> Result<usize, Utf8Error> {
        portable::utf8_to_utf32(src, dst)
    }

    #[inline(always)]
    unsafe fn utf8_to_latin1(src: &[u8], dst: &mut [u8]) -> Result<usize, Utf8Error> {
        portable::utf8_to_latin1(src, dst)
    }

    #[inline(always)]
    unsafe fn utf16_to_utf8(
        src: &[u16],
        dst: &mut [u8],
        order: ByteOrder,
    ) -> Result<usize, Utf16Error> {
        portable::utf16_to_utf8(src, dst, order)
    }

    #[inline(always)]
    unsafe fn utf16_to_utf32(
        src: &[u16],
        dst: &mut [u32],
        order: ByteOrder,
    ) -> Result<usize, Utf16Error> {
        portable::utf16_to_utf32(src, dst, order)
    }

    #[inline(always)]
    unsafe fn utf16_to_latin1(
        src: &[u16],
        dst: &mut [u8],
        order: ByteOrder,
    ) -> Result<usize, Utf16Error> {
        portable::utf16_to_latin1(src, dst, order)
    }

    #[inline(always)]
    unsafe fn utf32_to_utf8(src: &[u32], dst: &mut [u8]) -> Result<usize, Utf32Error> {
        portable::utf32_to_utf8(src, dst)
    }

    #[inline(always)]
    unsafe fn utf32_to_utf16(
        src: &[u32],
        dst: &mut [u16],
        order: ByteOrder,
    ) -> Result<usize, Utf32Error> {
        portable::utf32_to_utf16(src, dst, order)
    }

    #[inline(always)]
    unsafe fn utf32_to_latin1(src: &[u32], dst: &mut [u8]) -> Result<usize, Utf32Error> {
        portable::utf32_to_latin1(src, dst)
    }

    #[inline(always)]
    unsafe fn latin1_to_utf8(src: &[u8], dst: &mut [u8]) -> Result<usize, OutputTooSmall> {
        portable::latin1_to_utf8(src, dst)
    }

    #[inline(always)]
    unsafe fn latin1_to_utf16(
        src: &[u8],
        dst: &mut [u16],
        order: ByteOrder,
    ) -> Result<usize, OutputTooSmall> {
        portable::latin1_to_utf16(src, dst, order)
    }

    #[inline(always)]
    unsafe fn latin1_to_utf32(src: &[u8], dst: &mut [u32]) -> Result<usize, OutputTooSmall> {
        portable::latin1_to_utf32(src, dst)
    }

    #[inline(always)]
    unsafe fn check_utf16(src: &[u16], order: ByteOrder) -> Result<(), Utf16Error> {
        portable::check_utf16(src, order)
    }

    #[inline(always)]
    unsafe fn check_utf32(src: &[u32]) -> Result<(), Utf32Error> {
        portable::check_utf32(src)
    }

    #[inline(always)]
    unsafe fn count_chars(src: &[u8]) -> usize {
        portable::count_chars(src)
    }

    #[inline(always)]
    unsafe fn utf16_len_from_utf8(src: &[u8]) -> usize {
        portable::utf16_len_from_utf8(src)
    }

    #[inline(always)]
    unsafe fn utf8_len_from_utf16(src: &[u16], order: ByteOrder) -> usize {
        portable::utf8_len_from_utf16(src, order)
    }

    #[inline(always)]
    unsafe fn utf32_len_from_utf16(src: &[u16], order: ByteOrder) -> usize {
        portable::utf32_len_from_utf16(src, order)
    }

    #[inline(always)]
    unsafe fn utf8_len_from_utf32(src: &[u32]) -> usize {
        portable::utf8_len_from_utf32(src)
    }

    #[inline(always)]
    unsafe fn utf16_len_from_utf32(src: &[u32]) -> usize {
        portable::utf16_len_from_utf32(src)
    }

    #[inline(always)]
    unsafe fn utf8_len_from_latin1(src: &[u8]) -> usize {
        portable::utf8_len_from_latin1(src)
    }

    #[inline(always)]
    unsafe fn valid_utf8_to_utf16(
        src: &[u8],
        dst: &mut [u16],
        order: ByteOrder,
    ) -> Result<usize, Utf8Error> {
        portable::utf8_to_utf16(src, dst, order)
    }

    #[inline(always)]
    unsafe fn valid_utf8_to_utf32(src: &[u8], dst: &mut [u32]) -> Result<usize, Utf8Error> {
        portable::utf8_to_utf32(src, dst)
    }
}

/// The implementation with no vector code: every direction is [`portable`].
pub(crate) struct Portable;

impl Transcode for Portable {}

/// The portable implementations: [`convert`] around the reference, and counting
/// loops. All `#[inline(always)]`, so that each kernel compiles them for its
/// instruction set.
pub(crate) mod portable {
    use super::{convert, Offset, STEP};
    use crate::error::{OutputTooSmall, Utf16Error, Utf32Error, Utf8Error};
    use crate::scalar::transcode as reference;
    use crate::ByteOrder;

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
    fn decode_utf8(src: &[u8]) -> Option<(u32, usize)> {
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
        let encode = |c: u32, out: &mut [u16]| {
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
        };
        from_utf8(src, dst, to_u16(order), encode, |s, d| {
            reference::utf8_to_utf16(s, d, order)
        })
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
            |s, d| reference::utf16_to_utf8(s, d, order),
        )
    }

    #[inline(always)]
    pub(crate) fn utf16_to_utf32(
        src: &[u16],
        dst: &mut [u32],
        order: ByteOrder,
    ) -> Result<usize, Utf16Error> {
        convert(src, dst, ascii_u16(order), u32::from, |s, d| {
            reference::utf16_to_utf32(s, d, order)
        })
    }

    #[inline(always)]
    pub(crate) fn utf16_to_latin1(
        src: &[u16],
        dst: &mut [u8],
        order: ByteOrder,
    ) -> Result<usize, Utf16Error> {
        convert(
            src,
            dst,
            ascii_u16(order),
            |b| b,
            |s, d| reference::utf16_to_latin1(s, d, order),
        )
    }

    #[inline(always)]
    pub(crate) fn utf32_to_utf8(src: &[u32], dst: &mut [u8]) -> Result<usize, Utf32Error> {
        convert(src, dst, ascii_u32, |b| b, reference::utf32_to_utf8)
    }

    #[inline(always)]
    pub(crate) fn utf32_to_utf16(
        src: &[u32],
        dst: &mut [u16],
        order: ByteOrder,
    ) -> Result<usize, Utf32Error> {
        convert(src, dst, ascii_u32, to_u16(order), |s, d| {
            reference::utf32_to_utf16(s, d, order)
        })
    }

    #[inline(always)]
    pub(crate) fn utf32_to_latin1(src: &[u32], dst: &mut [u8]) -> Result<usize, Utf32Error> {
        convert(src, dst, ascii_u32, |b| b, reference::utf32_to_latin1)
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

    #[inline(always)]
    pub(crate) fn check_utf32(src: &[u32]) -> Result<(), Utf32Error> {
        let bad = |v: u32| v > 0x10FFFF || v & 0xFFFF_F800 == 0xD800;
        let mut i = 0;
        while i + STEP <= src.len() && !src[i..i + STEP].iter().any(|&v| bad(v)) {
            i += STEP;
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
}

/// Stamps out a [`Transcoders`] table named `TRANSCODERS` whose functions are those
/// of the [`Transcode`] implementation `$imp`, compiled with the given attributes
/// (a `#[target_feature]`).
macro_rules! transcoders {
    ($imp:ty $(, #[$attr:meta])*) => {
        crate::kernels::transcode::transcoders!(@table [$imp] [$(#[$attr])*]
            utf8_to_utf16(src: &[u8], dst: &mut [u16], order: ByteOrder) -> Result<usize, Utf8Error>;
            utf8_to_utf32(src: &[u8], dst: &mut [u32]) -> Result<usize, Utf8Error>;
            utf8_to_latin1(src: &[u8], dst: &mut [u8]) -> Result<usize, Utf8Error>;
            utf16_to_utf8(src: &[u16], dst: &mut [u8], order: ByteOrder) -> Result<usize, Utf16Error>;
            utf16_to_utf32(src: &[u16], dst: &mut [u32], order: ByteOrder) -> Result<usize, Utf16Error>;
            utf16_to_latin1(src: &[u16], dst: &mut [u8], order: ByteOrder) -> Result<usize, Utf16Error>;
            utf32_to_utf8(src: &[u32], dst: &mut [u8]) -> Result<usize, Utf32Error>;
            utf32_to_utf16(src: &[u32], dst: &mut [u16], order: ByteOrder) -> Result<usize, Utf32Error>;
            utf32_to_latin1(src: &[u32], dst: &mut [u8]) -> Result<usize, Utf32Error>;
            latin1_to_utf8(src: &[u8], dst: &mut [u8]) -> Result<usize, OutputTooSmall>;
            latin1_to_utf16(src: &[u8], dst: &mut [u16], order: ByteOrder) -> Result<usize, OutputTooSmall>;
            latin1_to_utf32(src: &[u8], dst: &mut [u32]) -> Result<usize, OutputTooSmall>;
            check_utf16(src: &[u16], order: ByteOrder) -> Result<(), Utf16Error>;
            check_utf32(src: &[u32]) -> Result<(), Utf32Error>;
            count_chars(src: &[u8]) -> usize;
            utf16_len_from_utf8(src: &[u8]) -> usize;
            utf8_len_from_utf16(src: &[u16], order: ByteOrder) -> usize;
            utf32_len_from_utf16(src: &[u16], order: ByteOrder) -> usize;
            utf8_len_from_utf32(src: &[u32]) -> usize;
            utf16_len_from_utf32(src: &[u32]) -> usize;
            utf8_len_from_latin1(src: &[u8]) -> usize;
            valid_utf8_to_utf16(src: &[u8], dst: &mut [u16], order: ByteOrder) -> Result<usize, Utf8Error>;
            valid_utf8_to_utf32(src: &[u8], dst: &mut [u32]) -> Result<usize, Utf8Error>;
        );
    };
    (@fn [$imp:ty] [$(#[$attr:meta])*] $name:ident($($arg:ident: $ty:ty),*) -> $ret:ty) => {
        /// # Safety
        /// The CPU supports the kernel's features (and see [`Transcode`]).
        $(#[$attr])*
        pub(super) unsafe fn $name($($arg: $ty),*) -> $ret {
            // SAFETY: the caller's promises are the implementation's.
            unsafe { <$imp as Transcode>::$name($($arg),*) }
        }
    };
    (@table $imp:tt $attrs:tt $($name:ident($($arg:ident: $ty:ty),*) -> $ret:ty;)*) => {
        mod transcode_fns {
            #[allow(unused_imports)]
            use super::*;
            #[allow(unused_imports)]
            use crate::error::{OutputTooSmall, Utf16Error, Utf32Error, Utf8Error};
            use crate::kernels::transcode::Transcode;
            use crate::ByteOrder;
            $(
                crate::kernels::transcode::transcoders!(@fn $imp $attrs $name($($arg: $ty),*) -> $ret);
            )*
        }

        pub(crate) static TRANSCODERS: crate::kernels::transcode::Transcoders =
            crate::kernels::transcode::Transcoders {
                $($name: transcode_fns::$name,)*
            };
    };
}
pub(crate) use transcoders;
