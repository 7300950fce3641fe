//! Latin-1 to UTF-16 and UTF-32: every byte widened, a full-width vector at a
//! time ([`ByteVector::widen_u16`], [`ByteVector::widen_u32`]), the last bytes
//! by the vector that ends with them; an output that runs out goes to the
//! portable code, which reports the stop.

use super::portable;
use super::vector_traits::ByteVector;
use crate::error::{Offset, OutputTooSmall};
use crate::ByteOrder;

/// What a vector of Latin-1 bytes becomes.
#[derive(Clone, Copy)]
enum Units {
    Utf16(ByteOrder),
    Utf32,
}

impl Units {
    /// Bytes per unit.
    const fn width(self) -> usize {
        match self {
            Units::Utf16(_) => 2,
            Units::Utf32 => 4,
        }
    }
}

/// Widens the `V::LANES` bytes at `from` into the units at `to`.
///
/// # Safety
/// The CPU supports `V`; `V::LANES` bytes are readable at `from` and `V::LANES`
/// units writable at `to`.
#[inline(always)]
unsafe fn widen_step<V: ByteVector>(from: *const u8, to: *mut u8, units: Units) {
    // SAFETY: the caller's promise.
    unsafe {
        let bytes = V::load(from);
        match units {
            Units::Utf16(ByteOrder::Little) => bytes.widen_u16::<false>(to),
            Units::Utf16(ByteOrder::Big) => bytes.widen_u16::<true>(to),
            Units::Utf32 => bytes.widen_u32(to),
        }
    }
}

/// Widens `src` into `dst` (units of `T`, as `units` says), eight stores'
/// worth of vectors an iteration (four to UTF-16, two to UTF-32), then one
/// vector at a time, the last bytes by the vector that ends with them, then
/// `tail` for what the output has no room for.
///
/// Eight stores an iteration, not two or four: a short loop of a dozen
/// instructions that run in one or two cycles is fed by the front end of a
/// Zen 5 at full speed or at half of it depending on where the loop's closing
/// branch lands in its 64-byte line (BENCHMARKS.md, twenty-fifth session). Two
/// vectors to UTF-32 (eight stores, 121 bytes) ran at the stores' speed at
/// every offset; two to UTF-16 (four stores, 70 bytes) landed badly in the
/// next build (SSE4.2: 33 against 60 GB/s; twenty-sixth session).
///
/// # Safety
/// The CPU supports `V`; `units` are units of `T` (`u16` for UTF-16, `u32` for
/// UTF-32).
#[inline(always)]
unsafe fn widen<V: ByteVector, T>(
    src: &[u8],
    dst: &mut [T],
    units: Units,
    tail: impl Fn(&[u8], &mut [T]) -> Result<usize, OutputTooSmall>,
) -> Result<usize, OutputTooSmall> {
    debug_assert_eq!(size_of::<T>(), units.width());
    // Vectors an iteration: as many as make eight stores of the vector's
    // width (a vector of bytes is two vectors of UTF-16, four of UTF-32).
    let per = 8 / units.width();
    let n = src.len().min(dst.len());
    let (from, to) = (src.as_ptr(), dst.as_mut_ptr());
    let mut i = 0;
    // SAFETY: the caller's promise; each step reads V::LANES bytes of `src`
    // and writes V::LANES units of `dst` from `i` (the last from `n -
    // V::LANES`), both in bounds there.
    unsafe {
        while n - i >= per * V::LANES {
            for k in 0..per {
                let j = i + k * V::LANES;
                widen_step::<V>(from.add(j), to.add(j).cast(), units);
            }
            i += per * V::LANES;
        }
        while n - i >= V::LANES {
            widen_step::<V>(from.add(i), to.add(i).cast(), units);
            i += V::LANES;
        }
        // The last bytes, fewer than a vector: the vector that ends with
        // them (its first units written again, the same).
        if i < n && n >= V::LANES {
            widen_step::<V>(from.add(n - V::LANES), to.add(n - V::LANES).cast(), units);
            i = n;
        }
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
    // SAFETY: the caller's promise; UTF-16 units are `u16`.
    unsafe { widen::<V, _>(src, dst, Units::Utf16(order), tail) }
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
    // SAFETY: the caller's promise; UTF-32 units are `u32`.
    unsafe { widen::<V, _>(src, dst, Units::Utf32, portable::latin1_to_utf32) }
}
