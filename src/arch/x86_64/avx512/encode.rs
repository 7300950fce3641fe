//! UTF-8 out of whole AVX-512 registers: code points up to U+FFFF ([`encode_units`]),
//! UTF-16 parts with surrogate pairs ([`encode_part`]) and scalar values of any
//! plane ([`scalar_bytes`], for UTF-32), by masked byte compresses.

use core::arch::x86_64::*;

use super::*;

/// Sixteen `u32` lanes of code points up to U+FFFF as UTF-8 bytes `[lead,
/// continuation, continuation, 0]`, of which the lanes in `ascii` need only
/// the first and those in `short` (below U+0800) the first two.
#[inline(always)]
pub(super) unsafe fn three_bytes(w: __m512i, ascii: u16, short: u16) -> __m512i {
    let two_lead = _mm512_or_si512(_mm512_srli_epi32::<6>(w), w32(0xC0));
    let three_lead = _mm512_or_si512(_mm512_srli_epi32::<12>(w), w32(0xE0));
    let lead = _mm512_mask_blend_epi32(
        ascii,
        _mm512_mask_blend_epi32(short, three_lead, two_lead),
        w,
    );
    let low6 = _mm512_or_si512(_mm512_and_si512(w, w32(0x3F)), w32(0x80));
    let mid6 = _mm512_or_si512(
        _mm512_and_si512(_mm512_srli_epi32::<6>(w), w32(0x3F)),
        w32(0x80),
    );
    let first = _mm512_mask_blend_epi32(short, mid6, low6);
    _mm512_or_si512(
        _mm512_or_si512(lead, _mm512_slli_epi32::<8>(first)),
        _mm512_slli_epi32::<16>(low6),
    )
}

/// Sixteen `u32` lanes of code points from U+10000 as their four UTF-8 bytes,
/// in order from the lane's low byte.
#[inline(always)]
pub(super) unsafe fn four_bytes(c: __m512i) -> __m512i {
    let cont = |v: __m512i| _mm512_or_si512(_mm512_and_si512(v, w32(0x3F)), w32(0x80));
    _mm512_or_si512(
        _mm512_or_si512(
            _mm512_or_si512(_mm512_srli_epi32::<18>(c), w32(0xF0)),
            _mm512_slli_epi32::<8>(cont(_mm512_srli_epi32::<12>(c))),
        ),
        _mm512_or_si512(
            _mm512_slli_epi32::<16>(cont(_mm512_srli_epi32::<6>(c))),
            _mm512_slli_epi32::<24>(cont(c)),
        ),
    )
}

/// The lanes of sixteen `u32` values that are not Unicode scalar values
/// (above U+10FFFF, or surrogates).
#[inline(always)]
pub(super) unsafe fn not_scalar(values: __m512i) -> u16 {
    let above = _mm512_cmpgt_epu32_mask(values, w32(0x10_FFFF));
    let tops = _mm512_and_si512(values, w32(0xFFFF_F800));
    above | _mm512_cmpeq_epi32_mask(tops, w32(0xD800))
}

/// The UTF-8 of the `lanes` of sixteen `u32` lanes of Unicode scalar values,
/// any plane: each lane's one to four bytes (`[lead, continuation...]` from the
/// lane's low byte) and the mask of the bytes that belong, four bits a lane,
/// for a compress that packs them.
#[inline(always)]
pub(super) unsafe fn scalar_bytes(values: __m512i, lanes: u16) -> (__m512i, u64) {
    let ascii = _mm512_cmplt_epu32_mask(values, w32(0x80));
    let short = _mm512_cmplt_epu32_mask(values, w32(0x800));
    let bmp = _mm512_cmplt_epu32_mask(values, w32(0x1_0000));
    let mut bytes = three_bytes(values, ascii, short);
    if bmp & lanes != lanes {
        bytes = _mm512_mask_blend_epi32(!bmp, bytes, four_bytes(values));
    }
    let keep = (0x1111_1111_1111_1111
        | deposit(!ascii as u64, 0x2222_2222_2222_2222)
        | deposit(!short as u64, 0x4444_4444_4444_4444)
        | deposit(!bmp as u64, 0x8888_8888_8888_8888))
        & (deposit(lanes as u64, 0x1111_1111_1111_1111) * 0xF);
    (bytes, keep)
}

/// Where [`encode_units`] and [`encode_part`] may write: with `exact:
/// Some((lanes, room))`, only the lanes in `lanes` count and exactly the bytes
/// converted are written, if they are at most `room`; otherwise whole vectors
/// (up to 112 bytes).
pub(super) type Limit = Option<(u32, usize)>;

/// Stores the first `count` bytes of `packed` at `dst`: all 64 unless `exact`.
#[inline(always)]
pub(super) unsafe fn store(dst: *mut u8, packed: __m512i, count: usize, exact: bool) {
    // SAFETY: the caller's promise of room.
    if exact {
        _mm512_mask_storeu_epi8(dst.cast(), low_bits(count), packed);
    } else {
        _mm512_storeu_si512(dst.cast(), packed);
    }
}

/// UTF-8 of the lanes in `lanes` (`count` of them) of the 32 `u16` lanes of
/// `units`, each below U+0800 (above 0x7F in `high`, which is within `lanes`),
/// at `dst`: each lane becomes `[lead, continuation]` or `[ASCII, 0]`, and a
/// compress keeps the second byte of the two-byte lanes only. Returns the bytes
/// written, or `None` (having written nothing) when they exceed `room`; writes
/// all 64 bytes of the vector unless `exact`.
///
/// The compress mask comes from one byte test, in the mask registers: on
/// short strings this chain is the latency of the whole call.
#[inline(always)]
pub(super) unsafe fn encode_two_bytes(
    units: __m512i,
    high: u32,
    dst: *mut u8,
    (lanes, count): (u32, u32),
    room: usize,
    exact: bool,
) -> Option<usize> {
    let two_lead = _mm512_or_si512(_mm512_srli_epi16::<6>(units), w16(0xC0));
    let low6 = _mm512_or_si512(_mm512_and_si512(units, w16(0x3F)), w16(0x80));
    let two = _mm512_or_si512(two_lead, _mm512_slli_epi16::<8>(low6));
    let pairs = _mm512_mask_blend_epi16(high, units, two);
    // A byte is kept where this is not 0: both bytes of a two-byte lane, the
    // first of an ASCII one (even U+0000), none outside `lanes`.
    let kept = _mm512_mask_blend_epi16(high, w16(0x00FF), two);
    let lane_bytes = deposit(lanes as u64, 0x5555_5555_5555_5555) * 3;
    let keep = _mm512_mask_test_epi8_mask(lane_bytes, kept, kept);
    // Counted from `high`, which is known early, rather than from `keep`.
    let n = (count + high.count_ones()) as usize;
    if n > room {
        return None;
    }
    // SAFETY: the caller's promise of room: `n` bytes, or 64 unless `exact`.
    store(dst, _mm512_maskz_compress_epi8(keep, pairs), n, exact);
    Some(n)
}

/// UTF-8 of the 32 `u16` lanes of `units` (code points up to U+FFFF, no
/// surrogates) at `dst`, within `limit`; returns the bytes written, or `None`
/// (having written nothing) when they exceed its room.
///
/// ASCII lanes are narrowed; if every lane is below U+0800, each becomes
/// `[lead or ASCII, continuation]` and a compress keeps the second byte only
/// where it belongs; otherwise each half of 16 lanes is widened to `u32` lanes
/// of `[lead, continuation, continuation, 0]` and compressed to one, two or
/// three bytes per lane.
#[inline(always)]
pub(super) unsafe fn encode_units(units: __m512i, dst: *mut u8, limit: Limit) -> Option<usize> {
    let (lanes, room) = limit.unwrap_or((u32::MAX, usize::MAX));
    let exact = limit.is_some();
    let ascii = _mm512_cmplt_epu16_mask(units, w16(0x80));
    // SAFETY (stores): the caller's promise of 112 writable bytes, or of
    // `room` with `exact`.
    if ascii | !lanes == u32::MAX {
        let n = lanes.count_ones() as usize;
        if n > room {
            return None;
        }
        let bytes = _mm512_cvtepi16_epi8(units);
        if exact {
            _mm256_mask_storeu_epi8(dst.cast(), low_bits(n) as u32, bytes);
        } else {
            _mm256_storeu_si256(dst.cast(), bytes);
        }
        return Some(n);
    }
    let short = _mm512_cmplt_epu16_mask(units, w16(0x800));
    if short | !lanes == u32::MAX {
        let count = lanes.count_ones();
        return encode_two_bytes(units, !ascii & lanes, dst, (lanes, count), room, exact);
    }
    let halves = [
        _mm512_castsi512_si256(units),
        _mm512_extracti64x4_epi64::<1>(units),
    ];
    let lanes16 = |mask: u32, h: usize| (mask >> (16 * h)) as u16;
    // (A loop, not `array::map`: a closure would not inline `pdep`.)
    let mut keeps = [0u64; 2];
    let parts = halves_used(lanes);
    for (h, keep) in keeps.iter_mut().enumerate().take(parts) {
        let (ascii, short) = (lanes16(ascii, h), lanes16(short, h));
        *keep = (0x1111_1111_1111_1111
            | deposit(!ascii as u64, 0x2222_2222_2222_2222)
            | deposit(!short as u64, 0x4444_4444_4444_4444))
            & (deposit(lanes16(lanes, h) as u64, 0x1111_1111_1111_1111) * 0xF);
    }
    let total = (keeps[0].count_ones() + keeps[1].count_ones()) as usize;
    if total > room {
        return None;
    }
    let mut written = 0;
    for (h, half) in halves.into_iter().enumerate().take(parts) {
        let bytes = three_bytes(
            _mm512_cvtepu16_epi32(half),
            lanes16(ascii, h),
            lanes16(short, h),
        );
        let n = keeps[h].count_ones() as usize;
        store(
            dst.add(written),
            _mm512_maskz_compress_epi8(keeps[h], bytes),
            n,
            exact,
        );
        written += n;
    }
    Some(written)
}

/// How many halves of 16 lanes hold units: one for a short string of up to 16
/// (its second half would compute and store nothing), else two (a constant
/// in the block loop, where every lane is used).
#[inline(always)]
fn halves_used(lanes: u32) -> usize {
    if lanes >> 16 == 0 {
        1
    } else {
        2
    }
}

/// `permutex2var_epi16` indices of each lane's successor: `i + 1`.
pub(super) static NEXT_LANE: [u16; 32] = {
    let mut idx = [0u16; 32];
    let mut i = 0;
    while i < 32 {
        idx[i] = i as u16 + 1;
        i += 1;
    }
    idx
};

/// UTF-8 of the 32 `u16` lanes of `units`, surrogate pairs included, at
/// `dst`, within `limit`; `next` holds each lane's successor in the input
/// (the last one's may be garbage). Returns the units read (one less when the
/// last lane is a high surrogate, left for the next part) and the bytes
/// written, or `None` (having written nothing) when a surrogate in the part
/// is unpaired or the bytes exceed the limit's room.
///
/// A pair is encoded at its high surrogate, as a `u32` lane of four bytes,
/// and its low surrogate keeps no byte.
#[inline(always)]
pub(super) unsafe fn encode_part(
    units: __m512i,
    next: impl Fn() -> __m512i,
    dst: *mut u8,
    limit: Limit,
) -> Option<(usize, usize)> {
    let (lanes, room) = limit.unwrap_or((u32::MAX, usize::MAX));
    if _mm512_cmplt_epu16_mask(units, w16(0x800)) | !lanes == u32::MAX {
        // No surrogates, nor anything else above U+07FF.
        let written = encode_units(units, dst, limit)?;
        return Some((lanes.count_ones() as usize, written));
    }
    if !has_surrogates(units) {
        let written = encode_units(units, dst, limit)?;
        return Some((lanes.count_ones() as usize, written));
    }
    let tops = _mm512_and_si512(units, w16(0xFC00));
    let high = _mm512_cmpeq_epi16_mask(tops, w16(0xD800)) & lanes;
    let low = _mm512_cmpeq_epi16_mask(tops, w16(0xDC00)) & lanes;
    // Every low surrogate follows a high one, and every high one but one in
    // lane 31 precedes a low one (a high one last among fewer lanes has no
    // partner).
    if low != high << 1 || (high << 1) & !lanes != 0 {
        return None;
    }
    let read = lanes.count_ones() as usize - (high >> 31) as usize;
    let ascii = _mm512_cmplt_epu16_mask(units, w16(0x80));
    let short = _mm512_cmplt_epu16_mask(units, w16(0x800));
    let halves = |v: __m512i| [_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64::<1>(v)];
    let unit_halves = halves(units);
    let next_halves = if high != 0 {
        halves(next())
    } else {
        unit_halves
    };
    let lanes16 = |mask: u32, h: usize| (mask >> (16 * h)) as u16;
    // (A loop, not `array::map`: a closure would not inline `pdep`.)
    let mut keeps = [0u64; 2];
    let parts = halves_used(lanes);
    for (h, keep) in keeps.iter_mut().enumerate().take(parts) {
        let (ascii, short) = (lanes16(ascii, h), lanes16(short, h));
        let (high, low) = (lanes16(high, h), lanes16(low, h));
        *keep = 0x1111_1111_1111_1111
            | deposit(!ascii as u64, 0x2222_2222_2222_2222)
            | deposit(!short as u64, 0x4444_4444_4444_4444)
            | deposit(high as u64, 0x8888_8888_8888_8888);
        *keep &= !(deposit(low as u64, 0x1111_1111_1111_1111) * 0xF);
        *keep &= deposit(lanes16(lanes, h) as u64, 0x1111_1111_1111_1111) * 0xF;
        if h == 1 && read < 32 && lanes == u32::MAX {
            *keep &= !(0xF << 60);
        }
    }
    let total = (keeps[0].count_ones() + keeps[1].count_ones()) as usize;
    if total > room {
        return None;
    }
    let mut written = 0;
    for h in 0..parts {
        let w = _mm512_cvtepu16_epi32(unit_halves[h]);
        let mut bytes = three_bytes(w, lanes16(ascii, h), lanes16(short, h));
        let high = lanes16(high, h);
        if high != 0 {
            let nx = _mm512_cvtepu16_epi32(next_halves[h]);
            let c = _mm512_add_epi32(
                _mm512_or_si512(
                    _mm512_slli_epi32::<10>(_mm512_and_si512(w, w32(0x3FF))),
                    _mm512_and_si512(nx, w32(0x3FF)),
                ),
                w32(0x10000),
            );
            bytes = _mm512_mask_blend_epi32(high, bytes, four_bytes(c));
        }
        let n = keeps[h].count_ones() as usize;
        // SAFETY: the caller's promise of 112 writable bytes (each half
        // writes at most 48), or of `room`.
        store(
            dst.add(written),
            _mm512_maskz_compress_epi8(keeps[h], bytes),
            n,
            limit.is_some(),
        );
        written += n;
    }
    Some((read, written))
}

/// True when a lane of `units` is a surrogate.
#[inline(always)]
pub(super) unsafe fn has_surrogates(units: __m512i) -> bool {
    let tops = _mm512_and_si512(units, w16(0xF800));
    _mm512_cmpeq_epi16_mask(tops, w16(0xD800)) != 0
}
