//! Latin-1 to UTF-16 and UTF-32: every byte widened, a full-width vector at a
//! time ([`ByteVector::widen_u16`], [`ByteVector::widen_u32`]); the last bytes
//! (and an output that runs out) go to the portable code, which reports the stop.

use super::portable;
use super::vector_traits::ByteVector;
use crate::error::{Offset, OutputTooSmall};
use crate::ByteOrder;

/// Converts `src` into `dst` one unit per unit, `V::LANES` units a step while
/// `step(i, dst)` (which converts the units from `i`, both slices having
/// `V::LANES` of them there) succeeds, then `tail` for the rest: the widening
/// here and the narrowing of `narrow.rs`.
#[inline(always)]
pub(super) fn lane_steps<V: ByteVector, U, T, E: Offset>(
    src: &[U],
    dst: &mut [T],
    mut step: impl FnMut(usize, &mut [T]) -> bool,
    tail: impl Fn(&[U], &mut [T]) -> Result<usize, E>,
) -> Result<usize, E> {
    let n = src.len().min(dst.len());
    let mut i = 0;
    while n - i >= V::LANES && step(i, dst) {
        i += V::LANES;
    }
    tail(&src[i..], &mut dst[i..])
        .map(|k| i + k)
        .map_err(|e| e.offset(i, i))
}

/// Latin-1 to UTF-16 in byte order `order`.
///
/// # Safety
/// The CPU supports `V`.
#[inline(always)]
pub(crate) unsafe fn latin1_to_utf16<V: ByteVector>(
    src: &[u8],
    dst: &mut [u16],
    order: ByteOrder,
) -> Result<usize, OutputTooSmall> {
    let tail = |s: &[u8], d: &mut [u16]| portable::latin1_to_utf16(s, d, order);
    let step = |i: usize, dst: &mut [u16]| {
        // SAFETY: the caller's promise; `lane_steps` has LANES bytes of `src`
        // and LANES units of `dst` from `i`.
        unsafe {
            let (from, to) = (V::load(src.as_ptr().add(i)), dst.as_mut_ptr().add(i));
            match order {
                ByteOrder::Little => from.widen_u16::<false>(to.cast()),
                ByteOrder::Big => from.widen_u16::<true>(to.cast()),
            }
        }
        true
    };
    lane_steps::<V, _, _, _>(src, dst, step, tail)
}

/// Latin-1 to UTF-32.
///
/// # Safety
/// The CPU supports `V`.
#[inline(always)]
pub(crate) unsafe fn latin1_to_utf32<V: ByteVector>(
    src: &[u8],
    dst: &mut [u32],
) -> Result<usize, OutputTooSmall> {
    let step = |i: usize, dst: &mut [u32]| {
        // SAFETY: as above.
        unsafe { V::load(src.as_ptr().add(i)).widen_u32(dst.as_mut_ptr().add(i).cast()) };
        true
    };
    lane_steps::<V, _, _, _>(src, dst, step, portable::latin1_to_utf32)
}
