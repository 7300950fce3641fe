//! The AVX-512 kernel's own code: [`ByteVector`](crate::generic::vector_traits::ByteVector)
//! for `__m512i` ([`vector`]) and the [`Wide`](crate::generic::wide::Wide) block
//! conversions ([`wide`]) that only AVX-512 with VBMI2 does well, built from the
//! UTF-8 encoder ([`encode`]) and decoder ([`decode`]) of whole registers.
//!
//! How the block conversions work:
//!
//! - UTF-8 in: each byte of a 64-byte block gets the code point of the character
//!   that would end there, from the byte and the two before it (their bytes
//!   masked by continuation flags held in mask registers); a VBMI byte permute
//!   interleaves low and high bytes into `u16` lanes, surrogate pairs are made at
//!   the third and fourth bytes of 4-byte characters, and a word (or, for UTF-32,
//!   doubleword) compress keeps the lanes where characters end. In a *stream* of
//!   blocks the bytes before come from the previous block ([`Carry`](crate::generic::wide::Carry)), so that
//!   blocks need not start at a character boundary and no block waits for the
//!   previous one's end; alone, a block starts at a boundary and leaves a
//!   character cut off at its end for the next.
//! - UTF-16, UTF-32 and Latin-1 in: 32 `u16` lanes become `[lead, continuation]`
//!   pairs (if all are below U+0800) or four-byte `u32` lanes, their bits put
//!   in place by one VBMI bit-field select (`vpmultishiftqb`) and one
//!   ternary-logic op, and a byte compress, driven by a byte test of each
//!   lane's bytes that count (set by masked moves from the lane classes),
//!   keeps the bytes each character needs; a surrogate pair is four bytes at
//!   its high surrogate.
//!
//! Ideas from Clausecker & Lemire, *Transcoding Unicode characters with AVX-512
//! instructions*, 2023; the code is this crate's own.

use core::arch::x86_64::*;

mod cesu8;
mod decode;
mod encode;
mod latin1;
mod vector;
mod wide;

/// A mask of the `n` lowest bits (`n <= 64`): one `bzhi` (the kernel's
/// target has BMI2), which gives 0 for 0 and every bit for 64.
#[inline(always)]
pub(super) fn low_bits(n: usize) -> u64 {
    debug_assert!(n <= 64);
    // SAFETY: every CPU with the AVX-512 kernel's features has BMI2 (part of
    // its target).
    unsafe { _bzhi_u64(u64::MAX, n as u32) }
}

/// The two bytes of every `u16` lane swapped.
#[inline(always)]
pub(super) unsafe fn swap_bytes(units: __m512i) -> __m512i {
    _mm512_or_si512(_mm512_slli_epi16::<8>(units), _mm512_srli_epi16::<8>(units))
}

/// Splats a byte.
#[inline(always)]
pub(super) unsafe fn w8(b: u8) -> __m512i {
    _mm512_set1_epi8(b as i8)
}

/// Splats a `u16`.
#[inline(always)]
pub(super) unsafe fn w16(v: u16) -> __m512i {
    _mm512_set1_epi16(v as i16)
}

/// Splats a `u32`.
#[inline(always)]
pub(super) unsafe fn w32(v: u32) -> __m512i {
    _mm512_set1_epi32(v as i32)
}

/// The bits of `bits` placed at the set bits of `positions`.
#[inline(always)]
pub(super) unsafe fn deposit(bits: u64, positions: u64) -> u64 {
    _pdep_u64(bits, positions)
}
