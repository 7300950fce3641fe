//! CESU-8 (and Modified UTF-8) from UTF-8 for text of supplementary characters
//! (emoji): 32 bytes a step, with no branch a character.
//!
//! A 4-byte character `F0..F4 b1 b2 b3` becomes the two 3-byte surrogates
//! `ED A0|p-1 80|(b1&F)<<2|b2>>4&3 ED B0|b2&F b3`, where `p`, its plane, is
//! `(b0&7)<<2 | b1>>4&3`. So each of its four bytes turns into one output byte
//! computed from itself and the byte after it (the lead into the second byte of
//! the high surrogate, the second byte into its third, the third into the
//! second of the low surrogate, the last as it is), and an `ED` goes before the
//! lead and before the third byte. A step computes the four kinds of byte in
//! one vector (ASCII bytes stay as they are), and one byte expand (VBMI2) puts
//! them at their output places, filling the places in between with `ED`; the
//! places come from the positions of the leads by one bit deposit and one bit
//! extract (BMI2).

use core::arch::x86_64::*;

use crate::generic::cesu8::Blocks;

/// Every byte of a 256-bit vector set to `b`.
#[inline(always)]
unsafe fn b8(b: u8) -> __m256i {
    _mm256_set1_epi8(b as i8)
}

/// The AVX-512 block path's steps: 32 bytes, one byte expand.
pub(super) struct Expand;

impl Blocks for Expand {
    const STEP: usize = 32;
    const ROOM: usize = 64;
    type Carry = u32;

    #[inline(always)]
    unsafe fn none() -> u32 {
        0
    }

    /// One step: the 32 bytes to CESU-8 (or Modified UTF-8), the leads of
    /// the step before in `carry` (only its top two bits count: a character
    /// cut off by the end of that step, whose second or third byte is here).
    #[inline(always)]
    unsafe fn step(src: *const u8, dst: *mut u8, nul: bool, carry: u32) -> Option<(usize, u32)> {
        // SAFETY (loads, store): the caller's promise.
        let bytes = _mm256_loadu_si256(src.cast());
        let next = _mm256_loadu_si256(src.add(1).cast());
        // The leads of 2- and 3-byte characters, C0..EF, are the 0x30 bytes from
        // C0 on.
        let short_lead = _mm256_cmplt_epu8_mask(_mm256_sub_epi8(bytes, b8(0xC0)), b8(0x30));
        let zero = if nul {
            _mm256_testn_epi8_mask(bytes, bytes)
        } else {
            0
        };
        if short_lead | zero != 0 {
            return None;
        }
        let leads = _mm256_cmpge_epu8_mask(bytes, b8(0xF0));
        let seconds = leads << 1 | carry >> 31;
        let thirds = leads << 2 | carry >> 30;
        // An `ED` goes before each lead and each third byte.
        let gaps = leads | thirds;
        // Two places an input byte, an `ED` and its own, the first kept where it
        // has a gap: which of the kept places are the bytes'.
        let kept = _pdep_u64(u64::from(gaps), 0x5555_5555_5555_5555) | 0xAAAA_AAAA_AAAA_AAAA;
        let places = _pext_u64(0xAAAA_AAAA_AAAA_AAAA, kept);
        // `low` is the byte's low nibble, `pair` that shifted up by 2 below the
        // next byte's bits 4 and 5 (no bit crosses a byte in the 16-bit shift:
        // the nibble is below 16).
        let low = _mm256_and_si256(bytes, b8(0x0F));
        let top = _mm256_and_si256(_mm256_srli_epi16::<4>(next), b8(0x03));
        let pair = _mm256_or_si256(_mm256_slli_epi16::<2>(low), top);
        // The lead's nibble is `b0 & 7` (F0..F4), `pair` its plane: A0 | p - 1.
        let out = _mm256_mask_add_epi8(bytes, leads, pair, b8(0x9F));
        let out = _mm256_mask_add_epi8(out, seconds, pair, b8(0x80));
        let out = _mm256_mask_add_epi8(out, thirds, low, b8(0xB0));
        let placed = _mm512_mask_expand_epi8(
            _mm512_set1_epi8(0xEDu8 as i8),
            places,
            _mm512_castsi256_si512(out),
        );
        _mm512_storeu_si512(dst.cast(), placed);
        Some((32 + gaps.count_ones() as usize, leads))
    }

    #[inline(always)]
    unsafe fn cut(carry: u32) -> u32 {
        carry >> 30
    }
}
