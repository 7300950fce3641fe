//! [`ByteVector`] for AVX-512 (`__m512i`, 64 bytes: four 128-bit lanes). Needs
//! AVX512F and AVX512BW, and for the UTF-8 error classes VBMI and GFNI (byte
//! permutes and an affine map instead of nibble lookups); the kernel as a whole
//! also requires VL and VBMI2.

use core::arch::x86_64::*;

use crate::generic::utf8_classes::{
    LEAD_CLASSES, NEXT_CLASSES, NON_LEAD_CONSTANT, NON_LEAD_MATRIX,
};
use crate::generic::vector_traits::ByteVector;

// SAFETY: every method uses AVX512F/AVX512BW instructions, and `utf8_classes`
// VBMI and GFNI, all features of the AVX-512 kernel; callers guarantee the CPU
// supports them (the trait's contract).
unsafe impl ByteVector for __m512i {
    const LANES: usize = 64;

    #[inline(always)]
    unsafe fn load(ptr: *const u8) -> Self {
        _mm512_loadu_si512(ptr.cast())
    }

    #[inline(always)]
    unsafe fn splat(b: u8) -> Self {
        super::w8(b)
    }

    #[inline(always)]
    unsafe fn table16(table: &[u8; 16]) -> Self {
        _mm512_broadcast_i32x4(_mm_loadu_si128(table.as_ptr().cast()))
    }

    #[inline(always)]
    unsafe fn or(self, other: Self) -> Self {
        _mm512_or_si512(self, other)
    }

    #[inline(always)]
    unsafe fn and(self, other: Self) -> Self {
        _mm512_and_si512(self, other)
    }

    #[inline(always)]
    unsafe fn xor(self, other: Self) -> Self {
        _mm512_xor_si512(self, other)
    }

    #[inline(always)]
    unsafe fn eq(self, other: Self) -> Self {
        _mm512_movm_epi8(_mm512_cmpeq_epi8_mask(self, other))
    }

    #[inline(always)]
    unsafe fn min(self, other: Self) -> Self {
        _mm512_min_epu8(self, other)
    }

    #[inline(always)]
    unsafe fn has_zero_byte(self) -> bool {
        _mm512_testn_epi8_mask(self, self) != 0
    }

    #[inline(always)]
    unsafe fn max(self, other: Self) -> Self {
        _mm512_max_epu8(self, other)
    }

    #[inline(always)]
    unsafe fn saturating_sub(self, other: Self) -> Self {
        _mm512_subs_epu8(self, other)
    }

    #[inline(always)]
    unsafe fn high_nibbles(self) -> Self {
        _mm512_and_si512(_mm512_srli_epi16::<4>(self), Self::splat(0x0F))
    }

    #[inline(always)]
    unsafe fn low_nibbles(self) -> Self {
        _mm512_and_si512(self, Self::splat(0x0F))
    }

    #[inline(always)]
    unsafe fn lookup16(self, table: Self) -> Self {
        _mm512_shuffle_epi8(table, self)
    }

    #[inline(always)]
    unsafe fn utf8_tables() -> [Self; 3] {
        [
            _mm512_loadu_si512(LEAD_CLASSES.as_ptr().cast()),
            _mm512_loadu_si512(NEXT_CLASSES.as_ptr().cast()),
            _mm512_set1_epi64(NON_LEAD_MATRIX as i64),
        ]
    }

    /// Byte permutes instead of nibble lookups (VBMI; GFNI): the classes of a
    /// lead byte before from its low six bits, of any other from its top bit
    /// (an affine map), and of the byte itself from its top six bits (a 16-bit
    /// shift by two: the bits shifted in from the next byte sit above the six
    /// that `vpermb` reads). Six instructions where the nibble lookups take nine.
    #[inline(always)]
    unsafe fn utf8_classes(self, prev1: Self, tables: &[Self; 3]) -> Self {
        let [lead, next, non_lead] = *tables;
        let leads = _mm512_cmpge_epu8_mask(prev1, Self::splat(0xC0));
        let others = _mm512_gf2p8affine_epi64_epi8::<NON_LEAD_CONSTANT>(prev1, non_lead);
        let before = _mm512_mask_permutexvar_epi8(others, leads, prev1, lead);
        let this = _mm512_permutexvar_epi8(_mm512_srli_epi16::<2>(self), next);
        _mm512_and_si512(before, this)
    }

    #[inline(always)]
    unsafe fn prev<const N: usize>(self, prev: Self) -> Self {
        // "One lane earlier": [lane 3 of prev, lanes 0..=2 of self]. `valignq`
        // concatenates self:prev (self high) and shifts right by 6 quadwords, so
        // quadwords 6, 7 of prev come first, then quadwords 0..=5 of self.
        let earlier = _mm512_alignr_epi64::<6>(self, prev);
        match N {
            1 => _mm512_alignr_epi8::<15>(self, earlier),
            2 => _mm512_alignr_epi8::<14>(self, earlier),
            3 => _mm512_alignr_epi8::<13>(self, earlier),
            4 => _mm512_alignr_epi8::<12>(self, earlier),
            5 => _mm512_alignr_epi8::<11>(self, earlier),
            _ => unreachable!(),
        }
    }

    #[inline(always)]
    unsafe fn is_ascii(self) -> bool {
        _mm512_test_epi8_mask(self, Self::splat(0x80)) == 0
    }

    #[inline(always)]
    unsafe fn any_nonzero(self) -> bool {
        _mm512_test_epi8_mask(self, self) != 0
    }

    #[inline(always)]
    unsafe fn write_to(self, ptr: *mut u8) {
        _mm512_storeu_si512(ptr.cast(), self)
    }

    #[inline(always)]
    unsafe fn narrow_u16<const BIG: bool>(self, high: Self, dst: *mut u8) {
        let (low, high) = if BIG {
            (_mm512_srli_epi16::<8>(self), _mm512_srli_epi16::<8>(high))
        } else {
            (self, high)
        };
        // `packus` works per 128-bit lane: quadwords low0, high0, low1, high1, ...
        let packed = _mm512_packus_epi16(low, high);
        let order = _mm512_set_epi64(7, 5, 3, 1, 6, 4, 2, 0);
        _mm512_storeu_si512(dst.cast(), _mm512_permutexvar_epi64(order, packed))
    }

    #[inline(always)]
    unsafe fn narrow_u32(v: [Self; 4], dst: *mut u8) {
        for (k, lanes) in v.into_iter().enumerate() {
            _mm_storeu_si128(dst.add(16 * k).cast(), _mm512_cvtepi32_epi8(lanes));
        }
    }

    #[inline(always)]
    unsafe fn widen_u16<const BIG: bool>(self, dst: *mut u8) {
        let halves = [
            _mm512_castsi512_si256(self),
            _mm512_extracti64x4_epi64::<1>(self),
        ];
        for (k, half) in halves.into_iter().enumerate() {
            let units = _mm512_cvtepu8_epi16(half);
            let units = if BIG {
                _mm512_slli_epi16::<8>(units)
            } else {
                units
            };
            _mm512_storeu_si512(dst.add(64 * k).cast(), units);
        }
    }

    #[inline(always)]
    unsafe fn widen_u32(self, dst: *mut u8) {
        let quarters = [
            _mm512_castsi512_si128(self),
            _mm512_extracti32x4_epi32::<1>(self),
            _mm512_extracti32x4_epi32::<2>(self),
            _mm512_extracti32x4_epi32::<3>(self),
        ];
        for (k, quarter) in quarters.into_iter().enumerate() {
            _mm512_storeu_si512(dst.add(64 * k).cast(), _mm512_cvtepu8_epi32(quarter));
        }
    }

    #[inline(always)]
    unsafe fn surrogate_units(self) -> Self {
        let masked = _mm512_and_si512(self, _mm512_set1_epi16(0xF800u16 as i16));
        _mm512_movm_epi16(_mm512_cmpeq_epi16_mask(
            masked,
            _mm512_set1_epi16(0xD800u16 as i16),
        ))
    }

    #[inline(always)]
    unsafe fn any_surrogate_unit(self) -> bool {
        // The test straight from the comparison's mask, not from a vector of it.
        let masked = _mm512_and_si512(self, _mm512_set1_epi16(0xF800u16 as i16));
        _mm512_cmpeq_epi16_mask(masked, _mm512_set1_epi16(0xD800u16 as i16)) != 0
    }

    #[inline(always)]
    unsafe fn add_units(self, k: u16) -> Self {
        _mm512_add_epi16(self, _mm512_set1_epi16(k as i16))
    }

    #[inline(always)]
    unsafe fn min_units(self, other: Self) -> Self {
        _mm512_min_epu16(self, other)
    }

    #[inline(always)]
    unsafe fn widen_units_u32(self, dst: *mut u8) {
        let halves = [
            _mm512_castsi512_si256(self),
            _mm512_extracti64x4_epi64::<1>(self),
        ];
        for (k, half) in halves.into_iter().enumerate() {
            _mm512_storeu_si512(dst.add(64 * k).cast(), _mm512_cvtepu16_epi32(half));
        }
    }

    #[inline(always)]
    unsafe fn pack_u32_units(self, high: Self) -> Self {
        // `packus` works per 128-bit lane: quadwords low0, high0, ..., low3, high3.
        let order = _mm512_setr_epi64(0, 2, 4, 6, 1, 3, 5, 7);
        _mm512_permutexvar_epi64(order, _mm512_packus_epi32(self, high))
    }

    #[inline(always)]
    unsafe fn swap_units(self) -> Self {
        _mm512_or_si512(_mm512_srli_epi16::<8>(self), _mm512_slli_epi16::<8>(self))
    }
}
