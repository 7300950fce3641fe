//! UTF-8 out of whole AVX-512 registers: code points up to U+FFFF ([`encode_units`]),
//! UTF-16 parts with surrogate pairs ([`encode_part`]) and scalar values of any
//! plane ([`scalar_bytes`], for UTF-32), by masked byte compresses.

use core::arch::x86_64::*;

use super::*;

/// `vpmultishiftqb` selectors for lanes of `shifts.len()` bytes: byte `k` of
/// every lane of a quadword takes the eight bits of the lane from bit
/// `shifts[k]`.
const fn lane_fields(shifts: &[u64]) -> u64 {
    let width = 8 * shifts.len() as u64;
    let mut fields = 0u64;
    let mut lane = 0;
    while lane < 64 / width {
        let mut byte = 0;
        while byte < shifts.len() {
            fields |= (width * lane + shifts[byte]) << (width * lane + 8 * byte as u64);
            byte += 1;
        }
        lane += 1;
    }
    fields
}

/// Sixteen `u32` lanes of code points up to U+FFFF as UTF-8 bytes in a lane's
/// bytes 0–2: `[lead, continuation, continuation]` for three-byte characters,
/// `[-, lead, continuation]` for those below U+0800 (`short`), `[-, -, ASCII]`
/// for those in `ascii`; [`lane_keep`] says which bytes count.
///
/// A bit-field select puts bits 12–15, 6–11 and 0–5 in bytes 0, 1 and 2 and
/// one ternary-logic op masks them and adds the marker bits; the two-byte
/// lanes turn their first continuation into a lead (one bit) by a masked
/// ternary-logic op, and the ASCII lanes take the unit in byte 2 by a masked
/// shift: five instructions, where computing the lead and continuations
/// apart and blending them took fourteen.
#[inline(always)]
pub(super) unsafe fn three_bytes(w: __m512i, ascii: u16, short: u16) -> __m512i {
    const FIELDS: u64 = lane_fields(&[12, 6, 0, 0]);
    let fields = _mm512_multishift_epi64_epi8(_mm512_set1_epi64(FIELDS as i64), w);
    // (fields & mask) | markers.
    let three = _mm512_ternarylogic_epi32::<0xEA>(fields, w32(0x003F_3F0F), w32(0x0080_80E0));
    // Below U+0800, bits 6-10 with 0xC0 are the lead.
    let two = _mm512_mask_ternarylogic_epi32::<0xEA>(three, short, w32(0x00FF_FF00), w32(0x4000));
    _mm512_mask_slli_epi32::<16>(two, ascii, w)
}

/// Sixteen `u32` lanes of code points from U+10000 as their four UTF-8 bytes,
/// in order from the lane's low byte (a bit-field select and a ternary-logic
/// op, as in [`three_bytes`]).
#[inline(always)]
pub(super) unsafe fn four_bytes(c: __m512i) -> __m512i {
    const FIELDS: u64 = lane_fields(&[18, 12, 6, 0]);
    let fields = _mm512_multishift_epi64_epi8(_mm512_set1_epi64(FIELDS as i64), c);
    _mm512_ternarylogic_epi32::<0xEA>(fields, w32(0x3F3F_3F07), w32(0x8080_80F0))
}

/// The bytes that count of sixteen lanes of [`three_bytes`] (and of
/// [`four_bytes`] in the lanes of `four`), four bits a lane, for a compress
/// that packs them: byte 2 of every lane, byte 1 from U+0080, byte 0 from
/// U+0800, byte 3 in four-byte lanes; none outside `lanes`.
#[inline(always)]
pub(super) unsafe fn lane_keep(ascii: u16, short: u16, four: u16, lanes: u16) -> u64 {
    (0x4444_4444_4444_4444
        | deposit(u64::from(!ascii), 0x2222_2222_2222_2222)
        | deposit(u64::from(!short), 0x1111_1111_1111_1111)
        | deposit(u64::from(four), 0x8888_8888_8888_8888))
        & (deposit(u64::from(lanes), 0x1111_1111_1111_1111) * 0xF)
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
    let keep = lane_keep(ascii, short, !bmp, lanes);
    (bytes, keep)
}

/// Where [`encode_units`] and [`encode_part`] may write: with `exact:
/// Some((lanes, room))`, only the lanes in `lanes` count and exactly the bytes
/// converted are written, if they are at most `room`; otherwise whole vectors
/// (up to 112 bytes by [`encode_units`], 113 by [`encode_part`]).
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

/// `vpmultishiftqb` selectors that give each `u16` lane bits 6–13 in its
/// first byte and bits 0–7 in its second: the raw lead and continuation of a
/// two-byte character.
const TWO_BYTE_FIELDS: u64 = lane_fields(&[6, 0]);

/// UTF-8 of the lanes in `lanes` (`count` of them) of the 32 `u16` lanes of
/// `units`, each below U+0800 (above 0x7F in `high`, which is within `lanes`),
/// at `dst`: each lane becomes `[lead, continuation]` or `[ASCII, 0]`, and a
/// compress keeps the second byte of the two-byte lanes only. Returns the bytes
/// written, or `None` (having written nothing) when they exceed `room`; writes
/// all 64 bytes of the vector unless `exact`.
///
/// One bit-field select puts the lead's and the continuation's bits in
/// place, one ternary-logic op masks them and adds the marker bits, a masked
/// move keeps ASCII lanes as they are, and a byte test of the pairs with
/// 0x00FF in the ASCII lanes finds the bytes to keep.
#[inline(always)]
pub(super) unsafe fn encode_two_bytes(
    units: __m512i,
    high: u32,
    dst: *mut u8,
    (lanes, count): (u32, u32),
    room: usize,
    exact: bool,
) -> Option<usize> {
    let fields = _mm512_multishift_epi64_epi8(_mm512_set1_epi64(TWO_BYTE_FIELDS as i64), units);
    // (fields & 0x3F1F) | 0x80C0: `[0xC0 | u >> 6, 0x80 | u & 0x3F]`.
    let two = _mm512_ternarylogic_epi32::<0xEA>(fields, w16(0x3F1F), w16(0x80C0));
    let pairs = _mm512_mask_mov_epi16(units, high, two);
    // Every first byte of a lane in `lanes` (even U+0000's), and the second
    // bytes that are not 0.
    let lane_bytes = deposit(lanes as u64, 0x5555_5555_5555_5555) * 3;
    let kept = _mm512_mask_mov_epi16(w16(0x00FF), high, two);
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
        *keep = lane_keep(ascii, short, 0, lanes16(lanes, h));
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
        *keep = lane_keep(ascii, short, high, lanes16(lanes, h) & !low);
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
        // SAFETY: the caller's promise of 113 writable bytes (the first half
        // writes at most 49: fifteen 3-byte characters and, at its last lane,
        // a pair's four bytes; the second's 64-byte store then ends by 113),
        // or of `room`.
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
