//! [`ByteVector`] for NEON on AArch64 (`uint8x16_t`, 16 bytes).

use core::arch::aarch64::*;

use super::ByteVector;

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
}
