//! The vector kernels' implementation of the operation list: the operations with
//! vector code use it (`V` is the kernel's full-width vector, `S` its 128-bit one,
//! for inputs shorter than one block); the others keep the portable defaults,
//! compiled for the kernel's instruction set.

use core::marker::PhantomData;

use super::validate_utf8::BLOCK;
use super::vector::Simd128;
use super::wide::Wide;
use super::{from_utf8, narrow, portable, to_utf8, validate_utf16, validate_utf8, widen};
use super::{Latin1, Utf16, Utf32};
use crate::error::{OutputTooSmall, Utf16Error, Utf32Error, Utf8Error};
use crate::operations::Algorithms;
use crate::scalar::transcode as reference;
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

impl<V: Wide, S: Simd128> Algorithms for Vectors<V, S> {
    #[inline(always)]
    unsafe fn validate_utf8(src: &[u8]) -> bool {
        // SAFETY: the caller's promise.
        unsafe {
            if src.len() < BLOCK {
                validate_utf8::validate::<S>(src)
            } else {
                validate_utf8::validate::<V>(src)
            }
        }
    }

    #[inline(always)]
    unsafe fn check_utf8(src: &[u8]) -> Result<(), Utf8Error> {
        // SAFETY: the caller's promise.
        unsafe {
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
    unsafe fn utf32_to_utf8(src: &[u32], dst: &mut [u8]) -> Result<usize, Utf32Error> {
        // SAFETY: the caller's promise.
        unsafe { to_utf8::utf32_to_utf8::<V, S>(src, dst) }
    }

    #[inline(always)]
    unsafe fn latin1_to_utf8(src: &[u8], dst: &mut [u8]) -> Result<usize, OutputTooSmall> {
        // SAFETY: the caller's promise.
        unsafe { to_utf8::latin1_to_utf8::<V, S>(src, dst) }
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
}
