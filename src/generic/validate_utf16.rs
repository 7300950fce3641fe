//! UTF-16 validation, written once over [`ByteVector`] at the kernel's full width.
//!
//! Only the high byte of each unit decides: a high surrogate's is 0xD8..=0xDB,
//! a low surrogate's 0xDC..=0xDF. Steps of 128 bytes or more (at least four
//! vectors), from the first unit aligned to the vector width, are first tested
//! for any surrogate at all (the common case: none), with an `xor` and a `min`
//! a vector; after a step whose last vector held a surrogate, the next step
//! skips that test (text beyond U+FFFF has them everywhere). Where there is
//! one, the "high surrogate" flags moved on by one unit must equal the "low
//! surrogate" flags: a low surrogate follows a high one, and a high one
//! precedes a low one (the last unit's partner is checked with the next
//! vectors). The units before the first aligned one go with the first step's
//! vectors loaded as they are, and the last units, fewer than a step, with the
//! step's worth that ends where they do (not the portable check, a unit at a
//! time). At the first pair of vectors where they differ the portable check
//! takes over from the last character boundary, so errors are exactly the
//! reference's.

use super::portable;
use super::vector_traits::ByteVector;
use crate::error::{Offset, Utf16Error};
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

/// The high-surrogate flags of a vector whose last unit is a high surrogate
/// (`high`) or not, as a step after it reads them.
///
/// # Safety
/// The CPU supports `V`.
#[inline(always)]
unsafe fn high_flags<V: ByteVector>(high: bool, order: ByteOrder) -> V {
    match high {
        true => V::table16(&LAST_UNIT_HIGH[order as usize]),
        false => V::splat(0),
    }
}

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

/// The pairing test of the `vectors` vectors at `at` (aligned to `V::LANES`
/// with `ALIGNED`), whose unit before has the high-surrogate flags of
/// `prev_high` (in its last unit): the "high surrogate" flags moved on by one
/// unit, xored with the "low surrogate" flags (nonzero where a unit is
/// unpaired); the flags of the last vector's high and of its low surrogates.
/// A high surrogate last is not tested: its partner is the next unit's.
/// `tags` are [`TAGGERS`] of the byte order.
///
/// # Safety
/// `at..at + vectors * V::LANES` is readable; the CPU supports `V`.
#[inline(always)]
unsafe fn pairing<V: ByteVector, const ALIGNED: bool>(
    at: *const u8,
    vectors: usize,
    tags: &[V; 3],
    mut prev_high: V,
) -> (V, V, V) {
    let [mask, high, low] = tags;
    let mut unpaired = V::splat(0);
    let mut last_low = V::splat(0);
    for k in 0..vectors {
        // SAFETY: the caller's promise.
        let bytes = unsafe {
            match ALIGNED {
                true => V::load_aligned(at.add(k * V::LANES)),
                false => V::load(at.add(k * V::LANES)),
            }
        };
        let masked = bytes.and(*mask);
        let is_high = masked.eq(*high);
        last_low = masked.eq(*low);
        unpaired = unpaired.or(is_high.prev::<2>(prev_high).xor(last_low));
        prev_high = is_high;
    }
    (unpaired, prev_high, last_low)
}

/// Checks that `src` is well-formed UTF-16 in byte order `order`.
///
/// # Safety
/// The CPU supports `V`.
#[inline(always)]
pub(crate) unsafe fn check<V: ByteVector>(src: &[u16], order: ByteOrder) -> Result<(), Utf16Error> {
    let units = V::LANES / 2;
    let vectors = vectors(V::LANES);
    let step = vectors * units;
    if src.len() < step {
        return portable::check_utf16(src, order);
    }
    let bytes = src.as_ptr().cast::<u8>();
    let tags = TAGGERS[order as usize].each_ref().map(|t| V::table16(t));
    let [flip, lift] = &ANY_SURROGATE[order as usize];
    let (flip, lift, seven) = (V::table16(flip), V::table16(lift), V::splat(7));
    let is_high = |i: usize| is_high_surrogate(order.read_u16(src[i]));
    // The steps load vectors aligned to their width from `head` on. The units
    // before it go with the first step's, loaded as they are: when those are
    // paired, so is the head (a high surrogate that ends it has its partner
    // there), and the steps go on from `head` with its last unit's flags.
    let head = (V::LANES - bytes as usize % V::LANES) % V::LANES / 2;
    let mut i = 0;
    // The high-surrogate flags of the vector before `i`.
    let mut prev_high = V::splat(0);
    // Whether the vector before `i` held a surrogate: a high one last needs
    // its partner checked by the pairing check; and text where the last step
    // ended with one (a script beyond U+FFFF, emoji) likely has more, so the
    // next step goes straight to that check, which tells again. (When false,
    // `prev_high` is all zero.)
    let mut recent = false;
    if head > 0 {
        // SAFETY: `src` holds a step's units from 0.
        let (unpaired, ..) = unsafe { pairing::<V, false>(bytes, vectors, &tags, V::splat(0)) };
        if unpaired.any_nonzero() {
            return portable::check_utf16(src, order);
        }
        recent = is_high(head - 1);
        (i, prev_high) = (head, high_flags::<V>(recent, order));
    }
    while src.len() - i >= step {
        if !recent {
            // SAFETY: the vectors are the units i..i + step of `src`, from
            // `head` on: aligned to `LANES` bytes.
            let load = |k: usize| V::load_aligned(bytes.add(2 * i + k * V::LANES));
            // 0..=7 at the high byte of a surrogate (and anything at the low
            // bytes, lifted out of that range once, after the minimum over the
            // vectors): two operations a vector.
            let mut least = V::splat(0xFF);
            for k in 0..vectors {
                least = least.min(load(k).xor(flip));
            }
            if !least.or(lift).saturating_sub(seven).has_zero_byte() {
                i += step;
                continue;
            }
        }
        // (The same address hidden from the optimizer, which would otherwise
        // keep the vectors of the test above in registers, a copy each.)
        let again = core::hint::black_box(bytes.add(2 * i));
        // SAFETY: as `load` above.
        let (unpaired, high, last_low) =
            unsafe { pairing::<V, true>(again, vectors, &tags, prev_high) };
        if unpaired.any_nonzero() {
            break;
        }
        prev_high = high;
        recent = prev_high.or(last_low).any_nonzero();
        i += step;
    }
    if src.len() - i < step && i < src.len() {
        // The last units, fewer than a step: the step that ends where they
        // do, loaded as they are, with the flags of the unit before it (it
        // tests units the steps tested, and the partner of a high surrogate
        // that ended them). Valid when paired and not ending in a high
        // surrogate.
        let from = src.len() - step;
        let before = high_flags::<V>(from > 0 && is_high(from - 1), order);
        // SAFETY: `src` holds a step's units from `from`.
        let (unpaired, ..) =
            unsafe { pairing::<V, false>(bytes.add(2 * from), vectors, &tags, before) };
        if !unpaired.any_nonzero() && !is_high(src.len() - 1) {
            return Ok(());
        }
    }
    let start = boundary(src, i, order);
    portable::check_utf16(&src[start..], order).map_err(|e| e.offset(start, 0))
}
