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
/// [`four_bytes`] in the lanes of `four`), a bit a byte, for a compress that
/// packs them: byte 2 of every lane, byte 1 from U+0080 (lanes not in
/// `ascii`), byte 0 from U+0800 (not in `short`), byte 3 in four-byte lanes;
/// none outside `lanes`.
///
/// Each lane's bytes are set by masked moves in a vector register and found
/// by a byte test: the masks go to the compress without a trip through
/// general registers (bit deposits there, one a mask, made short strings
/// wait for them).
#[inline(always)]
pub(super) unsafe fn lane_keep(ascii: u16, short: u16, four: u16, lanes: u16) -> u64 {
    let bytes = _mm512_mask_mov_epi32(w32(0x00FF_FFFF), short, w32(0x00FF_FF00));
    let bytes = _mm512_mask_mov_epi32(bytes, ascii, w32(0x00FF_0000));
    let bytes = _mm512_mask_mov_epi32(bytes, four, w32(u32::MAX));
    let bytes = _mm512_maskz_mov_epi32(lanes, bytes);
    _mm512_test_epi8_mask(bytes, bytes)
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
    let kept = _mm512_mask_mov_epi16(_mm512_maskz_mov_epi16(lanes, w16(0x00FF)), high, two);
    let keep = _mm512_test_epi8_mask(kept, kept);
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
/// surrogates) at `dst`; returns the bytes written. Writes up to 112 bytes.
///
/// ASCII lanes are narrowed; if every lane is below U+0800, each becomes
/// `[lead or ASCII, continuation]` and a compress keeps the second byte only
/// where it belongs; otherwise each half of 16 lanes is widened to `u32` lanes
/// of `[lead, continuation, continuation, 0]` and compressed to one, two or
/// three bytes per lane.
#[inline(always)]
pub(super) unsafe fn encode_units(units: __m512i, dst: *mut u8) -> usize {
    let ascii = _mm512_cmplt_epu16_mask(units, w16(0x80));
    // SAFETY (stores): the caller's promise of 112 writable bytes.
    if ascii == u32::MAX {
        _mm256_storeu_si256(dst.cast(), _mm512_cvtepi16_epi8(units));
        return 32;
    }
    let short = _mm512_cmplt_epu16_mask(units, w16(0x800));
    if short == u32::MAX {
        let all = (u32::MAX, 32);
        // (Never `None`: the room is unlimited.)
        return encode_two_bytes(units, !ascii, dst, all, usize::MAX, false).unwrap_or(0);
    }
    let halves = [
        _mm512_castsi512_si256(units),
        _mm512_extracti64x4_epi64::<1>(units),
    ];
    let mut written = 0;
    for (h, half) in halves.into_iter().enumerate() {
        let (ascii, short) = ((ascii >> (16 * h)) as u16, (short >> (16 * h)) as u16);
        let bytes = three_bytes(_mm512_cvtepu16_epi32(half), ascii, short);
        let keep = lane_keep(ascii, short, 0, u16::MAX);
        store(
            dst.add(written),
            _mm512_maskz_compress_epi8(keep, bytes),
            64,
            false,
        );
        written += keep.count_ones() as usize;
    }
    written
}

/// `permutex2var_epi16` indices of each lane's successor: `i + 1`. (A
/// `const`: each use loads it relative to the instruction, where a `static`
/// of another codegen unit is reached through the GOT.)
const NEXT_LANE: [u16; 32] = {
    let mut idx = [0u16; 32];
    let mut i = 0;
    while i < 32 {
        idx[i] = i as u16 + 1;
        i += 1;
    }
    idx
};

/// UTF-8 of the 32 `u16` lanes of `units`, surrogate pairs included, at
/// `dst`; `following` holds the units after them (its first lane the
/// successor of `units`' last; garbage allowed). Returns the units read (31
/// when the last lane is a high surrogate, left for the next part) and the
/// bytes written, or `None` (having written nothing) for an unpaired
/// surrogate. Writes up to 113 bytes.
///
/// Text with no surrogate (nor anything above U+07FF) goes by
/// [`encode_units`].
#[inline(always)]
pub(super) unsafe fn encode_part(
    units: __m512i,
    following: __m512i,
    dst: *mut u8,
) -> Option<(usize, usize)> {
    if _mm512_cmplt_epu16_mask(units, w16(0x800)) == u32::MAX || !has_surrogates(units) {
        return Some((32, encode_units(units, dst)));
    }
    let ([(first, n), (second, m)], read) = pair_halves(units, following, u32::MAX)?;
    // SAFETY: the caller's promise of 113 writable bytes (the first half
    // writes at most 49: fifteen 3-byte characters and, at its last lane, a
    // pair's four bytes; the second's 64-byte store then ends by 113).
    store(dst, first, n, false);
    store(dst.add(n), second, m, false);
    Some((read, n + m))
}

/// UTF-8 of a short string: the first `len` (at most 32) `u16` lanes of
/// `units` (the others zero), surrogate pairs included, at `dst`, exactly,
/// if it takes at most `room` bytes. Returns the units read (31 when lane 31
/// is a high surrogate, whose partner is the next unit) and the bytes
/// written, or `None` (having written nothing) for an unpaired surrogate or
/// too little room.
///
/// One path whatever the string holds: which of ASCII, two-, three- and
/// four-byte characters a short string holds is a coin toss from one string
/// to the next, and the branches of [`encode_part`] on it mispredicted (Zen
/// 5, mixed strings of 32 UTF-8 bytes, 15.0 → 6.9 ns a string with the bytes
/// that count found in vector registers, [`lane_keep`]).
#[inline(always)]
pub(super) unsafe fn encode_short(
    units: __m512i,
    len: usize,
    dst: *mut u8,
    room: usize,
) -> Option<(usize, usize)> {
    let lanes = low_bits(len) as u32;
    if _mm512_cmplt_epu16_mask(units, w16(0x80)) | !lanes == u32::MAX {
        // All ASCII (the last units of English text or markup; the free
        // function narrows a short all-ASCII string before it reaches the
        // kernel): narrowed.
        if len > room {
            return None;
        }
        // SAFETY: the caller's promise of `room` bytes, `len` of them written.
        _mm256_mask_storeu_epi8(dst.cast(), lanes, _mm512_cvtepi16_epi8(units));
        return Some((len, len));
    }
    let ([(first, n), (second, m)], read) = pair_halves(units, units, lanes)?;
    if n + m > room {
        return None;
    }
    // SAFETY: the caller's promise of `room` bytes: exactly `n + m` written.
    store(dst, first, n, true);
    store(dst.add(n), second, m, true);
    Some((read, n + m))
}

/// The UTF-8 of the `lanes` of the 32 `u16` lanes of `units` (surrogate pairs
/// included; `following` as for [`encode_part`]), in two halves of 16 lanes,
/// each compressed, with its count of bytes; and the units read (one less
/// when lane 31 is a high surrogate). `None` for an unpaired surrogate.
///
/// A pair is encoded at its high surrogate, as a `u32` lane of four bytes,
/// and its low surrogate keeps no byte.
#[inline(always)]
unsafe fn pair_halves(
    units: __m512i,
    following: __m512i,
    lanes: u32,
) -> Option<([(__m512i, usize); 2], usize)> {
    let tops = _mm512_and_si512(units, w16(0xFC00));
    let high = _mm512_mask_cmpeq_epi16_mask(lanes, tops, w16(0xD800));
    let low = _mm512_mask_cmpeq_epi16_mask(lanes, tops, w16(0xDC00));
    // Every low surrogate follows a high one, and every high one precedes a
    // low one, but one in lane 31, left for the next part (a high one last
    // among fewer lanes has no partner).
    if low != high << 1 || (high << 1) & !lanes != 0 {
        return None;
    }
    let last_high = high >> 31;
    let counted = lanes & !low & !(last_high << 31);
    let ascii = _mm512_cmplt_epu16_mask(units, w16(0x80));
    let short = _mm512_cmplt_epu16_mask(units, w16(0x800));
    let next_lane = _mm512_loadu_si512(NEXT_LANE.as_ptr().cast());
    let next = _mm512_permutex2var_epi16(units, next_lane, following);
    let masks = [ascii, short, high, counted];
    // (Functions, not closures: a closure would not inline the intrinsics.)
    let first = pair_half(
        _mm512_castsi512_si256(units),
        _mm512_castsi512_si256(next),
        masks.map(|m| m as u16),
    );
    let second = pair_half(
        _mm512_extracti64x4_epi64::<1>(units),
        _mm512_extracti64x4_epi64::<1>(next),
        masks.map(|m| (m >> 16) as u16),
    );
    Some((
        [first, second],
        lanes.count_ones() as usize - last_high as usize,
    ))
}

/// One half of [`pair_halves`]: the sixteen lanes `units`, each lane's
/// successor `next`, and the masks `[ascii, short, high, counted]` of the
/// lanes below U+0080, below U+0800, of high surrogates, and of the lanes
/// whose bytes count.
#[inline(always)]
unsafe fn pair_half(units: __m256i, next: __m256i, masks: [u16; 4]) -> (__m512i, usize) {
    let [ascii, short, high, counted] = masks;
    let w = _mm512_cvtepu16_epi32(units);
    // A pair's code point from its high unit `w` and low unit `n`,
    // `(w - 0xD800) << 10 | (n - 0xDC00)` plus 0x10000, in one sum.
    let base = 0x1_0000u32.wrapping_sub(0xD800 << 10).wrapping_sub(0xDC00);
    let c = _mm512_add_epi32(
        _mm512_slli_epi32::<10>(w),
        _mm512_add_epi32(_mm512_cvtepu16_epi32(next), w32(base)),
    );
    let bytes = _mm512_mask_blend_epi32(high, three_bytes(w, ascii, short), four_bytes(c));
    let keep = lane_keep(ascii, short, high, counted);
    (
        _mm512_maskz_compress_epi8(keep, bytes),
        keep.count_ones() as usize,
    )
}

/// True when a lane of `units` is a surrogate.
#[inline(always)]
pub(super) unsafe fn has_surrogates(units: __m512i) -> bool {
    let tops = _mm512_and_si512(units, w16(0xF800));
    _mm512_cmpeq_epi16_mask(tops, w16(0xD800)) != 0
}
