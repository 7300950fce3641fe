//! [`ByteVector`] for NEON on AArch64 (`uint8x16_t`, 16 bytes).

use core::arch::aarch64::*;

use crate::generic::vector_traits::{ByteVector, Simd128};
use crate::generic::wide::Wide;

// SAFETY: NEON is part of the AArch64 baseline the kernel is compiled for; every
// method uses NEON instructions only.
unsafe impl ByteVector for uint8x16_t {
    const LANES: usize = 16;

    #[inline(always)]
    unsafe fn load(ptr: *const u8) -> Self {
        vld1q_u8(ptr)
    }

    #[inline(always)]
    unsafe fn splat(b: u8) -> Self {
        vdupq_n_u8(b)
    }

    #[inline(always)]
    unsafe fn table16(table: &[u8; 16]) -> Self {
        vld1q_u8(table.as_ptr())
    }

    #[inline(always)]
    unsafe fn or(self, other: Self) -> Self {
        vorrq_u8(self, other)
    }

    #[inline(always)]
    unsafe fn and(self, other: Self) -> Self {
        vandq_u8(self, other)
    }

    #[inline(always)]
    unsafe fn xor(self, other: Self) -> Self {
        veorq_u8(self, other)
    }

    #[inline(always)]
    unsafe fn eq(self, other: Self) -> Self {
        vceqq_u8(self, other)
    }

    #[inline(always)]
    unsafe fn min(self, other: Self) -> Self {
        vminq_u8(self, other)
    }

    #[inline(always)]
    unsafe fn has_zero_byte(self) -> bool {
        vminvq_u8(self) == 0
    }

    #[inline(always)]
    unsafe fn max(self, other: Self) -> Self {
        vmaxq_u8(self, other)
    }

    #[inline(always)]
    unsafe fn saturating_sub(self, other: Self) -> Self {
        vqsubq_u8(self, other)
    }

    #[inline(always)]
    unsafe fn high_nibbles(self) -> Self {
        vshrq_n_u8::<4>(self)
    }

    #[inline(always)]
    unsafe fn low_nibbles(self) -> Self {
        vandq_u8(self, vdupq_n_u8(0x0F))
    }

    #[inline(always)]
    unsafe fn lookup16(self, table: Self) -> Self {
        vqtbl1q_u8(table, self)
    }

    #[inline(always)]
    unsafe fn prev<const N: usize>(self, prev: Self) -> Self {
        match N {
            1 => vextq_u8::<15>(prev, self),
            2 => vextq_u8::<14>(prev, self),
            3 => vextq_u8::<13>(prev, self),
            4 => vextq_u8::<12>(prev, self),
            5 => vextq_u8::<11>(prev, self),
            _ => unreachable!(),
        }
    }

    #[inline(always)]
    unsafe fn is_ascii(self) -> bool {
        vmaxvq_u8(self) < 0x80
    }

    #[inline(always)]
    unsafe fn any_nonzero(self) -> bool {
        vmaxvq_u8(self) != 0
    }

    #[inline(always)]
    unsafe fn write_to(self, ptr: *mut u8) {
        vst1q_u8(ptr, self)
    }

    #[inline(always)]
    unsafe fn narrow_u16<const BIG: bool>(self, high: Self, dst: *mut u8) {
        let bytes = if BIG {
            vuzp2q_u8(self, high)
        } else {
            vuzp1q_u8(self, high)
        };
        vst1q_u8(dst, bytes)
    }

    #[inline(always)]
    unsafe fn narrow_u32(v: [Self; 4], dst: *mut u8) {
        let halves =
            |a: Self, b: Self| vuzp1q_u16(vreinterpretq_u16_u8(a), vreinterpretq_u16_u8(b));
        let (low, high) = (halves(v[0], v[1]), halves(v[2], v[3]));
        vst1q_u8(
            dst,
            vuzp1q_u8(vreinterpretq_u8_u16(low), vreinterpretq_u8_u16(high)),
        )
    }

    #[inline(always)]
    unsafe fn widen_u16<const BIG: bool>(self, dst: *mut u8) {
        let (low, high) = (vmovl_u8(vget_low_u8(self)), vmovl_high_u8(self));
        let (low, high) = if BIG {
            (vshlq_n_u16::<8>(low), vshlq_n_u16::<8>(high))
        } else {
            (low, high)
        };
        vst1q_u16(dst.cast(), low);
        vst1q_u16(dst.add(16).cast(), high);
    }

    #[inline(always)]
    unsafe fn widen_u32(self, dst: *mut u8) {
        let (low, high) = (vmovl_u8(vget_low_u8(self)), vmovl_high_u8(self));
        vst1q_u32(dst.cast(), vmovl_u16(vget_low_u16(low)));
        vst1q_u32(dst.add(16).cast(), vmovl_high_u16(low));
        vst1q_u32(dst.add(32).cast(), vmovl_u16(vget_low_u16(high)));
        vst1q_u32(dst.add(48).cast(), vmovl_high_u16(high));
    }

    #[inline(always)]
    unsafe fn surrogate_units(self) -> Self {
        let masked = vandq_u16(vreinterpretq_u16_u8(self), vdupq_n_u16(0xF800));
        vreinterpretq_u8_u16(vceqq_u16(masked, vdupq_n_u16(0xD800)))
    }

    #[inline(always)]
    unsafe fn add_units(self, k: u16) -> Self {
        vreinterpretq_u8_u16(vaddq_u16(vreinterpretq_u16_u8(self), vdupq_n_u16(k)))
    }

    #[inline(always)]
    unsafe fn min_units(self, other: Self) -> Self {
        vreinterpretq_u8_u16(vminq_u16(
            vreinterpretq_u16_u8(self),
            vreinterpretq_u16_u8(other),
        ))
    }

    #[inline(always)]
    unsafe fn widen_units_u32(self, dst: *mut u8) {
        let units = vreinterpretq_u16_u8(self);
        vst1q_u32(dst.cast(), vmovl_u16(vget_low_u16(units)));
        vst1q_u32(dst.add(16).cast(), vmovl_high_u16(units));
    }

    #[inline(always)]
    unsafe fn pack_u32_units(self, high: Self) -> Self {
        let values = |v: Self| vqmovn_u32(vreinterpretq_u32_u8(v));
        vreinterpretq_u8_u16(vcombine_u16(values(self), values(high)))
    }

    #[inline(always)]
    unsafe fn swap_units(self) -> Self {
        vrev16q_u8(self)
    }
}

// SAFETY: every method uses NEON instructions only (the trait's contract).
unsafe impl Simd128 for uint8x16_t {
    #[inline(always)]
    unsafe fn store(self, ptr: *mut u8) {
        vst1q_u8(ptr, self)
    }

    #[inline(always)]
    unsafe fn shuffle(self, idx: Self) -> Self {
        // `tbl` gives 0 for any index of 16 or more, 0x80 included.
        vqtbl1q_u8(self, idx)
    }

    #[inline(always)]
    unsafe fn movemask(self) -> u32 {
        // Keep one distinct bit per byte (the high bit moved to bit `i % 8`), then
        // add up each half: the sums are the two bytes of the mask.
        const BITS: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];
        let high = vreinterpretq_u8_s8(vshrq_n_s8::<7>(vreinterpretq_s8_u8(self)));
        let bits = vandq_u8(high, vld1q_u8(BITS.as_ptr()));
        let low = vaddv_u8(vget_low_u8(bits)) as u32;
        let high = vaddv_u8(vget_high_u8(bits)) as u32;
        low | high << 8
    }

    #[inline(always)]
    unsafe fn lt_i8(self, other: Self) -> Self {
        vcltq_s8(vreinterpretq_s8_u8(self), vreinterpretq_s8_u8(other))
    }

    #[inline(always)]
    unsafe fn zip_low(self, high: Self) -> Self {
        vzip1q_u8(self, high)
    }

    #[inline(always)]
    unsafe fn zip_high(self, high: Self) -> Self {
        vzip2q_u8(self, high)
    }

    #[inline(always)]
    unsafe fn zip16_low(self, high: Self) -> Self {
        vreinterpretq_u8_u16(vzip1q_u16(
            vreinterpretq_u16_u8(self),
            vreinterpretq_u16_u8(high),
        ))
    }

    #[inline(always)]
    unsafe fn zip16_high(self, high: Self) -> Self {
        vreinterpretq_u8_u16(vzip2q_u16(
            vreinterpretq_u16_u8(self),
            vreinterpretq_u16_u8(high),
        ))
    }

    #[inline(always)]
    unsafe fn narrow(self, high: Self) -> Self {
        vuzp1q_u8(self, high)
    }

    #[inline(always)]
    unsafe fn narrow_clamped(self, high: Self) -> Self {
        vcombine_u8(
            vqmovun_s16(vreinterpretq_s16_u8(self)),
            vqmovun_s16(vreinterpretq_s16_u8(high)),
        )
    }

    #[inline(always)]
    unsafe fn narrow32(self, high: Self) -> Self {
        vreinterpretq_u8_u16(vuzp1q_u16(
            vreinterpretq_u16_u8(self),
            vreinterpretq_u16_u8(high),
        ))
    }

    #[inline(always)]
    unsafe fn eq16(self, other: Self) -> Self {
        vreinterpretq_u8_u16(vceqq_u16(
            vreinterpretq_u16_u8(self),
            vreinterpretq_u16_u8(other),
        ))
    }

    #[inline(always)]
    unsafe fn shl16<const N: i32>(self) -> Self {
        vreinterpretq_u8_u16(vshlq_n_u16::<N>(vreinterpretq_u16_u8(self)))
    }

    #[inline(always)]
    unsafe fn shr16<const N: i32>(self) -> Self {
        vreinterpretq_u8_u16(vshrq_n_u16::<N>(vreinterpretq_u16_u8(self)))
    }

    #[inline(always)]
    unsafe fn add16(self, other: Self) -> Self {
        vreinterpretq_u8_u16(vaddq_u16(
            vreinterpretq_u16_u8(self),
            vreinterpretq_u16_u8(other),
        ))
    }

    #[inline(always)]
    unsafe fn adds16(self, other: Self) -> Self {
        vreinterpretq_u8_u16(vqaddq_u16(
            vreinterpretq_u16_u8(self),
            vreinterpretq_u16_u8(other),
        ))
    }

    #[inline(always)]
    unsafe fn subs16(self, other: Self) -> Self {
        vreinterpretq_u8_u16(vqsubq_u16(
            vreinterpretq_u16_u8(self),
            vreinterpretq_u16_u8(other),
        ))
    }

    #[inline(always)]
    unsafe fn max16(self, other: Self) -> Self {
        vreinterpretq_u8_u16(vmaxq_u16(
            vreinterpretq_u16_u8(self),
            vreinterpretq_u16_u8(other),
        ))
    }

    #[inline(always)]
    unsafe fn load8(ptr: *const u8) -> Self {
        vcombine_u8(vld1_u8(ptr), vdup_n_u8(0))
    }

    #[inline(always)]
    unsafe fn splat16(v: u16) -> Self {
        vreinterpretq_u8_u16(vdupq_n_u16(v))
    }

    #[inline(always)]
    unsafe fn splat32(v: u32) -> Self {
        vreinterpretq_u8_u32(vdupq_n_u32(v))
    }

    #[inline(always)]
    unsafe fn eq32(self, other: Self) -> Self {
        vreinterpretq_u8_u32(vceqq_u32(
            vreinterpretq_u32_u8(self),
            vreinterpretq_u32_u8(other),
        ))
    }

    #[inline(always)]
    unsafe fn shl32<const N: i32>(self) -> Self {
        vreinterpretq_u8_u32(vshlq_n_u32::<N>(vreinterpretq_u32_u8(self)))
    }

    #[inline(always)]
    unsafe fn shr32<const N: i32>(self) -> Self {
        vreinterpretq_u8_u32(vshrq_n_u32::<N>(vreinterpretq_u32_u8(self)))
    }

    #[inline(always)]
    unsafe fn max_u32(self, other: Self) -> Self {
        vreinterpretq_u8_u32(vmaxq_u32(
            vreinterpretq_u32_u8(self),
            vreinterpretq_u32_u8(other),
        ))
    }

    #[inline(always)]
    unsafe fn blend(self, a: Self, b: Self) -> Self {
        vbslq_u8(self, a, b)
    }
}

// SAFETY: the defaults use no instructions: this vector type has no wide
// block conversions.
unsafe impl Wide for uint8x16_t {}
