//! [`ByteVector`] for SSE4.2 (`__m128i`, 16 bytes); uses SSSE3 `pshufb`/`palignr`
//! and SSE4.1 `ptest`, both implied by SSE4.2.

#[cfg(target_arch = "x86")]
use core::arch::x86::*;
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

use crate::generic::vector_traits::{ByteVector, Simd128};
use crate::generic::wide::Wide;

// SAFETY: every method uses SSE2..SSE4.2 instructions only; callers guarantee the
// CPU supports SSE4.2 (the trait's contract).
unsafe impl ByteVector for __m128i {
    const LANES: usize = 16;

    #[inline(always)]
    unsafe fn load(ptr: *const u8) -> Self {
        _mm_loadu_si128(ptr.cast())
    }

    #[inline(always)]
    unsafe fn load_aligned(ptr: *const u8) -> Self {
        _mm_load_si128(ptr.cast())
    }

    #[inline(always)]
    unsafe fn splat(b: u8) -> Self {
        _mm_set1_epi8(b as i8)
    }

    #[inline(always)]
    unsafe fn table16(table: &[u8; 16]) -> Self {
        Self::load(table.as_ptr())
    }

    #[inline(always)]
    unsafe fn or(self, other: Self) -> Self {
        _mm_or_si128(self, other)
    }

    #[inline(always)]
    unsafe fn and(self, other: Self) -> Self {
        _mm_and_si128(self, other)
    }

    #[inline(always)]
    unsafe fn xor(self, other: Self) -> Self {
        _mm_xor_si128(self, other)
    }

    #[inline(always)]
    unsafe fn eq(self, other: Self) -> Self {
        _mm_cmpeq_epi8(self, other)
    }

    #[inline(always)]
    unsafe fn min(self, other: Self) -> Self {
        _mm_min_epu8(self, other)
    }

    #[inline(always)]
    unsafe fn has_zero_byte(self) -> bool {
        _mm_movemask_epi8(_mm_cmpeq_epi8(self, _mm_setzero_si128())) != 0
    }

    #[inline(always)]
    unsafe fn max(self, other: Self) -> Self {
        _mm_max_epu8(self, other)
    }

    #[inline(always)]
    unsafe fn saturating_sub(self, other: Self) -> Self {
        _mm_subs_epu8(self, other)
    }

    #[inline(always)]
    unsafe fn high_nibbles(self) -> Self {
        _mm_and_si128(_mm_srli_epi16::<4>(self), Self::splat(0x0F))
    }

    #[inline(always)]
    unsafe fn low_nibbles(self) -> Self {
        _mm_and_si128(self, Self::splat(0x0F))
    }

    #[inline(always)]
    unsafe fn lookup16(self, table: Self) -> Self {
        _mm_shuffle_epi8(table, self)
    }

    #[inline(always)]
    unsafe fn prev<const N: usize>(self, prev: Self) -> Self {
        match N {
            1 => _mm_alignr_epi8::<15>(self, prev),
            2 => _mm_alignr_epi8::<14>(self, prev),
            3 => _mm_alignr_epi8::<13>(self, prev),
            4 => _mm_alignr_epi8::<12>(self, prev),
            5 => _mm_alignr_epi8::<11>(self, prev),
            _ => unreachable!(),
        }
    }

    #[inline(always)]
    unsafe fn is_ascii(self) -> bool {
        _mm_movemask_epi8(self) == 0
    }

    #[inline(always)]
    unsafe fn any_nonzero(self) -> bool {
        _mm_testz_si128(self, self) == 0
    }

    #[inline(always)]
    unsafe fn write_to(self, ptr: *mut u8) {
        _mm_storeu_si128(ptr.cast(), self)
    }

    #[inline(always)]
    unsafe fn narrow_u16<const BIG: bool>(self, high: Self, dst: *mut u8) {
        let (low, high) = if BIG {
            (_mm_srli_epi16::<8>(self), _mm_srli_epi16::<8>(high))
        } else {
            (self, high)
        };
        _mm_storeu_si128(dst.cast(), _mm_packus_epi16(low, high))
    }

    #[inline(always)]
    unsafe fn narrow_u32(v: [Self; 4], dst: *mut u8) {
        let (low, high) = (_mm_packus_epi32(v[0], v[1]), _mm_packus_epi32(v[2], v[3]));
        _mm_storeu_si128(dst.cast(), _mm_packus_epi16(low, high))
    }

    #[inline(always)]
    unsafe fn widen_u16<const BIG: bool>(self, dst: *mut u8) {
        let zero = _mm_setzero_si128();
        let (low, high) = if BIG {
            (_mm_unpacklo_epi8(zero, self), _mm_unpackhi_epi8(zero, self))
        } else {
            (_mm_unpacklo_epi8(self, zero), _mm_unpackhi_epi8(self, zero))
        };
        _mm_storeu_si128(dst.cast(), low);
        _mm_storeu_si128(dst.add(16).cast(), high);
    }

    #[inline(always)]
    unsafe fn widen_u32(self, dst: *mut u8) {
        let zero = _mm_setzero_si128();
        let (low, high) = (_mm_unpacklo_epi8(self, zero), _mm_unpackhi_epi8(self, zero));
        _mm_storeu_si128(dst.cast(), _mm_unpacklo_epi16(low, zero));
        _mm_storeu_si128(dst.add(16).cast(), _mm_unpackhi_epi16(low, zero));
        _mm_storeu_si128(dst.add(32).cast(), _mm_unpacklo_epi16(high, zero));
        _mm_storeu_si128(dst.add(48).cast(), _mm_unpackhi_epi16(high, zero));
    }

    #[inline(always)]
    unsafe fn surrogate_units(self) -> Self {
        let masked = _mm_and_si128(self, _mm_set1_epi16(0xF800u16 as i16));
        _mm_cmpeq_epi16(masked, _mm_set1_epi16(0xD800u16 as i16))
    }

    #[inline(always)]
    unsafe fn add_units(self, k: u16) -> Self {
        _mm_add_epi16(self, _mm_set1_epi16(k as i16))
    }

    #[inline(always)]
    unsafe fn min_units(self, other: Self) -> Self {
        _mm_min_epu16(self, other)
    }

    #[inline(always)]
    unsafe fn widen_units_u32(self, dst: *mut u8) {
        let zero = _mm_setzero_si128();
        _mm_storeu_si128(dst.cast(), _mm_unpacklo_epi16(self, zero));
        _mm_storeu_si128(dst.add(16).cast(), _mm_unpackhi_epi16(self, zero));
    }

    #[inline(always)]
    unsafe fn pack_u32_units(self, high: Self) -> Self {
        _mm_packus_epi32(self, high)
    }

    #[inline(always)]
    unsafe fn swap_units(self) -> Self {
        _mm_or_si128(_mm_srli_epi16::<8>(self), _mm_slli_epi16::<8>(self))
    }
}

// SAFETY: every method uses SSE2..SSE4.2 instructions only (the trait's contract).
unsafe impl Simd128 for __m128i {
    #[inline(always)]
    unsafe fn store(self, ptr: *mut u8) {
        _mm_storeu_si128(ptr.cast(), self)
    }

    #[inline(always)]
    unsafe fn shuffle(self, idx: Self) -> Self {
        _mm_shuffle_epi8(self, idx)
    }

    #[inline(always)]
    unsafe fn movemask(self) -> u32 {
        let bits = _mm_movemask_epi8(self) as u32;
        // SAFETY: one bit per byte of 16 (the compiler then needs no
        // zero-extension before counting them).
        core::hint::assert_unchecked(bits <= 0xFFFF);
        bits
    }

    #[inline(always)]
    unsafe fn merge_bytes6(self) -> Self {
        // Low byte times 0x40 plus high byte times 1: at most 0x3FC0 + 0x3F,
        // no saturation.
        _mm_maddubs_epi16(self, _mm_set1_epi16(0x0140))
    }

    #[inline(always)]
    unsafe fn lt_i8(self, other: Self) -> Self {
        _mm_cmpgt_epi8(other, self)
    }

    #[inline(always)]
    unsafe fn zip_low(self, high: Self) -> Self {
        _mm_unpacklo_epi8(self, high)
    }

    #[inline(always)]
    unsafe fn zip_high(self, high: Self) -> Self {
        _mm_unpackhi_epi8(self, high)
    }

    #[inline(always)]
    unsafe fn zip16_low(self, high: Self) -> Self {
        _mm_unpacklo_epi16(self, high)
    }

    #[inline(always)]
    unsafe fn zip16_high(self, high: Self) -> Self {
        _mm_unpackhi_epi16(self, high)
    }

    #[inline(always)]
    unsafe fn narrow(self, high: Self) -> Self {
        _mm_packus_epi16(self, high)
    }

    #[inline(always)]
    unsafe fn narrow_clamped(self, high: Self) -> Self {
        _mm_packus_epi16(self, high)
    }

    #[inline(always)]
    unsafe fn narrow32(self, high: Self) -> Self {
        _mm_packus_epi32(self, high)
    }

    #[inline(always)]
    unsafe fn eq16(self, other: Self) -> Self {
        _mm_cmpeq_epi16(self, other)
    }

    #[inline(always)]
    unsafe fn shl16<const N: i32>(self) -> Self {
        _mm_slli_epi16::<N>(self)
    }

    #[inline(always)]
    unsafe fn shr16<const N: i32>(self) -> Self {
        _mm_srli_epi16::<N>(self)
    }

    #[inline(always)]
    unsafe fn add16(self, other: Self) -> Self {
        _mm_add_epi16(self, other)
    }

    #[inline(always)]
    unsafe fn adds16(self, other: Self) -> Self {
        _mm_adds_epu16(self, other)
    }

    #[inline(always)]
    unsafe fn subs16(self, other: Self) -> Self {
        _mm_subs_epu16(self, other)
    }

    #[inline(always)]
    unsafe fn max16(self, other: Self) -> Self {
        _mm_max_epu16(self, other)
    }

    #[inline(always)]
    unsafe fn load8(ptr: *const u8) -> Self {
        _mm_loadl_epi64(ptr.cast())
    }

    #[inline(always)]
    unsafe fn splat16(v: u16) -> Self {
        _mm_set1_epi16(v as i16)
    }

    #[inline(always)]
    unsafe fn splat32(v: u32) -> Self {
        _mm_set1_epi32(v as i32)
    }

    #[inline(always)]
    unsafe fn eq32(self, other: Self) -> Self {
        _mm_cmpeq_epi32(self, other)
    }

    #[inline(always)]
    unsafe fn shl32<const N: i32>(self) -> Self {
        _mm_slli_epi32::<N>(self)
    }

    #[inline(always)]
    unsafe fn shr32<const N: i32>(self) -> Self {
        _mm_srli_epi32::<N>(self)
    }

    #[inline(always)]
    unsafe fn max_u32(self, other: Self) -> Self {
        _mm_max_epu32(self, other)
    }

    #[inline(always)]
    unsafe fn blend(self, a: Self, b: Self) -> Self {
        // Each mask byte is 0 or 0xFF: its top bit, which `pblendvb` reads,
        // says it.
        _mm_blendv_epi8(b, a, self)
    }
}

// SAFETY: the defaults use no instructions: this vector type has no wide
// block conversions.
unsafe impl Wide for __m128i {}
