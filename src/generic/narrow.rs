//! UTF-16 and UTF-32 to Latin-1: full-width vectors while every unit is below
//! U+0100 ([`ByteVector::narrow_u16`], [`ByteVector::narrow_u32`]). Any other unit
//! is an error in Latin-1, so the first vector that holds one, and the last units,
//! go to the portable code, which names the error exactly.

use super::portable;
use super::vector_traits::{or4, unit_mask16, unit_mask32, ByteVector};
use crate::error::Offset;
use crate::error::{Utf16Error, Utf32Error};
use crate::ByteOrder;

/// The bits that are zero in a `u16` unit below U+0100, either byte order.
static NOT_LATIN1: [[u8; 16]; 2] = unit_mask16(0xFF00);

/// The bits that are zero in a `u32` value below U+0100.
static NOT_LATIN1_32: [u8; 16] = unit_mask32(0xFFFF_FF00);

/// Converts `src` into `dst` one unit per unit from `i`, `V::LANES` units a
/// step while `step(i, dst)` (which converts the units from `i`, both slices
/// having `V::LANES` of them there, and writes nothing when it fails)
/// succeeds; the last units, when fewer than a step remain, by a step that
/// ends where they do (it writes the bytes before them again, the same); then
/// `tail` for what is left: the narrowing below.
#[inline(always)]
fn lane_steps<V: ByteVector, U, T, E: Offset>(
    src: &[U],
    dst: &mut [T],
    mut i: usize,
    mut step: impl FnMut(usize, &mut [T]) -> bool,
    tail: impl Fn(&[U], &mut [T]) -> Result<usize, E>,
) -> Result<usize, E> {
    let n = src.len().min(dst.len());
    // One call of `step` in the loop: called from two places, it was left out
    // of line, without the kernel's instruction set (AVX-512 UTF-32 to
    // Latin-1 at 3.5 GB/s).
    loop {
        let at = match n - i {
            rest if rest >= V::LANES => i,
            rest if rest > 0 && n >= V::LANES => n - V::LANES,
            _ => break,
        };
        if !step(at, dst) {
            break;
        }
        i = at + V::LANES;
    }
    tail(&src[i..], &mut dst[i..])
        .map(|k| i + k)
        .map_err(|e| e.offset(i, i))
}

/// UTF-16 in byte order `order` to Latin-1.
///
/// # Safety
/// The CPU supports `V`.
#[inline(always)]
pub(crate) unsafe fn utf16_to_latin1<V: ByteVector>(
    src: &[u16],
    dst: &mut [u8],
    order: ByteOrder,
) -> Result<usize, Utf16Error> {
    let tail = |s: &[u16], d: &mut [u8]| portable::utf16_to_latin1(s, d, order);
    // SAFETY (loads and stores): the caller's promise; the double steps read
    // 2 * LANES units of `src` and write 2 * LANES bytes of `dst` from `i`
    // while that many are there; `lane_steps` steps only from indices `j`
    // with `j + LANES` at most the length of both.
    unsafe {
        let mask = V::table16(&NOT_LATIN1[order as usize]);
        let narrow = |low: V, high: V, to: *mut u8| match order {
            ByteOrder::Little => low.narrow_u16::<false>(high, to),
            ByteOrder::Big => low.narrow_u16::<true>(high, to),
        };
        // Two steps at a time: one test of four vectors, half the branches.
        let n = src.len().min(dst.len());
        let mut i = 0;
        while n - i >= 2 * V::LANES {
            let from = src.as_ptr().add(i).cast::<u8>();
            let v = [0, 1, 2, 3].map(|k| V::load(from.add(k * V::LANES)));
            if or4(v).and(mask).any_nonzero() {
                break;
            }
            let to = dst.as_mut_ptr().add(i);
            narrow(v[0], v[1], to);
            narrow(v[2], v[3], to.add(V::LANES));
            i += 2 * V::LANES;
        }
        let step = |j: usize, dst: &mut [u8]| {
            let from = src.as_ptr().add(j).cast::<u8>();
            let (low, high) = (V::load(from), V::load(from.add(V::LANES)));
            if low.or(high).and(mask).any_nonzero() {
                return false;
            }
            narrow(low, high, dst.as_mut_ptr().add(j));
            true
        };
        lane_steps::<V, _, _, _>(src, dst, i, step, tail)
    }
}

/// UTF-32 to Latin-1.
///
/// # Safety
/// The CPU supports `V`.
#[inline(always)]
pub(crate) unsafe fn utf32_to_latin1<V: ByteVector>(
    src: &[u32],
    dst: &mut [u8],
) -> Result<usize, Utf32Error> {
    // SAFETY: as above.
    unsafe {
        let mask = V::table16(&NOT_LATIN1_32);
        // Two steps at a time: one test of eight vectors, half the branches.
        // SSE4.2 (64 bytes a step), French as UTF-32: 1.19x to 1.30x simdutf
        // westmere's wall time. AVX2 (128 bytes a step), Zen 5, in rounds
        // against simdutf haswell: Latin-Lipsum and Esperanto as UTF-32 (in
        // L2) 2.46 -> 1.78 us and 2.34 -> 1.74 us, 1.00x -> 1.35x; the files
        // read from L3 unchanged (BENCHMARKS.md, fifty-fifth session; on an
        // earlier build this loop had lost 4-7%). AVX-512 gained nothing.
        let n = src.len().min(dst.len());
        let mut i = 0;
        while V::LANES <= 32 && n - i >= 2 * V::LANES {
            let from = src.as_ptr().add(i).cast::<u8>();
            let v = [0, 1, 2, 3].map(|k| V::load(from.add(k * V::LANES)));
            let w = [4, 5, 6, 7].map(|k| V::load(from.add(k * V::LANES)));
            if or4(v).or(or4(w)).and(mask).any_nonzero() {
                break;
            }
            let to = dst.as_mut_ptr().add(i);
            V::narrow_u32(v, to);
            V::narrow_u32(w, to.add(V::LANES));
            i += 2 * V::LANES;
        }
        // With 256-bit vectors (AVX2), the last whole steps by a loop over
        // pointers: its loads take no index register. The indexed loop of
        // `lane_steps` ran at 131-133 GB/s on ASCII text (Zen 5; simdutf
        // haswell 152-156), this one at 169 (BENCHMARKS.md, twenty-eighth
        // session). AVX-512 lost with it (204 to 151 GB/s) and keeps
        // `lane_steps`.
        if V::LANES == 32 {
            let mut from = src.as_ptr().add(i);
            let mut to = dst.as_mut_ptr().add(i);
            // SAFETY (loads and stores): LANES units from `from` and LANES
            // bytes from `to` while `from != end`: `end` is a whole number of
            // steps from `i`, at most `n`.
            let end = src.as_ptr().add(n - (n - i) % V::LANES);
            while from != end {
                let f = from.cast::<u8>();
                let v = [0, 1, 2, 3].map(|k| V::load(f.add(k * V::LANES)));
                if or4(v).and(mask).any_nonzero() {
                    break;
                }
                V::narrow_u32(v, to);
                from = from.add(V::LANES);
                to = to.add(V::LANES);
            }
            i = from.offset_from(src.as_ptr()) as usize;
        }
        let step = |j: usize, dst: &mut [u8]| {
            let from = src.as_ptr().add(j).cast::<u8>();
            let v = [0, 1, 2, 3].map(|k| V::load(from.add(k * V::LANES)));
            if or4(v).and(mask).any_nonzero() {
                return false;
            }
            V::narrow_u32(v, dst.as_mut_ptr().add(j));
            true
        };
        lane_steps::<V, _, _, _>(src, dst, i, step, portable::utf32_to_latin1)
    }
}
