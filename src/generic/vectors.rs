//! The vector kernels' implementation of the operation list: the operations with
//! vector code use it (`V` is the kernel's full-width vector, `S` its 128-bit one,
//! for inputs shorter than one block); the others keep the portable defaults,
//! compiled for the kernel's instruction set.

use core::marker::PhantomData;

use super::columns::{self, Masks};
use super::validate_utf8::BLOCK;
use super::vector_traits::Simd128;
use super::wide::Wide;
use super::{cesu8, from_utf8, narrow, portable, to_utf8, validate_utf16, validate_utf8, widen};
use super::{Latin1, Utf16, Utf32};
use crate::error::{OutputTooSmall, Utf16Error, Utf32Error, Utf8Error};
use crate::operations::Algorithms;
use crate::reference::transcode as reference;
use crate::ByteOrder;

/// The vector algorithms for full-width vectors `V` and 128-bit vectors `S`.
pub(crate) struct Vectors<V, S>(PhantomData<(V, S)>);

/// UTF-8 to UTF-16 in either byte order, validating or not.
///
/// # Safety
/// The CPU supports `V` and `S`; without `VALIDATE`, `src` is valid UTF-8.
#[inline(always)]
unsafe fn utf8_to_utf16<V: Wide, S: Simd128, const VALIDATE: bool>(
    src: &[u8],
    dst: &mut [u16],
    order: ByteOrder,
) -> Result<usize, Utf8Error> {
    let reference = |s: &[u8], d: &mut [u16]| reference::utf8_to_utf16(s, d, order);
    let tail = |s: &[u8], d: &mut [u16]| portable::utf8_to_utf16(s, d, order);
    // SAFETY: the caller's promises.
    unsafe {
        match order {
            ByteOrder::Little => {
                from_utf8::convert::<V, S, Utf16<false>, VALIDATE>(src, dst, reference, tail)
            }
            ByteOrder::Big => {
                from_utf8::convert::<V, S, Utf16<true>, VALIDATE>(src, dst, reference, tail)
            }
        }
    }
}

/// Whether `src` (1 to 63 bytes) is valid UTF-8, in one vector: from byte masks
/// when it has no 3- or 4-byte lead, else by the full check.
///
/// # Safety
/// The CPU supports `V`; [`Wide::FROM_UTF8`]; `0 < src.len() < V::LANES`.
#[inline(always)]
unsafe fn valid_short<V: Wide>(src: &[u8]) -> bool {
    // SAFETY: the caller's promises; `load_short` reads the bytes of `src` only.
    unsafe {
        let input = V::load_short(src);
        match input.valid_two_byte_utf8() {
            Some(valid) => valid,
            None => validate_utf8::valid_padded(input),
        }
    }
}

impl<V: Wide, S: Simd128> Algorithms for Vectors<V, S> {
    const SHORT_UTF8_IN_ONE_VECTOR: bool = V::FROM_UTF8;
    const SHORT_STEPS_TO_UTF8: bool = V::SHORT_STEPS;

    #[inline(always)]
    unsafe fn validate_utf8(src: &[u8]) -> bool {
        // SAFETY: the caller's promise; `load_short` reads the (fewer than 64)
        // bytes of `src` only.
        unsafe {
            if V::FROM_UTF8 && !src.is_empty() && src.len() < V::LANES {
                // A short string (a row, a field) in one vector (AVX-512).
                return valid_short::<V>(src);
            }
            if src.len() < BLOCK {
                validate_utf8::validate::<S>(src)
            } else {
                validate_utf8::validate::<V>(src)
            }
        }
    }

    #[inline(always)]
    unsafe fn check_utf8(src: &[u8]) -> Result<(), Utf8Error> {
        // SAFETY: the caller's promise; `load_short` reads the (fewer than 64)
        // bytes of `src` only.
        unsafe {
            if V::FROM_UTF8 && !src.is_empty() && src.len() < V::LANES && valid_short::<V>(src) {
                // A valid short string in one vector (AVX-512); an invalid one
                // is checked again below, for the exact error.
                return Ok(());
            }
            if src.len() < BLOCK {
                validate_utf8::check::<S>(src)
            } else {
                validate_utf8::check::<V>(src)
            }
        }
    }

    #[inline(always)]
    unsafe fn flag_utf8(src: &[u8], out: &mut [(u32, u32)]) -> usize {
        // SAFETY: the caller's promise.
        unsafe {
            if src.len() < BLOCK {
                validate_utf8::flag_errors::<S>(src, out)
            } else {
                validate_utf8::flag_errors::<V>(src, out)
            }
        }
    }

    #[inline(always)]
    unsafe fn utf8_to_utf16(
        src: &[u8],
        dst: &mut [u16],
        order: ByteOrder,
    ) -> Result<usize, Utf8Error> {
        // SAFETY: the caller's promise.
        unsafe { utf8_to_utf16::<V, S, true>(src, dst, order) }
    }

    #[inline(always)]
    unsafe fn utf8_to_utf16_short(
        src: &[u8],
        dst: &mut [u16],
        order: ByteOrder,
    ) -> Result<usize, Utf8Error> {
        if !V::FROM_UTF8 {
            // No one-vector path: the whole conversion, as `utf8_to_utf16`.
            // SAFETY: the caller's promise.
            return unsafe { Self::utf8_to_utf16(src, dst, order) };
        }
        if !src.is_empty() && src.len() < BLOCK {
            // SAFETY: the caller's promise; `src` has 1 to 63 bytes.
            let done = unsafe {
                match order {
                    ByteOrder::Little => {
                        from_utf8::convert_short::<V, Utf16<false>, true>(src, dst)
                    }
                    ByteOrder::Big => from_utf8::convert_short::<V, Utf16<true>, true>(src, dst),
                }
            };
            if let Some(n) = done {
                return Ok(n);
            }
        }
        // An error, too little room, or input that is not short: out of line.
        portable::utf8_to_utf16_outlined(src, dst, order)
    }

    #[inline(always)]
    unsafe fn valid_utf8_to_utf16(
        src: &[u8],
        dst: &mut [u16],
        order: ByteOrder,
    ) -> Result<usize, Utf8Error> {
        // SAFETY: the caller's promises.
        unsafe { utf8_to_utf16::<V, S, false>(src, dst, order) }
    }

    #[inline(always)]
    unsafe fn utf8_to_utf32(src: &[u8], dst: &mut [u32]) -> Result<usize, Utf8Error> {
        // SAFETY: the caller's promise.
        unsafe {
            from_utf8::convert::<V, S, Utf32, true>(
                src,
                dst,
                reference::utf8_to_utf32,
                portable::utf8_to_utf32,
            )
        }
    }

    #[inline(always)]
    unsafe fn valid_utf8_to_utf32(src: &[u8], dst: &mut [u32]) -> Result<usize, Utf8Error> {
        // SAFETY: the caller's promises.
        unsafe {
            from_utf8::convert::<V, S, Utf32, false>(
                src,
                dst,
                reference::utf8_to_utf32,
                portable::utf8_to_utf32,
            )
        }
    }

    #[inline(always)]
    unsafe fn utf8_to_latin1(src: &[u8], dst: &mut [u8]) -> Result<usize, Utf8Error> {
        // SAFETY: the caller's promise.
        unsafe {
            from_utf8::convert::<V, S, Latin1, true>(
                src,
                dst,
                reference::utf8_to_latin1,
                portable::utf8_to_latin1,
            )
        }
    }

    #[inline(always)]
    unsafe fn utf16_to_utf8(
        src: &[u16],
        dst: &mut [u8],
        order: ByteOrder,
    ) -> Result<usize, Utf16Error> {
        // SAFETY: the caller's promise.
        unsafe { to_utf8::utf16_to_utf8::<V, S>(src, dst, order) }
    }

    #[inline(always)]
    unsafe fn utf16_to_utf8_short(
        src: &[u16],
        dst: &mut [u8],
        order: ByteOrder,
    ) -> Result<usize, Utf16Error> {
        if !V::SHORT_STEPS {
            // No one-step path: the whole conversion, as `utf16_to_utf8`.
            // SAFETY: the caller's promise.
            return unsafe { Self::utf16_to_utf8(src, dst, order) };
        }
        if src.len() <= 32 {
            let (ptr, len, out, room) = (src.as_ptr(), src.len(), dst.as_mut_ptr(), dst.len());
            // SAFETY: the caller's promise; the step reads the (at most 32)
            // units of `src` and writes within `dst` (or answers `None`, having
            // written nothing, when they do not fit or a surrogate is unpaired).
            let step = unsafe {
                match order {
                    ByteOrder::Little => V::utf16_to_utf8_short::<false>(ptr, len, out, room),
                    ByteOrder::Big => V::utf16_to_utf8_short::<true>(ptr, len, out, room),
                }
            };
            if let Some((read, written)) = step {
                if read == len {
                    return Ok(written);
                }
            }
        }
        portable::utf16_to_utf8_outlined(src, dst, order)
    }

    #[inline(always)]
    unsafe fn utf32_to_utf8(src: &[u32], dst: &mut [u8]) -> Result<usize, Utf32Error> {
        // SAFETY: the caller's promise.
        unsafe { to_utf8::utf32_to_utf8::<V, S>(src, dst) }
    }

    #[inline(always)]
    unsafe fn supplementary_to_cesu8(src: &[u8], dst: &mut [u8], nul: bool) -> (usize, usize) {
        // SAFETY: the caller's promise. (No closure: it could be compiled
        // apart from the kernel's instruction set.)
        unsafe {
            match V::supplementary_to_cesu8_run(src, dst, nul) {
                Some(done) => done,
                None => cesu8::block_loop::<cesu8::Spread<S>>(src, dst, nul),
            }
        }
    }

    #[inline(always)]
    unsafe fn cesu8_pairs_to_utf8(
        src: &[u8],
        dst: &mut [core::mem::MaybeUninit<u8>],
    ) -> (usize, usize) {
        // SAFETY: the caller's promise. (No closure, as above.)
        unsafe {
            match V::cesu8_pairs_run(src, dst) {
                Some(done) => done,
                None => cesu8::pairs_loop::<cesu8::Squeeze<S>>(src, dst),
            }
        }
    }

    #[inline(always)]
    unsafe fn latin1_to_utf8(src: &[u8], dst: &mut [u8]) -> Result<usize, OutputTooSmall> {
        // SAFETY: the caller's promise.
        unsafe { to_utf8::latin1_to_utf8::<V, S>(src, dst) }
    }

    #[inline(always)]
    unsafe fn utf16_to_utf32(
        src: &[u16],
        dst: &mut [u32],
        order: ByteOrder,
    ) -> Result<usize, Utf16Error> {
        // SAFETY: the caller's promise.
        unsafe { portable::utf16_to_utf32_with::<V>(src, dst, order) }
    }

    #[inline(always)]
    unsafe fn utf32_to_utf16(
        src: &[u32],
        dst: &mut [u16],
        order: ByteOrder,
    ) -> Result<usize, Utf32Error> {
        // SAFETY: the caller's promise.
        unsafe { portable::utf32_to_utf16_with::<V>(src, dst, order) }
    }

    #[inline(always)]
    unsafe fn utf16_to_latin1(
        src: &[u16],
        dst: &mut [u8],
        order: ByteOrder,
    ) -> Result<usize, Utf16Error> {
        // SAFETY: the caller's promise.
        unsafe { narrow::utf16_to_latin1::<V>(src, dst, order) }
    }

    #[inline(always)]
    unsafe fn utf32_to_latin1(src: &[u32], dst: &mut [u8]) -> Result<usize, Utf32Error> {
        // SAFETY: the caller's promise.
        unsafe { narrow::utf32_to_latin1::<V>(src, dst) }
    }

    #[inline(always)]
    unsafe fn latin1_to_utf8_short(src: &[u8], dst: &mut [u8]) -> Result<usize, OutputTooSmall> {
        if !V::SHORT_STEPS {
            // No one-step path: the whole conversion, as `latin1_to_utf8`.
            // SAFETY: the caller's promise.
            return unsafe { Self::latin1_to_utf8(src, dst) };
        }
        if src.len() <= 32 {
            let out = dst.as_mut_ptr();
            // SAFETY: the caller's promise; the step reads the (at most 32)
            // bytes of `src` and writes within `dst` (or answers `None`, having
            // written nothing, when they do not fit).
            if let Some((_, written)) =
                unsafe { V::latin1_to_utf8_short(src.as_ptr(), src.len(), out, dst.len()) }
            {
                return Ok(written);
            }
        }
        portable::latin1_to_utf8_outlined(src, dst)
    }

    #[inline(always)]
    unsafe fn latin1_to_utf16(
        src: &[u8],
        dst: &mut [u16],
        order: ByteOrder,
    ) -> Result<usize, OutputTooSmall> {
        // SAFETY: the caller's promise.
        unsafe { widen::latin1_to_utf16::<V>(src, dst, order) }
    }

    #[inline(always)]
    unsafe fn latin1_to_utf32(src: &[u8], dst: &mut [u32]) -> Result<usize, OutputTooSmall> {
        // SAFETY: the caller's promise.
        unsafe { widen::latin1_to_utf32::<V>(src, dst) }
    }

    #[inline(always)]
    unsafe fn check_utf16(src: &[u16], order: ByteOrder) -> Result<(), Utf16Error> {
        // SAFETY: the caller's promise.
        unsafe { validate_utf16::check::<V>(src, order) }
    }

    columns_by_masks! {
        latin1_offsets_i32, utf16_offsets_i32: i32;
        latin1_offsets_i64, utf16_offsets_i64: i64;
        latin1_offsets_usize, utf16_offsets_usize: usize;
    }
}

/// The column offset operations for each offset type, on block masks made by
/// [`high_mask`] and [`unit_masks`].
macro_rules! columns_by_masks {
    ($($latin1:ident, $utf16:ident: $t:ty;)*) => {$(
        #[inline(always)]
        unsafe fn $latin1(values: &[u8], offsets: &[$t], out: &mut [$t]) -> Option<usize> {
            // SAFETY (each block): the caller's promise that the CPU supports `S`.
            columns::latin1_offsets_by(values, offsets, out, #[inline(always)] |block| [unsafe { high_mask::<S>(block) }])
        }

        #[inline(always)]
        unsafe fn $utf16(values: &[u8], offsets: &[$t], out: &mut [$t], order: ByteOrder) -> Option<usize> {
            // SAFETY (each block): the caller's promise that the CPU supports `S`.
            columns::utf16_offsets_by(values, offsets, out, #[inline(always)] |block| unsafe {
                V::utf16_column_masks(block, order == ByteOrder::Big)
                    .unwrap_or_else(|| unit_masks::<S>(block, order))
            })
        }
    )*};
}
use columns_by_masks;

/// The high bits of a block's 64 bytes, bit `i` for byte `i`.
///
/// # Safety
/// The CPU supports `S`.
#[inline(always)]
unsafe fn high_mask<S: Simd128>(block: &[u8; columns::BLOCK]) -> u64 {
    let mut mask = 0;
    for (k, part) in block.chunks_exact(16).enumerate() {
        // SAFETY: `part` is 16 readable bytes; the caller's promise.
        let bits = unsafe { S::load(part.as_ptr()).movemask() };
        mask |= u64::from(bits) << (16 * k);
    }
    mask
}

/// [`columns::unit_masks`] with vector compares: for each UTF-16 unit of the
/// block (in `order`), as many of its two bits set in the first mask as the
/// UTF-8 bytes it takes beyond one; both set in the second for a low surrogate.
///
/// # Safety
/// The CPU supports `S`.
#[inline(always)]
unsafe fn unit_masks<S: Simd128>(block: &[u8; columns::BLOCK], order: ByteOrder) -> Masks<2> {
    /// The first (low) and the second (high) bit of each unit's two.
    const FIRST: u32 = 0x5555;
    const SECOND: u32 = 0xAAAA;
    // SAFETY: the caller's promise; every load reads 16 bytes of the block.
    unsafe {
        let swap = S::load([1u8, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14].as_ptr());
        // Both bits of each unit where `unit & keep == value`.
        let test = |v: S, keep: u16, value: u16| {
            S::eq16(v.and(S::splat16(keep)), S::splat16(value)).movemask()
        };
        let mut masks = [0u64; 2];
        for (k, part) in block.chunks_exact(16).enumerate() {
            let mut v = S::load(part.as_ptr());
            if order == ByteOrder::Big {
                v = v.shuffle(swap);
            }
            let from_80 = !test(v, 0xFF80, 0);
            let from_800 = !test(v, 0xF800, 0) & !test(v, 0xF800, 0xD800);
            let extra = (from_80 & FIRST) | (from_800 & SECOND);
            masks[0] |= u64::from(extra) << (16 * k);
            masks[1] |= u64::from(test(v, 0xFC00, 0xDC00)) << (16 * k);
        }
        masks
    }
}
