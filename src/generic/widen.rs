//! Latin-1 to UTF-16 and UTF-32: every byte widened, a full-width vector at a
//! time ([`ByteVector::widen_u16`], [`ByteVector::widen_u32`]); the last bytes
//! (and an output that runs out) go to the portable code, which reports the stop.

use super::portable;
use super::vector::ByteVector;
use crate::error::{Offset, OutputTooSmall};
use crate::ByteOrder;

/// Widens `src` into `dst` with `store` (`V::LANES` bytes from the pointer, their
/// units to the other), then `tail` for the rest.
///
/// # Safety
/// The CPU supports `V`; `store(from, to)` reads `V::LANES` bytes at `from` and
/// writes `V::LANES` units at `to`.
#[inline(always)]
unsafe fn widen<V: ByteVector, T>(
    src: &[u8],
    dst: &mut [T],
    store: impl Fn(*const u8, *mut T),
    tail: impl Fn(&[u8], &mut [T]) -> Result<usize, OutputTooSmall>,
) -> Result<usize, OutputTooSmall> {
    let n = src.len().min(dst.len());
    let mut i = 0;
    while n - i >= V::LANES {
        // SAFETY: LANES bytes of `src` and LANES units of `dst` from `i` are in
        // bounds (both have at least `n`).
        store(unsafe { src.as_ptr().add(i) }, unsafe {
            dst.as_mut_ptr().add(i)
        });
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
    // SAFETY (stores): the caller's promise; `widen` passes LANES readable bytes
    // and LANES writable units.
    unsafe {
        match order {
            ByteOrder::Little => widen::<V, u16>(
                src,
                dst,
                |from, to| V::load(from).widen_u16::<false>(to.cast()),
                tail,
            ),
            ByteOrder::Big => widen::<V, u16>(
                src,
                dst,
                |from, to| V::load(from).widen_u16::<true>(to.cast()),
                tail,
            ),
        }
    }
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
    // SAFETY: as above.
    unsafe {
        widen::<V, u32>(
            src,
            dst,
            |from, to| V::load(from).widen_u32(to.cast()),
            portable::latin1_to_utf32,
        )
    }
}
