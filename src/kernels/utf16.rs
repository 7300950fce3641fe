//! UTF-16 validation, written once over [`ByteVector`] at the kernel's full width.
//!
//! Only the high byte of each unit decides: a high surrogate's is 0xD8..=0xDB, a
//! low surrogate's 0xDC..=0xDF. Two vectors at a time are first tested for any
//! surrogate at all (the common case: none). Where there is one, the "high
//! surrogate" flags moved on by one unit must equal the "low surrogate" flags: a
//! low surrogate follows a high one, and a high one precedes a low one (the last
//! unit's partner is checked with the next vectors). At the first pair of vectors
//! where they differ, and for the last units, the portable check takes over from
//! the last character boundary, so errors are exactly the reference's.

use super::transcode::{portable, Offset};
use crate::error::Utf16Error;
use crate::simd::ByteVector;
use crate::ByteOrder;

/// 0xFF at the bytes that hold the high half of a unit, in `order`.
const fn high_bytes(order: ByteOrder) -> [u8; 16] {
    let mut mask = [0u8; 16];
    let mut i = 0;
    while i < 16 {
        let high = match order {
            ByteOrder::Little => i % 2 == 1,
            ByteOrder::Big => i % 2 == 0,
        };
        if high {
            mask[i] = 0xFF;
        }
        i += 1;
    }
    mask
}

static HIGH_BYTES: [[u8; 16]; 2] = [high_bytes(ByteOrder::Little), high_bytes(ByteOrder::Big)];

/// True when `unit` (already in the machine's order) is a high surrogate.
#[inline(always)]
pub(crate) fn is_high_surrogate(unit: u16) -> bool {
    unit & 0xFC00 == 0xD800
}

/// The index from which a check may restart at or before unit `i`: one unit
/// back when that unit is a high surrogate (whose partner is at `i`).
#[inline(always)]
pub(crate) fn boundary(src: &[u16], i: usize, order: ByteOrder) -> usize {
    match i.checked_sub(1) {
        Some(j) if is_high_surrogate(order.read_u16(src[j])) => j,
        _ => i,
    }
}

/// Checks that `src` is well-formed UTF-16 in byte order `order`.
///
/// # Safety
/// The CPU supports `V`.
#[inline(always)]
pub(crate) unsafe fn check<V: ByteVector>(src: &[u16], order: ByteOrder) -> Result<(), Utf16Error> {
    let units = V::LANES / 2;
    let bytes = src.as_ptr().cast::<u8>();
    let high_bytes = V::table16(&HIGH_BYTES[order as usize]);
    let tagged = |v: V, mask: u8, tag: u8| v.and(V::splat(mask)).eq(V::splat(tag)).and(high_bytes);
    let mut i = 0;
    // The high-surrogate flags of the vector before `i`.
    let mut prev_high = V::splat(0);
    while src.len() - i >= 2 * units {
        // SAFETY: the two vectors are the units i..i + 2 * units of `src`.
        let (v0, v1) = (
            V::load(bytes.add(2 * i)),
            V::load(bytes.add(2 * i + V::LANES)),
        );
        let surrogates = tagged(v0, 0xF8, 0xD8).or(tagged(v1, 0xF8, 0xD8));
        // (A high surrogate last before them needs its partner checked.)
        if !surrogates.or(prev_high).any_nonzero() {
            prev_high = V::splat(0);
            i += 2 * units;
            continue;
        }
        let (high0, high1) = (tagged(v0, 0xFC, 0xD8), tagged(v1, 0xFC, 0xD8));
        let unpaired = high0
            .prev::<2>(prev_high)
            .xor(tagged(v0, 0xFC, 0xDC))
            .or(high1.prev::<2>(high0).xor(tagged(v1, 0xFC, 0xDC)));
        if unpaired.any_nonzero() {
            break;
        }
        prev_high = high1;
        i += 2 * units;
    }
    let start = boundary(src, i, order);
    portable::check_utf16(&src[start..], order).map_err(|e| e.offset(start, 0))
}
