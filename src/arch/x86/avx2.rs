//! [`ByteVector`] for AVX2 (`__m256i`, 32 bytes: two 128-bit lanes).

#[cfg(target_arch = "x86")]
use core::arch::x86::*;
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

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

// SAFETY: the defaults use no instructions: this vector type has no wide
// block conversions.
unsafe impl Wide for __m256i {}
