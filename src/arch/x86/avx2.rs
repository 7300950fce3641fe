//! [`ByteVector`] for AVX2 (`__m256i`, 32 bytes: two 128-bit lanes).

#[cfg(target_arch = "x86")]
use core::arch::x86::*;
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

use crate::generic::ascii_prefix::ascii_prefix;
use crate::generic::to_utf8::SHUFFLES;
use crate::generic::vector_traits::ByteVector;
use crate::generic::wide::Wide;

// SAFETY: every method uses AVX and AVX2 instructions only; callers guarantee the
// CPU supports AVX2 (the trait's contract).
unsafe impl ByteVector for __m256i {
    const LANES: usize = 32;

    #[inline(always)]
    unsafe fn load(ptr: *const u8) -> Self {
        _mm256_loadu_si256(ptr.cast())
    }

    #[inline(always)]
    unsafe fn splat(b: u8) -> Self {
        _mm256_set1_epi8(b as i8)
    }

    #[inline(always)]
    unsafe fn table16(table: &[u8; 16]) -> Self {
        _mm256_broadcastsi128_si256(_mm_loadu_si128(table.as_ptr().cast()))
    }

    #[inline(always)]
    unsafe fn or(self, other: Self) -> Self {
        _mm256_or_si256(self, other)
    }

    #[inline(always)]
    unsafe fn and(self, other: Self) -> Self {
        _mm256_and_si256(self, other)
    }

    #[inline(always)]
    unsafe fn xor(self, other: Self) -> Self {
        _mm256_xor_si256(self, other)
    }

    #[inline(always)]
    unsafe fn eq(self, other: Self) -> Self {
        _mm256_cmpeq_epi8(self, other)
    }

    #[inline(always)]
    unsafe fn min(self, other: Self) -> Self {
        _mm256_min_epu8(self, other)
    }

    #[inline(always)]
    unsafe fn has_zero_byte(self) -> bool {
        _mm256_movemask_epi8(_mm256_cmpeq_epi8(self, _mm256_setzero_si256())) != 0
    }

    #[inline(always)]
    unsafe fn max(self, other: Self) -> Self {
        _mm256_max_epu8(self, other)
    }

    #[inline(always)]
    unsafe fn saturating_sub(self, other: Self) -> Self {
        _mm256_subs_epu8(self, other)
    }

    #[inline(always)]
    unsafe fn high_nibbles(self) -> Self {
        _mm256_and_si256(_mm256_srli_epi16::<4>(self), Self::splat(0x0F))
    }

    #[inline(always)]
    unsafe fn low_nibbles(self) -> Self {
        _mm256_and_si256(self, Self::splat(0x0F))
    }

    #[inline(always)]
    unsafe fn lookup16(self, table: Self) -> Self {
        _mm256_shuffle_epi8(table, self)
    }

    #[inline(always)]
    unsafe fn prev<const N: usize>(self, prev: Self) -> Self {
        // `palignr` works within 128-bit lanes, so first build the vector "one lane
        // earlier": [high lane of prev, low lane of self].
        let earlier = _mm256_permute2x128_si256::<0x21>(prev, self);
        match N {
            1 => _mm256_alignr_epi8::<15>(self, earlier),
            2 => _mm256_alignr_epi8::<14>(self, earlier),
            3 => _mm256_alignr_epi8::<13>(self, earlier),
            4 => _mm256_alignr_epi8::<12>(self, earlier),
            5 => _mm256_alignr_epi8::<11>(self, earlier),
            _ => unreachable!(),
        }
    }

    #[inline(always)]
    unsafe fn is_ascii(self) -> bool {
        _mm256_movemask_epi8(self) == 0
    }

    #[inline(always)]
    unsafe fn any_nonzero(self) -> bool {
        _mm256_testz_si256(self, self) == 0
    }

    #[inline(always)]
    unsafe fn write_to(self, ptr: *mut u8) {
        _mm256_storeu_si256(ptr.cast(), self)
    }

    #[inline(always)]
    unsafe fn narrow_u16<const BIG: bool>(self, high: Self, dst: *mut u8) {
        let (low, high) = if BIG {
            (_mm256_srli_epi16::<8>(self), _mm256_srli_epi16::<8>(high))
        } else {
            (self, high)
        };
        // `packus` works per 128-bit lane: quadwords low0, high0, low1, high1.
        let packed = _mm256_packus_epi16(low, high);
        _mm256_storeu_si256(
            dst.cast(),
            _mm256_permute4x64_epi64::<0b11_01_10_00>(packed),
        )
    }

    #[inline(always)]
    unsafe fn narrow_u32(v: [Self; 4], dst: *mut u8) {
        let (low, high) = (
            _mm256_packus_epi32(v[0], v[1]),
            _mm256_packus_epi32(v[2], v[3]),
        );
        // `packus` works per 128-bit lane: the doublewords hold the four bytes of
        // v0, v1, v2, v3 from the low lanes, then of v0, v1, v2, v3 from the high.
        let packed = _mm256_packus_epi16(low, high);
        let order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
        _mm256_storeu_si256(dst.cast(), _mm256_permutevar8x32_epi32(packed, order))
    }

    #[inline(always)]
    unsafe fn widen_u16<const BIG: bool>(self, dst: *mut u8) {
        let halves = [
            _mm256_castsi256_si128(self),
            _mm256_extracti128_si256::<1>(self),
        ];
        for (k, half) in halves.into_iter().enumerate() {
            let units = _mm256_cvtepu8_epi16(half);
            let units = if BIG {
                _mm256_slli_epi16::<8>(units)
            } else {
                units
            };
            _mm256_storeu_si256(dst.add(32 * k).cast(), units);
        }
    }

    #[inline(always)]
    unsafe fn widen_u32(self, dst: *mut u8) {
        let halves = [
            _mm256_castsi256_si128(self),
            _mm256_extracti128_si256::<1>(self),
        ];
        for (k, half) in halves.into_iter().enumerate() {
            _mm256_storeu_si256(dst.add(64 * k).cast(), _mm256_cvtepu8_epi32(half));
            let upper = _mm_srli_si128::<8>(half);
            _mm256_storeu_si256(dst.add(64 * k + 32).cast(), _mm256_cvtepu8_epi32(upper));
        }
    }

    #[inline(always)]
    unsafe fn surrogate_units(self) -> Self {
        let masked = _mm256_and_si256(self, _mm256_set1_epi16(0xF800u16 as i16));
        _mm256_cmpeq_epi16(masked, _mm256_set1_epi16(0xD800u16 as i16))
    }

    #[inline(always)]
    unsafe fn add_units(self, k: u16) -> Self {
        _mm256_add_epi16(self, _mm256_set1_epi16(k as i16))
    }

    #[inline(always)]
    unsafe fn min_units(self, other: Self) -> Self {
        _mm256_min_epu16(self, other)
    }

    #[inline(always)]
    unsafe fn widen_units_u32(self, dst: *mut u8) {
        let halves = [
            _mm256_castsi256_si128(self),
            _mm256_extracti128_si256::<1>(self),
        ];
        for (k, half) in halves.into_iter().enumerate() {
            _mm256_storeu_si256(dst.add(32 * k).cast(), _mm256_cvtepu16_epi32(half));
        }
    }

    #[inline(always)]
    unsafe fn pack_u32_units(self, high: Self) -> Self {
        // `packus` works per 128-bit lane: quadwords low0, high0, low1, high1.
        _mm256_permute4x64_epi64::<0b11_01_10_00>(_mm256_packus_epi32(self, high))
    }

    #[inline(always)]
    unsafe fn swap_units(self) -> Self {
        _mm256_or_si256(_mm256_srli_epi16::<8>(self), _mm256_slli_epi16::<8>(self))
    }
}

/// Sixteen `u16` lanes splatted.
#[inline(always)]
unsafe fn w16(value: u16) -> __m256i {
    _mm256_set1_epi16(value as i16)
}

/// Two 16-byte shuffles of `SHUFFLES[table]`, one for each 128-bit lane.
#[inline(always)]
unsafe fn shuffles(table: usize, low: u32, high: u32) -> __m256i {
    let at = |i: u32| _mm_loadu_si128(SHUFFLES[table][i as usize].as_ptr().cast());
    _mm256_inserti128_si256::<1>(_mm256_castsi128_si256(at(low)), at(high))
}

/// Stores the low 128-bit lane of `v` at `out`.
#[inline(always)]
unsafe fn store_low(v: __m256i, out: *mut u8) {
    _mm_storeu_si128(out.cast(), _mm256_castsi256_si128(v));
}

/// Stores the high 128-bit lane of `v` at `out`.
#[inline(always)]
unsafe fn store_high(v: __m256i, out: *mut u8) {
    _mm_storeu_si128(out.cast(), _mm256_extracti128_si256::<1>(v));
}

/// The 16 `u32` values of `a` and `b` as 16 `u16` lanes in order, if every one
/// is up to U+FFFF (`packus` works per 128-bit lane: the quadwords are put in
/// order).
///
/// # Safety
/// The CPU supports AVX2.
#[inline(always)]
unsafe fn pack_bmp(a: __m256i, b: __m256i) -> Option<__m256i> {
    let upper = _mm256_and_si256(_mm256_or_si256(a, b), _mm256_set1_epi32(-0x1_0000));
    if _mm256_testz_si256(upper, upper) == 0 {
        return None;
    }
    Some(_mm256_permute4x64_epi64::<0b11_01_10_00>(
        _mm256_packus_epi32(a, b),
    ))
}

/// Encodes the 16 `u16` lanes of `units` (code points up to U+FFFF) as UTF-8
/// at `out`, 16 lanes in one register where the 128-bit code
/// (`generic::to_utf8`) takes two: the same three cases (all ASCII; all below
/// U+0800, `[lead or ASCII, continuation]` pairs kept by one shuffle per eight
/// lanes; otherwise a four-byte group per lane, kept by one shuffle per four
/// lanes), the shuffles from the same tables, two per
/// instruction. Returns the bytes written (up to 52 are touched), or `None`,
/// having written nothing, when a lane is a surrogate (looked for only in the
/// third case: below U+0800 there is none).
///
/// # Safety
/// `out..out + 64` is writable; the CPU supports AVX2.
#[inline(always)]
unsafe fn encode16(units: __m256i, out: *mut u8) -> Option<usize> {
    // Bit 2i: lane i is at least U+0080 (`min(c, 0x80)` has the top bit of its
    // low byte set), as in the 128-bit code's `encode8`.
    let capped = _mm256_min_epu16(units, w16(0x80));
    let from80 = _mm256_movemask_epi8(capped) as u32;
    // SAFETY (stores): the caller's promise; the last one starts at most 36
    // bytes in.
    if from80 == 0 {
        // `packus` works per 128-bit lane: the two quadwords that hold the
        // bytes, in order.
        let packed = _mm256_packus_epi16(units, units);
        store_low(_mm256_permute4x64_epi64::<0b1000>(packed), out);
        return Some(16);
    }
    // Bit 2i + 1: lane i is at least U+0800 (`c + 0x7800`, saturating, has the
    // top bit of its high byte set).
    let lifted = _mm256_adds_epu16(units, w16(0x7800));
    let from800 = _mm256_movemask_epi8(lifted) as u32 & 0xAAAA_AAAA;
    if from800 == 0 {
        // Not ASCII: `capped` is 0x80.
        let two_bytes = _mm256_cmpeq_epi16(capped, w16(0x80));
        // `[0xC0 | c >> 6, 0x80 | c & 0x3F]` by the 128-bit code's
        // `merge_bytes6` of `c << 2`.
        let pair = _mm256_or_si256(
            _mm256_maddubs_epi16(_mm256_slli_epi16::<2>(units), w16(0x0140)),
            w16(0x80C0),
        );
        let pairs = _mm256_blendv_epi8(units, pair, two_bytes);
        // One bit per lane, not ASCII: lanes 0-7 in bits 0-7, lanes 8-15 in
        // bits 16-23 (`packs` works per 128-bit lane).
        let two = _mm256_movemask_epi8(_mm256_packs_epi16(two_bytes, two_bytes)) as u32;
        let (low, high) = (two & 0xFF, two >> 16 & 0xFF);
        let kept = _mm256_shuffle_epi8(pairs, shuffles(0, low, high));
        store_low(kept, out);
        let n = 8 + low.count_ones() as usize;
        store_high(kept, out.add(n));
        return Some(n + 8 + high.count_ones() as usize);
    }
    // Surrogates are at least 0xD800: CJK, kana and Hangul are below.
    let from_d800 = _mm256_subs_epu16(units, w16(0xD7FF));
    if _mm256_testz_si256(from_d800, from_d800) == 0 {
        let top5 = _mm256_and_si256(units, w16(0xF800));
        let surrogate = _mm256_cmpeq_epi16(top5, w16(0xD800));
        if _mm256_testz_si256(surrogate, surrogate) == 0 {
            return None;
        }
    }
    let classes = from80 | from800;
    // The groups of the 128-bit code (`three_byte_groups`): `[three-byte lead,
    // continuation or two-byte lead, last continuation or ASCII, unused]`, no
    // blend: the top four bits and the middle six moved past each other by one
    // multiply-add of byte pairs (`merge_bytes6`); the two-byte lead's bit 14
    // taken back where the lane is at least U+0800.
    // (Bits 4 and 5 of `c` land in bits 6 and 7 of the lead, which its
    // marker sets anyway: no mask.)
    let heads = _mm256_maddubs_epi16(_mm256_srli_epi16::<4>(units), w16(0x0140));
    let three = _mm256_and_si256(_mm256_srli_epi16::<1>(lifted), w16(0x4000));
    let first = _mm256_xor_si256(_mm256_or_si256(heads, w16(0xC0E0)), three);
    // The last continuation or the ASCII character (`group_seconds`).
    let second = _mm256_or_si256(_mm256_and_si256(units, w16(0x3F)), capped);
    // Lanes 0-3 and 8-11, then 4-7 and 12-15, as four-byte groups.
    let (a, b) = (
        _mm256_unpacklo_epi16(first, second),
        _mm256_unpackhi_epi16(first, second),
    );
    let group = |k: u32| classes >> (8 * k) & 0xFF;
    let a = _mm256_shuffle_epi8(a, shuffles(1, group(0), group(2)));
    let b = _mm256_shuffle_epi8(b, shuffles(1, group(1), group(3)));
    store_low(a, out);
    let n0 = 4 + group(0).count_ones() as usize;
    store_low(b, out.add(n0));
    // Lengths from counts of the bits so far: no chain of additions.
    let n1 = 8 + (classes & 0xFFFF).count_ones() as usize;
    store_high(a, out.add(n1));
    let n2 = 12 + (classes & 0xFF_FFFF).count_ones() as usize;
    store_high(b, out.add(n2));
    Some(16 + classes.count_ones() as usize)
}

// SAFETY: every method uses AVX and AVX2 instructions only (the trait's
// contract: callers guarantee the CPU supports them).
unsafe impl Wide for __m256i {
    const UNITS: usize = 32;
    const ROOM: usize = 112;
    const ASCII_RUNS_FROM_WIDE: bool = true;

    #[inline(always)]
    unsafe fn utf8_to_latin1_run(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
        // The ASCII the input starts with; the block loop does the rest.
        // SAFETY: the caller's promise.
        let n = unsafe { ascii_prefix::<__m256i>(src, dst) };
        (n, n)
    }

    #[inline(always)]
    unsafe fn utf16_to_utf8<const BIG: bool>(
        src: *const u16,
        dst: *mut u8,
    ) -> Option<(usize, usize)> {
        // SAFETY: the caller's promises: 32 units to read, 112 bytes to write
        // (48 at most for the first 16 units, then 64 touched).
        let load = |k: usize| {
            let units = _mm256_loadu_si256(src.add(16 * k).cast());
            if BIG {
                units.swap_units()
            } else {
                units
            }
        };
        let (a, b) = (load(0), load(1));
        let high = _mm256_and_si256(_mm256_or_si256(a, b), w16(0xFF80));
        if _mm256_testz_si256(high, high) != 0 {
            // 32 ASCII units (most of the markup of any web page): one test.
            let packed = _mm256_packus_epi16(a, b);
            let bytes = _mm256_permute4x64_epi64::<0b11_01_10_00>(packed);
            _mm256_storeu_si256(dst.cast(), bytes);
            return Some((32, 32));
        }
        let n = encode16(a, dst)?;
        match encode16(b, dst.add(n)) {
            Some(m) => Some((32, n + m)),
            None => Some((16, n)),
        }
    }

    #[inline(always)]
    unsafe fn utf32_to_utf8(src: *const u32, dst: *mut u8) -> Option<(usize, usize)> {
        // SAFETY: the caller's promises: 32 values to read, 112 bytes to
        // write.
        // (No `array::map`: a closure would not inline the intrinsics.)
        let v = [
            _mm256_loadu_si256(src.cast()),
            _mm256_loadu_si256(src.add(8).cast()),
            _mm256_loadu_si256(src.add(16).cast()),
            _mm256_loadu_si256(src.add(24).cast()),
        ];
        let all = _mm256_or_si256(_mm256_or_si256(v[0], v[1]), _mm256_or_si256(v[2], v[3]));
        let high = _mm256_and_si256(all, _mm256_set1_epi32(!0x7F));
        if _mm256_testz_si256(high, high) != 0 {
            // 32 ASCII values (markup, English): one test, as for UTF-16.
            __m256i::narrow_u32(v, dst);
            return Some((32, 32));
        }
        let n = encode16(pack_bmp(v[0], v[1])?, dst)?;
        let Some(units) = pack_bmp(v[2], v[3]) else {
            return Some((16, n));
        };
        match encode16(units, dst.add(n)) {
            Some(m) => Some((32, n + m)),
            None => Some((16, n)),
        }
    }
}
