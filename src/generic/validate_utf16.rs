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

use super::portable;
use super::vector_traits::ByteVector;
use crate::error::{Offset, Utf16Error};
use crate::ByteOrder;

/// For a surrogate test with one `and` and one `eq`: `mask` at the bytes that
/// hold the high half of a unit (in `order`), 0 at the others; `tag` at the high
/// halves, 1 at the others (which the masked bytes, 0, never equal).
const fn tagger(order: ByteOrder, mask: u8, tag: u8) -> [[u8; 16]; 2] {
    let mut tables = [[0u8; 16]; 2];
    let mut i = 0;
    while i < 16 {
        let high = match order {
            ByteOrder::Little => i % 2 == 1,
            ByteOrder::Big => i % 2 == 0,
        };
        tables[0][i] = if high { mask } else { 0 };
        tables[1][i] = if high { tag } else { 1 };
        i += 1;
    }
    tables
}

/// [`tagger`]s by byte order: any surrogate, high surrogates, low surrogates.
static TAGGERS: [[[[u8; 16]; 2]; 3]; 2] = [
    [
        tagger(ByteOrder::Little, 0xF8, 0xD8),
        tagger(ByteOrder::Little, 0xFC, 0xD8),
        tagger(ByteOrder::Little, 0xFC, 0xDC),
    ],
    [
        tagger(ByteOrder::Big, 0xF8, 0xD8),
        tagger(ByteOrder::Big, 0xFC, 0xD8),
        tagger(ByteOrder::Big, 0xFC, 0xDC),
    ],
];

/// Vectors per step.
const VECTORS: usize = 4;

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
    let taggers = &TAGGERS[order as usize];
    let tagger = |k: usize| (V::table16(&taggers[k][0]), V::table16(&taggers[k][1]));
    let (any, high, low) = (tagger(0), tagger(1), tagger(2));
    // 0xFF at the high byte of each unit that `(mask, tag)` selects.
    let tagged = |v: V, (mask, tag): (V, V)| v.and(mask).eq(tag);
    let mut i = 0;
    // The high-surrogate flags of the vector before `i`, and whether any is set.
    let (mut prev_high, mut pending) = (V::splat(0), false);
    while src.len() - i >= VECTORS * units {
        // SAFETY: the vectors are the units i..i + VECTORS * units of `src`.
        let v: [V; VECTORS] = core::array::from_fn(|k| V::load(bytes.add(2 * i + k * V::LANES)));
        // Zero at the high byte of a surrogate: the minimum over the vectors
        // has a zero byte if any of them has.
        let mut least = V::splat(0xFF);
        for x in v {
            least = least.min(x.and(any.0).xor(any.1));
        }
        // (A high surrogate last before them needs its partner checked too.)
        if !least.has_zero_byte() && !pending {
            i += VECTORS * units;
            continue;
        }
        let mut unpaired = V::splat(0);
        for x in v {
            let high = tagged(x, high);
            unpaired = unpaired.or(high.prev::<2>(prev_high).xor(tagged(x, low)));
            prev_high = high;
        }
        if unpaired.any_nonzero() {
            break;
        }
        pending = prev_high.any_nonzero();
        i += VECTORS * units;
    }
    let start = boundary(src, i, order);
    portable::check_utf16(&src[start..], order).map_err(|e| e.offset(start, 0))
}
