//! UTF-16 validation, written once over [`ByteVector`] at the kernel's full width.
//!
//! Only the high byte of each unit decides: a high surrogate's is 0xD8..=0xDB, a
//! low surrogate's 0xDC..=0xDF. Steps of 128 bytes or more (at least four
//! vectors), from the first unit aligned to the vector width, are first tested
//! for any surrogate at all (the common case: none), with an `xor` and a `min`
//! a vector; after a step whose last vector held a surrogate, the next step
//! skips that test (text beyond U+FFFF has them everywhere). Where there is
//! one, the "high
//! surrogate" flags moved on by one unit must equal the "low surrogate" flags: a
//! low surrogate follows a high one, and a high one precedes a low one (the last
//! unit's partner is checked with the next vectors). At the first pair of vectors
//! where they differ, and for the last units, the portable check takes over from
//! the last character boundary, so errors are exactly the reference's.

use super::portable;
use super::vector_traits::ByteVector;
use crate::error::{Offset, Utf16Error, Utf16ErrorKind};
use crate::ByteOrder;

/// 16 bytes: `high` at the bytes that hold the high half of a unit (in
/// `order`), `low` at the others.
const fn halves(order: ByteOrder, high: u8, low: u8) -> [u8; 16] {
    let mut table = [low; 16];
    let mut i = match order {
        ByteOrder::Little => 1,
        ByteOrder::Big => 0,
    };
    while i < 16 {
        table[i] = high;
        i += 2;
    }
    table
}

/// For the surrogate tests, one `and` shared and one `eq` each, by byte order:
/// `[0]` 0xFC at the bytes that hold the high half of a unit, 0 at the others;
/// `[1]` and `[2]` the high byte of a high and of a low surrogate so masked
/// (0xD8, 0xDC) at the high halves, 1 at the others (which the masked bytes, 0,
/// never equal).
static TAGGERS: [[[u8; 16]; 3]; 2] = [
    [
        halves(ByteOrder::Little, 0xFC, 0),
        halves(ByteOrder::Little, 0xD8, 1),
        halves(ByteOrder::Little, 0xDC, 1),
    ],
    [
        halves(ByteOrder::Big, 0xFC, 0),
        halves(ByteOrder::Big, 0xD8, 1),
        halves(ByteOrder::Big, 0xDC, 1),
    ],
];

/// For the test for any surrogate, by byte order: `[0]` 0xD8 at the high byte
/// of each unit and 0 at the low byte (an `xor` with it takes a surrogate's
/// high byte, 0xD8..=0xDF, to 0..=7, and no other high byte there); `[1]` 0xF8
/// at the low bytes and 0 at the high ones (an `or` with it lifts every low
/// byte out of 0..=7).
static ANY_SURROGATE: [[[u8; 16]; 2]; 2] = [
    [
        halves(ByteOrder::Little, 0xD8, 0),
        halves(ByteOrder::Little, 0, 0xF8),
    ],
    [
        halves(ByteOrder::Big, 0xD8, 0),
        halves(ByteOrder::Big, 0, 0xF8),
    ],
];

/// Vectors per step of `lanes` bytes each: 128 bytes at least (eight
/// vectors of SSE), four vectors at least.
const fn vectors(lanes: usize) -> usize {
    let by_bytes = 128 / lanes;
    if by_bytes > 4 {
        by_bytes
    } else {
        4
    }
}

/// By byte order: 0xFF at the high byte of a vector's last unit, 0 elsewhere
/// (for each 128-bit lane; only the last lane's last unit counts): the
/// high-surrogate flags of a vector that ends in a high surrogate, as the
/// step after it reads them.
static LAST_UNIT_HIGH: [[u8; 16]; 2] = {
    let mut tables = [[0u8; 16]; 2];
    tables[0][15] = 0xFF;
    tables[1][14] = 0xFF;
    tables
};

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
    let vectors = vectors(V::LANES);
    let bytes = src.as_ptr().cast::<u8>();
    let [mask, high, low] = TAGGERS[order as usize].each_ref().map(|t| V::table16(t));
    let [flip, lift] = &ANY_SURROGATE[order as usize];
    let (flip, lift, seven) = (V::table16(flip), V::table16(lift), V::splat(7));
    // The units before the first one aligned to a vector's width by the
    // portable check, but for a high surrogate that ends them, whose partner
    // the first step checks (so the steps load aligned vectors).
    let head = ((V::LANES - bytes as usize % V::LANES) % V::LANES / 2).min(src.len());
    if src.len() - head < vectors * units {
        return portable::check_utf16(src, order);
    }
    // (Cut there, a high surrogate last is "truncated": the steps see on.)
    let last_high = match portable::check_utf16(&src[..head], order) {
        Ok(()) => false,
        Err(e) if e.kind() == Utf16ErrorKind::TruncatedAtEnd => true,
        Err(e) => return Err(e),
    };
    let mut i = head;
    // The high-surrogate flags of the vector before `i`.
    let mut prev_high = match last_high {
        true => V::table16(&LAST_UNIT_HIGH[order as usize]),
        false => V::splat(0),
    };
    // Whether the vector before `i` held a surrogate: a high one last needs
    // its partner checked by the pairing check; and text where the last step
    // ended with one (a script beyond U+FFFF, emoji) likely has more, so the
    // next step goes straight to that check, which tells again. (When false,
    // `prev_high` is all zero.)
    let mut recent = last_high;
    while src.len() - i >= vectors * units {
        if !recent {
            // SAFETY: the vectors are the units i..i + vectors * units of
            // `src`, from `head` on: aligned to `LANES` bytes.
            let load = |k: usize| V::load_aligned(bytes.add(2 * i + k * V::LANES));
            // 0..=7 at the high byte of a surrogate (and anything at the low
            // bytes, lifted out of that range once, after the minimum over the
            // vectors): two operations a vector.
            let mut least = V::splat(0xFF);
            for k in 0..vectors {
                least = least.min(load(k).xor(flip));
            }
            if !least.or(lift).saturating_sub(seven).has_zero_byte() {
                i += vectors * units;
                continue;
            }
        }
        let mut unpaired = V::splat(0);
        let mut last_low = V::splat(0);
        // (The same address hidden from the optimizer, which would otherwise
        // keep the vectors of the test above in registers, a copy each.)
        let again = core::hint::black_box(bytes.add(2 * i));
        for k in 0..vectors {
            // SAFETY: as `load` above.
            let masked = V::load_aligned(again.add(k * V::LANES)).and(mask);
            let high = masked.eq(high);
            last_low = masked.eq(low);
            unpaired = unpaired.or(high.prev::<2>(prev_high).xor(last_low));
            prev_high = high;
        }
        if unpaired.any_nonzero() {
            break;
        }
        recent = prev_high.or(last_low).any_nonzero();
        i += vectors * units;
    }
    let start = boundary(src, i, order);
    portable::check_utf16(&src[start..], order).map_err(|e| e.offset(start, 0))
}
